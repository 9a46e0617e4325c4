import { describe, expect, it } from 'vitest';
import type { ContractAccount } from '@vela/contract';
import { EQUITY_GONE_RISK } from '@vela/domain';
import {
  checkCloseQuantity,
  checkContractOrder,
  checkMarginAmount,
  checkQuantity,
  checkTargets,
  orderBody,
  targetsBody,
  type ContractFormInput,
} from '../../../src/features/contract/contract-checks.ts';
import {
  contractCoinToShow,
  contractEstimate,
  enabledContractTerms,
  fractionPoints,
  largestQuantity,
  levelPercent,
  openableQuantity,
  quantityForMargin,
  quickQuantities,
  riskPercent,
  riskTone,
  type OpenFigures,
} from '../../../src/features/contract/contract-logic.ts';
import { shareOf } from '../../../src/features/contract/contract-figures.ts';
import { makeAccount, makeContractTerms, makeLevels, makePosition } from '../../support/contract-fixtures.ts';

const TERMS = makeContractTerms();
const LIVE = new Map([
  [1, '62000.00'],
  [2, '3000.00'],
]);

/** A long at market, 10×, at the live 3,000 of ETH, on an account with 1,000 USDT available. */
const open = (overrides: Partial<OpenFigures> = {}): OpenFigures => ({
  terms: TERMS,
  side: 'long',
  kind: 'market',
  leverage: 10,
  price: '3000.00',
  account: makeAccount(),
  levels: makeLevels(),
  live: LIVE,
  scales: { quote: 6, coin: 8 },
  ...overrides,
});

/** The same account holding the 10× long of 0.01 BTC from 60,000, now 20 USDT up at 62,000. */
const HOLDING_BTC: ContractAccount = makeAccount({
  margin: '60.000000',
  profit: '20.000000',
  equity: '1080.000000',
  riskDegree: '0.0555',
  positions: [makePosition()],
});

describe('the coin and its terms', () => {
  it('counts only enabled terms, and shows the chosen coin while it trades contracts and has a price', () => {
    expect(enabledContractTerms([TERMS], 2)).toBe(TERMS);
    expect(enabledContractTerms([{ ...TERMS, enabled: false }], 2)).toBeNull();
    expect(enabledContractTerms(undefined, 2)).toBeNull();
    const priced = new Set([1, 2]);
    expect(contractCoinToShow(2, [1, 2], priced)).toBe(2);
    expect(contractCoinToShow(3, [1, 2], priced)).toBe(1);
    expect(contractCoinToShow(null, [3, 2], priced)).toBe(2);
    expect(contractCoinToShow(2, [], priced)).toBeNull();
  });
});

