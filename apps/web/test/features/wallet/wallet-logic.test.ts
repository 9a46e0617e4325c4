import { describe, expect, it } from 'vitest';
import {
  billsRequest,
  dayStart,
  EMPTY_FILTER,
  isFiltered,
  toggleType,
  validateFilter,
} from '../../../src/features/wallet/bill-filter-logic.ts';
import {
  BILL_TYPE_LIST,
  FINANCE_BILL_TYPES,
  billLine,
} from '../../../src/features/wallet/bill-lines-logic.ts';
import {
  defaultCurrency,
  initialTransfer,
  serverErrorField,
  transferBody,
  transferReducer,
  validateTransfer,
  type TransferAction,
  type TransferState,
} from '../../../src/features/wallet/transfer-logic.ts';
import {
  canTransfer,
  displayDecimals,
  plainAmount,
  revalue,
  showAmount,
  showUsdt,
  totalText,
  valueInUsdt,
} from '../../../src/features/wallet/wallet-logic.ts';
import { translate } from '../../../src/lib/i18n.ts';
import { setupWebTests } from '../../setup.tsx';
import { BTC, ETH, OVERVIEW, USDT, bill } from '../../support/wallet-fixtures.ts';

setupWebTests();

const run = (state: TransferState, ...actions: TransferAction[]) => actions.reduce(transferReducer, state);

