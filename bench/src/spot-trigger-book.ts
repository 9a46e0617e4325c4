import { crosses, TriggerBook, type RestingOrder } from '@vela/domain';
import { isEntryPoint } from './entry-point.ts';

/**
 * The spot trigger book (packages/domain/src/trigger-book.ts) with ORDERS resting limit orders
 * over COINS coins (default 1,000,000 over 16, the figures):
 *
 * - quiet tick: a tick inside every coin's spread, which fills nothing, against a scan of every
 *   open order (the naive reference); goal ≤ 1 µs per tick and ≥ 1000× faster than the scan;
 * - crossing tick: a tick that goes through 10,000 buys of one coin; the figure is the book's part
 *   (finding and taking the orders). Recording the fills and their ledger entries comes with the
 *   spot engine, whose benchmark adds the commit to reach the p99 ≤ 50 ms.
 */
const ORDERS = Number(process.env.BENCH_SPOT_ORDERS ?? 1_000_000);
const COINS = Number(process.env.BENCH_SPOT_COINS ?? 16);
const CROSSED = 10_000;
const MID = 10_000_000n;
const SPREAD = 5_000_000;

/** A fixed pseudo-random sequence, so every run measures the same book. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

function makeOrders(): RestingOrder[] {
  const next = random(42);
  return Array.from({ length: ORDERS }, (_, index) => {
    const side = index % 2 === 0 ? 'buy' : 'sell';
    const distance = BigInt(1 + Math.floor(next() * SPREAD));
    return {
      id: index + 1,
      coinId: 1 + (index % COINS),
      side,
      limitPrice: side === 'buy' ? MID - distance : MID + distance,
    };
  });
}

function nsPer(count: number, run: () => void): number {
  const started = process.hrtime.bigint();
  run();
  return Number(process.hrtime.bigint() - started) / count;
}

function quietTicks(book: TriggerBook, orders: readonly RestingOrder[]) {
  const TICKS = 2_000_000;
  let filled = 0;
  nsPer(TICKS / 10, () => {
    for (let i = 0; i < TICKS / 10; i += 1) filled += book.take(1 + (i % COINS), MID).length;
  });
  const book_ns = nsPer(TICKS, () => {
    for (let i = 0; i < TICKS; i += 1) filled += book.take(1 + (i % COINS), MID).length;
  });
  const SCANS = 20;
  const scan_ns = nsPer(SCANS, () => {
    for (let i = 0; i < SCANS; i += 1) {
      const coinId = 1 + (i % COINS);
      for (const order of orders) if (order.coinId === coinId && crosses(order, MID)) filled += 1;
    }
  });
  if (filled !== 0) throw new Error(`a quiet tick filled ${filled} orders`);
  return { book_ns, scan_ns };
}

function crossingTicks(book: TriggerBook, orders: readonly RestingOrder[]) {
  const buys = orders.filter((o) => o.coinId === 1 && o.side === 'buy').map((o) => o.limitPrice);
  buys.sort((a, b) => (a > b ? -1 : a < b ? 1 : 0));
  const price = buys[CROSSED - 1] as bigint;
  const times: number[] = [];
  let taken = 0;
  for (let round = 0; round < 50; round += 1) {
    const started = process.hrtime.bigint();
    const filled = book.take(1, price);
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
    taken = filled.length;
    for (const order of filled) book.add(order);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] as number;
  return { taken, p50: at(0.5), p99: at(0.99) };
}

export function benchSpotTriggerBook(): void {
  console.log(`\nSpot trigger book: ${ORDERS.toLocaleString('en')} resting limit orders over ${COINS} coins`);
  const orders = makeOrders();
  const book = new TriggerBook();
  const built = nsPer(ORDERS, () => {
    for (const order of orders) book.add(order);
  });
  console.log(`  built at ${(built / 1000).toFixed(2)} µs per order`);
  const quiet = quietTicks(book, orders);
  console.log(
    `  quiet tick: ${quiet.book_ns.toFixed(0)} ns (goal ≤ 1,000 ns: ${quiet.book_ns <= 1000 ? 'meets' : 'MISSES'}); ` +
      `scan of every open order ${(quiet.scan_ns / 1e6).toFixed(1)} ms; ` +
      `${Math.round(quiet.scan_ns / quiet.book_ns).toLocaleString('en')}× faster (goal ≥ 1,000×)`,
  );
  const crossing = crossingTicks(book, orders);
  console.log(
    `  crossing tick, ${crossing.taken.toLocaleString('en')} orders taken (the book's part): ` +
      `p50 ${crossing.p50.toFixed(2)} ms, p99 ${crossing.p99.toFixed(2)} ms`,
  );
}

if (isEntryPoint(import.meta.url)) benchSpotTriggerBook();