describe('the estimate of an order', () => {
  it('prices 1 ETH at 3,000 and 10×: margin, fee, risk degree and forced-close price after the trade', () => {
    // Margin 3,000 × 1 / 10 = 300; fee 3,000 × 0.05 % = 1.5. Afterwards: available 698.5, equity
    // 300 + 0 + 698.5 = 998.5, risk 300 / 998.5 = 30.045… %, shown to the basis point below.
    // The level (90 %) is reached when equity ≤ 333.33…: a loss of 665.17 or more, so at or below
    // 3,000 - 665.17 = 2,334.83.
    expect(contractEstimate({ ...open(), quantity: '1' })).toEqual({
      margin: '300.000000',
      fee: '1.500000',
      short: false,
      risk: 3004n,
      reaches: false,
      forcedClose: { price: '2334.83', fires: 'below' },
    });
  });

  it('counts the positions the account already holds, at their live marks', () => {
    // Margins 60 + 300 = 360, BTC's profit 20, available 698.5: equity 1,078.5, risk 33.379… %.
    // The level: equity ≤ 360 / 0.9 = 400, an ETH loss of 678.50, so at or below 2,321.50.
    const estimate = contractEstimate({ ...open({ account: HOLDING_BTC }), quantity: '1' });
    expect(estimate).toMatchObject({ risk: 3337n, reaches: false });
    expect(estimate?.forcedClose).toEqual({ price: '2321.50', fires: 'below' });
  });

  it('turns the forced-close price round for a short: it fires at or above', () => {
    // A short of 1 at 3,000: equity 998.5 falls to 333.33 when the price rises by 665.17 or more.
    const estimate = contractEstimate({ ...open({ side: 'short' }), quantity: '1' });
    expect(estimate?.forcedClose).toEqual({ price: '3665.17', fires: 'above' });
  });

  it('says when the order would reach the forced-close level', () => {
    // 3 ETH: margin 900, fee 4.5, equity 995.5, risk 90.406… % ≥ 90 %.
    expect(contractEstimate({ ...open(), quantity: '3' })).toMatchObject({
      margin: '900.000000',
      fee: '4.500000',
      risk: 9040n,
      reaches: true,
    });
    // 2.98 ETH: margin 894, fee 4.47, equity 995.53, risk 89.80… %: below the level.
    expect(contractEstimate({ ...open(), quantity: '2.98' })).toMatchObject({ risk: 8980n, reaches: false });
  });

  it('says when the available amount cannot pay margin and fee', () => {
    // 4 ETH: margin 1,200 and fee 6 against 1,000 available.
    expect(contractEstimate({ ...open(), quantity: '4' })).toMatchObject({ short: true, reaches: true });
  });

  it('opens a limit order at its limit, valued at the live price', () => {
    // A long of 1 at 2,900 while the price is 3,000: margin 290, fee 1.45, 100 USDT up at once.
    // Equity 290 + 100 + 708.55 = 1,098.55; risk 26.398… %.
    const estimate = contractEstimate({ ...open({ kind: 'limit', price: '2900.00' }), quantity: '1' });
    expect(estimate).toMatchObject({ margin: '290.000000', fee: '1.450000', risk: 2639n });
  });

  it('estimates margin and fee alone while the account is unknown, and nothing without a price or quantity', () => {
    expect(contractEstimate({ ...open({ account: undefined }), quantity: '1' })).toEqual({
      margin: '300.000000',
      fee: '1.500000',
      short: false,
      risk: null,
      reaches: false,
      forcedClose: null,
    });
    expect(contractEstimate({ ...open({ price: undefined }), quantity: '1' })).toBeNull();
    expect(contractEstimate({ ...open(), quantity: '' })).toBeNull();
    expect(contractEstimate({ ...open(), quantity: '0' })).toBeNull();
  });
});

describe('quick quantities', () => {
  it('are shares of the most the account can open: paid by the available amount and below the level', () => {
    // 1,000 USDT pays up to 3.31 ETH, but from 2.99 ETH the risk degree reaches 90 %: 2.98 is the most.
    expect(openableQuantity(open())).toBe(298_000_000n);
    expect(quickQuantities(open())).toEqual([
      { percent: 25, value: '0.74' },
      { percent: 50, value: '1.49' },
      { percent: 75, value: '2.23' },
      { percent: 100, value: '2.98' },
    ]);
  });

  it('are capped by the coin maximum, and zero without an account or a price', () => {
    const capped = quickQuantities(open({ terms: makeContractTerms({ maxQuantity: '2' }) }));
    expect(capped.map((share) => share.value)).toEqual(['0.5', '1', '1.5', '2']);
    expect(quickQuantities(open({ account: undefined })).map((share) => share.value)).toEqual([
      '0',
      '0',
      '0',
      '0',
    ]);
    expect(quickQuantities(open({ price: '' })).map((share) => share.value)).toEqual(['0', '0', '0', '0']);
  });

  it('find the last quantity that fits by doubling and halving', () => {
    expect(largestQuantity((quantity) => quantity <= 37n, 1n)).toBe(37n);
    expect(largestQuantity((quantity) => quantity <= 37n, 10n)).toBe(30n);
    expect(largestQuantity(() => false, 1n)).toBe(0n);
  });

  it('of a position to close are truncated to the quantity decimals', () => {
    expect(shareOf('0.50000000', 25, 2)).toBe('0.12');
    expect(shareOf('0.50000000', 100, 2)).toBe('0.5');
    expect(shareOf('0.00000000', 50, 2)).toBe('0');
  });
});

