import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import {
  consumeEmailCodeRow,
  findNewestLiveEmailCode,
  insertEmailCode,
  setEmailCodeAttempts,
} from './mail-repository.ts';

/**
 * One-time email codes. Codes are stored hashed, expire after ten minutes, are consumed on first
 * successful use, and a code that has been guessed at too often is dead.
 */
export const EMAIL_CODE_TTL_MS = 10 * 60_000;
const MAX_CHECKS_PER_CODE = 5;

const hashCode = (email: string, code: string) =>
  createHash('sha256').update(`${email}:${code}`).digest('hex');

export function newEmailCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

export async function storeEmailCode(
  db: Kysely<Database>,
  email: string,
  purpose: string,
  code: string,
  now: number,
) {
  await insertEmailCode(db, {
    email,
    purpose,
    code_hash: hashCode(email, code),
    attempts: 0,
    created_at: now,
    expires_at: now + EMAIL_CODE_TTL_MS,
    consumed_at: null,
  });
}

/** Checks the newest live code for the address and consumes it when it matches. */
export async function consumeEmailCode(
  db: Kysely<Database>,
  email: string,
  purpose: string,
  code: string,
  now: number,
): Promise<boolean> {
  const row = await findNewestLiveEmailCode(db, email, purpose, now);
  if (!row || row.attempts >= MAX_CHECKS_PER_CODE) return false;
  const expected = Buffer.from(row.code_hash, 'hex');
  const actual = Buffer.from(hashCode(email, code), 'hex');
  if (!timingSafeEqual(expected, actual)) {
    await setEmailCodeAttempts(db, row.id, row.attempts + 1);
    return false;
  }
  // Consuming is conditional on the code still being unused, so two concurrent uses cannot both pass.
  return consumeEmailCodeRow(db, row.id, now);
}
