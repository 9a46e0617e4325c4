import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * The PostgreSQL advisory lock that makes one node the feed's leader. The statements are raw SQL
 * because advisory locks are server functions, not statements on a table, and the query builder has
 * no form for them. The lock is a session lock: it belongs to the connection that took it, so both
 * functions must be given that same dedicated connection, never the pool.
 */

/** The advisory lock key of the feed leader ("VELAFEED" folded into 32 bits). */
export const FEED_LEADER_LOCK = 0x7e1af33d;

/** Tries to take the lock on this connection without waiting; true when it is now held. */
export async function tryFeedLeaderLock(connection: Kysely<Database>): Promise<boolean> {
  const result = await sql<{
    locked: boolean;
  }>`select pg_try_advisory_lock(${FEED_LEADER_LOCK}) as locked`.execute(connection);
  const row = result.rows[0];
  if (!row) throw new Error('pg_try_advisory_lock answered no row');
  return row.locked;
}

/** Gives the lock back; run on the connection that holds it. */
export async function releaseFeedLeaderLock(connection: Kysely<Database>): Promise<void> {
  await sql`select pg_advisory_unlock(${FEED_LEADER_LOCK})`.execute(connection);
}
