import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  entryFault,
  financeBuyEntry,
  financePayout,
  financeRateUnits,
  financeRedeemEntries,
  financeSettlementEntry,
  financeTermMs,
  payoutIn,
  pledgedCoins,
  redemptionFigures,
  type FinanceScales,
  type FinanceTerms,
} from '../src/index.ts';

/** BTC-like amounts (8 decimals), USDT (6) and prices with 2 decimals. */
const SCALES: FinanceScales = { coin: 8, settle: 6, price: 2 };
const DAY = 86_400_000;

/** 36.5 % a year over 10 days: a factor of exactly 1.01. */
const terms = (buyType: 'coin' | 'usdt', linked = 5_000_000n): FinanceTerms => ({
  buyType,
  rateUnits: financeRateUnits('0.365'),
  termMs: financeTermMs(10, 'day'),
  linkedPriceMinor: linked,
});

describe('finance payouts', () => {
  it('pays a USDT principal in the coin below the linked price and in USDT at or above it', () => {
    const usdt = terms('usdt');
    // 1,000 USDT at 50,000.00: 0.02 BTC, × 1.01.
    expect(pledgedCoins(usdt, 1_000_000_000n, SCALES)).toBe(2_000_000n);
    expect(financePayout(usdt, 1_000_000_000n, 4_999_999n, SCALES)).toEqual({
      currency: 'coin',
      amountMinor: 2_020_000n,
      incomeMinor: 20_000n,
    });
    expect(financePayout(usdt, 1_000_000_000n, 5_000_000n, SCALES)).toEqual({
      currency: 'usdt',
      amountMinor: 1_010_000_000n,
      incomeMinor: 10_000_000n,
    });
  });

  it('pays a coin principal back in the coin below, and at the linked price in USDT at or above', () => {
    const coin = terms('coin');
    expect(pledgedCoins(coin, 50_000_000n, SCALES)).toBe(50_000_000n);
    expect(financePayout(coin, 50_000_000n, 1n, SCALES)).toEqual({
      currency: 'coin',
      amountMinor: 50_500_000n,
      incomeMinor: 500_000n,
    });
    // 0.5 BTC × 50,000 × 1.01 = 25,250 USDT.
    expect(financePayout(coin, 50_000_000n, 9_000_000n, SCALES)).toEqual({
      currency: 'usdt',
      amountMinor: 25_250_000_000n,
      incomeMinor: 250_000_000n,
    });
  });

  it('truncates once, at the end, in the user’s disfavour by less than a unit', () => {
    // 333.333333 USDT at 10 % for 7 days: 333.333333 × (1 + 0.7 / 365) = 333.97260263…
    const odd: FinanceTerms = {
      buyType: 'usdt',
      rateUnits: financeRateUnits('0.1'),
      termMs: 7 * DAY,
      linkedPriceMinor: 3_000_000n,
    };
    expect(payoutIn('usdt', odd, 333_333_333n, SCALES).amountMinor).toBe(333_972_602n);
    // In coins: 333.333333 / 30,000 = 0.01111111 (truncated for vcCount), paid as 0.0111324… → 0.01113242.
    expect(pledgedCoins(odd, 333_333_333n, SCALES)).toBe(1_111_111n);
    expect(payoutIn('coin', odd, 333_333_333n, SCALES).amountMinor).toBe(1_113_242n);
  });

  it('keeps the service fee on early redemption, rounded up', () => {
    expect(redemptionFigures(1_000_000_000n, financeRateUnits('0.02'))).toEqual({
      feeMinor: 20_000_000n,
      refundMinor: 980_000_000n,
    });
    expect(redemptionFigures(101n, financeRateUnits('0.01'))).toEqual({ feeMinor: 2n, refundMinor: 99n });
    expect(redemptionFigures(5n, 0n)).toEqual({ feeMinor: 0n, refundMinor: 5n });
    expect(() => redemptionFigures(5n, financeRateUnits('1.5'))).toThrow(RangeError);
  });

  it('refuses what cannot be a term, a rate or a principal', () => {
    expect(financeTermMs(5, 'minute')).toBe(300_000);
    expect(() => financeTermMs(0, 'day')).toThrow(RangeError);
    expect(() => financeRateUnits('-0.1')).toThrow(RangeError);
    expect(() => financeRateUnits('0.123456789')).toThrow(RangeError);
    expect(() => financePayout(terms('usdt'), 0n, 1n, SCALES)).toThrow(RangeError);
    expect(() => financePayout(terms('usdt', 0n), 1n, 1n, SCALES)).toThrow(RangeError);
  });
});

