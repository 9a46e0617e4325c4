import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  creditToleranceMinor,
  depositQuote,
  reviewDepositCredit,
  toleranceBasisPoints,
  withdrawQuote,
} from '../src/index.ts';

const usdtOnChain = { payScale: 6, walletScale: 6, rate: '1', feeRate: '0' };
const brlBank = { payScale: 2, walletScale: 6, rate: '5.12', feeRate: '0.005' };

describe('funding quotes', () => {
  it('converts a deposit at the channel rate and takes the fee from the wallet amount', () => {
    expect(depositQuote(100_000000n, usdtOnChain)).toEqual({
      grossMinor: 100_000000n,
      feeMinor: 0n,
      receiveMinor: 100_000000n,
    });
    // 512.00 BRL at 5.12 BRL per USDT is 100 USDT, less 0.5 %.
    expect(depositQuote(51200n, brlBank)).toEqual({
      grossMinor: 100_000000n,
      feeMinor: 500000n,
      receiveMinor: 99_500000n,
    });
  });

  it('truncates toward zero', () => {
    // 1.00 BRL / 5.12 = 0.1953125 USDT -> 0.195312 at 6 decimals.
    expect(depositQuote(100n, brlBank).grossMinor).toBe(195312n);
  });

  it('pays out a withdrawal less its fee, in the pay currency', () => {
    expect(withdrawQuote(100_000000n, brlBank)).toEqual({
      feeMinor: 500000n,
      netMinor: 99_500000n,
      payoutPayMinor: 50944n,
    });
  });

  it('never quotes more than the amount, and fee plus net is the amount', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        fc.integer({ min: 0, max: 99_999_999 }),
        (amount, fee) => {
          const terms = { ...brlBank, feeRate: `0.${String(fee).padStart(8, '0')}` };
          const w = withdrawQuote(amount, terms);
          expect(w.feeMinor + w.netMinor).toBe(amount);
          expect(w.feeMinor).toBeGreaterThanOrEqual(0n);
          const r = depositQuote(amount, terms);
          expect(r.feeMinor + r.receiveMinor).toBe(r.grossMinor);
          expect(r.receiveMinor).toBeGreaterThanOrEqual(0n);
        },
      ),
    );
  });

  it('refuses impossible terms', () => {
    expect(() => depositQuote(1n, { ...usdtOnChain, rate: '0' })).toThrow(RangeError);
    expect(() => withdrawQuote(1n, { ...usdtOnChain, feeRate: '1' })).toThrow(RangeError);
  });
});

describe('deposit credits against their quote', () => {
  it('reads the tolerance as hundredths of a percent and refuses what is not a percentage', () => {
    expect(toleranceBasisPoints('1')).toBe(100n);
    expect(toleranceBasisPoints('0.5')).toBe(50n);
    expect(toleranceBasisPoints('0')).toBe(0n);
    expect(toleranceBasisPoints('100')).toBe(10_000n);
    for (const bad of ['', '-1', '100.01', '0.001', 'one']) expect(toleranceBasisPoints(bad)).toBeNull();
  });

  it('tells the quote, a credit within the tolerance and one beyond it apart, on both sides', () => {
    // 150 USDT quoted, 1 %: up to 1.5 USDT either way.
    const quoted = 150_000000n;
    expect(reviewDepositCredit(quoted, quoted, 100n)).toBe('quoted');
    expect(reviewDepositCredit(quoted, 148_500000n, 100n)).toBe('withinTolerance');
    expect(reviewDepositCredit(quoted, 151_500000n, 100n)).toBe('withinTolerance');
    expect(reviewDepositCredit(quoted, 148_499999n, 100n)).toBe('beyondTolerance');
    expect(reviewDepositCredit(quoted, 151_500001n, 100n)).toBe('beyondTolerance');
    // 10 USDT credited as 1,000,000.
    expect(reviewDepositCredit(10_000000n, 1_000_000_000000n, 100n)).toBe('beyondTolerance');
    // A tolerance of 0 leaves only the quote to a finance operator.
    expect(reviewDepositCredit(quoted, quoted - 1n, 0n)).toBe('beyondTolerance');
  });

  it('truncates the allowed difference to whole minor units', () => {
    expect(creditToleranceMinor(999n, 100n)).toBe(9n);
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 18n }), fc.bigInt({ min: 0n, max: 10_000n }), (q, bp) => {
        const allowed = creditToleranceMinor(q, bp);
        return allowed * 10_000n <= q * bp && (allowed + 1n) * 10_000n > q * bp;
      }),
    );
  });
});
