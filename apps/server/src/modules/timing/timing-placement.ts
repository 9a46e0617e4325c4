import type { Transaction } from 'kysely';
import type { ParsedBodyOf, TimingOrder, endpoints } from '@vela/contract';
import { timingStakeEntry } from '@vela/domain';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { requestHash, type IdempotentRequest } from '../storage/idempotency.ts';
import type { Money } from '../ledger/money.ts';
import type { BatchOutcome } from '../storage/request-batcher.ts';
import { allocateIds, RowsStatement, rowsStatementPerDialect, type RowColumn } from '../storage/sql-batch.ts';
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
  const outcomes: (BatchOutcome<Placed> | undefined)[] = Array.from({ length: items.length });
  const existing = await money.requests.findMany(
    trx,
    items.map((item) => item.request),
  );
  const firstOfKey = new Map<string, number>();
  const fresh: number[] = [];
  items.forEach((item, i) => {
    const key = `${item.request.owner} ${item.request.key}`;
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

  // The feed's liveness: the coin's latest recorded tick, read inside the transaction, once per coin.
  const ticks = new Map<number, Awaited<ReturnType<typeof latestTick>>>();
  for (const i of fresh) {
    const vcId = items[i]?.body.vcId ?? 0;
    if (!ticks.has(vcId)) ticks.set(vcId, await latestTick(trx, vcId));
  }
  const candidates: { index: number; row: TimingOrderRow }[] = [];
  for (const i of fresh) {
    const item = items[i];
    if (!item) continue;
    const tick = ticks.get(item.body.vcId);
    if (!tick || now - Number(tick.time_ms) > MAX_FEED_AGE_MS) {
      outcomes[i] = { ok: false, error: new AppError('PRICE_UNAVAILABLE') };
      continue;
    }
    const { checked } = item;
    candidates.push({
      index: i,
      row: {
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
      },
    });
  }

  const ids = await allocateIds(trx, money.dialect, 'timing_order', candidates.length);
  candidates.forEach((candidate, i) => (candidate.row.id = ids[i] ?? 0));
  const posted = await money.ledger.postEach(
    trx,
    candidates.map(({ row }) =>
      timingStakeEntry({ refType: 'timing', refId: row.id }, row.user_id, row.settle_vc_id, row.stake_minor),
    ),
  );
  const accepted: { index: number; row: TimingOrderRow }[] = [];
  candidates.forEach((candidate, i) => {
    if (posted[i] === 'insufficient_balance')
      outcomes[candidate.index] = { ok: false, error: new AppError('INSUFFICIENT_BALANCE') };
    else accepted.push(candidate);
  });

  // The orders' own columns (the answer's names and scales are not stored), in one statement per
  // few hundred orders whose text is built once per count.
  await orderRows(money.dialect).run(trx, accepted, ({ row }, values) =>
    values.push(
      row.id,
      row.user_id,
      row.vc_id,
      row.settle_vc_id,
      row.direction,
      row.period_seconds,
      row.stake_minor,
      row.payout_rate,
      row.tie_rule,
      row.created_at,
    ),
  );
  // And each of them in the open orders, until its settlement takes it out.
  await openRows(money.dialect).run(trx, accepted, ({ row }, values) => values.push(row.id));
  const done: { request: IdempotentRequest; value: TimingOrder }[] = [];
  for (const { index, row } of accepted) {
    const item = items[index];
    if (!item) continue;
    const order = toTimingOrder(row, now);
    done.push({ request: item.request, value: order });
    outcomes[index] = {
      ok: true,
      value: { order, tracked: placedOrderOf(row) },
    };
  }
  await money.requests.storeMany(trx, done);

  // A second request with the key of one in this batch answers what the first did, as a retry after
  // the commit would; another body under the same key is refused.
  return items.map((item, i) => {
    const outcome = outcomes[i];
    if (outcome) return outcome;
    const first = firstOfKey.get(`${item.request.owner} ${item.request.key}`) ?? i;
    const firstItem = items[first];
    if (firstItem && requestHash(firstItem.request) !== requestHash(item.request))
      return { ok: false, error: new AppError('IDEMPOTENCY_KEY_REUSED') };
    const firstOutcome = outcomes[first];
    if (!firstOutcome) return { ok: false, error: new Error('a placement got no outcome') };
    return firstOutcome.ok
      ? { ok: true, value: { order: firstOutcome.value.order, tracked: null } }
      : firstOutcome;
  });
}

/** The inserted columns in order; integers are typed for PostgreSQL, which cannot infer them. */
const ORDER_COLUMNS: readonly RowColumn[] = [
  'bigint', // id
  'bigint', // user_id
  'bigint', // vc_id
  'bigint', // settle_vc_id
  'plain', // direction
  'bigint', // period_seconds
  'bigint', // stake_minor
  'plain', // payout_rate
  'plain', // tie_rule
  'bigint', // created_at
];

/** The multi-row insert of new orders, one per dialect (an order is never changed afterwards). */
const orderRows = rowsStatementPerDialect(
  (dialect) =>
    new RowsStatement(
      dialect,
      ORDER_COLUMNS,
      (rows) =>
        `INSERT INTO timing_order (id, user_id, vc_id, settle_vc_id, direction, period_seconds, stake_minor,
           payout_rate, tie_rule, created_at)
         VALUES ${rows}`,
    ),
);

/** The multi-row insert of new orders' ids into the open orders, one per dialect. */
const openRows = rowsStatementPerDialect(
  (dialect) =>
    new RowsStatement(dialect, ['bigint'], (rows) => `INSERT INTO timing_order_open (id) VALUES ${rows}`),
);

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
