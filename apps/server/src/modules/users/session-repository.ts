import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, SessionRow } from '../../db/schema.ts';

/**
 * Sessions are opaque random tokens. Only their SHA-256 is stored, so a leaked database or backup
 * holds nothing that can be replayed as a login. SHA-256 (not argon2) is right here: the token has
 * 256 bits of entropy, so there is nothing to brute-force.
 */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(
  db: Kysely<Database>,
  session: {
    userId: number;
    deviceId: string;
    deviceType: string;
    ip: string | null;
    ttlMs: number;
    now: number;
  },
): Promise<string> {
  const token = newSessionToken();
  await db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      user_id: session.userId,
      device_id: session.deviceId,
      device_type: session.deviceType,
      ip: session.ip,
      created_at: session.now,
      expires_at: session.now + session.ttlMs,
      last_seen_at: session.now,
      revoked_at: null,
    })
    .execute();
  return token;
}

/** The live session of a token, with whether its user must still change the initial password. */
export function findLiveSession(
  db: Kysely<Database>,
  token: string,
  now: number,
): Promise<(SessionRow & { must_change_password: number }) | undefined> {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('sessions')
    .select('users.must_change_password')
    .where('sessions.token_hash', '=', hashToken(token))
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now)
    .executeTakeFirst();
}

export async function touchSession(db: Kysely<Database>, id: number, now: number): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
}

export async function revokeSession(db: Kysely<Database>, id: number, now: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every session of a user except `keepId` (after a password change). */
export async function revokeOtherSessions(
  db: Kysely<Database>,
  userId: number,
  keepId: number,
  now: number,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('id', '!=', keepId)
    .where('revoked_at', 'is', null)
    .execute();
}
