import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { listCoins } from '../market/coin-repository.ts';
import { SEED_COINS } from '../market/market-seed.ts';
import { insertMissingTimingConfigs, insertTimingPeriods } from './timing-repository.ts';

/** Timed-trade periods of every tradable coin; the longest one is uncapped. */
export const SEED_TIMING_PERIODS = [
  { seconds: 30, payoutRate: '0.80', minAmount: '10', maxAmount: '50000' },
  { seconds: 60, payoutRate: '0.82', minAmount: '10', maxAmount: '50000' },
  { seconds: 120, payoutRate: '0.85', minAmount: '10', maxAmount: '50000' },
  { seconds: 300, payoutRate: '0.88', minAmount: '10', maxAmount: null },
] as const;

/**
 * Gives every seeded coin except the settlement coin a timed-trade configuration, inside the
 * caller's seed transaction; the market's seed step runs first, so the coins exist. A configuration
 * takes its coin's place in the coin list. Periods only come with a new configuration: an operator
 * who removed one keeps it removed.
 */
export async function seedTiming(db: Kysely<Database>): Promise<void> {
  const tradable = new Set(SEED_COINS.filter((coin) => !coin.settleVc).map((coin) => coin.symbol));
  const coins = (await listCoins(db)).filter((coin) => tradable.has(coin.symbol));
  const created = await insertMissingTimingConfigs(
    db,
    coins.map((coin) => ({ vc_id: coin.id, enabled: 1, sort: coin.sort })),
  );
  await insertTimingPeriods(
    db,
    created.flatMap((vcId) =>
      SEED_TIMING_PERIODS.map((period, index) => ({
        vc_id: vcId,
        seconds: period.seconds,
        payout_rate: period.payoutRate,
        min_amount: period.minAmount,
        max_amount: period.maxAmount,
        enabled: 1,
        sort: index,
      })),
    ),
  );
}