describe('transfer form', () => {
  it('starts from spot to contract on the currency asked for, else one holding something', () => {
    expect(initialTransfer(2)).toEqual({ vcId: 2, from: 'spot', to: 'contract', amount: '', errors: {} });
    expect(defaultCurrency([ETH, BTC, USDT], 1)).toBe(1);
    expect(defaultCurrency([ETH, BTC, USDT], 99)).toBe(2);
    expect(defaultCurrency([ETH], null)).toBe(3);
    expect(defaultCurrency([], null)).toBeNull();
  });

  it('swaps the accounts, and the available amount follows the source', () => {
    const swapped = run(initialTransfer(1), { type: 'swap' });
    expect([swapped.from, swapped.to]).toEqual(['contract', 'spot']);
    expect(run(swapped, { type: 'all', available: USDT.contract, decimals: 6 }).amount).toBe('100');
    expect(run(initialTransfer(1), { type: 'all', available: USDT.spot, decimals: 6 }).amount).toBe('1250.5');
    // "All" types only the decimals allowed; the remainder below them stays in the account.
    const all = (available: string, decimals: number) =>
      run(initialTransfer(1), { type: 'all', available, decimals }).amount;
    expect(all('1250.123456', 4)).toBe('1250.1234');
    expect(all('1250.000056', 4)).toBe('1250');
    expect(run(swapped, { type: 'swap' })).toMatchObject({ from: 'spot', to: 'contract' });
  });

  it('keeps typing within digits, one dot and the decimals allowed', () => {
    const typed = (text: string, decimals: number) =>
      run(initialTransfer(1), { type: 'amount', text: '1.5', decimals }, { type: 'amount', text, decimals })
        .amount;
    expect(typed('1.52', 6)).toBe('1.52');
    expect(typed('1.5x', 6)).toBe('1.5');
    expect(typed('1.5.', 6)).toBe('1.5');
    expect(typed('-1.5', 6)).toBe('1.5');
    expect(typed('1.5000001', 6)).toBe('1.5');
    expect(typed('', 6)).toBe('');
    // The platform allows 4 of USDT's 6 decimals: a 5th is not taken.
    expect(typed('1.5123', 4)).toBe('1.5123');
    expect(typed('1.51234', 4)).toBe('1.5');
  });

  it('validates in order: currency, accounts, then the amount against the source balance', () => {
    expect(validateTransfer(initialTransfer(null), undefined, 6)).toEqual({
      vcId: { key: 'validation.required' },
    });
    const empty = initialTransfer(1);
    expect(validateTransfer(empty, USDT, 6)).toEqual({ amount: { key: 'validation.amountEmpty' } });
    const amount = (text: string, state = empty) =>
      validateTransfer({ ...state, amount: text }, USDT, USDT.scale).amount;
    expect(amount('0')).toEqual({ key: 'validation.amountWrong' });
    expect(amount('.')).toEqual({ key: 'validation.amountWrong' });
    expect(amount('1.0000001')).toEqual({ key: 'validation.amountPrecision', params: { decimals: 6 } });
    expect(amount('1250.500001')).toEqual({ key: 'error.INSUFFICIENT_BALANCE' });
    expect(amount('1250.5')).toBeUndefined();
    // From the contract account only its 100 can move.
    const fromContract = run(empty, { type: 'swap' });
    expect(amount('100.000001', fromContract)).toEqual({ key: 'error.INSUFFICIENT_BALANCE' });
    expect(amount('100', fromContract)).toBeUndefined();
    expect(validateTransfer({ ...empty, to: 'spot', amount: '1' }, USDT, 6)).toEqual({
      to: { key: 'validation.transferSameAccount' },
    });
    // Nothing to move at all.
    expect(validateTransfer({ ...empty, vcId: 3, amount: '0.1' }, ETH, ETH.scale).amount).toEqual({
      key: 'error.INSUFFICIENT_BALANCE',
    });
  });

  it('allows only the decimals the platform allows, and names that number', () => {
    // GLOBAL amountMaxPrecision 4 against USDT's 6 decimals: the server refuses a 6-decimal amount.
    const amount = (text: string) =>
      validateTransfer({ ...initialTransfer(1), amount: text }, USDT, 4).amount;
    const refused = amount('10.123456');
    expect(refused).toEqual({ key: 'validation.amountPrecision', params: { decimals: 4 } });
    expect(refused && 'key' in refused ? translate(refused.key, refused.params) : refused).toBe(
      'At most 4 decimal places',
    );
    expect(amount('10.12345')).toEqual({ key: 'validation.amountPrecision', params: { decimals: 4 } });
    expect(amount('10.1234')).toBeUndefined();
    expect(amount('10.123400')).toBeUndefined();
    // The balance is still compared at the currency's scale.
    expect(amount('1250.5001')).toEqual({ key: 'error.INSUFFICIENT_BALANCE' });
  });

  it('clears the errors an action makes obsolete', () => {
    const failing = run(initialTransfer(1), {
      type: 'errors',
      errors: { amount: { key: 'validation.amountEmpty' }, to: { key: 'validation.transferSameAccount' } },
    });
    expect(run(failing, { type: 'amount', text: '1', decimals: 6 }).errors).toEqual({
      to: { key: 'validation.transferSameAccount' },
    });
    expect(run(failing, { type: 'swap' }).errors).toEqual({});
    const changed = run(failing, { type: 'amount', text: '5', decimals: 6 }, { type: 'currency', vcId: 2 });
    expect(changed).toMatchObject({ vcId: 2, amount: '' });
    expect(
      run(failing, { type: 'fieldError', field: 'amount', message: { text: 'Insufficient balance' } }).errors
        .amount,
    ).toEqual({ text: 'Insufficient balance' });
  });

  it('builds the request body and places server failures', () => {
    expect(transferBody({ ...initialTransfer(1), vcId: 1, amount: ' 12.5 ' })).toEqual({
      vcId: 1,
      from: 'spot',
      to: 'contract',
      amount: '12.5',
    });
    expect(serverErrorField('AMOUNT_INVALID', 'amount')).toBe('amount');
    expect(serverErrorField('VALIDATION_FAILED', 'to')).toBe('to');
    expect(serverErrorField('VC_NOT_FOUND', 'vcId')).toBe('vcId');
    expect(serverErrorField('INSUFFICIENT_BALANCE', null)).toBe('amount');
    expect(serverErrorField('IDEMPOTENCY_KEY_REUSED', null)).toBeNull();
  });
});

