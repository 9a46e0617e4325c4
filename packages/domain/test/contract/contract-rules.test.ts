import { describe, expect, it } from 'vitest';
import {
  closeFigures,
  contractForcedEntry,
  entryFault,
  forcedCloseLevel,
  forcedClosePrice,
  marginOf,
  payoutOf,
  profitOf,
  reachesLevel,
  riskFigures,
  tradeFee,
  type RiskAccount,
} from '../../src/index.ts';

// BTC: prices with 2 decimals, quantities with 6, USDT with 6. 0.1 BTC is 100_000, 50,000.00 is 5_000_000.
const scales = { price: 2, quantity: 6, quote: 6 };
const usdt = (text: string) => BigInt(Math.round(Number(text) * 1_000_000));
const FEE = 50_000n; // 0.0005 at 8 decimals
const LEVEL = forcedCloseLevel(1_000n); // 10 % adjustment: 90 %

const long: RiskAccount = {
  // 1,000 USDT in, a 10x long of 0.1 BTC at 50,000 opened: margin 500 and fee 2.5 left the balance.
  available: usdt('497.5'),
  positions: [
    { coinId: 1, side: 'long', quantity: 100_000n, entryPrice: 5_000_000n, margin: usdt('500'), scales },
  ],
};

describe('contract arithmetic, against hand-worked examples', () => {
  it('margin is open price × quantity / leverage, and the fee the rate on the value', () => {
    expect(marginOf(5_000_000n, 100_000n, 10, scales)).toBe(usdt('500'));
    expect(tradeFee(5_000_000n, 100_000n, FEE, scales)).toBe(usdt('2.5'));
    // 0.000001 BTC at 50,000.01 with 3x: 0.0500000... / 3 = 0.01666..., rounded up to the unit.
    expect(marginOf(5_000_001n, 1n, 3, scales)).toBe(16_667n);
  });

  it('profit and loss rounds down, so a loss grows by the rounding', () => {
    expect(profitOf('long', 5_000_000n, 4_900_000n, 100_000n, scales)).toBe(-usdt('100'));
    expect(profitOf('short', 5_000_000n, 4_900_000n, 100_000n, scales)).toBe(usdt('100'));
    // 1 unit of BTC, 1 cent of move: 0.00000001 USDT, below a unit: a gain of 0, a loss of 1 unit.
    expect(profitOf('long', 5_000_000n, 5_000_001n, 1n, scales)).toBe(0n);
    expect(profitOf('long', 5_000_001n, 5_000_000n, 1n, scales)).toBe(-1n);
  });

  it('equity is margin + floating profit + available, and risk is margin / equity', () => {
    const figures = riskFigures(long, () => 4_900_000n);
    expect(figures).toEqual({
      margin: usdt('500'),
      profit: -usdt('100'),
      equity: usdt('897.5'),
      risk: 5_571n, // 500 / 897.5 = 55.71 %: above the caution level
    });
  });

  it('the forced-close level is 100 % less the adjustment ratio', () => {
    expect(LEVEL).toBe(9_000n);
    expect(() => forcedCloseLevel(10_000n)).toThrow(RangeError);
  });

  it('finds the exact price where the level is reached: 45,580.55 reaches 90 %, 45,580.56 does not', () => {
    expect(forcedClosePrice(long, 1, () => 5_000_000n, LEVEL)).toEqual({
      coinId: 1,
      fires: 'below',
      price: 4_558_055n,
    });
    expect(
      reachesLevel(
        riskFigures(long, () => 4_558_055n),
        LEVEL,
      ),
    ).toBe(true);
    expect(
      reachesLevel(
        riskFigures(long, () => 4_558_056n),
        LEVEL,
      ),
    ).toBe(false);
    // Liquidation (100 %) is where the loss has eaten the available amount: 497.5 USDT, at 45,025.
    expect(forcedClosePrice(long, 1, () => 5_000_000n, 10_000n)?.price).toBe(4_502_500n);
  });

  it('a short is forced closed at or above its price; a hedged coin has none', () => {
    const short: RiskAccount = {
      ...long,
      positions: [{ ...(long.positions[0] as RiskAccount['positions'][0]), side: 'short' }],
    };
    const price = forcedClosePrice(short, 1, () => 5_000_000n, LEVEL);
    expect(price).toEqual({ coinId: 1, fires: 'above', price: 5_441_945n });
    expect(
      reachesLevel(
        riskFigures(short, () => 5_441_945n),
        LEVEL,
      ),
    ).toBe(true);
    expect(
      reachesLevel(
        riskFigures(short, () => 5_441_944n),
        LEVEL,
      ),
    ).toBe(false);
    const hedged: RiskAccount = { ...long, positions: [...long.positions, ...short.positions] };
    expect(forcedClosePrice(hedged, 1, () => 5_000_000n, LEVEL)).toBeNull();
  });

  it('a partial close frees its share of the margin, the last close the rest', () => {
    const position = {
      side: 'long' as const,
      quantity: 300_000n,
      entryPrice: 5_000_000n,
      margin: 1_000_000_001n,
      closeRate: FEE,
      scales,
    };
    const part = closeFigures(position, 100_000n, 5_100_000n);
    expect(part).toEqual({
      quantity: 100_000n,
      price: 5_100_000n,
      profit: usdt('100'),
      fee: usdt('2.55'),
      margin: 333_333_333n,
    });
    expect(closeFigures(position, 300_000n, 5_100_000n).margin).toBe(1_000_000_001n);
    expect(() => closeFigures(position, 300_001n, 5_100_000n)).toThrow(RangeError);
  });

  it("pays a forced close out of the account first; only a loss beyond it is the insurance account's", () => {
    expect(payoutOf(100n, 500n, -200n, 10n)).toEqual({ available: 390n, fee: 10n, shortfall: 0n });
    expect(payoutOf(100n, 500n, -595n, 10n)).toEqual({ available: 0n, fee: 5n, shortfall: 0n });
    expect(payoutOf(100n, 500n, -700n, 10n)).toEqual({ available: 0n, fee: 0n, shortfall: 100n });
  });

  it('books a forced close with a shortfall as one balanced entry, the house receiving the whole loss', () => {
    const account = { userId: 7, vcId: 2, available: 100n, freed: 500n, profit: -700n };
    const entry = contractForcedEntry(
      { refType: 'contract_forced', refId: 1 },
      account,
      payoutOf(100n, 500n, -700n, 10n),
    );
    expect(entryFault(entry)).toBeNull();
    const by = (kind: string) => entry.postings.find((p) => p.account.kind === kind)?.amountMinor;
    expect([by('margin'), by('contract'), by('house'), by('insurance'), by('fees')]).toEqual([
      -500n,
      -100n,
      700n,
      -100n,
      undefined,
    ]);
  });
});
