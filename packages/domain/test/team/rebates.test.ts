import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  differentialRebates,
  formatRebateRate,
  REBATE_RATE_PATTERN,
  rebateEntry,
  rebateRateUnits,
  type PathStep,
} from '../../src/index.ts';

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

describe('rebate rates and entries', () => {
  it('accepts fractions from 0 to 1 with at most 8 decimals, and writes them shortest', () => {
    for (const ok of ['0', '0.015', '1', '1.0', '0.00000001'])
      expect(REBATE_RATE_PATTERN.test(ok), ok).toBe(true);
    for (const bad of ['1.5%', '-0.01', '1.01', '0.123456789', '.5', '2'])
      expect(REBATE_RATE_PATTERN.test(bad), bad).toBe(false);
    expect(formatRebateRate(rebateRateUnits('0.01500'))).toBe('0.015');
    expect(formatRebateRate(rebateRateUnits('1'))).toBe('1');
    expect(formatRebateRate(0n)).toBe('0');
  });

  it('pays each receiver on one posting from the house, whatever the number of trades', () => {
    const entry = rebateEntry({ refType: 'timing_settlement', refId: 7 }, 2, [
      { userId: 5, amountMinor: 300n },
      { userId: 6, amountMinor: 100n },
      { userId: 5, amountMinor: 200n },
    ]);
    expect(entry).toEqual({
      type: 'rebate',
      vcId: 2,
      refType: 'timing_settlement',
      refId: 7,
      postings: [
        { account: { userId: null, vcId: 2, kind: 'house' }, amountMinor: -600n },
        { account: { userId: 5, vcId: 2, kind: 'spot' }, amountMinor: 500n },
        { account: { userId: 6, vcId: 2, kind: 'spot' }, amountMinor: 100n },
      ],
    });
    expect(rebateEntry({ refType: 'x', refId: 1 }, 2, [])).toBeNull();
    expect(() => rebateEntry({ refType: 'x', refId: 1 }, 2, [{ userId: 1, amountMinor: 0n }])).toThrow(
      RangeError,
    );
  });
});
