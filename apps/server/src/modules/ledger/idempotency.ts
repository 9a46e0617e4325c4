import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { GroupCommitter } from './group-commit.ts';
import { isUniqueViolation } from '../../db/errors.ts';

export interface IdempotentRequest {
  /** `u:<userId>` for users, `o:<operatorId>` for operators. */
  owner: string;
  key: string;
  /** The endpoint's path: a key is unique per owner, so reusing it on another endpoint is refused. */
  endpoint: string;
  /** The validated body: its JSON, with the endpoint, identifies the request. */
  body: unknown;
}

/**
 * Money-moving requests run at most once per idempotency key (DESIGN.md §4). The key row is
 * written in the same transaction as the request's effects, so either both exist or neither does:
 * a retry after a lost answer finds the row and gets the first answer back; a retry of a request
 * that failed runs again, since the failure changed nothing. The same key with a different body is
 * refused. Two copies racing each other meet at the primary key: the loser's unit rolls back and it
 * answers what the winner stored.
 *
 * A request has two steps. `check` validates it outside the transaction (the channel, the limits,
 * the credentials: slow work that must not hold a group commit) and answers what `work` needs;
 * `work` then makes the effects inside the transaction. The replay comes before both, so a retry of
 * an acknowledged request answers its first result even when the checks would refuse it now (a
 * daily limit reached by that very request, a channel closed since).
 */
export class IdempotentRequests {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly committer: GroupCommitter,
    private readonly now: () => number = Date.now,
  ) {}

  async run<C, T>(
    request: IdempotentRequest,
    check: () => Promise<C>,
    work: (trx: Transaction<Database>, checked: C) => Promise<T>,
  ): Promise<T> {
    const hash = requestHash(request);
    const earlier = await this.replay<T>(request, hash);
    if (earlier.found) return earlier.value;
    const checked = await check();
    try {
      return await this.committer.run(async (trx) => {
        const value = await work(trx, checked);
        await trx
          .insertInto('idempotency_key')
          .values({
            owner: request.owner,
            idem_key: request.key,
            endpoint: request.endpoint,
            request_hash: hash,
            response: JSON.stringify(value ?? null),
            created_at: this.now(),
          })
          .execute();
        return value;
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const winner = await this.replay<T>(request, hash);
      if (winner.found) return winner.value;
      throw error;
    }
  }

  private async replay<T>(
    request: IdempotentRequest,
    hash: string,
  ): Promise<{ found: true; value: T } | { found: false }> {
    const row = await this.db
      .selectFrom('idempotency_key')
      .select(['request_hash', 'response'])
      .where('owner', '=', request.owner)
      .where('idem_key', '=', request.key)
      .executeTakeFirst();
    if (!row) return { found: false };
    if (row.request_hash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    return { found: true, value: JSON.parse(row.response) as T };
  }
}

function requestHash(request: IdempotentRequest): string {
  return createHash('sha256')
    .update(request.endpoint)
    .update('\n')
    .update(
      JSON.stringify(request.body, (_key, value: unknown) =>
        typeof value === 'bigint' ? value.toString() : value,
      ),
    )
    .digest('hex');
}
