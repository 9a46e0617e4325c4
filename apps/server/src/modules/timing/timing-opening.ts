import type { Kysely } from 'kysely';
import {
  openingTick,
  timingExpiry,
  type RecordedTick,
  type TieRule,
  type TimingDirection,
} from '@vela/domain';
import type { Database } from '../../db/schema.ts';
import { ticksCovering, type OpeningRow, type OpenOrderRow } from './timing-repository.ts';

/**
 * Opening (decision 035): an accepted order opens at the first tick recorded after its acceptance,
 * and its expiry counts from that tick. The placement answers at once ("opening"); the settler opens
 * waiting orders in batches when the feed records the next second, as it settles them.
 */

/** What the settler keeps of an accepted order that has not opened yet. */
export interface PlacedOrder {
  id: number;
  userId: number;
  vcId: number;
  settleVcId: number;
  direction: TimingDirection;
  periodSeconds: number;
  stakeMinor: bigint;
  payoutRate: string;
  tieRule: TieRule;
  acceptedAt: number;
}

/** What the settler keeps of an open order: everything its settlement needs, nothing else. */
export interface OpenOrder extends PlacedOrder {
  openPriceMinor: bigint;
  expiresAt: number;
}

export function isOpen(order: PlacedOrder | OpenOrder): order is OpenOrder {
  return 'expiresAt' in order;
}

/** An order as the settler keeps it, from its row: open when the row has its open tick. */
export function trackedOrderOf(row: OpenOrderRow): PlacedOrder | OpenOrder {
  const placed: PlacedOrder = {
    id: Number(row.id),
    userId: Number(row.user_id),
    vcId: Number(row.vc_id),
    settleVcId: Number(row.settle_vc_id),
    direction: row.direction,
    periodSeconds: Number(row.period_seconds),
    stakeMinor: BigInt(row.stake_minor),
    payoutRate: row.payout_rate,
    tieRule: row.tie_rule,
    acceptedAt: Number(row.created_at),
  };
  if (row.open_price_minor === null || row.expires_at === null) return placed;
  return { ...placed, openPriceMinor: BigInt(row.open_price_minor), expiresAt: Number(row.expires_at) };
}

/** An order with the tick it opens at, and the open order it becomes. */
export interface Opening {
  row: OpeningRow;
  order: OpenOrder;
}

/**
 * The waiting orders whose open tick is recorded, with that tick; the others keep waiting. The
 * ticks are read once per coin for the whole batch, from the earliest acceptance to the first tick
 * after the latest one, and chosen by the domain's `openingTick`.
 */
export async function withOpeningTicks(
  db: Kysely<Database>,
  waiting: readonly PlacedOrder[],
): Promise<{ opened: Opening[]; pending: PlacedOrder[] }> {
  const spans = new Map<number, { from: number; to: number }>();
  for (const order of waiting) {
    const span = spans.get(order.vcId);
    if (!span) spans.set(order.vcId, { from: order.acceptedAt + 1, to: order.acceptedAt + 1 });
    else {
      span.from = Math.min(span.from, order.acceptedAt + 1);
      span.to = Math.max(span.to, order.acceptedAt + 1);
    }
  }
  const ticks = new Map<number, RecordedTick[]>();
  for (const [vcId, span] of spans) ticks.set(vcId, await ticksCovering(db, vcId, span.from, span.to));
  const opened: Opening[] = [];
  const pending: PlacedOrder[] = [];
  for (const order of waiting) {
    const tick = openingTick(ticks.get(order.vcId) ?? [], order.acceptedAt);
    if (!tick) {
      pending.push(order);
      continue;
    }
    const expiresAt = timingExpiry(tick.timeMs, order.periodSeconds);
    opened.push({
      row: { orderId: order.id, tick, expiresAt },
      order: { ...order, openPriceMinor: tick.priceMinor, expiresAt },
    });
  }
  return { opened, pending };
}
