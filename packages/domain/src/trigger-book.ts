/**
 * A trigger book: prices resting per coin, kept so that a recorded tick finds those it crosses
 * without looking at the others. Spot's resting limit orders use it (docs/product.md, "Spot
 * orders"), and so do contracts' limit opens, take-profits, stop-losses and forced-close prices,
 * each mapped onto the two sides: "buy" fires at or below its price, "sell" at or above.
 *
 * A buy limit fills on the first tick at or below its limit, a sell limit on the first tick at or
 * above it, each at its own limit price. Per coin, the buys are a heap with the highest limit on
 * top and the sells a heap with the lowest limit on top, so a tick that crosses nothing costs two
 * comparisons, and one that crosses k orders costs O(k log n). The orders one tick fills are handed
 * out in the order they were accepted (their ids), which is also the order a scan of every open
 * order would find them in.
 *
 * The book is an index, not the record: the database holds the orders, and the book is built from
 * the open ones when the server starts. Prices are minor units at the coin's price scale; a tick's
 * price must be at the same scale as the orders of its coin.
 */

export type SpotSide = 'buy' | 'sell';

export interface RestingOrder {
  readonly id: number;
  readonly coinId: number;
  readonly side: SpotSide;
  /** The limit price, in minor units at the coin's price scale. */
  readonly limitPrice: bigint;
}

/** Whether a tick at `price` fills the order: at or through its limit. */
export function crosses(order: RestingOrder, price: bigint): boolean {
  return order.side === 'buy' ? price <= order.limitPrice : price >= order.limitPrice;
}

/**
 * An order in a heap, with its limit as a number: comparing numbers is several times faster than
 * comparing bigints, and a tick that crosses many orders makes tens of comparisons per order. Limits
 * are safe integers (`add` asserts it), so the numbers order exactly as the bigints do.
 */
interface Entry {
  readonly order: RestingOrder;
  readonly limit: number;
}

/** A binary heap of entries; `before(a, b)` says whether a belongs nearer the top than b. */
class OrderHeap {
  private readonly items: Entry[] = [];

  constructor(private readonly before: (a: Entry, b: Entry) => boolean) {}

  get size(): number {
    return this.items.length;
  }

  peek(): Entry | undefined {
    return this.items[0];
  }

  push(entry: Entry): void {
    const items = this.items;
    items.push(entry);
    let index = items.length - 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (!this.before(entry, items[parent] as Entry)) break;
      items[index] = items[parent] as Entry;
      index = parent;
    }
    items[index] = entry;
  }

  pop(): Entry | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length > 0 && last) this.siftDown(last);
    return top;
  }

  /** Keeps only the entries `keep` accepts, in heap order again (used to drop cancelled entries). */
  retain(keep: (entry: Entry) => boolean): void {
    const kept = this.items.filter(keep);
    this.items.length = 0;
    for (const entry of kept) this.push(entry);
  }

  private siftDown(entry: Entry): void {
    const items = this.items;
    const count = items.length;
    let index = 0;
    for (;;) {
      const left = 2 * index + 1;
      if (left >= count) break;
      const right = left + 1;
      let child = left;
      if (right < count && this.before(items[right] as Entry, items[left] as Entry)) child = right;
      if (!this.before(items[child] as Entry, entry)) break;
      items[index] = items[child] as Entry;
      index = child;
    }
    items[index] = entry;
  }
}

/** Among equal limits, the order accepted first is nearer the top. */
const higherLimitFirst = (a: Entry, b: Entry) =>
  a.limit > b.limit || (a.limit === b.limit && a.order.id < b.order.id);
const lowerLimitFirst = (a: Entry, b: Entry) =>
  a.limit < b.limit || (a.limit === b.limit && a.order.id < b.order.id);

/** A cancelled order leaves a stale entry in its heap; past this many, the heap is rebuilt without them. */
const COMPACT_AFTER = 1024;

class CoinBook {
  readonly buys = new OrderHeap(higherLimitFirst);
  readonly sells = new OrderHeap(lowerLimitFirst);
  stale = 0;
}

/** What a tick that crosses nothing takes: one shared empty list. */
const NOTHING: readonly never[] = Object.freeze([]);

export class TriggerBook<T extends RestingOrder = RestingOrder> {
  private readonly coins = new Map<number, CoinBook>();
  /** The orders resting now, by id: a heap entry not found here (the same object) is stale. */
  private readonly live = new Map<number, T>();

  /** `compactAfter`: how many cancelled entries a coin's heaps may hold before they are rebuilt. */
  constructor(private readonly compactAfter = COMPACT_AFTER) {}

  /** How many orders rest in the book. */
  get size(): number {
    return this.live.size;
  }

  has(id: number): boolean {
    return this.live.has(id);
  }

  /** Rests an order; an id already resting is an error in the caller, not a second order. */
  add(order: T): void {
    if (this.live.has(order.id)) throw new Error(`order ${order.id} already rests in the trigger book`);
    const limit = Number(order.limitPrice);
    if (order.limitPrice <= 0n || !Number.isSafeInteger(limit))
      throw new Error(`order ${order.id} has a limit price of ${order.limitPrice}`);
    let book = this.coins.get(order.coinId);
    if (!book) {
      book = new CoinBook();
      this.coins.set(order.coinId, book);
    }
    this.live.set(order.id, order);
    (order.side === 'buy' ? book.buys : book.sells).push({ order, limit });
  }

  /** Takes a resting order out (a cancellation); answers whether it was resting. */
  cancel(id: number): boolean {
    const order = this.live.get(id);
    if (!order) return false;
    this.live.delete(id);
    const book = this.coins.get(order.coinId) as CoinBook;
    book.stale += 1;
    if (book.stale > this.compactAfter && book.stale > book.buys.size + book.sells.size - book.stale) {
      const resting = (entry: Entry) => this.live.get(entry.order.id) === entry.order;
      book.buys.retain(resting);
      book.sells.retain(resting);
      book.stale = 0;
    }
    return true;
  }

  /**
   * Takes out and answers the orders a tick of `coinId` at `price` fills, in the order they were
   * accepted. The caller records the fills; should that fail, it adds the orders back.
   */
  take(coinId: number, price: bigint): readonly T[] {
    const book = this.coins.get(coinId);
    if (!book) return NOTHING;
    const tick = Number(price);
    // The tops are the limits nearest the price: when neither is reached, nothing is (a stale top
    // that is not reached hides nothing either), and a quiet tick allocates nothing.
    const buy = book.buys.peek();
    const sell = book.sells.peek();
    if ((!buy || tick > buy.limit) && (!sell || tick < sell.limit)) return NOTHING;
    const filled = [...this.takeSide(book, book.buys, tick), ...this.takeSide(book, book.sells, tick)];
    if (filled.length > 1) filled.sort((a, b) => a.id - b.id);
    return filled;
  }

  private takeSide(book: CoinBook, heap: OrderHeap, tick: number): T[] {
    const filled: T[] = [];
    const buys = heap === book.buys;
    for (let top = heap.peek(); top; top = heap.peek()) {
      const { order } = top;
      if (this.live.get(order.id) !== order) {
        heap.pop();
        book.stale -= 1;
        continue;
      }
      if (buys ? tick > top.limit : tick < top.limit) break;
      heap.pop();
      this.live.delete(order.id);
      filled.push(order as T);
    }
    return filled;
  }
}
