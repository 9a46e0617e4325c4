import type { RecordedTick } from '../timing.ts';
import type { SpotKind } from './spot-rules.ts';
import { crosses, TriggerBook, type SpotSide } from '../trigger-book.ts';

/**
 * Which recorded tick fills which spot order (docs/product.md, "Spot orders"):
 * - an order can only fill on a tick recorded strictly after it was accepted, never on a price
 *   that already existed when it arrived (as timed orders open, decision 035);
 * - a market order fills on the first such tick; a limit order on the first such tick at or
 *   through its limit;
 * - within one tick, market orders come before limit orders, and each kind in acceptance order.
 *
 * `SpotMatcher` applies the rule tick by tick, in memory: accepted orders wait per coin until a
 * tick after their acceptance arrives, then market orders fill and limit orders join the trigger
 * book, which hands out the ones each tick crosses. `naiveMatches` below is the same rule as a scan
 * of every open order on every tick; the property test holds the two to the same answers.
 */

export interface AcceptedOrder {
  readonly id: number;
  readonly coinId: number;
  readonly side: SpotSide;
  readonly kind: SpotKind;
  /** A limit order's limit, at the coin's price scale; null for a market order. */
  readonly limitPrice: bigint | null;
  /** When the order was accepted, epoch milliseconds. */
  readonly acceptedAt: number;
}

export interface SpotMatch<T extends AcceptedOrder = AcceptedOrder> {
  readonly order: T;
  readonly tick: RecordedTick;
}

/** Whether a tick may fill the order: recorded after its acceptance, and for a limit, crossing it. */
export function fills(order: AcceptedOrder, tick: RecordedTick): boolean {
  if (tick.timeMs <= order.acceptedAt) return false;
  if (order.kind === 'market') return true;
  return crosses(restingOf(order), tick.priceMinor);
}

/** The first of `ticks` (in time order) that fills the order, if any. */
export function firstFill(order: AcceptedOrder, ticks: readonly RecordedTick[]): RecordedTick | undefined {
  return ticks.find((tick) => fills(order, tick));
}

function restingOf(order: AcceptedOrder) {
  if (order.limitPrice === null) throw new Error(`limit order ${order.id} has no limit price`);
  return { id: order.id, coinId: order.coinId, side: order.side, limitPrice: order.limitPrice };
}

/** Market orders first, then by acceptance (id): the order of a tick's fills. */
function marketFirst(a: SpotMatch, b: SpotMatch): number {
  if (a.order.kind !== b.order.kind) return a.order.kind === 'market' ? -1 : 1;
  return a.order.id - b.order.id;
}

/** Orders before (acceptedAt, id), the order they are admitted in. */
function acceptedBefore(a: AcceptedOrder, b: AcceptedOrder): boolean {
  return a.acceptedAt < b.acceptedAt || (a.acceptedAt === b.acceptedAt && a.id < b.id);
}

/** `T`: what the caller keeps of each order besides the rule's fields; matches hand it back. */
export class SpotMatcher<T extends AcceptedOrder = AcceptedOrder> {
  private readonly book = new TriggerBook();
  /** Per coin, orders no tick after their acceptance has reached yet, by acceptance. */
  private readonly waiting = new Map<number, T[]>();
  /** Every order waiting or resting, by id. */
  private readonly orders = new Map<number, T>();
  /** Per coin, how many orders rest in the book. */
  private readonly resting = new Map<number, number>();

  get size(): number {
    return this.orders.size;
  }

  has(id: number): boolean {
    return this.orders.has(id);
  }

  get(id: number): T | undefined {
    return this.orders.get(id);
  }

  accept(order: T): void {
    if (this.orders.has(order.id)) throw new Error(`spot order ${order.id} is already accepted`);
    if (order.kind === 'limit') restingOf(order);
    this.orders.set(order.id, order);
    let list = this.waiting.get(order.coinId);
    if (!list) this.waiting.set(order.coinId, (list = []));
    // Orders nearly always arrive in acceptance order; the search is for the others.
    let at = list.length;
    while (at > 0 && acceptedBefore(order, list[at - 1] as T)) at -= 1;
    list.splice(at, 0, order);
  }