describe('a margin amount', () => {
  it('opens the quantity it pays the margin of, truncated to the quantity decimals', () => {
    // 100 USDT at 10× buys 1,000 USDT of ETH: 0.333… ETH at 3,000, 0.32252… at 3,100.50.
    expect(quantityForMargin({ ...open(), margin: '100' })).toBe('0.33');
    expect(quantityForMargin({ ...open({ price: '3100.50' }), margin: '100' })).toBe('0.32');
    expect(quantityForMargin({ ...open({ leverage: 1 }), margin: '3000' })).toBe('1');
    expect(quantityForMargin({ ...open(), margin: '0.5' })).toBe('0');
    expect(quantityForMargin({ ...open(), margin: '' })).toBeNull();
    expect(quantityForMargin({ ...open({ price: undefined }), margin: '100' })).toBeNull();
  });

  it('is checked for the quantity it opens', () => {
    expect(checkMarginAmount(TERMS, '100', 2, '0.33')).toBeNull();
    expect(checkMarginAmount(TERMS, '', 2, null)).toEqual({ key: 'validation.amountEmpty' });
    expect(checkMarginAmount(TERMS, '1.234', 2, '0')).toEqual({
      key: 'validation.amountPrecision',
      params: { decimals: 2 },
    });
    expect(checkMarginAmount(TERMS, '0.5', 2, '0')).toMatchObject({
      key: 'contract.marginOutOfRange',
      params: { quantity: '0' },
    });
  });
});

describe('the form checks', () => {
  const input = (overrides: Partial<ContractFormInput> = {}): ContractFormInput => ({
    terms: TERMS,
    side: 'long',
    kind: 'market',
    mode: 'quantity',
    amount: '1',
    marginQuantity: null,
    marginDecimals: 6,
    limitPrice: '',
    takeProfit: '',
    stopLoss: '',
    openPrice: '3000.00',
    ...overrides,
  });

  it('check the quantity within the coin decimals and limits', () => {
    expect(checkQuantity(TERMS, '1')).toBeNull();
    expect(checkQuantity(TERMS, '')).toEqual({ key: 'validation.amountEmpty' });
    expect(checkQuantity(TERMS, '0.001')).toEqual({
      key: 'validation.amountPrecision',
      params: { decimals: 2 },
    });
    expect(checkQuantity(TERMS, '101')).toMatchObject({
      key: 'validation.amountOutOfRange',
      range: { key: 'validation.rangeMinMax', params: { min: '0.01', max: '100.00' } },
    });
  });

  it('need a limit price for a limit order, and put the targets on their sides of the open price', () => {
    expect(checkContractOrder(input())).toEqual({
      amount: null,
      price: null,
      takeProfit: null,
      stopLoss: null,
    });
    expect(checkContractOrder(input({ kind: 'limit' })).price).toEqual({ key: 'validation.priceEmpty' });
    const wrong = checkContractOrder(input({ takeProfit: '2900', stopLoss: '3100' }));
    expect(wrong.takeProfit).toEqual({ key: 'error.TARGET_WRONG_SIDE' });
    expect(wrong.stopLoss).toEqual({ key: 'error.TARGET_WRONG_SIDE' });
    // A limit order's targets are judged against its limit.
    const limit = checkContractOrder(input({ kind: 'limit', limitPrice: '2800', takeProfit: '2900' }));
    expect(limit.takeProfit).toBeNull();
  });
});

