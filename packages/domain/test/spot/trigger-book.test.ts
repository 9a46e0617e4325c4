import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { crosses, TriggerBook, type RestingOrder, type SpotSide } from '../../src/index.ts';

const order = (id: number, side: SpotSide, limitPrice: bigint, coinId = 1): RestingOrder => ({
  id,
  coinId,
  side,
  limitPrice,
});
const ids = (orders: readonly RestingOrder[]) => orders.map((o) => o.id);

describe('the trigger book', () => {
  it('fills a buy on the first tick at or below its limit, and a sell at or above it', () => {
    const book = new TriggerBook();
    book.add(order(1, 'buy', 100n));
    book.add(order(2, 'sell', 120n));
    expect(book.take(1, 101n)).toEqual([]);
    expect(book.take(1, 119n)).toEqual([]);
    expect(ids(book.take(1, 100n))).toEqual([1]);
    expect(ids(book.take(1, 120n))).toEqual([2]);
    expect(book.size).toBe(0);
  });

  it('fills every order a tick goes through, in the order they were accepted, once', () => {
    const book = new TriggerBook();
    book.add(order(5, 'buy', 90n));
    book.add(order(3, 'buy', 95n));
    book.add(order(4, 'buy', 95n));
    book.add(order(6, 'buy', 80n));
    expect(ids(book.take(1, 90n))).toEqual([3, 4, 5]);
    expect(book.take(1, 90n)).toEqual([]);
    expect(ids(book.take(1, 1n))).toEqual([6]);
  });

  it('keeps each coin apart', () => {
    const book = new TriggerBook();
    book.add(order(1, 'buy', 100n, 1));
    book.add(order(2, 'buy', 100n, 2));
    expect(ids(book.take(2, 50n))).toEqual([2]);
    expect(book.has(1)).toBe(true);
    expect(book.take(3, 50n)).toEqual([]);
  });

  it('fills a buy and a sell the same tick crosses, by acceptance', () => {
    const book = new TriggerBook();
    book.add(order(2, 'sell', 100n));
    book.add(order(1, 'buy', 100n));
    expect(ids(book.take(1, 100n))).toEqual([1, 2]);
  });

  it('never fills a cancelled order, and cancels only what rests', () => {
    const book = new TriggerBook();
    book.add(order(1, 'buy', 100n));
    book.add(order(2, 'buy', 100n));
    expect(book.cancel(1)).toBe(true);
    expect(book.cancel(1)).toBe(false);
    expect(ids(book.take(1, 100n))).toEqual([2]);
    expect(book.cancel(2)).toBe(false);
    expect(book.cancel(99)).toBe(false);
  });

  it('refuses an id that already rests and a limit that is not above zero', () => {
    const book = new TriggerBook();
    book.add(order(1, 'buy', 100n));
    expect(() => book.add(order(1, 'sell', 100n))).toThrow(/already rests/);
    expect(() => book.add(order(2, 'buy', 0n))).toThrow(/limit price/);
    expect(() => book.add(order(3, 'sell', -1n))).toThrow(/limit price/);
  });

  it('takes an order back after a failed recording, and it fills on a later tick', () => {
    const book = new TriggerBook();
    book.add(order(1, 'sell', 100n));
    const taken = book.take(1, 105n);
    for (const o of taken) book.add(o);
    expect(ids(book.take(1, 100n))).toEqual([1]);
  });

  it('stays right after many cancellations have been compacted away', () => {
    const book = new TriggerBook();
    for (let id = 1; id <= 5000; id += 1) book.add(order(id, id % 2 === 0 ? 'buy' : 'sell', BigInt(id)));
    for (let id = 1; id <= 5000; id += 1) if (id % 5 !== 0) book.cancel(id);
    expect(book.size).toBe(1000);
    expect(ids(book.take(1, 2500n))).toEqual(
      Array.from({ length: 1000 }, (_, i) => (i + 1) * 5).filter((id) =>
        id % 2 === 0 ? id >= 2500 : id <= 2500,
      ),
    );
  });
});

type Step =
  | { kind: 'add'; coinId: number; side: SpotSide; limitPrice: bigint }
  | { kind: 'cancel'; pick: number }
  | { kind: 'tick'; coinId: number; price: bigint };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('add' as const),
    coinId: fc.integer({ min: 1, max: 3 }),
    side: fc.constantFrom<SpotSide>('buy', 'sell'),
    limitPrice: fc.bigInt({ min: 1n, max: 40n }),
  }),
  fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('tick' as const),
    coinId: fc.integer({ min: 1, max: 3 }),
    price: fc.bigInt({ min: 1n, max: 40n }),
  }),
);

/** The naive reference: every tick scans every open order, in the order they were accepted. */
function naiveFills(steps: readonly Step[]): number[][] {
  const open: RestingOrder[] = [];
  const fills: number[][] = [];
  let nextId = 1;
  for (const s of steps) {
    if (s.kind === 'add')
      open.push({ id: nextId++, coinId: s.coinId, side: s.side, limitPrice: s.limitPrice });
    else if (s.kind === 'cancel') {
      if (open.length > 0) open.splice(s.pick % open.length, 1);
    } else {
      const filled = open.filter((o) => o.coinId === s.coinId && crosses(o, s.price));
      fills.push(filled.map((o) => o.id));
      for (const o of filled) open.splice(open.indexOf(o), 1);
    }
  }
  return fills;
}

function bookFills(steps: readonly Step[], compactAfter?: number): number[][] {
  const book = new TriggerBook(compactAfter);
  const open: number[] = [];
  const fills: number[][] = [];
  let nextId = 1;
  for (const s of steps) {
    if (s.kind === 'add') {
      open.push(nextId);
      book.add({ id: nextId++, coinId: s.coinId, side: s.side, limitPrice: s.limitPrice });
    } else if (s.kind === 'cancel') {
      if (open.length > 0) expect(book.cancel(open.splice(s.pick % open.length, 1)[0] as number)).toBe(true);
    } else {
      const filled = ids(book.take(s.coinId, s.price));
      fills.push(filled);
      for (const id of filled) open.splice(open.indexOf(id), 1);
    }
  }
  return fills;
}

describe('the trigger book against a scan of every open order', () => {
  it('finds the same fills, in the same order, on random orders and tick paths', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 300 }), (steps) => {
        const expected = naiveFills(steps);
        expect(bookFills(steps)).toEqual(expected);
        // With cancelled entries compacted away after every few cancellations too.
        expect(bookFills(steps, 2)).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
});
