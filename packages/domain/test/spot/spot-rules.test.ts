import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  applyEntries,
  averagePrice,
  buyFigures,
  entryFault,
  feeOf,
  feeRateUnits,
  quantityStep,
  quoteOf,
  sellFigures,
  spotFillEntry,
  spotHoldEntry,
  spotReleaseEntry,
  type SpotScales,
} from '../../src/index.ts';

// BTC priced with 2 decimals, held with 8; USDT with 6.
const btc: SpotScales = { price: 2, quantity: 8, quote: 6 };
const USDT = 1;
const BTC = 2;

describe('spot arithmetic', () => {
  it('prices a quantity in the settlement coin, rounding as asked', () => {
    // 0.00000001 BTC at 67,250.00 is 0.0006725 USDT: 672.5 minor units of 10^-6.
    expect(quoteOf(1n, 6_725_000n, btc, 'up')).toBe(673n);
    expect(quoteOf(1n, 6_725_000n, btc, 'down')).toBe(672n);
    expect(quoteOf(100_000_000n, 6_725_000n, btc, 'down')).toBe(67_250_000_000n);
    // A coarser quantity than the quote: no division at all.
    expect(quoteOf(3n, 150n, { price: 2, quantity: 2, quote: 6 }, 'down')).toBe(45_000n);
  });

  it('averages the price paid per coin, truncated, as the inverse of the quote', () => {
    expect(averagePrice(94_150_000n, 140_000n, btc)).toBe(6_725_000n);
    expect(averagePrice(quoteOf(199_800n, 6_736_201n, btc, 'up'), 199_800n, btc)).toBe(6_736_201n);
    expect(() => averagePrice(1n, 0n, btc)).toThrow(RangeError);
  });

  it('reads fee rates and rounds fees up', () => {
    expect(feeRateUnits('0.001')).toBe(100_000n);
    expect(() => feeRateUnits('1')).toThrow(RangeError);
    expect(() => feeRateUnits('-0.1')).toThrow(RangeError);
    expect(feeOf(1_000n, 100_000n)).toBe(1n);
    expect(feeOf(1_001n, 100_000n)).toBe(2n);
    expect(feeOf(0n, 100_000n)).toBe(0n);
  });

  it('buys the largest whole step that the budget pays for, fee included', () => {
    const step = quantityStep(4, 8);
    // 100 USDT at 67,250.00 with a 0.1 % fee.
    const figures = buyFigures(100_000_000n, 6_725_000n, 100_000n, step, btc);
    expect(figures).toEqual({ quantity: 140_000n, quote: 94_150_000n, fee: 94_150n, credit: 5_755_850n });
    expect(buyFigures(1_000n, 6_725_000n, 100_000n, step, btc)).toBeNull();
  });

  it('sells at proceeds rounded down less a fee rounded up', () => {
    expect(sellFigures(140_000n, 6_725_000n, 100_000n, btc)).toEqual({
      quantity: 140_000n,
      quote: 94_150_000n,
      fee: 94_150n,
      credit: 94_055_850n,
    });
  });

  it('never spends more than the budget, and one step more would not fit', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        fc.bigInt({ min: 0n, max: 10_000_000n }),
        fc.integer({ min: 0, max: 8 }),
        fc.record({
          price: fc.integer({ min: 0, max: 8 }),
          quantity: fc.constant(8),
          quote: fc.integer({ min: 2, max: 8 }),
        }),
        (budget, price, rate, decimals, scales) => {
          const step = quantityStep(decimals, scales.quantity);
          const figures = buyFigures(budget, price, rate, step, scales);
          const costOf = (quantity: bigint) => {
            const quote = quoteOf(quantity, price, scales, 'up');
            return quote + feeOf(quote, rate);
          };
          if (figures === null) {
            expect(costOf(step)).toBeGreaterThan(budget);
            return;
          }
          expect(figures.quantity % step).toBe(0n);
          expect(figures.quote + figures.fee + figures.credit).toBe(budget);
          expect(figures.credit).toBeGreaterThanOrEqual(0n);
          expect(costOf(figures.quantity + step)).toBeGreaterThan(budget);
        },
      ),
    );
  });
});

describe('spot entries', () => {
  const order = { refType: 'spot_order', refId: 7 };

  it('hold and release move between the spot account and the trade hold', () => {
    const hold = spotHoldEntry(order, { userId: 3, vcId: USDT, amount: 50n });
    expect(entryFault(hold)).toBeNull();
    expect(hold.postings.map((p) => [p.account.kind, p.amountMinor])).toEqual([
      ['spot', -50n],
      ['trade_hold', 50n],
    ]);
    const release = spotReleaseEntry(order, { userId: 3, vcId: USDT, amount: 50n });
    expect(release.postings.map((p) => [p.account.kind, p.amountMinor])).toEqual([
      ['trade_hold', -50n],
      ['spot', 50n],
    ]);
  });

  it('books a fill as one entry balanced in each of its two currencies', () => {
    const figures = { quantity: 140_000n, quote: 94_150_000n, fee: 94_150n, credit: 5_755_850n };
    const buy = spotFillEntry(order, {
      userId: 3,
      side: 'buy',
      coinId: BTC,
      settleId: USDT,
      held: 100_000_000n,
      figures,
    });
    expect(entryFault(buy)).toBeNull();
    const sell = spotFillEntry(order, {
      userId: 3,
      side: 'sell',
      coinId: BTC,
      settleId: USDT,
      held: 140_000n,
      figures: { quantity: 140_000n, quote: 94_150_000n, fee: 94_150n, credit: 94_055_850n },
    });
    expect(entryFault(sell)).toBeNull();
    // The whole round trip: the user ends with less USDT by twice the fee, the house and fees even.
    const balances = new Map<string, bigint>([
      ['3:1:spot', 0n],
      ['3:1:trade_hold', 100_000_000n],
    ]);
    const applied = applyEntries(balances, [buy]);
    expect(applied.ok).toBe(true);
    expect(() =>
      spotFillEntry(order, { userId: 3, side: 'buy', coinId: BTC, settleId: USDT, held: 1n, figures }),
    ).toThrow(RangeError);
  });

  it('refuses an entry in two currencies unless it is an exchange', () => {
    const figures = { quantity: 1n, quote: 2n, fee: 0n, credit: 0n };
    const fill = spotFillEntry(order, {
      userId: 3,
      side: 'buy',
      coinId: BTC,
      settleId: USDT,
      held: 2n,
      figures,
    });
    expect(entryFault({ ...fill, type: 'transfer' })).toBe('currency_mismatch');
    expect(entryFault({ ...fill, vcId: 9 })).toBe('currency_mismatch');
    const unbalanced = fill.postings.map((p) =>
      p.account.vcId === BTC && p.account.userId !== null ? { ...p, amountMinor: p.amountMinor + 1n } : p,
    );
    expect(entryFault({ ...fill, postings: unbalanced })).toBe('not_balanced');
  });
});
