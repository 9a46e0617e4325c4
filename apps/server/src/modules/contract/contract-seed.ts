import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { listCoins } from '../market/coin-repository.ts';
import { insertMissingContractTerms } from './contract-repository.ts';

/**
 * Contract terms for every wallet coin except the settlement coin, inside the caller's seed
 * transaction: leverages of 5 to 100, fees of 0.05 % to open and to close, orders from the smallest
 * step the quantity decimals allow (the coin's volume decimals, as spot's), uncapped. An operator's
 * own terms are never replaced. The adjustment ratio is 10 % (forced closing at 90 %) until set.
 */
export async function seedContracts(db: Kysely<Database>, now: number): Promise<void> {
  const coins = (await listCoins(db)).filter((coin) => coin.wallet === 1 && coin.settle_vc === 0);
  await insertMissingContractTerms(
    db,
    coins.map((coin) => {
      const quantityDecimals = Math.min(coin.volume_scale, coin.amount_scale);
      return {
        vc_id: coin.id,
        enabled: 1,
        leverages: '5,10,20,50,100',
        open_fee_rate: '0.0005',
        close_fee_rate: '0.0005',
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
