import type { Storage } from '../../db/database.ts';
import { GroupCommitter } from './group-commit.ts';
import { IdempotentRequests } from './idempotency.ts';
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
}

export function createMoney(storage: Storage, now: () => number = Date.now): Money {
  const committer = new GroupCommitter(storage.db);
  return {
    dialect: storage.dialect,
    ledger: new Ledger(storage.dialect, now),
    committer,
    requests: new IdempotentRequests(storage.db, committer, now),
  };
}
