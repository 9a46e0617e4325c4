import { sql, type Kysely } from 'kysely';
import type { Database, NewUser, UserRow, UserUpdate } from '../../db/schema.ts';

/** Users table access. Every function takes `db` first, so a transaction can be passed straight in. */

export function findUserById(db: Kysely<Database>, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByUsername(db: Kysely<Database>, username: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('username_key', '=', username.toLowerCase())
    .executeTakeFirst();
}

export function findAgentByInviteCode(
  db: Kysely<Database>,
  inviteCode: string,
): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('invite_code', '=', inviteCode)
    .where('status', '=', 1)
    .executeTakeFirst();
}

export async function emailInUse(db: Kysely<Database>, email: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  return row !== undefined;
}

export async function insertUser(db: Kysely<Database>, user: NewUser): Promise<number> {
  const row = await db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Inserts a user in the caller's transaction with their place in the team (decision 049): a path
 * row to every ancestor (the parent's own paths one level deeper, and the parent itself), one more
 * member in each ancestor's team size, and the registration queued for the reports. The only way
 * users are created, so the paths never miss anyone.
 */
export async function insertTeamUser(trx: Kysely<Database>, user: NewUser, now: number): Promise<number> {
  const parent = user.parent_id ?? null;
  // The parent's row first: a move of the parent's team holds it until its paths are rewritten, so
  // the new user's paths are read from the moved ones (decision 049).
  if (parent !== null) await sql`UPDATE users SET team_size = team_size WHERE id = ${parent}`.execute(trx);
  const id = await insertUser(trx, user);
  if (parent !== null) {
    await sql`INSERT INTO team_path (ancestor_id, member_id, depth)
      SELECT ancestor_id, CAST(${id} AS bigint), depth + 1 FROM team_path WHERE member_id = ${parent}
      UNION ALL SELECT CAST(${parent} AS bigint), CAST(${id} AS bigint), 1`.execute(trx);
    await sql`UPDATE users SET team_size = team_size + 1
      WHERE id IN (SELECT ancestor_id FROM team_path WHERE member_id = ${id})`.execute(trx);
  }
  await trx.insertInto('report_queue').values({ entry_id: null, user_id: id, created_at: now }).execute();
  return id;
}

export async function updateUser(db: Kysely<Database>, id: number, changes: UserUpdate): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}

/**
 * Sets the nickname, only if it has never been changed: the condition sits in the UPDATE, so of two
 * changes at once only one matches the row. Answers whether it did.
 */
export async function changeNicknameOnce(
  db: Kysely<Database>,
  id: number,
  nickname: string,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ nickname, nickname_changed: 1 })
    .where('id', '=', id)
    .where('nickname_changed', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Records an accepted authenticator step, but only if it is later than the stored one. The
 * condition sits in the UPDATE, so two concurrent logins with the same code cannot both pass:
 * the second UPDATE matches no row.
 */
export async function claimGoogleStep(db: Kysely<Database>, id: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ google_last_step: step })
    .where('id', '=', id)
    .where('google_last_step', '<', step)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function inviteCodeTaken(db: Kysely<Database>, code: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('invite_code', '=', code).executeTakeFirst();
  return row !== undefined;
}
