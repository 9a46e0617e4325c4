import type { Transaction } from 'kysely';
import type { ParsedBodyOf, TimingOrder, endpoints } from '@vela/contract';
import { timingStakeEntry } from '@vela/domain';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { requestHash, type IdempotentRequest } from '../storage/idempotency.ts';
import type { Money } from '../ledger/money.ts';
import type { BatchOutcome } from '../storage/request-batcher.ts';
import { allocateOrderIds, insertOrders } from './placement-repository.ts';
import { latestTick, type TimingOrderRow } from './timing-repository.ts';
import type { PlacedOrder } from './timing-opening.ts';
import type { CheckedOrder } from './timing-terms.ts';
import { toTimingOrder } from './timing-view.ts';

/**
 * A new order is accepted only when the coin's latest recorded tick is this recent: an older one
 * means the feed has stalled, and the order would wait for a price nobody can tell the time of
 * (docs/product.md, "Timed orders").
 */
export const MAX_FEED_AGE_MS = 2_000;

/** One order request that passed its checks, waiting for its batch. */
export interface PlacementRequest {
  userId: number;
  body: ParsedBodyOf<typeof endpoints.timing.timingOrderRequest>;
  checked: CheckedOrder;
  request: IdempotentRequest;
}

export interface Placed {
  order: TimingOrder;
  /** What the settler needs of the order this request placed; null for a replayed answer. */
  tracked: PlacedOrder | null;
}

type Outcomes = (BatchOutcome<Placed> | undefined)[];

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
export async function placeOrders(
  trx: Transaction<Database>,
  money: Money,
  now: number,
  items: readonly PlacementRequest[],
): Promise<BatchOutcome<Placed>[]> {
  const outcomes: Outcomes = Array.from({ length: items.length });
  const { fresh, firstOfKey } = await replayStored(trx, money, items, outcomes);
  const candidates = await liveCandidates(trx, items, fresh, now, outcomes);
  const accepted = await takeStakes(trx, money, candidates, outcomes);
  // The orders' own columns (the answer's names and scales are not stored).
  await insertOrders(
    trx,
    money.dialect,
    accepted.map(({ row }) => row),
  );
  const done: { request: IdempotentRequest; value: TimingOrder }[] = [];
  for (const { index, row } of accepted) {
    const order = toTimingOrder(row, now);
    done.push({ request: itemAt(items, index).request, value: order });
    outcomes[index] = { ok: true, value: { order, tracked: placedOrderOf(row) } };
  }
  await money.requests.storeMany(trx, done);
  return items.map((item, i) => outcomeOf(items, outcomes, firstOfKey, i));
}

function itemAt(items: readonly PlacementRequest[], index: number): PlacementRequest {
  const item = items[index];
  if (!item) throw new Error(`placement: no request #${index}`);
  return item;
}

function keyOf(item: PlacementRequest): string {
  return `${item.request.owner} ${item.request.key}`;
}

/**
 * Answers the requests whose key is stored already (the same body: the stored answer; another:
 * refused) and lists the others, each key once: the first request of a key in the batch.
 */
async function replayStored(
  trx: Transaction<Database>,
  money: Money,
  items: readonly PlacementRequest[],
  outcomes: Outcomes,
): Promise<{ fresh: number[]; firstOfKey: Map<string, number> }> {
  const existing = await money.requests.findMany(
    trx,
    items.map((item) => item.request),
  );
  const firstOfKey = new Map<string, number>();
  const fresh: number[] = [];
  items.forEach((item, i) => {
    const key = keyOf(item);
    const stored = existing.get(key);
    if (stored) {
      outcomes[i] =
        stored.hash === requestHash(item.request)
          ? { ok: true, value: { order: JSON.parse(stored.response) as TimingOrder, tracked: null } }
          : { ok: false, error: new AppError('IDEMPOTENCY_KEY_REUSED') };
    } else if (!firstOfKey.has(key)) {
      firstOfKey.set(key, i);
      fresh.push(i);
    }
  });
  return { fresh, firstOfKey };
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
  outcomes: Outcomes,
): Promise<Candidate[]> {
  const ticks = new Map<number, Awaited<ReturnType<typeof latestTick>>>();
  const candidates: Candidate[] = [];
  for (const i of fresh) {
    const item = itemAt(items, i);
    const vcId = item.body.vcId;
    if (!ticks.has(vcId)) ticks.set(vcId, await latestTick(trx, vcId));
    const tick = ticks.get(vcId);
    if (!tick || now - Number(tick.time_ms) > MAX_FEED_AGE_MS) {
      outcomes[i] = { ok: false, error: new AppError('PRICE_UNAVAILABLE') };
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
  outcomes: Outcomes,
): Promise<Candidate[]> {
  const ids = await allocateOrderIds(trx, money.dialect, candidates.length);
  candidates.forEach((candidate, i) => {
    const id = ids[i];
    if (id === undefined) throw new Error(`placement: no id allocated for order #${i}`);
    candidate.row.id = id;
  });
  const posted = await money.ledger.postEach(
    trx,
    candidates.map(({ row }) =>
      timingStakeEntry({ refType: 'timing', refId: row.id }, row.user_id, row.settle_vc_id, row.stake_minor),
    ),
  );
  const accepted: Candidate[] = [];
  candidates.forEach((candidate, i) => {
    if (posted[i] === 'insufficient_balance')
      outcomes[candidate.index] = { ok: false, error: new AppError('INSUFFICIENT_BALANCE') };
    else accepted.push(candidate);
  });
  return accepted;
}

/**
 * A request's outcome. A second request with the key of one in this batch answers what the first
 * did, as a retry after the commit would; another body under the same key is refused.
 */
function outcomeOf(
  items: readonly PlacementRequest[],
  outcomes: Outcomes,
  firstOfKey: ReadonlyMap<string, number>,
  i: number,
): BatchOutcome<Placed> {
  const outcome = outcomes[i];
  if (outcome) return outcome;
  const item = itemAt(items, i);
  const first = firstOfKey.get(keyOf(item));
  if (first === undefined)
    throw new Error(`placement: request #${i} has neither an outcome nor a first of its key`);
  if (requestHash(itemAt(items, first).request) !== requestHash(item.request))
    return { ok: false, error: new AppError('IDEMPOTENCY_KEY_REUSED') };
  const firstOutcome = outcomes[first];
  if (!firstOutcome) throw new Error(`placement: the first request of a key (#${first}) got no outcome`);
  return firstOutcome.ok
    ? { ok: true, value: { order: firstOutcome.value.order, tracked: null } }
    : firstOutcome;
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