describe('take-profit and stop-loss', () => {
  const targets = (side: 'long' | 'short', takeProfit: string, stopLoss: string) =>
    checkTargets({ side, reference: '3000.00', takeProfit, stopLoss, priceDecimals: 2 });

  it("put a long's take-profit above the mark and its stop-loss below; a short's the other way round", () => {
    expect(targets('long', '3100', '2900')).toEqual({ takeProfit: null, stopLoss: null });
    expect(targets('long', '2900', '3100')).toEqual({
      takeProfit: { key: 'error.TARGET_WRONG_SIDE' },
      stopLoss: { key: 'error.TARGET_WRONG_SIDE' },
    });
    expect(targets('short', '2900', '3100')).toEqual({ takeProfit: null, stopLoss: null });
    expect(targets('short', '3100', '2900').takeProfit).toEqual({ key: 'error.TARGET_WRONG_SIDE' });
    // At the mark itself is on neither side.
    expect(targets('long', '3000', '').takeProfit).toEqual({ key: 'error.TARGET_WRONG_SIDE' });
  });

  it('may be left empty, and are prices with at most the coin decimals', () => {
    expect(targets('long', '', '')).toEqual({ takeProfit: null, stopLoss: null });
    expect(targets('long', '3100.123', '').takeProfit).toEqual({
      key: 'validation.pricePrecision',
      params: { decimals: 2 },
    });
    expect(targets('long', '', '0').stopLoss).toEqual({ key: 'validation.priceWrong' });
  });

  it('are sent as null when cleared', () => {
    expect(targetsBody(7, '', ' 2800 ')).toEqual({ positionId: 7, takeProfit: null, stopLoss: '2800' });
    expect(targetsBody(7, '3300', '')).toEqual({ positionId: 7, takeProfit: '3300', stopLoss: null });
  });
});

describe('a close', () => {
  const position = { quantity: '0.50000000' };

  it('is of at most what the position holds, with the coin quantity decimals, and its minimum unless all', () => {
    expect(checkCloseQuantity(position, '0.25', TERMS)).toBeNull();
    expect(checkCloseQuantity(position, '0.5', TERMS)).toBeNull();
    expect(checkCloseQuantity(position, '0.6', TERMS)).toEqual({ key: 'error.CLOSE_MORE_THAN_HELD' });
    expect(checkCloseQuantity(position, '0.005', TERMS)).toEqual({
      key: 'validation.amountPrecision',
      params: { decimals: 2 },
    });
    expect(checkCloseQuantity(position, '', TERMS)).toEqual({ key: 'validation.amountEmpty' });
    const tiny = { quantity: '0.00500000' };
    expect(checkCloseQuantity(tiny, '0.005', { minQuantity: '0.01', quantityDecimals: 3 })).toBeNull();
    expect(checkCloseQuantity(position, '0.005', { minQuantity: '0.01', quantityDecimals: 3 })).toMatchObject(
      {
        key: 'validation.amountOutOfRange',
      },
    );
  });
});

describe('an order body', () => {
  it('names the limit and the targets only when given', () => {
    const draft = {
      vcId: 2,
      side: 'long' as const,
      kind: 'market' as const,
      leverage: 10,
      quantity: '1',
      limitPrice: null,
      takeProfit: null,
      stopLoss: '2800',
    };
    expect(orderBody(draft)).toEqual({
      vcId: 2,
      side: 'long',
      kind: 'market',
      leverage: 10,
      quantity: '1',
      stopLoss: '2800',
    });
    expect(orderBody({ ...draft, kind: 'limit', limitPrice: '2900', takeProfit: '3300' })).toMatchObject({
      limitPrice: '2900',
      takeProfit: '3300',
    });
  });
});

describe('risk degrees', () => {
  it('read wire fractions as basis points and show them as percentages', () => {
    expect(fractionPoints('0.5571')).toBe(5571n);
    expect(fractionPoints('9.9999')).toBe(99_999n);
    expect(fractionPoints(null)).toBeNull();
    expect(riskPercent(5571n)).toBe('55.71%');
    expect(riskPercent(null)).toBe('--');
    expect(riskPercent(EQUITY_GONE_RISK)).toBe('≥999.99%');
    expect(levelPercent(9000n)).toBe('90%');
    expect(levelPercent(8750n)).toBe('87.5%');
  });

  it('are a caution above 50 % and a danger at the forced-close level', () => {
    const levels = makeLevels();
    expect(riskTone(null, levels)).toBe('safe');
    expect(riskTone(5000n, levels)).toBe('safe');
    expect(riskTone(5001n, levels)).toBe('caution');
    expect(riskTone(8999n, levels)).toBe('caution');
    expect(riskTone(9000n, levels)).toBe('danger');
    expect(riskTone(5001n, undefined)).toBe('caution');
  });
});
