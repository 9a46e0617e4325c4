import { describe, expect, it } from 'vitest';
import {
  LANGUAGES,
  TERM_FIELDS,
  formPlaceOf,
  givenTexts,
  newProductValues,
  productToValues,
  refusalText,
  termsLocked,
  valuesToInput,
} from '../../../src/features/finance/finance-product-logic.ts';
import { btcProduct, ethProduct } from './fixtures.ts';

describe('a product in the form', () => {
  it('lists the eleven languages, English first', () => {
    expect(LANGUAGES).toHaveLength(11);
    expect(LANGUAGES[0]).toBe('en');
    expect(new Set(LANGUAGES)).toEqual(
      new Set(['zh-CN', 'en', 'zh-TW', 'id', 'ms', 'es', 'tr', 'ja', 'kr', 'ar', 'pt']),
    );
  });

  it('starts from the product as an operator would type it, rates exactly as the server has them', () => {
    const values = productToValues(ethProduct);
    expect(values).toMatchObject({
      vcId: 2,
      rateStr: '0.08000000',
      buyType: 'coin',
      cycle: 7,
      cycleType: 'day',
      exchangeRate: '3000',
      serviceRateStr: '0',
      minAmount: '0.1',
      maxAmount: '',
      quota: '500',
      enabled: false,
      sort: 2,
    });
    expect(values.names.en).toBe('ETH 7 days');
    expect(values.names.ja).toBe('');
    expect(Object.keys(values.remarks)).toHaveLength(11);
  });

  it('starts a new product closed, paid in USDT, by the day, with no fee', () => {
    expect(newProductValues()).toMatchObject({
      vcId: undefined,
      buyType: 'usdt',
      cycleType: 'day',
      serviceRateStr: '0',
      enabled: false,
      sort: 0,
    });
  });

  it('sends trimmed text, the given languages only, and an empty maximum as null', () => {
    const values = {
      ...productToValues(btcProduct),
      rateStr: ' 0.15 ',
      maxAmount: ' ',
      names: { ...productToValues(btcProduct).names, 'zh-CN': '  ', ja: ' BTC 30日 ' },
    };
    expect(valuesToInput(values, 1)).toEqual({
      id: 1,
      vcId: 1,
      names: { en: 'BTC 30 days', ja: 'BTC 30日' },
      remarks: { en: 'Dual investment' },
      rateStr: '0.15',
      buyType: 'usdt',
      cycle: 30,
      cycleType: 'day',
      exchangeRate: '60000',
      serviceRateStr: '0.01',
      minAmount: '100',
      maxAmount: null,
      quota: '1000000',
      enabled: true,
      sort: 1,
    });
  });

  it('has no id for a new product, and no input while a choice or a number is missing', () => {
    const values = { ...productToValues(btcProduct) };
    expect(valuesToInput(values)).not.toHaveProperty('id');
    expect(valuesToInput({ ...values, vcId: undefined })).toBeNull();
    expect(valuesToInput({ ...values, cycle: null })).toBeNull();
    expect(valuesToInput({ ...values, sort: null })).toBeNull();
  });

  it('keeps no text for a language left empty', () => {
    expect(givenTexts({ ...newProductValues().names, en: ' Gold ', kr: '' })).toEqual({ en: 'Gold' });
  });
});

describe('locked terms', () => {
  it('locks a product once it has orders, and never a new one', () => {
    expect(termsLocked(ethProduct)).toBe(true);
    expect(termsLocked(btcProduct)).toBe(false);
    expect(termsLocked(null)).toBe(false);
  });

  it('locks the terms and leaves the names, remarks, sale and sort order free', () => {
    expect(TERM_FIELDS).toEqual([
      'vcId',
      'buyType',
      'rateStr',
      'cycle',
      'cycleType',
      'exchangeRate',
      'serviceRateStr',
      'minAmount',
      'maxAmount',
      'quota',
    ]);
  });
});

describe('server refusals in the form', () => {
  it('puts a refusal on the field it names', () => {
    expect(formPlaceOf('rateStr')).toEqual({ place: 'rateStr', label: 'Annual yield' });
    expect(formPlaceOf('maxAmount')).toEqual({ place: 'maxAmount', label: 'Maximum amount' });
  });

  it('puts a refusal of the names under the English name, or the language it names', () => {
    expect(formPlaceOf('names')).toEqual({ place: ['names', 'en'], label: 'Name (English)' });
    expect(formPlaceOf('remarks.ja')).toEqual({ place: ['remarks', 'ja'], label: 'Remark (Japanese)' });
  });

  it('marks nothing for a field the form does not show', () => {
    expect(formPlaceOf('id')).toBeNull();
    expect(formPlaceOf(null)).toBeNull();
    expect(formPlaceOf('toString')).toBeNull();
  });

  it('says why locked terms are refused, and shows other refusals as the server words them', () => {
    expect(refusalText({ code: 'FINANCE_TERMS_LOCKED', message: 'x' })).toBe(
      'Fixed: the product has orders, so its terms cannot change',
    );
    expect(refusalText({ code: 'FINANCE_PRODUCT_INVALID', message: 'Too many decimals' })).toBe(
      'Too many decimals',
    );
  });
});
