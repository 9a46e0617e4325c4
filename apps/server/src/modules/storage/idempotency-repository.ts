import type { Kysely, Transaction } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { RowsStatement, rowsStatementPerDialect } from './sql-batch.ts';

/** A request's key, as it is stored with the request's first answer. */
export interface StoredKey {
  owner: string;
  key: string;
  endpoint: string;
  hash: string;
  /** The answer as JSON. */
  response: string;
  createdAt: number;
}

/**
 * Writes keys in the caller's transaction: one for a single request, a batch's at once for batched
 * ones. A key stored already fails the statement with a unique violation (the owner and key are the
 * primary key), which is how two copies of one request meet.
 */
export async function insertKeys(
  trx: Transaction<Database>,
  dialect: Dialect,
  keys: readonly StoredKey[],
): Promise<void> {
  await keyRows(dialect).run(trx, keys, (key, values) =>
    values.push(key.owner, key.key, key.endpoint, key.hash, key.response, key.createdAt),
  );
}

// A raw multi-row insert: a batch of placements stores thousands of keys in one commit.
const keyRows = rowsStatementPerDialect(
  (dialect) =>
    new RowsStatement(
      dialect,
      ['plain', 'plain', 'plain', 'plain', 'plain', 'bigint'],
      (rows) =>
        `INSERT INTO idempotency_key (owner, idem_key, endpoint, request_hash, response, created_at) VALUES ${rows}`,
    ),
);

/** The stored hash and answer of one owner's key, if the key was used. */
export function findKey(db: Kysely<Database>, owner: string, key: string) {
  return db
    .selectFrom('idempotency_key')
    .select(['request_hash', 'response'])
    .where('owner', '=', owner)
    .where('idem_key', '=', key)
    .executeTakeFirst();
}

/** The stored keys among `keys`, read 200 at a time, with their hash and answer. */
export async function findKeys(
  trx: Transaction<Database>,
  keys: readonly { owner: string; key: string }[],
): Promise<{ owner: string; idem_key: string; request_hash: string; response: string }[]> {
  const found: { owner: string; idem_key: string; request_hash: string; response: string }[] = [];
  for (let i = 0; i < keys.length; i += 200) {
    const slice = keys.slice(i, i + 200);
    const rows = await trx
      .selectFrom('idempotency_key')
      .select(['owner', 'idem_key', 'request_hash', 'response'])
      .where((eb) => eb.or(slice.map((r) => eb.and([eb('owner', '=', r.owner), eb('idem_key', '=', r.key)]))))
      .execute();
    for (const row of rows) found.push(row);
  }
  return found;
}
