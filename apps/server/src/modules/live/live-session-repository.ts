import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * The live hub's reads of the `sessions` table, the same table the HTTP API authenticates against,
 * so a session the API refuses is refused on the sockets too.
 */

/** How stale a live session's last-seen time may grow before a re-check touches it again. */
const SEEN_EVERY_MS = 60_000;

/** Ids per look-up, well inside every driver's limit on bound parameters. */
const IDS_PER_QUERY = 500;

/**
 * Of the given sessions, the ids of those neither revoked nor expired at `at`; the live ones are
 * marked seen at `at`, since a socket held open is a user online (decision 049) as much as a request.
 */
export async function findLiveSessionIds(
  db: Kysely<Database>,
  sessionIds: readonly number[],
  at: number,
): Promise<Set<number>> {
  const live = new Set<number>();
  for (let i = 0; i < sessionIds.length; i += IDS_PER_QUERY) {
    const rows = await db
      .selectFrom('sessions')
      .select('id')
      .where('id', 'in', sessionIds.slice(i, i + IDS_PER_QUERY))
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', at)
      .execute();
    for (const row of rows) live.add(Number(row.id));
  }
  // A session seen within the minute is left alone, as a request's touch is: a socket costs at most
  // one write a minute, however often its sessions are re-checked.
  for (const chunk of chunkedIds([...live])) {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: at })
      .where('id', 'in', chunk)
      .where('last_seen_at', '<', at - SEEN_EVERY_MS)
      .execute();
  }
  return live;
}

function chunkedIds(ids: readonly number[]): number[][] {
  const chunks: number[][] = [];
  for (let i = 0; i < ids.length; i += IDS_PER_QUERY) chunks.push(ids.slice(i, i + IDS_PER_QUERY));
  return chunks;
}
