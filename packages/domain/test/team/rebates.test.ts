import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { differentialRebates, rebateRateUnits, type PathStep } from '../../src/index.ts';

const step = (userId: number, rate: string): PathStep => ({ userId, rateUnits: rebateRateUnits(rate) });

describe('differential rebates', () => {
  it('pays each ancestor its rate less the next one down, on a three-level tree', () => {
    // A member at 1 % trades a 100 USDT stake (6 decimals); their agent has 1.5 %, the agent above
    // 2 %, the top agent 3 %: they receive 0.50, 0.50 and 1.00 USDT.
    const path = [step(4, '0.01'), step(3, '0.015'), step(2, '0.02'), step(1, '0.03')];
    expect(differentialRebates(path, 100_000_000n)).toEqual([
      { userId: 3, rateUnits: 1_500_000n, belowRateUnits: 1_000_000n, amountMinor: 500_000n },
      { userId: 2, rateUnits: 2_000_000n, belowRateUnits: 1_500_000n, amountMinor: 500_000n },
      { userId: 1, rateUnits: 3_000_000n, belowRateUnits: 2_000_000n, amountMinor: 1_000_000n },
    ]);
  });

  it('leaves out an equal rate, a zero payment and a lone member', () => {
    expect(differentialRebates([step(2, '0.01'), step(1, '0.01')], 100n)).toEqual([]);
    expect(differentialRebates([step(2, '0'), step(1, '0.00000001')], 99n)).toEqual([]);
    expect(differentialRebates([step(1, '0.02')], 100n)).toEqual([]);
  });

  it('never pays more than the highest rate on the path when a rate below exceeds one above', () => {
    const path = [step(3, '0.02'), step(2, '0.01'), step(1, '0.03')];
    expect(differentialRebates(path, 1_000n).map((p) => [p.userId, p.amountMinor])).toEqual([[1, 10n]]);
  });

  it('refuses a rate outside 0 to 1 and a negative base', () => {
    expect(() => rebateRateUnits('1.5')).toThrow(RangeError);
    expect(() => rebateRateUnits('-0.1')).toThrow(RangeError);
    expect(() => differentialRebates([], -1n)).toThrow(RangeError);
  });

  it('pays in all the highest rate less the member’s, short of it by less than a unit per ancestor', () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: 0n, max: 10n ** 8n }), { minLength: 1, maxLength: 8 }),
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        (rates, base) => {
          const path = rates.map((rateUnits, i) => ({ userId: i + 1, rateUnits }));
          const paid = differentialRebates(path, base).reduce((sum, p) => sum + p.amountMinor, 0n);
          const top = rates.reduce((max, r) => (r > max ? r : max), 0n);
          const exact = base * (top - (rates[0] ?? 0n));
          expect(paid * 10n ** 8n <= exact).toBe(true);
          expect((paid + BigInt(path.length)) * 10n ** 8n > exact).toBe(true);
        },
      ),
      { numRuns: 1_000 },
    );
  });
});
