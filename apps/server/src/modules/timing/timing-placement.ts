import type { Transaction } from 'kysely';
import type { ParsedBodyOf, TimingOrder, endpoints } from '@vela/contract';
import { MAX_FEED_AGE_MS, timingStakeEntry } from '@vela/domain';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { IdempotentRequest } from '../storage/idempotency.ts';
import { itemAt, placeKeyed, postEachOrRefuse, type Placement, type Refuse } from '../ledger/keyed-batch.ts';
import type { Money } from '../ledger/money.ts';
import type { BatchOutcome } from '../storage/request-batcher.ts';
import { allocateOrderIds, insertOrders } from './placement-repository.ts';
import { latestTick } from '../market/coin-repository.ts';
import type { TimingOrderRow } from './timing-repository.ts';
import type { PlacedOrder } from './timing-opening.ts';
import type { CheckedOrder } from './timing-terms.ts';
import { toTimingOrder } from './timing-view.ts';
import { planTimingRebates } from '../team/rebate-payments.ts';

/** One order request that passed its checks, waiting for its batch. */
export interface PlacementRequest {
  userId: number;
  body: ParsedBodyOf<typeof endpoints.timing.timingOrderRequest>;
  checked: CheckedOrder;
  request: IdempotentRequest;
}

/** The order's answer, and what the settler needs of it (null for a replayed answer). */
export type Placed = Placement<TimingOrder, PlacedOrder>;

interface Candidate {
  index: number;
  row: TimingOrderRow;
}

/**
 * Places a batch of orders in the caller's transaction with a few set-based statements (decision
 * 027): each order is accepted when its coin's feed is live and opens later, at the first tick recorded
 * after its acceptance (decision 035, the settler's opening batch); its stake moves to the escrow unless
 * the user's balance is short (that order alone is refused), the orders are inserted together, and
 * the idempotency keys are stored with the answers. A key committed by a copy of the request since
 * its replay check answers that copy's answer; the same key twice in one batch answers once.
 */
export function placeOrders(
  trx: Transaction<Database>,
  money: Money,
  now: number,
  items: readonly PlacementRequest[],
): Promise<BatchOutcome<Placed>[]> {
  return placeKeyed(trx, money, items, async (fresh, refuse) => {
    const candidates = await liveCandidates(trx, items, fresh, now, refuse);
    const accepted = await takeStakes(trx, money, candidates, refuse);
    // The orders' own columns (the answer's names and scales are not stored).
    await insertOrders(
      trx,
      money.dialect,
      accepted.map(({ row }) => row),
    );
    await planTimingRebates(
      trx,
      accepted.map(({ row }) => ({
        id: row.id,
        userId: row.user_id,
        settleVcId: row.settle_vc_id,
        stakeMinor: row.stake_minor,
        createdAt: row.created_at,
      })),
    );
    return accepted.map(({ index, row }) => ({
      index,
      answer: toTimingOrder(row, now),
      tracked: placedOrderOf(row),
    }));
  });
}

/**
 * The fresh requests whose coin's feed is live (its latest recorded tick, read inside the
 * transaction once per coin, is recent), as order rows; the others are refused.
 */
async function liveCandidates(
  trx: Transaction<Database>,
  items: readonly PlacementRequest[],
  fresh: readonly number[],
  now: number,
  refuse: Refuse,
): Promise<Candidate[]> {
  const ticks = new Map<number, Awaited<ReturnType<typeof latestTick>>>();
  const candidates: Candidate[] = [];
  for (const i of fresh) {
    const item = itemAt(items, i);
    const vcId = item.body.vcId;
    if (!ticks.has(vcId)) ticks.set(vcId, await latestTick(trx, vcId));
    const tick = ticks.get(vcId);
    if (!tick || now - Number(tick.time_ms) > MAX_FEED_AGE_MS) {
      refuse(i, new AppError('PRICE_UNAVAILABLE'));
      continue;
    }
    candidates.push({ index: i, row: orderRowOf(item, now) });
  }
  return candidates;
}

/** The row of a new order (its id is given when the batch's ids are allocated). */
function orderRowOf(item: PlacementRequest, now: number): TimingOrderRow {
  const { checked } = item;
  return {
    id: 0,
    user_id: item.userId,
    vc_id: item.body.vcId,
    settle_vc_id: checked.settle.id,
    direction: item.body.direction,
    period_seconds: item.body.periodSeconds,
    stake_minor: checked.stakeMinor,
    payout_rate: checked.payoutRate,
    tie_rule: checked.tieRule,
    created_at: now,
    open_tick_id: null,
    open_tick_time_ms: null,
    open_price_minor: null,
    expires_at: null,
    settle_tick_id: null,
    settle_tick_time_ms: null,
    settle_price_minor: null,
    outcome: null,
    payout_minor: null,
    settled_at: null,
    symbol: checked.pair.symbol,
    price_scale: checked.pair.priceScale,
    settle_symbol: checked.settle.symbol,
    amount_scale: checked.settle.amountScale,
  };
}

/**
 * Gives the candidates their ids and moves each stake to the escrow; a user whose balance is short
 * has that order alone refused. Answers the accepted candidates.
 */
async function takeStakes(
  trx: Transaction<Database>,
  money: Money,
  candidates: readonly Candidate[],
  refuse: Refuse,
): Promise<Candidate[]> {
  const ids = await allocateOrderIds(trx, money.dialect, candidates.length);
  candidates.forEach((candidate, i) => {
    const id = ids[i];
    if (id === undefined) throw new Error(`placement: no id allocated for order #${i}`);
    candidate.row.id = id;
  });
  return postEachOrRefuse(
    trx,
    money,
    candidates,
    ({ row }) =>
      timingStakeEntry({ refType: 'timing', refId: row.id }, row.user_id, row.settle_vc_id, row.stake_minor),
    () => new AppError('INSUFFICIENT_BALANCE'),
    refuse,
  );
}

/** What the settler keeps of an order accepted a moment ago, until it opens. */
function placedOrderOf(row: TimingOrderRow): PlacedOrder {
  return {
    id: row.id,
    userId: row.user_id,
    vcId: row.vc_id,
    settleVcId: row.settle_vc_id,
    direction: row.direction,
    periodSeconds: row.period_seconds,
    stakeMinor: row.stake_minor,
    payoutRate: row.payout_rate,
    tieRule: row.tie_rule,
    acceptedAt: row.created_at,
  };
}
