import type { PriceTick, TimingOrder } from '@vela/contract';

/**
 * The verify view's rows as pure functions, so they are tested without a browser: which public
 * ticks to ask for around an order's open and expiry instants, and how to lay them out with the instant marked and the tick the
 * order used picked out, so that a user sees with their own eyes that it is the first one after.
 */

/** Seconds of ticks shown before and after each instant. */
export const VERIFY_SPAN_MS = 5_000;

/** The window of ticks around one instant (inclusive), as the public ticks endpoint takes it. */
export function tickWindow(instantMs: number): { startTime: number; endTime: number } {
  const second = Math.floor(instantMs / 1000) * 1000;
  return { startTime: Math.max(0, second - VERIFY_SPAN_MS), endTime: second + VERIFY_SPAN_MS };
}

/** The two instants a receipt rests on: the acceptance (it opens after) and the expiry (it settles at or after). */
export function verifyInstants(order: Pick<TimingOrder, 'createdAt' | 'expiresAt'>) {
  return { accepted: order.createdAt, expiry: order.expiresAt };
}

export type VerifyRow = { kind: 'mark'; timeMs: number } | { kind: 'tick'; tick: PriceTick; chosen: boolean };

/**
 * The ticks in time order with the instant inserted where it falls: after every tick recorded at or
 * before it when the order opens at the first tick strictly after (`after`), and before the ticks
 * recorded at it when the order settles at the first tick at or after it (`atOrAfter`). The chosen
 * tick (the receipt's id) is marked, and by the rule it is the row right below the mark.
 */
export function verifyRows(
  ticks: readonly PriceTick[],
  instantMs: number,
  rule: 'after' | 'atOrAfter',
  chosenId: number | null,
): VerifyRow[] {
  const rows: VerifyRow[] = [];
  let marked = false;
  for (const tick of ticks) {
    const beyond = rule === 'after' ? tick.time > instantMs : tick.time >= instantMs;
    if (beyond && !marked) {
      rows.push({ kind: 'mark', timeMs: instantMs });
      marked = true;
    }
    rows.push({ kind: 'tick', tick, chosen: tick.id === chosenId });
  }
  if (!marked) rows.push({ kind: 'mark', timeMs: instantMs });
  return rows;
}