describe('wallet figures', () => {
  it('values holdings in USDT like the server: truncated to 6 decimals', () => {
    expect(valueInUsdt(50_012_300n, 8, '60000.00')).toBe(30_007_380_000n);
    expect(valueInUsdt(1n, 8, '0.0001')).toBe(0n);
    expect(valueInUsdt(1_000_000n, 6, '1.0000')).toBe(1_000_000n);
    // A price with few decimals and a coin with few decimals: the shift goes the other way.
    expect(valueInUsdt(3n, 2, '2')).toBe(60_000n);
    expect(valueInUsdt(1n, 8, 'bad')).toBeNull();
  });

  it('re-values at live prices and sums again, leaving coins without a price as they were', () => {
    const live = revalue(OVERVIEW, new Map([[2, '61000.00']]));
    expect(live.currencies[1]).toMatchObject({ priceUsdt: '61000.00', valueUsdt: '30507.503000' });
    expect(live.currencies[0]).toBe(USDT);
    expect(live.totalUsdt).toBe('31878.003000');
    // Nothing moved: the very same object, so nothing re-renders.
    expect(revalue(OVERVIEW, new Map([[2, '60000.00']]))).toBe(OVERVIEW);
    expect(revalue(OVERVIEW, new Map())).toBe(OVERVIEW);
  });

  it('shows significant decimals within the scale, and hides every figure on demand', () => {
    expect(displayDecimals('69.500000', 6)).toBe(2);
    expect(displayDecimals('0.00012300', 8)).toBe(6);
    expect(displayDecimals('0.12345678', 8)).toBe(8);
    expect(displayDecimals('5', 0)).toBe(0);
    expect(showAmount('1250.500000', 6, false)).toBe('1,250.50');
    expect(showAmount('0.00012300', 8, false)).toBe('0.000123');
    expect(showAmount('1250.500000', 6, true)).toBe('****');
    expect(showUsdt('30007.389999', false)).toBe('30,007.38');
    expect(showUsdt('30007.38', true)).toBe('****');
    expect(plainAmount('69.500000')).toBe('69.5');
    expect(plainAmount('100.000000')).toBe('100');
    expect(plainAmount('7')).toBe('7');
  });
});

describe('assets screen total', () => {
  it('shows the total once loaded, nothing while loading and a dash when it could not be read', () => {
    expect(totalText(OVERVIEW, false, false)).toBe('31,377.88');
    expect(totalText(OVERVIEW, false, true)).toBe('****');
    expect(totalText(undefined, true, false)).toBe('');
    expect(totalText(undefined, false, false)).toBe('--');
    expect(totalText(undefined, false, true)).toBe('--');
  });

  it('offers a transfer only with a wallet currency to move', () => {
    expect(canTransfer(OVERVIEW)).toBe(true);
    expect(canTransfer({ totalUsdt: '0.000000', currencies: [] })).toBe(false);
    expect(canTransfer(undefined)).toBe(false);
  });
});

