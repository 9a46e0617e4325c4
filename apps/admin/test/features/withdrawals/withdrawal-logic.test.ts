import { describe, expect, it } from 'vitest';
import {
  destinationFields,
  returnedAmount,
  withdrawalNote,
  type Withdrawal,
} from '../../../src/features/withdrawals/withdrawal-logic.ts';

describe('withdrawal figures', () => {
  it('names the destination fields, keeping an unknown one by its key', () => {
    expect(destinationFields({ targetDetail: { bank: 'BCP', cardNumber: '1234', memo: 'x' } })).toEqual([
      { key: 'bank', label: 'Bank', value: 'BCP' },
      { key: 'cardNumber', label: 'Card number', value: '1234' },
      { key: 'memo', label: 'memo', value: 'x' },
    ]);
  });

  it('notes the payout reference of an approval and the reason of a rejection', () => {
    const order = { status: 'approved', payoutReference: 'TX-1', rejectReason: null } as Withdrawal;
    expect(withdrawalNote(order)).toBe('TX-1');
    expect(withdrawalNote({ ...order, status: 'rejected', rejectReason: 'Wrong card' })).toBe('Wrong card');
  });

  it('writes the amount a rejection returns', () => {
    expect(returnedAmount({ amount: '150.000000', symbol: 'USDT' } as Withdrawal)).toBe('150.00 USDT');
  });
});
