import { describe, expect, it } from 'vitest';
import {
  approvalBody,
  creditDecimals,
  creditNeeds,
  creditRulesFrom,
  depositNote,
  isCreditableAmount,
  type Deposit,
} from '../../../src/features/deposits/deposit-credit.ts';

const rules = { tolerancePercent: '5', maxDecimals: 4 };

describe('creditRulesFrom', () => {
  it('reads the tolerance and the precision from the configuration', () => {
    const items = [
      { group: 'RECHARGE', key: 'creditTolerancePercent', value: '2.5' },
      { group: 'GLOBAL', key: 'amountMaxPrecision', value: '4' },
      { group: 'GLOBAL', key: 'other', value: 'x' },
    ] as const;
    expect(creditRulesFrom(items)).toEqual({ tolerancePercent: '2.5', maxDecimals: 4 });
  });

  it('is null while an item is missing', () => {
    expect(creditRulesFrom([{ group: 'GLOBAL', key: 'amountMaxPrecision', value: '4' }])).toBeNull();
  });
});

describe('creditNeeds', () => {
  it('needs nothing for the quote, however it is written', () => {
    expect(creditNeeds('150.000000', '150', '5')).toBe('nothing');
    expect(creditNeeds('150.000000', ' 150.0 ', '5')).toBe('nothing');
  });

  it('needs a reason within the tolerance and an administrator beyond it', () => {
    expect(creditNeeds('100.000000', '96', '5')).toBe('reason');
    expect(creditNeeds('100.000000', '94', '5')).toBe('administrator');
  });

  it('needs a reason for an amount it cannot read', () => {
    expect(creditNeeds('100.000000', 'abc', '5')).toBe('reason');
  });
});

describe('isCreditableAmount', () => {
  it('accepts the quote, an empty field and a positive amount within the decimals', () => {
    expect(isCreditableAmount('100.000000', '100', rules)).toBe(true);
    expect(isCreditableAmount('100.000000', '', rules)).toBe(true);
    expect(isCreditableAmount('100.000000', '99.1234', rules)).toBe(true);
  });

  it('refuses zero, too many decimals and text', () => {
    expect(isCreditableAmount('100.000000', '0', rules)).toBe(false);
    expect(isCreditableAmount('100.000000', '99.12345', rules)).toBe(false);
    expect(isCreditableAmount('100.000000', 'ten', rules)).toBe(false);
  });

  it('allows the currency scale when the configuration is not loaded', () => {
    expect(creditDecimals('1.000000', null)).toBe(6);
    expect(creditDecimals('1.000000', rules)).toBe(4);
  });
});

describe('approvalBody', () => {
  it('leaves the amount out for the quote', () => {
    expect(approvalBody(9, 'nothing', '100', undefined)).toEqual({ orderId: 9 });
  });

  it('sends another amount with its reason', () => {
    expect(approvalBody(9, 'reason', '96', 'bank charges')).toEqual({
      orderId: 9,
      creditedAmount: '96',
      reason: 'bank charges',
    });
  });
});

describe('depositNote', () => {
  const order = {
    status: 'approved',
    creditedAmount: '96.500000',
    symbol: 'USDT',
    rejectReason: null,
  } as Deposit;

  it('says what an approval credited', () => {
    expect(depositNote(order)).toBe('Credited 96.50 USDT');
  });

  it('gives the reason of a rejection', () => {
    expect(
      depositNote({ ...order, status: 'rejected', creditedAmount: null, rejectReason: 'No transfer' }),
    ).toBe('No transfer');
  });
});
