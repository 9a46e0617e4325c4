import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  entryFault,
  settlementTick,
  timingOutcome,
  timingProfit,
  timingResult,
  timingSettlementEntry,
  timingStakeEntry,
  type RecordedTick,
  type TimingDirection,
} from '../src/index.ts';

const ticks: RecordedTick[] = [
  { id: 11, timeMs: 1_000, priceMinor: 100n },
  { id: 12, timeMs: 2_000, priceMinor: 101n },
  { id: 14, timeMs: 4_000, priceMinor: 99n },
];

describe('the settlement tick', () => {
  it('is the first recorded tick at or after the expiry instant', () => {
    expect(settlementTick(ticks, 2_000)?.id).toBe(12);
    expect(settlementTick(ticks, 1_999)?.id).toBe(12);
    expect(settlementTick(ticks, 2_001)?.id).toBe(14);
    // A missing second (3 000) is not skipped over backwards: the next recorded one counts.
    expect(settlementTick(ticks, 3_000)?.id).toBe(14);
    expect(settlementTick(ticks, 0)?.id).toBe(11);
  });

  it('is absent until the feed has recorded the expiry second', () => {
    expect(settlementTick(ticks, 4_001)).toBeUndefined();
    expect(settlementTick([], 1)).toBeUndefined();
  });

  it('agrees with a linear scan for any history and instant', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 10_000 }), { maxLength: 60 }),
        fc.integer({ min: -10, max: 10_010 }),
        (times, expiry) => {
          const history = [...times]
            .sort((a, b) => a - b)
            .map((timeMs, i) => ({ id: i + 1, timeMs, priceMinor: BigInt(timeMs) }));
          expect(settlementTick(history, expiry)).toEqual(history.find((t) => t.timeMs >= expiry));
        },
      ),
    );
  });
});

describe('outcomes', () => {
  it.each<[TimingDirection, bigint, bigint, string]>([
    ['up', 100n, 101n, 'win'],
    ['up', 100n, 99n, 'loss'],
    ['up', 100n, 100n, 'tie'],
    ['down', 100n, 99n, 'win'],
    ['down', 100n, 101n, 'loss'],
    ['down', 100n, 100n, 'tie'],
  ])('%s from %d to %d is a %s', (direction, open, settle, outcome) => {
    expect(timingOutcome(direction, open, settle)).toBe(outcome);
  });

  it('pays stake and profit on a win, nothing on a loss, and the tie by its rule', () => {
    const order = { openPriceMinor: 100n, stakeMinor: 10_000_000n, payoutRate: '0.85' };
    expect(timingResult({ ...order, direction: 'up', tieRule: 'refund' }, 101n)).toEqual({
      outcome: 'win',
      payoutMinor: 18_500_000n,
      profitMinor: 8_500_000n,
    });
    expect(timingResult({ ...order, direction: 'up', tieRule: 'refund' }, 99n)).toEqual({
      outcome: 'loss',
      payoutMinor: 0n,
      profitMinor: -10_000_000n,
    });
    expect(timingResult({ ...order, direction: 'down', tieRule: 'refund' }, 100n)).toEqual({
      outcome: 'tie',
      payoutMinor: 10_000_000n,
      profitMinor: 0n,
    });
    expect(timingResult({ ...order, direction: 'down', tieRule: 'loss' }, 100n).payoutMinor).toBe(0n);
  });

  it('truncates the profit toward zero', () => {
    expect(timingProfit(7n, '0.85')).toBe(5n);
    expect(timingProfit(1n, '0.99999999')).toBe(0n);
    expect(() => timingProfit(1n, '-0.1')).toThrow(RangeError);
  });

  it('is a pure function of the recorded ticks: the same history always settles the same way', () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: 1n, max: 1_000_000n }), { minLength: 1, maxLength: 40 }),
        fc.constantFrom<TimingDirection>('up', 'down'),
        fc.bigInt({ min: 1n, max: 1_000_000n }),
        fc.integer({ min: 0, max: 45 }),
        (prices, direction, openPriceMinor, expirySecond) => {
          const history = prices.map((priceMinor, i) => ({ id: i + 1, timeMs: i * 1000, priceMinor }));
          const settle = () => {
            const tick = settlementTick(history, expirySecond * 1000);
            return tick
              ? timingResult(
                  { direction, openPriceMinor, stakeMinor: 1_000n, payoutRate: '0.8', tieRule: 'refund' },
                  tick.priceMinor,
                )
              : null;
          };
          expect(settle()).toEqual(settle());
          const tick = settlementTick(history, expirySecond * 1000);
          if (tick) expect(tick.timeMs).toBeGreaterThanOrEqual(expirySecond * 1000);
        },
      ),
    );
  });
});

describe('ledger entries', () => {
  const ref = { refType: 'timing_order', refId: 5 };

  it('holds the stake, then pays the payout and settles the rest with the house', () => {
    const stake = timingStakeEntry(ref, 7, 2, 1_000n);
    expect(entryFault(stake)).toBeNull();
    for (const payout of [0n, 1_000n, 1_850n]) {
      const entry = timingSettlementEntry(ref, 7, 2, 1_000n, payout);
      expect(entryFault(entry)).toBeNull();
      const house = entry.postings.find((p) => p.account.kind === 'house')?.amountMinor ?? 0n;
      expect(house).toBe(1_000n - payout);
    }
    expect(() => timingStakeEntry(ref, 7, 2, 0n)).toThrow(RangeError);
    expect(() => timingSettlementEntry(ref, 7, 2, 1_000n, -1n)).toThrow(RangeError);
  });
});
