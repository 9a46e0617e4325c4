import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { GroupCommitter } from './group-commit.ts';
import type { Dialect } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { RowsStatement } from './sql-batch.ts';

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
  private readonly keyRows: RowsStatement;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly committer: GroupCommitter,
    dialect: Dialect,
    private readonly now: () => number = Date.now,
  ) {
    this.keyRows = new RowsStatement(
      dialect,
      ['plain', 'plain', 'plain', 'plain', 'plain', 'bigint'],
      (rows) =>
        `INSERT INTO idempotency_key (owner, idem_key, endpoint, request_hash, response, created_at) VALUES ${rows}`,
    );
  }

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
    const row = await this.db
      .selectFrom('idempotency_key')
      .select(['request_hash', 'response'])
      .where('owner', '=', request.owner)
      .where('idem_key', '=', request.key)
      .executeTakeFirst();
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
    for (let i = 0; i < requests.length; i += 200) {
      const slice = requests.slice(i, i + 200);
      const rows = await trx
        .selectFrom('idempotency_key')
        .select(['owner', 'idem_key', 'request_hash', 'response'])
        .where((eb) =>
          eb.or(slice.map((r) => eb.and([eb('owner', '=', r.owner), eb('idem_key', '=', r.key)]))),
        )
        .execute();
      for (const row of rows)
        found.set(`${row.owner} ${row.idem_key}`, { hash: row.request_hash, response: row.response });
    }
    return found;
  }

  /** Stores the keys of a batch's requests with their answers, in the batch's transaction. */
  async storeMany(
    trx: Transaction<Database>,
    done: readonly { request: IdempotentRequest; value: unknown }[],
  ) {
    const now = this.now();
    await this.keyRows.run(trx, done, ({ request, value }, values) =>
      values.push(
        request.owner,
        request.key,
        request.endpoint,
        requestHash(request),
        JSON.stringify(value ?? null),
        now,
      ),
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
