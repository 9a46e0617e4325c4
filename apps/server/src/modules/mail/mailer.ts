import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { Database } from '../../db/schema.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/**
 * Sends mail and keeps a copy of every message in `mail_outbox`. With SMTP configured the copy
 * records delivery or the transport's error; without SMTP the outbox is the delivery: operators
 * read it with `npm run ops -- outbox`. Either way nothing is sent silently or lost.
 */
export class Mailer {
  private readonly transport: nodemailer.Transporter | null;

  constructor(
    private readonly db: Kysely<Database>,
    options: { smtpUrl?: string | undefined; from: string },
  ) {
    this.transport = options.smtpUrl
      ? nodemailer.createTransport(options.smtpUrl, { from: options.from })
      : null;
  }

  async send(message: MailMessage, now = Date.now()): Promise<void> {
    const row = await this.db
      .insertInto('mail_outbox')
      .values({
        recipient: message.to,
        subject: message.subject,
        body: message.text,
        transport: this.transport ? 'smtp' : 'outbox',
        created_at: now,
        delivered_at: this.transport ? null : now,
        error: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (!this.transport) return;
    try {
      await this.transport.sendMail({ to: message.to, subject: message.subject, text: message.text });
      await this.db
        .updateTable('mail_outbox')
        .set({ delivered_at: Date.now() })
        .where('id', '=', row.id)
        .execute();
    } catch (error) {
      await this.db
        .updateTable('mail_outbox')
        .set({ error: error instanceof Error ? error.message : String(error) })
        .where('id', '=', row.id)
        .execute();
      throw error;
    }
  }
}

export function listOutbox(db: Kysely<Database>, limit = 20) {
  return db.selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').limit(limit).execute();
}
