import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { findLiveSession } from '../users/session-repository.ts';

/** A live session as the user topic keeps it: whose it is and until when it holds. */
export interface LiveSession {
  sessionId: number;
  userId: number;
  /** Epoch ms; the session is over from this instant on. */
  expiresAt: number;
}

/**
 * How the live hub checks the session token a socket subscribes with, and later whether the
 * sessions it holds still stand. The same sessions table the HTTP API authenticates against, so a
 * token the API refuses is refused here too.
 */
export interface UserSessions {
  /** The session of the token when it is neither unknown, expired nor revoked; null otherwise. */
  find(token: string): Promise<LiveSession | null>;
  /** Of the given sessions, those neither expired nor revoked now. */
  stillLive(sessionIds: readonly number[]): Promise<Set<number>>;
}

/** Ids per look-up, well inside every driver's limit on bound parameters. */
const IDS_PER_QUERY = 500;

export function databaseUserSessions(db: Kysely<Database>, now: () => number = Date.now): UserSessions {
  return {
    async find(token) {
      const row = await findLiveSession(db, token, now());
      if (!row) return null;
      return { sessionId: Number(row.id), userId: Number(row.user_id), expiresAt: Number(row.expires_at) };
    },
    async stillLive(sessionIds) {
      const live = new Set<number>();
      const at = now();
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
      return live;
    },
  };
}
