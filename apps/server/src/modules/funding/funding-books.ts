import type { BookRules } from '../ledger/ledger-references.ts';

/**
 * Funding's rules for the books: an approved deposit is credited once and nothing else is; a
 * withdrawal holds its amount at once and is then either paid out or returned (rejected by an
 * operator, or cancelled by its user), each at most once.
 */
export const fundingBooks: BookRules = {
  references: [
    {
      refType: 'deposit',
      table: 'recharge_order',
      requires: [{ type: 'deposit', when: "t.status = 'approved'" }],
      forbids: [{ type: 'deposit', when: "t.status <> 'approved'" }],
    },
    {
      refType: 'withdrawal',
      table: 'withdraw_order',
      requires: [
        { type: 'withdrawal_hold', when: '1 = 1' },
        { type: 'withdrawal_payout', when: "t.status = 'approved'" },
        { type: 'withdrawal_return', when: "t.status IN ('rejected', 'cancelled')" },
      ],
      forbids: [
        { type: 'withdrawal_payout', when: "t.status <> 'approved'" },
        { type: 'withdrawal_return', when: "t.status NOT IN ('rejected', 'cancelled')" },
      ],
      once: ['withdrawal_hold', 'withdrawal_payout', 'withdrawal_return'],
    },
  ],
};
