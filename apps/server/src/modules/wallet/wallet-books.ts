import type { BookRules } from '../ledger/ledger-references.ts';

/** The wallet's rules for the books: a transfer and an operator's adjustment each have their entry. */
export const walletBooks: BookRules = {
  references: [
    { refType: 'transfer', table: 'wallet_transfer', requires: [{ type: 'transfer', when: '1 = 1' }] },
    { refType: 'adjustment', table: 'balance_adjustment', requires: [{ type: 'adjustment', when: '1 = 1' }] },
  ],
};
