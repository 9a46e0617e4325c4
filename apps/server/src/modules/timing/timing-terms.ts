import type { Kysely } from 'kysely';
import type { ParsedBodyOf, endpoints } from '@vela/contract';
import type { TieRule } from '@vela/domain';
import type { Database } from '../../db/schema.ts';
import { fieldError } from '../../errors.ts';
import { readAmountRule, requireAmount, type AmountRule } from '../ledger/amounts.ts';
import { listCacheVersions, VersionedAnswer } from '../system/cache-versions.ts';
import { settlementCoin } from '../market/coin-repository.ts';
import { tieRule, timingConfigs } from './timing-repository.ts';

/** A coin's timed-trade configuration as orders are checked against it. */
export interface TimingPairTerms {
  vcId: number;
  symbol: string;
  priceScale: number;
  /** The configuration and the coin are both enabled. */
  open: boolean;
  periods: {
    seconds: number;
    payoutRate: string;
    minAmount: string;
    maxAmount: string | null;
    enabled: boolean;
  }[];
}

/** Everything a new order is checked against: the coins' periods, the settlement coin, the tie rule. */
export interface TimingTerms {
  pairs: ReadonlyMap<number, TimingPairTerms>;
  settle: { id: number; symbol: string; amountScale: number };
  tieRule: TieRule;
  /** The platform's amount rule (GLOBAL amountMaxPrecision), which stakes obey as well. */
  amountRule: AmountRule;
}

/** What an order that passed the checks is placed with. */
export interface CheckedOrder {
  pair: TimingPairTerms;
  settle: TimingTerms['settle'];
  stakeMinor: bigint;
  payoutRate: string;
  tieRule: TieRule;
}

/**
 * The terms of timed trading, kept in memory and rebuilt when an operator changes them: every write
 * to coins, timed-trade configurations or the system configuration moves its cache version
 * (`cache-versions.ts`). The versions are read at most every `recheckMs` (a quarter of a second in
 * the server): an operator's change reaches new orders that much later at most, and a burst of
 * orders costs no configuration read at all, where each order used to cost four.
 */
export class TimingTermsCache {
  private readonly answer: VersionedAnswer<TimingTerms>;

  /** `recheckMs`: how late an operator's change may reach new orders (the versions' re-read). */
  constructor(db: Kysely<Database>, recheckMs = 0) {
    this.answer = new VersionedAnswer(
      async () => {
        const versions = await listCacheVersions(db);
        return versions
          .filter(
            (v) =>
              v.cacheType === 'VC' ||
              v.cacheType === 'VC_TIMING_TRADE_CONFIG' ||
              v.cacheType === 'SYS_CONFIG',
          )
          .map((v) => `${v.cacheType}:${v.finishUpdateTime}`)
          .join(',');
      },
      () => loadTerms(db),
      recheckMs,
    );
  }

  get(): Promise<TimingTerms> {
    return this.answer.get();
  }
}

async function loadTerms(db: Kysely<Database>): Promise<TimingTerms> {
  const [{ pairs: configs, periods }, settle, rule, amountRule] = await Promise.all([
    timingConfigs(db),
    settlementCoin(db),
    tieRule(db),
    readAmountRule(db),
  ]);
  const pairs = new Map<number, TimingPairTerms>();
  for (const config of configs) {
    pairs.set(config.id, {
      vcId: config.id,
      symbol: config.symbol,
      priceScale: config.price_scale,
      open: config.enabled === 1 && config.coin_enabled === 1,
      periods: [],
    });
  }
  for (const period of periods) {
    pairs.get(period.vc_id)?.periods.push({
      seconds: period.seconds,
      payoutRate: period.payout_rate,
      minAmount: period.min_amount,
      maxAmount: period.max_amount,
      enabled: period.enabled === 1,
    });
  }
  return {
    pairs,
    settle: { id: settle.id, symbol: settle.symbol, amountScale: settle.amount_scale },
    tieRule: rule,
    amountRule,
  };
}

/**
 * Checks an order against the terms and refuses it with the first error in a fixed order: the coin,
 * whether it trades, the period, then the amount (limits and decimals of the settlement coin), as
 * docs/product.md, "Timed orders", lists them.
 */
export function checkOrder(
  terms: TimingTerms,
  body: ParsedBodyOf<typeof endpoints.timing.timingOrderRequest>,
): CheckedOrder {
  const pair = terms.pairs.get(body.vcId);
  if (!pair) throw fieldError('VC_NOT_FOUND', 'vcId');
  if (!pair.open) throw fieldError('TIMING_PAIR_CLOSED', 'vcId');
  const period = pair.periods.find((p) => p.seconds === body.periodSeconds && p.enabled);
  if (!period) throw fieldError('TIMING_PERIOD_UNAVAILABLE', 'periodSeconds');
  const stakeMinor = requireAmount(body.amount, terms.settle.amountScale, 'amount', terms.amountRule, {
    min: period.minAmount,
    max: period.maxAmount ?? undefined,
  });
  return { pair, settle: terms.settle, stakeMinor, payoutRate: period.payoutRate, tieRule: terms.tieRule };
}
