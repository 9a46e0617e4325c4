import { randomBytes } from 'node:crypto';
import { endpoints, type OperatorRole } from '@vela/contract';
import { hashPassword } from '../../../src/modules/users/password-hasher.ts';
import { currentTotp, newTotpSecret } from '../../../src/modules/users/totp.ts';
import { pw, type PostOptions, type TestApp } from '../../helpers/test-app.ts';

/**
 * Operators for the console tests. Each test makes its own operators: a TOTP code is accepted once
 * per 30-second step, so an operator can sign in only about twice a step (the current step and the
 * next one, which the server accepts within its ±30 s tolerance).
 */

export interface TestOperator {
  id: number;
  username: string;
  password: string;
  secret: string;
  role: OperatorRole;
}

export const OPERATOR_PASSWORD = 'Op#Pass2024';

let counter = 0;
export function uniqueOperatorName(prefix = 'op'): string {
  counter += 1;
  return `${prefix}${counter.toString(36)}${randomBytes(3).toString('hex')}`.slice(0, 10);
}

/** Inserts an active operator straight into the database (as the seed and the ops command do). */
export async function addOperator(
  t: TestApp,
  role: OperatorRole,
  options: { username?: string; password?: string } = {},
): Promise<TestOperator> {
  const username = options.username ?? uniqueOperatorName(role.slice(0, 2));
  const password = options.password ?? OPERATOR_PASSWORD;
  const secret = newTotpSecret();
  const row = await t.db
    .insertInto('operators')
    .values({
      username,
      username_key: username.toLowerCase(),
      role,
      password_hash: await hashPassword(pw(password)),
      totp_secret: secret,
      created_at: Date.now(),
      created_by: null,
      last_login_at: null,
      last_login_ip: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, username, password, secret, role };
}

const STEP_MS = 30_000;

/**
 * A code the server has not accepted yet for this operator: of the current step, or of the next one
 * when the current one is used up. Fails loudly instead of handing out a code that would be refused.
 */
export async function freshCode(t: TestApp, operator: { id: number; secret: string }): Promise<string> {
  const row = await t.db
    .selectFrom('operators')
    .select('totp_last_step')
    .where('id', '=', operator.id)
    .executeTakeFirstOrThrow();
  const now = Date.now();
  const current = Math.floor(now / STEP_MS);
  const step = Math.max(row.totp_last_step + 1, current);
  if (step > current + 1)
    throw new Error(`operator ${operator.id} has used the codes of this step and the next`);
  return currentTotp(operator.secret, step * STEP_MS + 1_000);
}

export function operatorLoginBody(username: string, password: string, googleCode: string) {
  return { username, password: pw(password), googleCode };
}

/** Signs in and answers the operator token; fails the test with the envelope when refused. */
export async function operatorLogin(
  t: TestApp,
  operator: TestOperator,
  options: PostOptions = {},
): Promise<string> {
  const result = await t.call(
    endpoints.admin.operatorLogin,
    operatorLoginBody(operator.username, operator.password, await freshCode(t, operator)),
    options,
  );
  if (!result.body.success || !result.body.data) {
    throw new Error(`operator login ${operator.username} failed: ${JSON.stringify(result.body)}`);
  }
  return result.body.data.token;
}

/** An operator of the role, signed in. */
export async function signedInOperator(
  t: TestApp,
  role: OperatorRole,
): Promise<TestOperator & { token: string }> {
  const operator = await addOperator(t, role);
  return { ...operator, token: await operatorLogin(t, operator) };
}

export async function auditRows(t: TestApp) {
  return t.db.selectFrom('audit_log').selectAll().orderBy('id').execute();
}
