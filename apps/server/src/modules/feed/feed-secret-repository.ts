import type { Kysely } from 'kysely';
import type { Database, FeedSecretTable } from '../../db/schema.ts';

/** The SQL of the feed's daily secrets (decision 034). */

export type FeedSecretRow = FeedSecretTable;

/**
 * Stores a day's secret unless the day already has one, then answers the day's row: the one just
 * written, or the one another node wrote first. Every node therefore uses the same secret.
 */
export async function insertFeedSecret(db: Kysely<Database>, row: FeedSecretRow): Promise<FeedSecretRow> {
  await db
    .insertInto('feed_secret')
    .values(row)
    .onConflict((oc) => oc.column('day').doNothing())
    .execute();
  const stored = await findFeedSecret(db, row.day);
  if (!stored) throw new Error(`The feed secret of ${row.day} was written but cannot be read back`);
  return stored;
}

export function findFeedSecret(db: Kysely<Database>, day: string): Promise<FeedSecretRow | undefined> {
  return db.selectFrom('feed_secret').selectAll().where('day', '=', day).executeTakeFirst();
}

/** The rows of the days from `fromDay` to `toDay` ("YYYY-MM-DD", inclusive), oldest first. */
export function feedSecretsBetween(
  db: Kysely<Database>,
  fromDay: string,
  toDay: string,
): Promise<FeedSecretRow[]> {
  return db
    .selectFrom('feed_secret')
    .selectAll()
    .where('day', '>=', fromDay)
    .where('day', '<=', toDay)
    .orderBy('day')
    .execute();
}
