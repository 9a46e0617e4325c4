import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { findLiveSession } from '../users/session-repository.ts';
import { findLiveSessionIds } from './live-session-repository.ts';

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

export function databaseUserSessions(db: Kysely<Database>, now: () => number = Date.now): UserSessions {
  return {
    async find(token) {
      const row = await findLiveSession(db, token, now());
      if (!row) return null;
      return { sessionId: Number(row.id), userId: Number(row.user_id), expiresAt: Number(row.expires_at) };
    },
    async stillLive(sessionIds) {
      return findLiveSessionIds(db, sessionIds, now());
    },
  };
}
