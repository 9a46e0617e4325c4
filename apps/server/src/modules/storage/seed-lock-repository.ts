import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Makes the seeds of several nodes that start against one fresh PostgreSQL database at once run one
 * after another, so each sees what the previous one inserted. The lock belongs to the caller's
 * transaction and ends with it. SQLite needs nothing: it has a single writer, so its transactions
 * are already serialised.
 */
export async function takeSeedLock(trx: Kysely<Database>): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`select pg_advisory_xact_lock(7460911)`.execute(trx);
  }
}
