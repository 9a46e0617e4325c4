import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { Database } from '../../db/schema.ts';
import {
  insertOutboxMail,
  listOutboxMail,
  markOutboxDelivered,
  markOutboxFailed,
} from './mail-repository.ts';

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
    const id = await insertOutboxMail(this.db, {
      recipient: message.to,
      subject: message.subject,
      body: message.text,
      transport: this.transport ? 'smtp' : 'outbox',
      created_at: now,
      delivered_at: this.transport ? null : now,
      error: null,
    });
    if (!this.transport) return;
    try {
      await this.transport.sendMail({ to: message.to, subject: message.subject, text: message.text });
      await markOutboxDelivered(this.db, id, Date.now());
    } catch (error) {
      await markOutboxFailed(this.db, id, error instanceof Error ? error.message : String(error));
      throw error;
    }
  }
}

/** The newest messages of the outbox, for the `outbox` ops command. */
export function listOutbox(db: Kysely<Database>, limit = 20) {
  return listOutboxMail(db, limit);
}
