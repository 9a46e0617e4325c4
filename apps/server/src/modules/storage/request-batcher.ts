import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { GroupCommitter } from './group-commit.ts';

/** One request's result inside a batch: what it answers, or why it was refused (it wrote nothing). */
export type BatchOutcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

/**
 * Does the requests of one kind that arrive together as one unit of the group committer, so that a
 * burst of N orders costs a few set-based statements (one multi-row insert of the orders, one ledger
 * post, one insert of the idempotency keys) instead of N times a dozen. `perform` must refuse a
 * request without writing anything for it and answer one outcome per request, in order; a request
 * it refuses does not refuse the others.
 *
 * One batch is in the committer at a time: requests arriving meanwhile wait and go together in the
 * next, so batches grow with the load, as group commit does. A batch that fails as a whole on a
 * unique key (two nodes committing the same idempotency key, say) is split and each request tried
 * alone, so one duplicate cannot fail its neighbours. Callers are answered after the commit.
 */
export class RequestBatcher<In, Out> {
  private queue: { item: In; resolve(value: Out): void; reject(error: unknown): void }[] = [];
  private busy = false;

  constructor(
    private readonly committer: GroupCommitter,
    private readonly perform: (
      trx: Transaction<Database>,
      items: readonly In[],
    ) => Promise<BatchOutcome<Out>[]>,
    private readonly maxBatch = 2_000,
  ) {}

  submit(item: In): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.busy) {
        this.busy = true;
        // The requests of the same turn of the event loop join the first batch.
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, this.maxBatch);
        await this.run(batch);
      }
    } finally {
      this.busy = false;
    }
  }

  private async run(batch: RequestBatcher<In, Out>['queue']): Promise<void> {
    let outcomes: BatchOutcome<Out>[];
    try {
      outcomes = await this.committer.run((trx) =>
        this.perform(
          trx,
          batch.map((b) => b.item),
        ),
      );
    } catch (error) {
      if (batch.length > 1 && isUniqueViolation(error)) {
        for (const single of batch) await this.run([single]);
        return;
      }
      for (const waiting of batch) waiting.reject(error);
      return;
    }
    batch.forEach((waiting, i) => {
      const outcome = outcomes[i];
      if (!outcome) waiting.reject(new Error('a batched request got no outcome'));
      else if (outcome.ok) waiting.resolve(outcome.value);
      else waiting.reject(outcome.error);
    });
  }
}
