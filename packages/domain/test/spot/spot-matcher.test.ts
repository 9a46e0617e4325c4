import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  firstFill,
  naiveMatches,
  SpotMatcher,
  type AcceptedOrder,
  type MatcherEvent,
  type SpotMatch,
} from '../../src/index.ts';

const tick = (id: number, timeMs: number, priceMinor: bigint) => ({ id, timeMs, priceMinor });
const market = (id: number, side: 'buy' | 'sell', acceptedAt: number, coinId = 1): AcceptedOrder => ({
  id,
  coinId,
  side,
  kind: 'market',
  limitPrice: null,
  acceptedAt,
});
const limit = (id: number, side: 'buy' | 'sell', limitPrice: bigint, acceptedAt: number, coinId = 1) => ({
  id,
  coinId,
  side,
  kind: 'limit' as const,
  limitPrice,
  acceptedAt,
});
const summary = (matches: readonly SpotMatch[]) => matches.map((m) => [m.order.id, m.tick.id]);

describe('the spot matcher', () => {
  it('fills a market order on the first tick recorded after its acceptance, never on an earlier one', () => {
    const matcher = new SpotMatcher();
    matcher.accept(market(1, 'buy', 1_500));
    expect(matcher.tick(1, tick(10, 1_000, 100n))).toEqual([]);
    expect(summary(matcher.tick(1, tick(11, 2_000, 101n)))).toEqual([[1, 11]]);
    expect(matcher.size).toBe(0);
  });

  it('fills limits on the boundary tick, at or through the limit, and not before', () => {
    const matcher = new SpotMatcher();
    matcher.accept(limit(1, 'buy', 100n, 500));
    matcher.accept(limit(2, 'sell', 110n, 500));
    expect(matcher.tick(1, tick(1, 1_000, 101n))).toEqual([]);
    expect(summary(matcher.tick(1, tick(2, 2_000, 100n)))).toEqual([[1, 2]]);
    expect(matcher.tick(1, tick(3, 3_000, 109n))).toEqual([]);
    expect(summary(matcher.tick(1, tick(4, 4_000, 110n)))).toEqual([[2, 4]]);
  });

  it('puts market orders before limit orders within one tick', () => {
    const matcher = new SpotMatcher();
    matcher.accept(limit(1, 'buy', 200n, 100));
    matcher.accept(market(2, 'sell', 200));
    matcher.accept(limit(3, 'sell', 50n, 300));
    matcher.accept(market(4, 'buy', 400));
    expect(summary(matcher.tick(1, tick(9, 1_000, 100n)))).toEqual([
      [2, 9],
      [4, 9],
      [1, 9],
      [3, 9],
    ]);
  });

  it('does not fill a cancelled order, waiting or resting', () => {
    const matcher = new SpotMatcher();
    matcher.accept(market(1, 'buy', 100));
    matcher.accept(limit(2, 'buy', 100n, 100));
    expect(matcher.cancel(1)).toBe(true);
    matcher.tick(1, tick(1, 1_000, 150n));
    expect(matcher.cancel(2)).toBe(true);
    expect(matcher.cancel(2)).toBe(false);
    expect(matcher.tick(1, tick(2, 2_000, 1n))).toEqual([]);
  });

  it('finds a late order its first fill among ticks it missed', () => {
    const ticks = [tick(1, 1_000, 120n), tick(2, 2_000, 100n), tick(3, 3_000, 90n)];
    expect(firstFill(limit(1, 'buy', 100n, 1_000), ticks)?.id).toBe(2);
    expect(firstFill(limit(1, 'buy', 100n, 2_000), ticks)?.id).toBe(3);
    expect(firstFill(market(1, 'buy', 3_000), ticks)).toBeUndefined();
  });
});

/** A random history in time order: orders, cancellations and ticks on three coins. */
const history: fc.Arbitrary<MatcherEvent[]> = fc
  .array(
    fc.oneof(
      {
        weight: 4,
        arbitrary: fc.record({
          type: fc.constant('order' as const),
          coinId: fc.integer({ min: 1, max: 3 }),
          side: fc.constantFrom('buy' as const, 'sell' as const),
          isMarket: fc.boolean(),
          limitPrice: fc.bigInt({ min: 1n, max: 30n }),
          gap: fc.integer({ min: 0, max: 700 }),
        }),
      },
      {
        weight: 1,
        arbitrary: fc.record({
          type: fc.constant('cancel' as const),
          pick: fc.nat(),
          gap: fc.integer({ min: 0, max: 700 }),
        }),
      },
      {
        weight: 4,
        arbitrary: fc.record({
          type: fc.constant('tick' as const),
          coinId: fc.integer({ min: 1, max: 3 }),
          price: fc.bigInt({ min: 1n, max: 30n }),
          gap: fc.integer({ min: 0, max: 700 }),
        }),
      },
    ),
    { maxLength: 300 },
  )
  .map((steps) => {
    const events: MatcherEvent[] = [];
    let now = 0;
    let nextId = 1;
    let nextTick = 1;
    for (const step of steps) {
      now += step.gap;
      if (step.type === 'order') {
        const id = nextId++;
        events.push({
          type: 'accept',
          order: step.isMarket
            ? market(id, step.side, now, step.coinId)
            : limit(id, step.side, step.limitPrice, now, step.coinId),
        });
      } else if (step.type === 'cancel') {
        if (nextId > 1) events.push({ type: 'cancel', id: (step.pick % (nextId - 1)) + 1 });
      } else {
        events.push({ type: 'tick', coinId: step.coinId, tick: tick(nextTick++, now, step.price) });
      }
    }
    return events;
  });

describe('the spot matcher against a scan of every open order', () => {
  it('finds the same fills, in the same order', () => {
    fc.assert(
      fc.property(history, (events) => {
        const matcher = new SpotMatcher();
        const found: SpotMatch[] = [];
        for (const event of events) {
          if (event.type === 'accept') matcher.accept(event.order);
          else if (event.type === 'cancel') matcher.cancel(event.id);
          else found.push(...matcher.tick(event.coinId, event.tick));
        }
        expect(summary(found)).toEqual(summary(naiveMatches(events)));
      }),
      { numRuns: 300 },
    );
  });
});
