import { describe, expect, it } from 'vitest';
import type { SpotHolding, SpotTerms } from '@vela/contract';
import {
  amountOverLimit,
  checkLimitPrice,
  checkSpotOrder,
  enabledTerms,
  holdingFigures,
  orderBody,
  orderPrice,
  prefilledPrice,
  quickAmount,
  quickAmounts,
  sideDecimals,
  signedPercent,
  signTone,
  spotEstimate,
  spotRangeHint,
  stateLabel,
  type SpotFormInput,
} from '../../../src/features/trade/spot-logic.ts';
import { makeSpotHolding, makeSpotTerms } from '../../support/spot-fixtures.ts';

const TERMS: SpotTerms = makeSpotTerms();

const form = (overrides: Partial<SpotFormInput> = {}): SpotFormInput => ({
  terms: TERMS,
  side: 'buy',
  kind: 'market',
  amount: '100',
  limitPrice: '',
  available: '1000.000000',
  ...overrides,
});

describe('spot terms', () => {
  it('counts only enabled terms of the coin', () => {
    expect(enabledTerms([TERMS], 2)).toBe(TERMS);
    expect(enabledTerms([{ ...TERMS, enabled: false }], 2)).toBeNull();
    expect(enabledTerms([TERMS], 3)).toBeNull();
    expect(enabledTerms(undefined, 2)).toBeNull();
  });

  it('types a buy with the amount decimals, a sell with the quantity decimals, 4 without terms', () => {
    expect(sideDecimals(TERMS, 'buy')).toBe(2);
    expect(sideDecimals(TERMS, 'sell')).toBe(4);
    expect(sideDecimals({ ...TERMS, quantityDecimals: 6 }, 'sell')).toBe(6);
    expect(sideDecimals(null, 'buy')).toBe(4);
    expect(sideDecimals(null, 'sell')).toBe(4);
  });
});

describe('quick amounts', () => {
  it('are shares of what is available, truncated and never rounded up', () => {
    // 25 % of 1,250.5 is 312.625: two decimals keep 312.62, not 312.63.
    expect(quickAmount('1250.500000', 25, 2)).toBe('312.62');
    expect(quickAmount('1250.500000', 100, 2)).toBe('1250.5');
    expect(quickAmount('0.12345678', 100, 4)).toBe('0.1234');
    expect(quickAmount('0.12349999', 50, 4)).toBe('0.0617');
    expect(quickAmount('0.00009999', 100, 4)).toBe('0');
    expect(quickAmount('3.00000000', 75, 4)).toBe('2.25');
  });

  it('are zero when nothing is available or it is not known', () => {
    expect(quickAmount(null, 50, 4)).toBe('0');
    expect(quickAmount('0.000000', 50, 4)).toBe('0');
    expect(quickAmount('not a number', 50, 4)).toBe('0');
  });

  it('offer 25, 50, 75 and 100 %', () => {
    expect(quickAmounts('0.50000000', 4)).toEqual([
      { percent: 25, value: '0.125' },
      { percent: 50, value: '0.25' },
      { percent: 75, value: '0.375' },
      { percent: 100, value: '0.5' },
    ]);
  });
});

describe('range hint', () => {
  it('names the minimum and maximum of the side', () => {
    expect(spotRangeHint(TERMS, 'buy')).toEqual({
      key: 'validation.rangeMinMax',
      params: { min: '10.00', max: '50,000.00' },
    });
    expect(spotRangeHint(TERMS, 'sell')).toEqual({
      key: 'validation.rangeMinUncapped',
      params: { min: '0.001' },
    });
  });
});

