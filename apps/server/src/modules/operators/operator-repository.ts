import type { Insertable, Kysely, Updateable } from 'kysely';
import type { OperatorRole } from '@vela/contract';
import type { Database, OperatorRow, OperatorsTable } from '../../db/schema.ts';
import { hashToken, newSessionToken } from '../users/session-repository.ts';

/**
 * Operators and their sessions. Every function takes `db` first, so a transaction can be passed
 * straight in.
 */

/**
 * Operator tokens carry a prefix. It changes nothing about their strength (the random part is the
 * same 256 bits as a user's), but it lets an operator endpoint tell "this is a user's token"
 * (UNAUTHORIZED) from "your console session has ended" (SESSION_EXPIRED), and makes a leaked token
 * recognisable in a log or a ticket.
 */
export const OPERATOR_TOKEN_PREFIX = 'op_';

export function isOperatorToken(token: string): boolean {
  return token.startsWith(OPERATOR_TOKEN_PREFIX);
}

export function findOperatorById(db: Kysely<Database>, id: number): Promise<OperatorRow | undefined> {
  return db.selectFrom('operators').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findOperatorByUsername(
  db: Kysely<Database>,
  username: string,
): Promise<OperatorRow | undefined> {
  return db
    .selectFrom('operators')
    .selectAll()
    .where('username_key', '=', username.toLowerCase())
    .executeTakeFirst();
}

/** Active operators first, then by name: the order the console lists them in. */
export function listOperators(db: Kysely<Database>): Promise<OperatorRow[]> {
  return db.selectFrom('operators').selectAll().orderBy('status', 'desc').orderBy('username_key').execute();
}

/** Answers the new id, or null when the username is taken (the unique index decides races). */
export async function insertOperator(
  db: Kysely<Database>,
  operator: Insertable<OperatorsTable> & { role: OperatorRole },
): Promise<number | null> {
  const row = await db
    .insertInto('operators')
    .values(operator)
    .onConflict((oc) => oc.column('username_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function updateOperator(
  db: Kysely<Database>,
  id: number,
  changes: Updateable<OperatorsTable>,
): Promise<void> {
  await db.updateTable('operators').set(changes).where('id', '=', id).execute();
}

/**
 * Records an accepted TOTP step, but only if it is later than the stored one. The condition sits in
 * the UPDATE, so two concurrent logins with the same code cannot both pass.
 */
export async function claimTotpStep(db: Kysely<Database>, id: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('operators')
    .set({ totp_last_step: step })
    .where('id', '=', id)
    .where('totp_last_step', '<', step)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// ---- sessions --------------------------------------------------------------------------------------

export async function createOperatorSession(
  db: Kysely<Database>,
  session: { operatorId: number; ip: string | null; ttlMs: number; now: number },
): Promise<string> {
  const token = OPERATOR_TOKEN_PREFIX + newSessionToken();
  await db
    .insertInto('operator_sessions')
    .values({
      token_hash: hashToken(token),
      operator_id: session.operatorId,
      ip: session.ip,
      created_at: session.now,
      expires_at: session.now + session.ttlMs,
      last_seen_at: session.now,
      revoked_at: null,
    })
    .execute();
  return token;
}

/**
 * The live session of a token with its operator's role: not revoked, not past its lifetime, used
 * within the idle limit, and its operator still active. The operator's status is read on every
 * request, so no session outlives its operator's account, whatever happened to the session rows.
 */
export function findLiveOperatorSession(
  db: Kysely<Database>,
  token: string,
  now: number,
  idleMs: number,
): Promise<{ id: number; operator_id: number; role: string; last_seen_at: number } | undefined> {
  return db
    .selectFrom('operator_sessions as s')
    .innerJoin('operators as o', 'o.id', 's.operator_id')
    .select(['s.id', 's.operator_id', 's.last_seen_at', 'o.role'])
    .where('s.token_hash', '=', hashToken(token))
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', now)
    .where('s.last_seen_at', '>', now - idleMs)
    .where('o.status', '=', 1)
    .executeTakeFirst();
}

export async function touchOperatorSession(db: Kysely<Database>, id: number, now: number): Promise<void> {
  await db.updateTable('operator_sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
}

export async function revokeOperatorSession(db: Kysely<Database>, id: number, now: number): Promise<void> {
  await db
    .updateTable('operator_sessions')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every session of an operator (disabled, or their authenticator was replaced). */
export async function revokeOperatorSessions(
  db: Kysely<Database>,
  operatorId: number,
  now: number,
): Promise<void> {
  await db
    .updateTable('operator_sessions')
    .set({ revoked_at: now })
    .where('operator_id', '=', operatorId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Adds the operators whose username is not taken yet; an existing operator is never touched. */
export async function insertMissingOperators(
  db: Kysely<Database>,
  rows: readonly (Insertable<OperatorsTable> & { role: OperatorRole })[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('operators')
    .values(rows)
    .onConflict((oc) => oc.column('username_key').doNothing())
    .execute();
}

/** The login state of the operators with these (lower-case) usernames; unknown ones are left out. */
export function operatorLoginsByUsername(
  db: Kysely<Database>,
  usernameKeys: readonly string[],
): Promise<Pick<OperatorRow, 'username_key' | 'totp_secret' | 'status'>[]> {
  if (usernameKeys.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('operators')
    .select(['username_key', 'totp_secret', 'status'])
    .where('username_key', 'in', usernameKeys)
    .execute();
}
