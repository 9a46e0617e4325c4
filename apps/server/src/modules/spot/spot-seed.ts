import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { listCoins } from '../market/coin-repository.ts';
import { insertMissingSpotTerms } from './spot-repository.ts';

/**
 * Spot terms for every wallet coin except the settlement coin, inside the caller's seed transaction:
 * a fee of 0.1 %, buys of 10 to 100,000 USDT, sells from the smallest step the quantity decimals
 * allow, uncapped. The quantity decimals are the coin's volume decimals (BTC 6, ETH 5, SOL 3…): a
 * step of a few cents at the coin's price, so a buy spends nearly all of its amount, where the
 * spec's default of 4 would leave up to a step of 0.0001 BTC (several USDT) unspent. An operator's
 * own terms are never replaced.
 */
export async function seedSpot(db: Kysely<Database>, now: number): Promise<void> {
  const coins = (await listCoins(db)).filter((coin) => coin.wallet === 1 && coin.settle_vc === 0);
  await insertMissingSpotTerms(
    db,
    coins.map((coin) => {
      const quantityDecimals = Math.min(coin.volume_scale, coin.amount_scale);
      return {
        vc_id: coin.id,
        enabled: 1,
        fee_rate: '0.001',
        min_amount: '10',
        max_amount: '100000',
        min_quantity: quantityDecimals === 0 ? '1' : `0.${'0'.repeat(quantityDecimals - 1)}1`,
        max_quantity: null,
        price_decimals: coin.price_scale,
        quantity_decimals: quantityDecimals,
        sort: coin.sort,
        updated_at: now,
      };
    }),
  );
}