describe('order checks', () => {
  it('check the amount in order: empty, wrong, too many decimals, out of range', () => {
    expect(checkSpotOrder(form({ amount: ' ' })).amount).toEqual({ key: 'validation.amountEmpty' });
    expect(checkSpotOrder(form({ amount: 'abc' })).amount).toEqual({ key: 'validation.amountWrong' });
    expect(checkSpotOrder(form({ amount: '0' })).amount).toEqual({ key: 'validation.amountWrong' });
    expect(checkSpotOrder(form({ amount: '10.123' })).amount).toEqual({
      key: 'validation.amountPrecision',
      params: { decimals: 2 },
    });
    expect(checkSpotOrder(form({ amount: '9.99' })).amount).toEqual({
      key: 'validation.amountOutOfRange',
      range: spotRangeHint(TERMS, 'buy'),
    });
    expect(checkSpotOrder(form({ amount: '50000.01', available: null })).amount).toEqual({
      key: 'validation.amountOutOfRange',
      range: spotRangeHint(TERMS, 'buy'),
    });
    expect(checkSpotOrder(form()).amount).toBeNull();
  });

  it('check what is available: USDT for a buy, the holding for a sell', () => {
    expect(checkSpotOrder(form({ amount: '1000.01' })).amount).toEqual({ key: 'error.INSUFFICIENT_BALANCE' });
    expect(checkSpotOrder(form({ amount: '1000' })).amount).toBeNull();
    const sell = form({ side: 'sell', amount: '0.6', available: '0.50000000' });
    expect(checkSpotOrder(sell).amount).toEqual({ key: 'error.INSUFFICIENT_HOLDING' });
    expect(checkSpotOrder({ ...sell, amount: '0.00012' }).amount).toEqual({
      key: 'validation.amountPrecision',
      params: { decimals: 4 },
    });
    expect(checkSpotOrder({ ...sell, amount: '0.5' }).amount).toBeNull();
  });

  it('check a limit price only for a limit order', () => {
    expect(checkSpotOrder(form()).price).toBeNull();
    expect(checkSpotOrder(form({ kind: 'limit' })).price).toEqual({ key: 'validation.priceEmpty' });
    expect(checkLimitPrice('0', 2)).toEqual({ key: 'validation.priceWrong' });
    expect(checkLimitPrice('1,5', 2)).toEqual({ key: 'validation.priceWrong' });
    expect(checkLimitPrice('3100.555', 2)).toEqual({
      key: 'validation.amountPrecision',
      params: { decimals: 2 },
    });
    expect(checkLimitPrice('3100.5', 2)).toBeNull();
  });

  it('report while typing only what more typing cannot fix', () => {
    expect(amountOverLimit(form({ amount: '5' }))).toBeNull();
    expect(amountOverLimit(form({ amount: '' }))).toBeNull();
    expect(amountOverLimit(form({ amount: '60000', available: null }))?.key).toBe(
      'validation.amountOutOfRange',
    );
    expect(amountOverLimit(form({ amount: '1500' }))).toEqual({ key: 'error.INSUFFICIENT_BALANCE' });
  });
});

describe('estimates', () => {
  const scales = { quoteScale: 6, coinScale: 8 };

  it('buy whole quantity steps whose cost and fee fit in the amount', () => {
    // 100 USDT at 50,000: at most 99.9000 of quote fits with its 0.1 % fee, that is 0.0019 BTC
    // in steps of 0.0001, costing 95 USDT and a fee of 0.095.
    const estimate = spotEstimate({ terms: TERMS, side: 'buy', amount: '100', price: '50000.00', ...scales });
    expect(estimate).toEqual({ fee: '0.095000', receive: '0.00190000' });
  });

  it('sell the quantity at the price, less the fee', () => {
    const estimate = spotEstimate({
      terms: TERMS,
      side: 'sell',
      amount: '0.5',
      price: '60000.00',
      ...scales,
    });
    expect(estimate).toEqual({ fee: '30.000000', receive: '29970.000000' });
  });

  it('say nothing without a price, an amount, or when not one step can be bought', () => {
    const base = { terms: TERMS, side: 'buy' as const, ...scales };
    expect(spotEstimate({ ...base, amount: '100', price: undefined })).toBeNull();
    expect(spotEstimate({ ...base, amount: '100', price: '0' })).toBeNull();
    expect(spotEstimate({ ...base, amount: '', price: '50000' })).toBeNull();
    expect(spotEstimate({ ...base, amount: '1', price: '50000' })).toBeNull();
    expect(
      spotEstimate({ ...base, terms: { ...TERMS, feeRate: '1' }, amount: '100', price: '5' }),
    ).toBeNull();
  });
});