describe('bill lines', () => {
  it('explain a transfer out of the spot account', () => {
    const line = billLine(bill(), translate);
    expect(line).toEqual({
      title: 'Transfer',
      account: 'spot account',
      reference: 'Transfer #12',
      memo: null,
      amount: '-30.50 USDT',
      tone: 'down',
      balance: 'Balance 69.50 USDT',
      time: '2025-03-07 14:05:09',
    });
  });

  it('sign credits, name every reference kind and keep the memo', () => {
    const credit = billLine(
      bill({ type: 'adjustment', refType: 'adjustment', refId: 3, amount: '100.000000', memo: ' welcome ' }),
      translate,
    );
    expect(credit).toMatchObject({
      title: 'Balance adjustment',
      amount: '+100.00 USDT',
      tone: 'up',
      reference: 'Adjustment #3',
      memo: 'welcome',
    });
    const line = (refType: string, type = 'deposit' as const) =>
      billLine(bill({ refType, refId: 7, type }), translate).reference;
    expect(line('deposit')).toBe('Deposit order #7');
    expect(line('withdrawal')).toBe('Withdrawal order #7');
    expect(line('timing')).toBe('Timed order #7');
    expect(line('unknown')).toBeNull();
    expect(line('constructor')).toBeNull();
    const btc = billLine(
      bill({
        symbol: 'BTC',
        amount: '0.00012300',
        balanceAfter: '1.50000000',
        account: 'trade_hold',
        type: 'timing_stake',
      }),
      translate,
    );
    expect(btc).toMatchObject({
      title: 'Timed trade stake',
      account: 'open order holds',
      amount: '+0.000123 BTC',
      balance: 'Balance 1.50 BTC',
    });
    expect(billLine(bill({ amount: '0.000000' }), translate)).toMatchObject({
      amount: '0.00 USDT',
      tone: 'flat',
    });
  });

  it('have a title for every bill type', () => {
    expect(BILL_TYPE_LIST).toHaveLength(21);
    for (const type of BILL_TYPE_LIST) {
      expect(billLine(bill({ type }), translate).title).not.toMatch(/^bills\./);
    }
    const forced = billLine(bill({ type: 'contract_forced', account: 'margin' }), translate);
    expect(forced.title).toBe('Contract account force-closed');
    expect(forced.account).toBe('contract margin');
  });

  it('explain the finance bills: a purchase, an early redemption and a settlement', () => {
    expect(FINANCE_BILL_TYPES.every((type) => BILL_TYPE_LIST.includes(type))).toBe(true);
    const bought = billLine(
      bill({ type: 'finance_buy', refType: 'finance_order', refId: 5, amount: '-100.000000' }),
      translate,
    );
    expect(bought).toMatchObject({
      title: 'Finance purchase',
      reference: 'Finance order #5',
      amount: '-100.00 USDT',
    });
    const held = billLine(
      bill({ type: 'finance_buy', account: 'finance_hold', refType: 'finance_order', refId: 5 }),
      translate,
    );
    expect(held.account).toBe('finance principal');
    const redeemed = billLine(
      bill({ type: 'finance_redeem', refType: 'finance_order', refId: 5, amount: '99.500000' }),
      translate,
    );
    expect(redeemed).toMatchObject({ title: 'Finance early redemption', amount: '+99.50 USDT' });
    const settled = billLine(
      bill({ type: 'finance_settlement', refType: 'finance_settlement', refId: 9, amount: '100.980000' }),
      translate,
    );
    expect(settled).toMatchObject({
      title: 'Finance settlement',
      reference: 'Finance settlement #9',
      amount: '+100.98 USDT',
    });
  });
});

describe('bills filter', () => {
  it('asks for both dates once either is chosen, and for the end not before the start', () => {
    expect(validateFilter(EMPTY_FILTER)).toEqual({});
    expect(validateFilter({ ...EMPTY_FILTER, startDate: '2025-03-01' })).toEqual({
      endDate: 'validation.dateRequired',
    });
    expect(validateFilter({ ...EMPTY_FILTER, endDate: '2025-03-01' })).toEqual({
      startDate: 'validation.dateRequired',
    });
    expect(validateFilter({ ...EMPTY_FILTER, startDate: '2025-03-02', endDate: '2025-03-01' })).toEqual({
      endDate: 'validation.dateRange',
    });
    // One day is a valid range: the end day is included.
    expect(validateFilter({ ...EMPTY_FILTER, startDate: '2025-03-01', endDate: '2025-03-01' })).toEqual({});
  });

  it('asks the server for whole local days, the end day included', () => {
    const request = billsRequest({
      types: ['deposit', 'transfer'],
      vcId: 2,
      startDate: '2025-03-01',
      endDate: '2025-03-31',
    });
    expect(request).toEqual({
      types: ['deposit', 'transfer'],
      vcId: 2,
      fromTime: new Date(2025, 2, 1).getTime(),
      toTime: new Date(2025, 3, 1).getTime(),
    });
    expect(billsRequest(EMPTY_FILTER)).toEqual({});
    expect(dayStart('2025-12-31', 1)).toBe(new Date(2026, 0, 1).getTime());
    expect(dayStart('31/12/2025')).toBeNull();
    expect(isFiltered(EMPTY_FILTER)).toBe(false);
    expect(isFiltered({ ...EMPTY_FILTER, vcId: 1 })).toBe(true);
  });

  it('toggles types, and every type chosen means all of them', () => {
    const all = BILL_TYPE_LIST;
    expect(toggleType([], 'deposit', all)).toEqual(['deposit']);
    expect(toggleType(['deposit', 'transfer'], 'deposit', all)).toEqual(['transfer']);
    // Kept in the list's order whatever the order of taps.
    expect(toggleType(['deposit'], 'transfer', all)).toEqual(['transfer', 'deposit']);
    const allButOne = all.filter((t) => t !== 'adjustment');
    expect(toggleType(allButOne, 'adjustment', all)).toEqual([]);
  });
});
