import type { Storage } from '../../db/database.ts';
import { BalanceChanges } from './balance-changes.ts';
import { GroupCommitter } from '../storage/group-commit.ts';
import { IdempotentRequests } from '../storage/idempotency.ts';
import { Ledger } from './ledger.ts';

/**
 * What every money-moving module needs, made once per app: the ledger (the one write path of
 * money), the group committer its transactions go through, and the idempotent-request runner.
 */
export interface Money {
  readonly dialect: Storage['dialect'];
  readonly ledger: Ledger;
  readonly committer: GroupCommitter;
  readonly requests: IdempotentRequests;
  /**
   * Whose balances moved: announced after each committed unit of work that posted to the ledger
   * (the users' live channel listens, decision 024).
   */
  readonly balanceChanges: BalanceChanges;
}

export function createMoney(storage: Storage, now: () => number = Date.now): Money {
  const committer = new GroupCommitter(storage.db);
  const balanceChanges = new BalanceChanges();
  return {
    dialect: storage.dialect,
    ledger: new Ledger(storage.dialect, now, { committer, changes: balanceChanges }),
    committer,
    requests: new IdempotentRequests(storage.db, committer, storage.dialect, now),
    balanceChanges,
  };
}
