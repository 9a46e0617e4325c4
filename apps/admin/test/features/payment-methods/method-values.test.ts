import { describe, expect, it } from 'vitest';
import type { PaymentMethodRecord } from '@vela/contract';
import {
  changedFields,
  formFieldOf,
  headline,
  initialValues,
  methodFacts,
} from '../../../src/features/payment-methods/method-values.ts';

const wallet = {
  kind: 'WALLET_ADDRESS',
  id: 5,
  vcId: 10,
  vcChainNameId: 3,
  symbol: 'USDT',
  chainName: 'TRC20',
  vcAccount: 'TXYZ',
  remark: null,
  createdAt: new Date(2025, 0, 2, 3, 4, 5).getTime(),
  updatedAt: null,
  updatedReason: null,
  removedAt: null,
  removedReason: null,
} as unknown as PaymentMethodRecord;

describe('method values', () => {
  it('names a method by the line a person recognizes', () => {
    expect(headline(wallet)).toBe('USDT TRC20 TXYZ');
  });

  it('lists the facts that are set, marking the ones to copy', () => {
    expect(methodFacts(wallet)).toEqual([
      { label: 'Network', value: 'USDT TRC20', copy: false },
      { label: 'Address', value: 'TXYZ', copy: true },
      { label: 'Added', value: '2025-01-02 03:04:05', copy: false },
    ]);
  });

  it('fills the form with the editable fields, blanks for absent ones', () => {
    expect(initialValues(wallet)).toEqual({ vcChainNameId: 3, vcAccount: 'TXYZ', remark: '' });
  });

  it('sends only what changed, trimmed', () => {
    const initial = initialValues(wallet);
    expect(
      changedFields(initial, { vcChainNameId: 3, vcAccount: ' TNEW ', remark: '', reason: 'x' }),
    ).toEqual({
      vcAccount: 'TNEW',
    });
    expect(changedFields(initial, { vcChainNameId: 3, vcAccount: 'TXYZ', remark: ' ', reason: 'x' })).toEqual(
      {},
    );
  });

  it('marks the field a refusal names, inside changes or the reason', () => {
    expect(formFieldOf(wallet, 'changes.vcAccount')).toBe('vcAccount');
    expect(formFieldOf(wallet, 'reason')).toBe('reason');
    expect(formFieldOf(wallet, 'changes.cardNumber')).toBeNull();
    expect(formFieldOf(wallet, null)).toBeNull();
  });
});
