import { describe, expect, it } from 'vitest';
import { EMPTY_FILTER, filterSummary } from '../../../src/features/wallet/bill-filter-logic.ts';
import { translate } from '../../../src/lib/i18n.ts';
import { setupWebTests } from '../../setup.tsx';
import { BTC, USDT } from '../../support/wallet-fixtures.ts';

setupWebTests();

const currencies = [USDT, BTC];

describe('bills filter summary', () => {
  it('is empty while nothing narrows the list', () => {
    expect(filterSummary(EMPTY_FILTER, currencies, translate)).toEqual([]);
  });

  it('names the types in one chip, then the currency, then the date range', () => {
    expect(
      filterSummary(
        { types: ['transfer', 'deposit'], vcId: 2, startDate: '2026-01-01', endDate: '2026-01-31' },
        currencies,
        translate,
      ),
    ).toEqual(['Transfer, Deposit', 'BTC', '2026-01-01 – 2026-01-31']);
  });

  it('shows a range only once both ends are set', () => {
    expect(filterSummary({ ...EMPTY_FILTER, startDate: '2026-01-01' }, currencies, translate)).toEqual([]);
    expect(filterSummary({ ...EMPTY_FILTER, endDate: '2026-01-31' }, currencies, translate)).toEqual([]);
  });

  it('leaves out a currency the wallet does not list', () => {
    expect(filterSummary({ ...EMPTY_FILTER, vcId: 99 }, currencies, translate)).toEqual([]);
  });
});
