import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * The operators' console (decision 016): operator accounts, their sessions (a table of their own, so
 * a user token can never be mistaken for an operator's) and the audit log.
 *
 * The audit log is append-only. No code updates or deletes it, and triggers refuse UPDATE and DELETE
 * (and TRUNCATE on PostgreSQL) so that a bug or a hand-typed statement cannot rewrite history
 * either; removing that protection takes a migration, which is itself reviewed and recorded.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const id = (table: string) =>
    dialect === 'sqlite'
      ? db.schema.createTable(table).addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      : db.schema.createTable(table).addColumn('id', 'bigserial', (c) => c.primaryKey());

  await id('operators')
    .addColumn('username', 'text', (c) => c.notNull())
    // Lower-case username, unique: 'Admin' and 'admin' cannot both exist.
    .addColumn('username_key', 'text', (c) => c.notNull().unique())
    // 'administrator' | 'finance' | 'support' (OPERATOR_ROLES of the contract).
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    // Every operator has a TOTP secret from the moment the account exists: the second factor is
    // not optional, so there is no "not enrolled yet" state to get wrong.
    .addColumn('totp_secret', 'text', (c) => c.notNull())
    // The time step of the last accepted code; a code of that step or earlier is refused.
    .addColumn('totp_last_step', 'bigint', (c) => c.notNull().defaultTo(0))
    // 1 active, 0 disabled. Operators are never deleted: audit rows keep pointing at them.
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'bigint', (c) => c.references('operators.id'))
    .addColumn('last_login_at', 'bigint')
    .addColumn('last_login_ip', 'text')
    .execute();

  await id('operator_sessions')
    // SHA-256 of the token; the token itself is never stored.
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('operator_id', 'bigint', (c) => c.notNull().references('operators.id'))
    .addColumn('ip', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('operator_sessions_operator_idx')
    .on('operator_sessions')
    .column('operator_id')
    .execute();

  await id('audit_log')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    // Who acted; null when nobody was signed in (a failed login) or for an ops command.
    .addColumn('operator_id', 'bigint', (c) => c.references('operators.id'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text')
    .addColumn('target_id', 'text')
    .addColumn('reason', 'text')
    // A JSON object of text values: the facts of the action (amounts as decimal strings).
    .addColumn('detail', 'text')
    .addColumn('ip', 'text')
    .execute();
  // The console pages newest first by id (keyset), optionally narrowed by one of these.
  await db.schema
    .createIndex('audit_log_operator_idx')
    .on('audit_log')
    .columns(['operator_id', 'id'])
    .execute();
  await db.schema.createIndex('audit_log_action_idx').on('audit_log').columns(['action', 'id']).execute();
  await db.schema
    .createIndex('audit_log_target_idx')
    .on('audit_log')
    .columns(['target_type', 'target_id', 'id'])
    .execute();
  await db.schema.createIndex('audit_log_created_idx').on('audit_log').column('created_at').execute();

  if (dialect === 'sqlite') {
    await sql`
      CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
      BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END
    `.execute(db);
    await sql`
      CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
      BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END
    `.execute(db);
  } else {
    await sql`
      CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
      END
      $$
    `.execute(db);
    await sql`
      CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
      FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()
    `.execute(db);
    await sql`
      CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
      FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only()
    `.execute(db);
  }
}
