import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { GroupCommitter } from './group-commit.ts';
import type { Dialect } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { findKey, findKeys, insertKeys } from './idempotency-repository.ts';

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
 * Money-moving requests run at most once per idempotency key (decision 018). The key row is
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
    private readonly dialect: Dialect,
    private readonly now: () => number = Date.now,
  ) {}

  async run<C, T>(
    request: IdempotentRequest,
    check: () => Promise<C>,
    work: (trx: Transaction<Database>, checked: C) => Promise<T>,
  ): Promise<T> {
    const hash = requestHash(request);
    const earlier = await this.replay<T>(request);
    if (earlier.found) return earlier.value;
    const checked = await check();
    try {
      return await this.committer.run(async (trx) => {
        const value = await work(trx, checked);
        await insertKeys(trx, this.dialect, [
          {
            owner: request.owner,
            key: request.key,
            endpoint: request.endpoint,
            hash,
            response: JSON.stringify(value ?? null),
            createdAt: this.now(),
          },
        ]);
        return value;
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const winner = await this.replay<T>(request);
      if (winner.found) return winner.value;
      throw error;
    }
  }

  /**
   * The first answer to this request when its key was used before; IDEMPOTENCY_KEY_REUSED when the
   * key was used for another request. Batched requests (`RequestBatcher`) call it before their
   * checks, as `run` does.
   */
  async replay<T>(request: IdempotentRequest): Promise<{ found: true; value: T } | { found: false }> {
    const row = await findKey(this.db, request.owner, request.key);
    if (!row) return { found: false };
    if (row.request_hash !== requestHash(request)) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    return { found: true, value: JSON.parse(row.response) as T };
  }

  /**
   * Inside a batch's transaction: the keys of `requests` that exist already (a copy committed since
   * the replay check), keyed by `owner key`, with their stored hash and answer.
   */
  async findMany(
    trx: Transaction<Database>,
    requests: readonly IdempotentRequest[],
  ): Promise<Map<string, { hash: string; response: string }>> {
    const found = new Map<string, { hash: string; response: string }>();
    for (const row of await findKeys(trx, requests))
      found.set(`${row.owner} ${row.idem_key}`, { hash: row.request_hash, response: row.response });
    return found;
  }

  /** Stores the keys of a batch's requests with their answers, in the batch's transaction. */
  async storeMany(
    trx: Transaction<Database>,
    done: readonly { request: IdempotentRequest; value: unknown }[],
  ) {
    const createdAt = this.now();
    await insertKeys(
      trx,
      this.dialect,
      done.map(({ request, value }) => ({
        owner: request.owner,
        key: request.key,
        endpoint: request.endpoint,
        hash: requestHash(request),
        response: JSON.stringify(value ?? null),
        createdAt,
      })),
    );
  }
}

/**
 * The request's identity: a hash of its endpoint and body. Kept per request object, since a batched
 * request is compared and stored several times on its way (replay, batch, key row).
 */
const hashes = new WeakMap<IdempotentRequest, string>();

export function requestHash(request: IdempotentRequest): string {
  let hash = hashes.get(request);
  if (hash === undefined) {
    hash = createHash('sha256')
      .update(request.endpoint)
      .update('\n')
      .update(
        JSON.stringify(request.body, (_key, value: unknown) =>
          typeof value === 'bigint' ? value.toString() : value,
        ),
      )
      .digest('hex');
    hashes.set(request, hash);
  }
  return hash;
}