describe('request body', () => {
  it('names the amount for a buy, the quantity for a sell, and the price of a limit', () => {
    expect(orderBody({ vcId: 2, side: 'buy', kind: 'market', amount: '250', limitPrice: null })).toEqual({
      vcId: 2,
      side: 'buy',
      kind: 'market',
      amount: '250',
    });
    expect(orderBody({ vcId: 2, side: 'sell', kind: 'limit', amount: '0.5', limitPrice: '3100.5' })).toEqual({
      vcId: 2,
      side: 'sell',
      kind: 'limit',
      quantity: '0.5',
      limitPrice: '3100.5',
    });
    // A market order never sends a price, whatever was typed before switching.
    expect(orderBody({ vcId: 2, side: 'sell', kind: 'market', amount: '1', limitPrice: '9' })).toEqual({
      vcId: 2,
      side: 'sell',
      kind: 'market',
      quantity: '1',
    });
  });

  it('prefills a limit price from the live price, cut to the price decimals', () => {
    expect(prefilledPrice('3100.5678', 2)).toBe('3100.56');
    expect(prefilledPrice('3100.5', 2)).toBe('3100.5');
    expect(prefilledPrice(undefined, 2)).toBe('');
  });
});

describe('holdings', () => {
  it('are valued at the live price, with the profit against the cost', () => {
    const holding: SpotHolding = makeSpotHolding();
    expect(holdingFigures(holding, '60000.00')).toEqual({
      value: '30000.000000',
      profit: '5000.000000',
      percent: 20,
    });
    expect(holdingFigures(holding, '40000')).toEqual({
      value: '20000.000000',
      profit: '-5000.000000',
      percent: -20,
    });
  });

  it('show no profit while the average cost is unknown, and nothing without a price', () => {
    const deposited = makeSpotHolding({ averageCost: null, cost: '0.000000' });
    expect(holdingFigures(deposited, '60000')).toEqual({
      value: '30000.000000',
      profit: null,
      percent: null,
    });
    expect(holdingFigures(makeSpotHolding(), null)).toEqual({ value: null, profit: null, percent: null });
  });

  it('write percentages and tones as the app does', () => {
    expect(signedPercent(12.345)).toBe('+12.35%');
    expect(signedPercent(-5)).toBe('-5.00%');
    expect(signedPercent(0.001)).toBe('0.00%');
    expect(signTone('5000.000000')).toBe('up');
    expect(signTone('-0.000001')).toBe('down');
    expect(signTone('0.000000')).toBe('flat');
    expect(signTone(null)).toBe('flat');
  });
});

describe('orders', () => {
  it('name their state, a cancellation for being too small apart', () => {
    expect(stateLabel({ state: 'open', cancelReason: null })).toBe('spot.state.open');
    expect(stateLabel({ state: 'filled', cancelReason: null })).toBe('spot.state.filled');
    expect(stateLabel({ state: 'cancelled', cancelReason: 'user' })).toBe('spot.state.cancelled');
    expect(stateLabel({ state: 'cancelled', cancelReason: 'too_small' })).toBe('spot.state.tooSmall');
  });

  it('show the fill price once filled, otherwise the limit', () => {
    expect(orderPrice({ fillPrice: '3100.50', limitPrice: '3000.00' })).toBe('3100.50');
    expect(orderPrice({ fillPrice: null, limitPrice: '3000.00' })).toBe('3000.00');
    expect(orderPrice({ fillPrice: null, limitPrice: null })).toBeNull();
  });
});
