import type { Kysely } from 'kysely';
import { preHashPassword } from '@vela/domain';
import type { OperatorRole } from '@vela/contract';
import type { Database } from '../../db/schema.ts';
import { hashPassword } from '../users/password-hasher.ts';
import { totpUri } from '../users/totp.ts';
import { insertMissingOperators, operatorLoginsByUsername } from './operator-repository.ts';

/**
 * The seeded operators. Their passwords and TOTP secrets are fixed and public (decision 016): a
 * fresh clone must reach a console someone can sign into, and the browser tests sign in with them.
 * A production deployment rotates them (`npm run ops -- operator-reset <username>`) or disables
 * them before it goes live; the seed never overwrites an operator that already exists, so a
 * rotation sticks.
 */
export const DEMO_OPERATORS = [
  {
    username: 'admin',
    password: 'Admin@2024',
    role: 'administrator',
    totpSecret: 'VELADEMOADMINTOTPSECRETKEY234567',
  },
  {
    username: 'finance',
    password: 'Finance@2024',
    role: 'finance',
    totpSecret: 'VELADEMOFINANCETOTPSECRETKEY2345',
  },
  {
    username: 'support',
    password: 'Support@2024',
    role: 'support',
    totpSecret: 'VELADEMOSUPPORTTOTPSECRETKEY2345',
  },
] as const satisfies readonly {
  username: string;
  password: string;
  role: OperatorRole;
  totpSecret: string;
}[];

/** The issuer authenticator apps show beside an operator's codes, apart from users' "Vela" entries. */
export const OPERATOR_TOTP_ISSUER = 'Vela console';

/** Password hashing is slow, so the seed hashes before its transaction, which then stays short. */
export function demoOperatorHashes(): Promise<string[]> {
  return Promise.all(DEMO_OPERATORS.map((operator) => hashPassword(preHashPassword(operator.password))));
}

/**
 * Inserts the demo operators that do not exist yet, inside the caller's seed transaction; never
 * touches one that does.
 */
export async function seedOperators(
  db: Kysely<Database>,
  hashes: readonly string[],
  now: number,
): Promise<void> {
  await insertMissingOperators(
    db,
    DEMO_OPERATORS.map((operator, index) => {
      const hash = hashes[index];
      if (hash === undefined) throw new Error('seedOperators needs one hash per demo operator');
      return {
        username: operator.username,
        username_key: operator.username,
        role: operator.role,
        password_hash: hash,
        totp_secret: operator.totpSecret,
        created_at: now,
        created_by: null,
        last_login_at: null,
        last_login_ip: null,
      };
    }),
  );
}

/**
 * The start banner's console logins: the demo operators that still have their demo secret. Once an
 * operator is rotated the banner stops printing it, so a production log never shows a live login.
 */
export async function demoOperatorBanner(db: Kysely<Database>, url: string): Promise<string> {
  const rows = await operatorLoginsByUsername(
    db,
    DEMO_OPERATORS.map((operator) => operator.username),
  );
  const lines: string[] = [];
  const pad = ' '.repeat(20);
  for (const operator of DEMO_OPERATORS) {
    const row = rows.find((r) => r.username_key === operator.username);
    if (!row || row.status !== 1 || row.totp_secret !== operator.totpSecret) continue;
    lines.push(
      `    ${operator.role.padEnd(16)}${operator.username} / ${operator.password}`,
      `${pad}TOTP secret ${operator.totpSecret}`,
      `${pad}${totpUri(operator.totpSecret, operator.username, OPERATOR_TOTP_ISSUER)}`,
    );
  }
  if (lines.length === 0) return '';
  return [
    `  Operators' console ${url}/admin/ (demo logins: rotate them before going live)`,
    ...lines,
    `    current code    npm run ops -- operator-code <username>`,
    '',
  ].join('\n');
}
