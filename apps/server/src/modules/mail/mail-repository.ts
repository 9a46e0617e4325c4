import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, EmailCodesTable, MailOutboxTable } from '../../db/schema.ts';

/**
 * The mail module's tables: the outbox, which keeps a copy of every message sent, and the one-time
 * email codes. Every function takes `db` first, so a transaction can be passed straight in.
 */

// ---- outbox ------------------------------------------------------------------------------------------

/** Keeps a copy of a message; answers the new row's id. */
export async function insertOutboxMail(
  db: Kysely<Database>,
  row: Insertable<MailOutboxTable>,
): Promise<number> {
  const inserted = await db.insertInto('mail_outbox').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function markOutboxDelivered(db: Kysely<Database>, id: number, at: number): Promise<void> {
  await db.updateTable('mail_outbox').set({ delivered_at: at }).where('id', '=', id).execute();
}

export async function markOutboxFailed(db: Kysely<Database>, id: number, error: string): Promise<void> {
  await db.updateTable('mail_outbox').set({ error }).where('id', '=', id).execute();
}

/** The newest messages first. */
export function listOutboxMail(db: Kysely<Database>, limit: number): Promise<Selectable<MailOutboxTable>[]> {
  return db.selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').limit(limit).execute();
}

// ---- email codes -------------------------------------------------------------------------------------

export async function insertEmailCode(db: Kysely<Database>, row: Insertable<EmailCodesTable>): Promise<void> {
  await db.insertInto('email_codes').values(row).execute();
}

/** The newest code for the address and purpose that is neither consumed nor expired at `now`. */
export function findNewestLiveEmailCode(
  db: Kysely<Database>,
  email: string,
  purpose: string,
  now: number,
): Promise<Selectable<EmailCodesTable> | undefined> {
  return db
    .selectFrom('email_codes')
    .selectAll()
    .where('email', '=', email)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export async function setEmailCodeAttempts(
  db: Kysely<Database>,
  id: number,
  attempts: number,
): Promise<void> {
  await db.updateTable('email_codes').set({ attempts }).where('id', '=', id).execute();
}

/**
 * Marks the code used, but only if it is still unused: the condition sits in the UPDATE, so two
 * concurrent uses cannot both pass. True when this call consumed it.
 */
export async function consumeEmailCodeRow(db: Kysely<Database>, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('email_codes')
    .set({ consumed_at: now })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
