import type { Kysely } from 'kysely';
import type { Database } from './db/schema.ts';
import { checkLedger, type InvariantReport } from './modules/ledger/invariant-checker.ts';
import type { BookRules } from './modules/ledger/ledger-references.ts';
import { fundingBooks } from './modules/funding/funding-books.ts';
import { spotBooks } from './modules/spot/spot-books.ts';
import { contractBooks } from './modules/contract/contract-books.ts';
import { financeBooks } from './modules/finance/finance-books.ts';
import { teamBooks } from './modules/team/team-books.ts';
import { timingBooks } from './modules/timing/timing-books.ts';
import { walletBooks } from './modules/wallet/wallet-books.ts';

/**
 * Every module that moves money, with the rules its business rows and entries obey. A new engine
 * that books money adds its own `BookRules` here (see `timing/timing-books.ts`); a journal entry
 * naming a reference type nobody declared is reported as unknown.
 */
export const BOOK_RULES: readonly BookRules[] = [
  walletBooks,
  fundingBooks,
  timingBooks,
  spotBooks,
  contractBooks,
  financeBooks,
  teamBooks,
];

/** The invariant checker over the whole ledger and every module's books. */
export function checkBooks(db: Kysely<Database>, dialect: 'sqlite' | 'postgres'): Promise<InvariantReport> {
  return checkLedger(db, dialect, BOOK_RULES);
}
