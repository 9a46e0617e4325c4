import type { Transaction } from 'kysely';
import type { SpotOrder } from '@vela/contract';
import { MAX_FEED_AGE_MS, spotHoldEntry } from '@vela/domain';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { itemAt, placeKeyed, postEachOrRefuse, type Placement, type Refuse } from '../ledger/keyed-batch.ts';
import type { Money } from '../ledger/money.ts';
import { latestTick } from '../market/coin-repository.ts';
import type { IdempotentRequest } from '../storage/idempotency.ts';
import type { BatchOutcome } from '../storage/request-batcher.ts';
import { holdOf, type SpotWorkOrder } from './spot-fills.ts';
import { allocateSpotOrderIds, insertSpotOrders, type NewSpotOrder } from './spot-repository.ts';
import type { CheckedSpotOrder } from './spot-terms.ts';
import { placedSpotOrder } from './spot-view.ts';

/** One order request that passed its checks, waiting for its batch. */
export interface SpotPlacementRequest {
  userId: number;
  checked: CheckedSpotOrder;
  request: IdempotentRequest;
}

export type SpotPlaced = Placement<SpotOrder, SpotWorkOrder>;

/**
 * Places a batch of spot orders in the caller's transaction with a few set-based statements, as
 * timed orders are placed (decision 027): each order is accepted when its coin's feed is live, what
 * it needs is set aside unless the user is short (that order alone is refused), the orders are
 * inserted together and the keys stored with the answers.
 */
export function placeSpotOrders(
  trx: Transaction<Database>,
  money: Money,
  now: number,
  items: readonly SpotPlacementRequest[],
): Promise<BatchOutcome<SpotPlaced>[]> {
  return placeKeyed(trx, money, items, async (fresh, refuse) => {
    const live = await liveRequests(trx, items, fresh, now, refuse);
    const ids = await allocateSpotOrderIds(trx, money.dialect, live.length);
    const candidates = live.map((index, i) => ({
      index,
      order: workOrderFor(itemAt(items, index), required(ids[i]), now),
    }));
    const accepted = await postEachOrRefuse(
      trx,
      money,
      candidates,
      ({ order }) => spotHoldEntry({ refType: 'spot_order', refId: order.id }, holdOf(order)),
      ({ order }) => new AppError(order.side === 'buy' ? 'INSUFFICIENT_BALANCE' : 'INSUFFICIENT_HOLDING'),
      refuse,
    );
    await insertSpotOrders(
      trx,
      money.dialect,
      accepted.map(({ order }) => rowOf(order)),
    );
    return accepted.map(({ index, order }) => ({
      index,
      answer: placedSpotOrder(order, itemAt(items, index).checked),
      tracked: order,
    }));
  });
}

function required<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('spot placement: an order has no id or row');
  return value;
}

/** The fresh requests whose coin has a tick from the last 2 s; the others are refused. */
async function liveRequests(
  trx: Transaction<Database>,
  items: readonly SpotPlacementRequest[],
  fresh: readonly number[],
  now: number,
  refuse: Refuse,
): Promise<number[]> {
  const latest = new Map<number, number | null>();
  const live: number[] = [];
  for (const i of fresh) {
    const vcId = itemAt(items, i).checked.pair.vcId;
    if (!latest.has(vcId)) {
      const tick = await latestTick(trx, vcId);
      latest.set(vcId, tick ? Number(tick.time_ms) : null);
    }
    const time = latest.get(vcId);
    if (time === null || time === undefined || now - time > MAX_FEED_AGE_MS)
      refuse(i, new AppError('PRICE_UNAVAILABLE'));
    else live.push(i);
  }
  return live;
}

function workOrderFor(item: SpotPlacementRequest, id: number, now: number): SpotWorkOrder {
  const { checked } = item;
  return {
    id,
    coinId: checked.pair.vcId,
    side: checked.side,
    kind: checked.kind,
    limitPrice: checked.limitPriceMinor,
    acceptedAt: now,
    userId: item.userId,
    settleVcId: checked.settle.id,
    heldMinor: checked.heldMinor,
    feeRate: checked.pair.feeRate,
    quantityDecimals: checked.pair.quantityDecimals,
    priceScale: checked.pair.priceScale,
    quantityScale: checked.pair.quantityScale,
    settleScale: checked.settle.amountScale,
  };
}

function rowOf(order: SpotWorkOrder): NewSpotOrder {
  return {
    id: order.id,
    user_id: order.userId,
    vc_id: order.coinId,
    settle_vc_id: order.settleVcId,
    side: order.side,
    kind: order.kind,
    held_minor: order.heldMinor,
    limit_price_minor: order.limitPrice,
    fee_rate: order.feeRate,
    quantity_decimals: order.quantityDecimals,
    created_at: order.acceptedAt,
  };
}
