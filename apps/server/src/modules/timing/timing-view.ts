import type { TimingOrder, TimingState } from '@vela/contract';
import { timingProfit } from '@vela/domain';
import { money } from '../ledger/amounts.ts';
import type { TimingOrderRow } from './timing-repository.ts';

/**
 * An order is settled when it has a result and opening until its open tick is recorded; "in
 * settlement" is an open order past its expiry: the answer's state uses the server's clock.
 */
function stateOf(row: TimingOrderRow, now: number): TimingState {
  if (row.outcome !== null) return 'settled';
  if (row.expires_at === null) return 'opening';
  return now >= Number(row.expires_at) ? 'settling' : 'open';
}

const numberOrNull = (value: number | bigint | null): number | null =>
  value === null ? null : Number(value);

export function toTimingOrder(row: TimingOrderRow, now: number): TimingOrder {
  const amountScale = row.amount_scale;
  const priceScale = row.price_scale;
  const stake = BigInt(row.stake_minor);
  const payout = row.payout_minor === null ? null : BigInt(row.payout_minor);
  return {
    id: Number(row.id),
    vcId: Number(row.vc_id),
    symbol: row.symbol,
    settleSymbol: row.settle_symbol,
    direction: row.direction,
    periodSeconds: row.period_seconds,
    amount: money(stake, amountScale),
    payoutRate: row.payout_rate,
    tieRule: row.tie_rule,
    expectedPayout: money(stake + timingProfit(stake, row.payout_rate), amountScale),
    openPrice: row.open_price_minor === null ? null : money(BigInt(row.open_price_minor), priceScale),
    openTickId: numberOrNull(row.open_tick_id),
    openTickTime: numberOrNull(row.open_tick_time_ms),
    createdAt: Number(row.created_at),
    expiresAt: numberOrNull(row.expires_at),
    state: stateOf(row, now),
    settlePrice: row.settle_price_minor === null ? null : money(BigInt(row.settle_price_minor), priceScale),
    settleTickId: numberOrNull(row.settle_tick_id),
    settleTickTime: numberOrNull(row.settle_tick_time_ms),
    outcome: row.outcome,
    payout: payout === null ? null : money(payout, amountScale),
    profit: payout === null ? null : money(payout - stake, amountScale),
    settledAt: row.settled_at === null ? null : Number(row.settled_at),
  };
}
