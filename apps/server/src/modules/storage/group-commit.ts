import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Work<T> = (trx: Transaction<Database>) => Promise<T>;

interface Pending {
  work: Work<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** Something to do once a unit of work is durable: announce it, never change the database. */
export type AfterCommit = () => void;

export interface GroupCommitOptions {
  /** Units of work per transaction at most. */
  maxBatch?: number;
  /** Whole-batch retries after a deadlock or serialization failure (PostgreSQL). */
  retries?: number;
}

/** PostgreSQL's deadlock and serialization failures: the batch did nothing and may run again. */
const RETRYABLE = new Set(['40P01', '40001']);

/**
 * Group commit for money-moving requests. Units of work that arrive while a transaction is being
 * written share the next transaction, so a burst of N requests costs one durable commit (one
 * fsync on SQLite, one WAL flush on PostgreSQL) instead of N. Each unit runs under its own
 * savepoint: a unit that fails (insufficient balance, a refused request) rolls back alone and its
 * caller gets the error, while the others commit. A caller's promise settles only after the commit,
 * so nothing is acknowledged before it is durable.
 *
 * A unit may also ask for work to run after its commit (`afterCommit`): the announcements of what it
 * changed (the users' live channel). They run only for units that committed, once, after the whole
 * batch is durable; a unit that rolled back, or a batch whose commit failed, announces nothing.
 */
export class GroupCommitter {
  private queue: Pending[] = [];
  private running = false;
  /**
   * The after-commit work of the units running now, by the transaction handed to each unit (its
   * savepoint). An entry lives while its unit runs, so work asked for through any other handle
   * (another transaction, a unit already finished) finds none.
   */
  private readonly unitEffects = new Map<object, AfterCommit[]>();
  private readonly maxBatch: number;
  private readonly retries: number;

  constructor(
    private readonly db: Kysely<Database>,
    options: GroupCommitOptions = {},
  ) {
    this.maxBatch = options.maxBatch ?? 500;
    this.retries = options.retries ?? 3;
  }

  /**
   * Runs `effect` once the unit of work that was handed `trx` has committed; never when the unit
   * rolls back or its batch fails to commit. Answers false, and drops the effect, when `trx` is not
   * the transaction of a unit of this committer that is running now (money moved in a transaction
   * of its own, as benchmarks do, is not announced). Effects run in the order they were asked for;
   * one that throws is reported and does not stop the others.
   */
  afterCommit(trx: Kysely<Database>, effect: AfterCommit): boolean {
    const effects = this.unitEffects.get(trx);
    if (!effects) return false;
    effects.push(effect);
    return true;
  }

  run<T>(work: Work<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.running) {
        this.running = true;
        // Let the requests of the same turn of the event loop join the first batch.
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.slice(0, this.maxBatch);
        this.queue = this.queue.slice(batch.length);
        await this.commitBatch(batch);
      }
    } finally {
      this.running = false;
    }
  }

  private async commitBatch(batch: Pending[]): Promise<void> {
    for (let attempt = 0; ; attempt += 1) {
      const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
      const committedEffects: AfterCommit[] = [];
      try {
        const trx = await this.db.startTransaction().execute();
        try {
          for (const unit of batch) {
            const savepoint = await trx.savepoint('unit').execute();
            const effects: AfterCommit[] = [];
            this.unitEffects.set(savepoint, effects);
            try {
              const value = await unit.work(savepoint);
              await savepoint.releaseSavepoint('unit').execute();
              outcomes.push({ ok: true, value });
              committedEffects.push(...effects);
            } catch (error) {
              if (isRetryable(error)) throw error;
              await savepoint.rollbackToSavepoint('unit').execute();
              await savepoint.releaseSavepoint('unit').execute();
              outcomes.push({ ok: false, error });
            } finally {
              this.unitEffects.delete(savepoint);
            }
          }
          await trx.commit().execute();
        } catch (error) {
          await trx
            .rollback()
            .execute()
            .catch(() => undefined);
          throw error;
        }
      } catch (error) {
        if (isRetryable(error) && attempt < this.retries) continue;
        for (const unit of batch) unit.reject(error);
        return;
      }
      batch.forEach((unit, i) => {
        const outcome = outcomes[i];
        if (outcome?.ok) unit.resolve(outcome.value);
        else unit.reject(outcome?.error);
      });
      runEffects(committedEffects);
      return;
    }
  }
}

/** The batch is durable: its announcements go out; a failing one must not silence the rest. */
function runEffects(effects: readonly AfterCommit[]): void {
  for (const effect of effects) {
    try {
      effect();
    } catch (error) {
      console.error('[money] an after-commit effect failed', error);
    }
  }
}

function isRetryable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RETRYABLE.has(code);
}
