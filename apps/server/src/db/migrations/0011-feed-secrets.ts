import type { Kysely } from 'kysely';

/**
 * The secrets of the simulator's live walk, one per UTC day (decision 034). `secret` is 32 bytes
 * from a CSPRNG in hex; `commitment` is the hex SHA-256 of those bytes, published before the day
 * starts, while the secret itself is served only once the day has ended. `effective_from_ms` is the
 * first second the secret governs: the day's start when it was committed in advance, a later second
 * when the feed first started during the day. Rows are written once (the first writer wins) and read
 * by the day, so the primary key is the only index needed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('feed_secret')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('commitment', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('effective_from_ms', 'bigint', (c) => c.notNull())
    .execute();
}
