import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { OPERATOR_ROLES, type OperatorRole } from '@vela/contract';
import { preHashPassword, USERNAME_PATTERN } from '@vela/domain';
import type { Database } from '../../db/schema.ts';
import { hashPassword } from '../users/password-hasher.ts';
import { currentTotp, newTotpSecret, totpUri } from '../users/totp.ts';
import { recordAudit } from './audit-log.ts';
import { OPERATOR_TOTP_ISSUER } from './operators-seed.ts';
import {
  findOperatorByUsername,
  insertOperator,
  revokeOperatorSessions,
  updateOperator,
} from './operator-repository.ts';

/**
 * The ops commands of the operators' console (`npm run ops -- operator-...`). They run on the
 * server's host with direct database access, which is why they need no operator session: the first
 * administrator of a production deployment is created here, and a locked-out one is recovered here.
 * Each writes an audit row with no operator and `via: ops command` in its detail.
 */

export class OpsCommandError extends Error {}

/** Letters and digits without look-alikes (0/O, 1/l/I), so a password read off a terminal is typed right. */
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

function randomPassword(length = 16): string {
  let password = '';
  for (let i = 0; i < length; i += 1) password += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
  return password;
}

export interface IssuedCredentials {
  username: string;
  role: OperatorRole;
  password: string;
  totpSecret: string;
  otpauthUri: string;
}

export async function createOperatorCommand(
  db: Kysely<Database>,
  username: string,
  role: string,
  now = Date.now(),
): Promise<IssuedCredentials> {
  if (!USERNAME_PATTERN.test(username)) {
    throw new OpsCommandError('The username must be 2 to 10 letters or digits and start with a letter');
  }
  if (!(OPERATOR_ROLES as readonly string[]).includes(role)) {
    throw new OpsCommandError(`The role must be one of: ${OPERATOR_ROLES.join(', ')}`);
  }
  const password = randomPassword();
  const passwordHash = await hashPassword(preHashPassword(password));
  const totpSecret = newTotpSecret();
  const id = await db.transaction().execute(async (trx) => {
    const id = await insertOperator(trx, {
      username,
      username_key: username.toLowerCase(),
      role: role as OperatorRole,
      password_hash: passwordHash,
      totp_secret: totpSecret,
      created_at: now,
      created_by: null,
      last_login_at: null,
      last_login_ip: null,
    });
    if (id === null) return null;
    await recordAudit(trx, {
      operatorId: null,
      action: 'operator.create',
      targetType: 'operator',
      targetId: id,
      detail: { username, role, via: 'ops command' },
      now,
    });
    return id;
  });
  if (id === null) throw new OpsCommandError(`The operator ${username} exists already`);
  return credentials(username, role as OperatorRole, password, totpSecret);
}

/**
 * A new password and a new TOTP secret, every session ended: for a forgotten password, a lost
 * phone, and for rotating the demo operators before a deployment goes live. The account is also
 * enabled, since whoever runs this on the host means to let that operator in.
 */
export async function resetOperatorCommand(
  db: Kysely<Database>,
  username: string,
  now = Date.now(),
): Promise<IssuedCredentials> {
  const operator = await findOperatorByUsername(db, username);
  if (!operator) throw new OpsCommandError(`No operator ${username}`);
  const password = randomPassword();
  const passwordHash = await hashPassword(preHashPassword(password));
  const totpSecret = newTotpSecret();
  await db.transaction().execute(async (trx) => {
    await updateOperator(trx, operator.id, {
      password_hash: passwordHash,
      totp_secret: totpSecret,
      totp_last_step: 0,
      status: 1,
    });
    await revokeOperatorSessions(trx, operator.id, now);
    await recordAudit(trx, {
      operatorId: null,
      action: 'operator.reset_credentials',
      targetType: 'operator',
      targetId: operator.id,
      detail: { username: operator.username, via: 'ops command' },
      now,
    });
  });
  return credentials(operator.username, operator.role as OperatorRole, password, totpSecret);
}

/** The operator's current authenticator code, for demos and the browser tests' manual runs. */
export async function operatorCodeCommand(
  db: Kysely<Database>,
  username: string,
  now = Date.now(),
): Promise<{ code: string; secondsLeft: number }> {
  const operator = await findOperatorByUsername(db, username);
  if (!operator) throw new OpsCommandError(`No operator ${username}`);
  return {
    code: await currentTotp(operator.totp_secret, now),
    secondsLeft: 30 - (Math.floor(now / 1000) % 30),
  };
}

export function formatCredentials(issued: IssuedCredentials): string {
  return [
    `Operator ${issued.username} (${issued.role})`,
    `  password     ${issued.password}`,
    `  TOTP secret  ${issued.totpSecret}`,
    `  otpauth URI  ${issued.otpauthUri}`,
    'Shown once: hand them over privately. The operator enrols the secret in an authenticator app.',
  ].join('\n');
}

function credentials(
  username: string,
  role: OperatorRole,
  password: string,
  totpSecret: string,
): IssuedCredentials {
  return {
    username,
    role,
    password,
    totpSecret,
    otpauthUri: totpUri(totpSecret, username, OPERATOR_TOTP_ISSUER),
  };
}