/** The reference: the same payouts with exact fractions of big integers, reduced, in another order. */
function gcd(a: bigint, b: bigint): bigint {
  return b === 0n ? a : gcd(b, a % b);
}
function reference(t: FinanceTerms, amount: bigint, currency: 'coin' | 'usdt', s: FinanceScales) {
  // factor = 1 + (termMs / 86,400,000) × (rate / 10^8) / 365
  let num = 365n * 86_400_000n * 10n ** 8n + BigInt(t.termMs) * t.rateUnits;
  let den = 365n * 86_400_000n * 10n ** 8n;
  // The principal in the payout currency: units per coin at the linked price L (price minor / 10^price).
  const coinToSettle = {
    num: t.linkedPriceMinor * 10n ** BigInt(s.settle),
    den: 10n ** BigInt(s.price + s.coin),
  };
  if (t.buyType === 'coin' && currency === 'usdt') {
    num *= amount * coinToSettle.num;
    den *= coinToSettle.den;
  } else if (t.buyType === 'usdt' && currency === 'coin') {
    num *= amount * coinToSettle.den;
    den *= coinToSettle.num;
  } else num *= amount;
  const g = gcd(num, den);
  return { num: num / g, den: den / g };
}

describe('finance payouts against exact fractions', () => {
  it('equal the exact figure truncated, for any terms and amounts', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<'coin' | 'usdt'>('coin', 'usdt'),
        fc.constantFrom<'coin' | 'usdt'>('coin', 'usdt'),
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        fc.bigInt({ min: 0n, max: 10n ** 9n }),
        fc.integer({ min: 60_000, max: 3650 * DAY }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.record({
          coin: fc.integer({ min: 0, max: 18 }),
          settle: fc.integer({ min: 0, max: 8 }),
          price: fc.integer({ min: 0, max: 8 }),
        }),
        (buyType, currency, amount, rateUnits, termMs, linkedPriceMinor, scales) => {
          const t: FinanceTerms = { buyType, rateUnits, termMs, linkedPriceMinor };
          const exact = reference(t, amount, currency, scales);
          const paid = payoutIn(currency, t, amount, scales).amountMinor;
          // Truncation: never more than the exact figure, and less by under one minor unit.
          expect(paid * exact.den <= exact.num).toBe(true);
          expect((paid + 1n) * exact.den > exact.num).toBe(true);
        },
      ),
      { numRuns: 2_000 },
    );
  });
});

describe('finance entries', () => {
  const order = { refType: 'finance_order', refId: 7 };

  it('moves a purchase to the holding and a redemption back less the fee', () => {
    const buy = financeBuyEntry(order, 3, 1, 1_000n);
    expect(entryFault(buy)).toBeNull();
    expect(buy.postings.map((p) => [p.account.kind, p.amountMinor])).toEqual([
      ['spot', -1_000n],
      ['finance_hold', 1_000n],
    ]);
    const [redeem, fee, ...rest] = financeRedeemEntries(order, 3, 1, 1_000n, 20n);
    expect(rest).toEqual([]);
    for (const entry of [redeem, fee]) expect(entry && entryFault(entry)).toBeNull();
    expect(redeem?.postings.map((p) => [p.account.kind, p.amountMinor])).toEqual([
      ['finance_hold', -1_000n],
      ['spot', 1_000n],
    ]);
    expect(fee?.type).toBe('finance_fee');
    expect(fee?.postings.map((p) => [p.account.kind, p.amountMinor])).toEqual([
      ['spot', -20n],
      ['fees', 20n],
    ]);
    // No fee, no fee entry.
    expect(financeRedeemEntries(order, 3, 1, 1_000n, 0n).map((e) => e.type)).toEqual(['finance_redeem']);
  });

  it('settles a batch in both currencies, each balanced, one posting per order and side', () => {
    const entry = financeSettlementEntry({ refType: 'finance_settlement', refId: 1 }, 2, [
      { orderId: 1, userId: 10, principalVcId: 1, amountMinor: 1_000n, payoutVcId: 1, payoutMinor: 1_010n },
      { orderId: 2, userId: 10, principalVcId: 1, amountMinor: 1_000n, payoutVcId: 2, payoutMinor: 3n },
      { orderId: 3, userId: 11, principalVcId: 2, amountMinor: 5n, payoutVcId: 2, payoutMinor: 6n },
    ]);
    expect(entry && entryFault(entry)).toBeNull();
    expect(entry?.type).toBe('finance_settlement');
    expect(entry?.vcId).toBe(2);
    const house = entry?.postings
      .filter((p) => p.account.kind === 'house')
      .map((p) => [p.account.vcId, p.amountMinor]);
    expect(house).toEqual([
      [1, 990n],
      [2, -4n],
    ]);
    // A batch of USDT principals paid in USDT is an entry in USDT alone.
    const plain = financeSettlementEntry({ refType: 'finance_settlement', refId: 2 }, 2, [
      { orderId: 4, userId: 10, principalVcId: 1, amountMinor: 1_000n, payoutVcId: 1, payoutMinor: 1_000n },
    ]);
    expect(plain && entryFault(plain)).toBeNull();
    expect(plain?.vcId).toBe(1);
    expect(financeSettlementEntry({ refType: 'finance_settlement', refId: 3 }, 2, [])).toBeUndefined();
  });
});