  /** Takes an order out, waiting or resting; answers whether it was there. */
  cancel(id: number): boolean {
    const order = this.orders.get(id);
    if (!order) return false;
    this.orders.delete(id);
    if (this.book.cancel(id)) {
      this.countResting(order.coinId, -1);
      return true;
    }
    const list = this.waiting.get(order.coinId);
    const at = list?.indexOf(order) ?? -1;
    if (!list || at < 0) throw new Error(`spot order ${id} is neither waiting nor resting`);
    list.splice(at, 1);
    return true;
  }

  /** The orders one tick of `coinId` fills, taken out, in the order they fill. */
  tick(coinId: number, tick: RecordedTick): SpotMatch<T>[] {
    const matches: SpotMatch<T>[] = [];
    const list = this.waiting.get(coinId);
    let admitted = 0;
    if (list) {
      while (admitted < list.length && (list[admitted] as T).acceptedAt < tick.timeMs) {
        const order = list[admitted] as T;
        admitted += 1;
        if (order.kind === 'market') matches.push({ order, tick });
        else {
          this.book.add(restingOf(order));
          this.countResting(coinId, 1);
        }
      }
      if (admitted > 0) list.splice(0, admitted);
    }
    // Markets were admitted in acceptance order, not id order: ids settle ties the same way as a scan.
    if (matches.length > 1) matches.sort(marketFirst);
    const taken = this.book.take(coinId, tick.priceMinor);
    if (taken.length > 0) this.countResting(coinId, -taken.length);
    for (const resting of taken) matches.push({ order: this.orders.get(resting.id) as T, tick });
    for (const { order } of matches) this.orders.delete(order.id);
    return matches;
  }

  /**
   * The time after which a tick of the coin may fill one of its orders: none rests, so a tick
   * before the first waiting order's acceptance fills nothing. Infinity when the coin has no order;
   * -Infinity when some rest (every new tick may fill them).
   */
  firstUsefulTick(coinId: number): number {
    if ((this.resting.get(coinId) ?? 0) > 0) return -Infinity;
    return this.waiting.get(coinId)?.[0]?.acceptedAt ?? Infinity;
  }

  /** The coins with orders waiting or resting. */
  coins(): number[] {
    const coins = new Set<number>();
    for (const [coinId, list] of this.waiting) if (list.length > 0) coins.add(coinId);
    for (const [coinId, count] of this.resting) if (count > 0) coins.add(coinId);
    return [...coins];
  }

  private countResting(coinId: number, delta: number): void {
    this.resting.set(coinId, (this.resting.get(coinId) ?? 0) + delta);
  }
}

/** One step of a scripted history: an order accepted, an order cancelled, or a tick recorded. */
export type MatcherEvent =
  | { readonly type: 'accept'; readonly order: AcceptedOrder }
  | { readonly type: 'cancel'; readonly id: number }
  | { readonly type: 'tick'; readonly coinId: number; readonly tick: RecordedTick };

/**
 * The reference: every tick scans every open order of its coin. Slow and plainly right; the matcher
 * must find the same fills in the same order.
 */
export function naiveMatches(events: readonly MatcherEvent[]): SpotMatch[] {
  const open = new Map<number, AcceptedOrder>();
  const all: SpotMatch[] = [];
  for (const event of events) {
    if (event.type === 'accept') open.set(event.order.id, event.order);
    else if (event.type === 'cancel') open.delete(event.id);
    else {
      const matches: SpotMatch[] = [];
      for (const order of open.values())
        if (order.coinId === event.coinId && fills(order, event.tick))
          matches.push({ order, tick: event.tick });
      matches.sort(marketFirst);
      for (const { order } of matches) open.delete(order.id);
      all.push(...matches);
    }
  }
  return all;
}
