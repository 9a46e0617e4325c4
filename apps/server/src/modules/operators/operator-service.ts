import type { Kysely } from 'kysely';
import {
  OPERATOR_ROLES,
  type OperatorInfo,
  type OperatorRole,
  type ParsedBodyOf,
  type UserDetail,
  type endpoints,
} from '@vela/contract';
import type { Database, OperatorRow } from '../../db/schema.ts';
import { AppError, fieldError } from '../../errors.ts';
import type { OperatorSession } from '../../http/contract-routes.ts';
import type { AttemptGuard, AttemptTicket } from '../users/attempt-guard.ts';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../users/password-hasher.ts';
import { checkTotp, newTotpSecret, totpUri, type TotpCheck } from '../users/totp.ts';
import { queryAudit, recordAudit } from './audit-log.ts';
import { OPERATOR_TOTP_ISSUER } from './operators-seed.ts';
import {
  claimTotpStep,
  createOperatorSession,
  findLiveOperatorSession,
  findOperatorById,
  findOperatorByUsername,
  insertOperator,
  isOperatorToken,
  listOperators,
  revokeOperatorSession,
  revokeOperatorSessions,
  touchOperatorSession,
  updateOperator,
} from './operator-repository.ts';
import { findUserDetail, searchUsers } from './user-directory.ts';

type AdminApi = typeof endpoints.admin;

export interface OperatorServiceDeps {
  db: Kysely<Database>;
  guard: AttemptGuard;
  /** Absolute lifetime of a console session. */
  sessionTtlMs?: number;
  /** A console session left unused this long has ended. */
  idleTimeoutMs?: number;
  now?: () => number;
}

/**
 * Console sessions are short: a working day at most, and half an hour without a request ends one.
 * An operator's session can move money and read personal data, so a forgotten browser tab must not
 * stay signed in the way a trader's phone does (decision 016).
 */
export const OPERATOR_SESSION_TTL_MS = 12 * 3_600_000;
export const OPERATOR_IDLE_TIMEOUT_MS = 30 * 60_000;
/** A session is touched at most once a minute, so reads do not turn every request into a write. */
const TOUCH_INTERVAL_MS = 60_000;

type LoginFailure =
  'unknown_username' | 'wrong_password' | 'totp_invalid' | 'totp_replayed' | 'disabled' | 'locked';

export class OperatorService {
  private readonly db: Kysely<Database>;
  private readonly now: () => number;
  private readonly sessionTtlMs: number;
  private readonly idleTimeoutMs: number;

  constructor(private readonly deps: OperatorServiceDeps) {
    this.db = deps.db;
    this.now = deps.now ?? Date.now;
    this.sessionTtlMs = deps.sessionTtlMs ?? OPERATOR_SESSION_TTL_MS;
    this.idleTimeoutMs = deps.idleTimeoutMs ?? OPERATOR_IDLE_TIMEOUT_MS;
  }

  // ---- sessions -----------------------------------------------------------------------------------

  /**
   * Password first (checked against a decoy hash for unknown names, so timing tells nothing), then
   * the TOTP code, whose time step is claimed in the same transaction that opens the session, then
   * the account's status: a disabled account is only named to someone who holds both factors.
   * Every refusal is written to the audit log with its reason.
   */
  async login(
    body: ParsedBodyOf<AdminApi['operatorLogin']>,
    ip: string,
  ): Promise<{ token: string; operator: OperatorInfo }> {
    const { operator, step } = await this.checkLoginCredentials(body, ip);
    const now = this.now();
    const token = await this.db.transaction().execute(async (trx) => {
      // The conditional UPDATE decides between two logins racing with one code: one claims it.
      if (!(await claimTotpStep(trx, operator.id, step))) return null;
      const token = await createOperatorSession(trx, {
        operatorId: operator.id,
        ip,
        ttlMs: this.sessionTtlMs,
        now,
      });
      await updateOperator(trx, operator.id, { last_login_at: now, last_login_ip: ip });
      await recordAudit(trx, {
        operatorId: operator.id,
        action: 'operator.login',
        targetType: 'operator',
        targetId: operator.id,
        ip,
        now,
      });
      return token;
    });
    if (token === null) {
      await this.auditFailedLogin(body.username, operator, 'totp_replayed', ip);
      throw fieldError('GOOGLE_CODE_REPLAYED', 'googleCode');
    }
    return { token, operator: toOperatorInfo({ ...operator, last_login_at: now, last_login_ip: ip }) };
  }

  /**
   * The password and the code, each under a reservation taken before it is checked (decision 036):
   * the login one per name and per client address, the code one per operator. Answers the
   * operator and the code's time step, still to be claimed.
   */
  private async checkLoginCredentials(
    body: ParsedBodyOf<AdminApi['operatorLogin']>,
    ip: string,
  ): Promise<{ operator: OperatorRow; step: number }> {
    const attempt = await this.reserveOrAudit(body.username, undefined, ip, () =>
      this.deps.guard.reserveLogin(`operator:${body.username.toLowerCase()}`, ip),
    );
    let passwordOk = false;
    try {
      const operator = await findOperatorByUsername(this.db, body.username);
      passwordOk = await verifyPassword(
        operator?.password_hash ?? (await decoyPasswordHash()),
        body.password,
      );
      if (!operator || !passwordOk) {
        await this.auditFailedLogin(
          body.username,
          operator,
          operator ? 'wrong_password' : 'unknown_username',
          ip,
        );
        throw new AppError('LOGIN_FAILED');
      }
      const step = await this.checkLoginCode(body, operator, ip);
      if (operator.status !== 1) {
        await this.auditFailedLogin(body.username, operator, 'disabled', ip);
        throw new AppError('OPERATOR_DISABLED');
      }
      await attempt.settle('passed');
      return { operator, step };
    } finally {
      // A right password followed by a refusal (code, disabled account) is not a guess.
      await attempt.settle(passwordOk ? 'released' : 'failed');
    }
  }

  private async checkLoginCode(
    body: ParsedBodyOf<AdminApi['operatorLogin']>,
    operator: OperatorRow,
    ip: string,
  ): Promise<number> {
    const codeKey = `operator:${operator.id}`;
    const attempt = await this.reserveOrAudit(body.username, operator, ip, () =>
      this.deps.guard.reserve('googleCode', codeKey),
    );
    let check: TotpCheck | undefined;
    try {
      check = await checkTotp(operator.totp_secret, body.googleCode, operator.totp_last_step, this.now());
    } finally {
      // Wrong codes stay counted; a right one gives its place back without forgiving earlier ones.
      await attempt.settle(check?.ok ? 'released' : 'failed');
    }
    if (!check.ok) {
      const reason = check.reason === 'replayed' ? 'totp_replayed' : 'totp_invalid';
      await this.auditFailedLogin(body.username, operator, reason, ip);
      throw fieldError(
        check.reason === 'replayed' ? 'GOOGLE_CODE_REPLAYED' : 'GOOGLE_CODE_INVALID',
        'googleCode',
      );
    }
    return check.step;
  }

  /** A reservation refused with RATE_LIMITED is written to the audit log as a locked login. */
  private async reserveOrAudit(
    username: string,
    operator: OperatorRow | undefined,
    ip: string,
    reserve: () => Promise<AttemptTicket>,
  ): Promise<AttemptTicket> {
    try {
      return await reserve();
    } catch (error) {
      await this.auditFailedLogin(username, operator, 'locked', ip);
      throw error;
    }
  }

  async authenticate(token: string): Promise<OperatorSession | 'ended' | null> {
    if (!isOperatorToken(token)) return null;
    const now = this.now();
    const session = await findLiveOperatorSession(this.db, token, now, this.idleTimeoutMs);
    if (!session) return 'ended';
    if (now - session.last_seen_at > TOUCH_INTERVAL_MS) await touchOperatorSession(this.db, session.id, now);
    return { sessionId: session.id, operatorId: session.operator_id, role: asRole(session.role) };
  }

  async logout(session: OperatorSession, ip: string): Promise<null> {
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      await revokeOperatorSession(trx, session.sessionId, now);
      await recordAudit(trx, {
        operatorId: session.operatorId,
        action: 'operator.logout',
        targetType: 'operator',
        targetId: session.operatorId,
        ip,
        now,
      });
    });
    return null;
  }

  async me(session: OperatorSession): Promise<OperatorInfo> {
    return toOperatorInfo(await this.requireOperator(session.operatorId));
  }

  // ---- operator accounts ----------------------------------------------------------------------------

  async list(): Promise<OperatorInfo[]> {
    return (await listOperators(this.db)).map(toOperatorInfo);
  }

  async create(
    session: OperatorSession,
    body: ParsedBodyOf<AdminApi['operatorCreate']>,
    ip: string,
  ): Promise<{ operator: OperatorInfo; totpSecret: string; otpauthUri: string }> {
    if (await findOperatorByUsername(this.db, body.username)) throw fieldError('USERNAME_TAKEN', 'username');
    const passwordHash = await hashPassword(body.password);
    const totpSecret = newTotpSecret();
    const now = this.now();
    const id = await this.db.transaction().execute(async (trx) => {
      const id = await insertOperator(trx, {
        username: body.username,
        username_key: body.username.toLowerCase(),
        role: body.role,
        password_hash: passwordHash,
        totp_secret: totpSecret,
        created_at: now,
        created_by: session.operatorId,
        last_login_at: null,
        last_login_ip: null,
      });
      if (id === null) return null;
      await recordAudit(trx, {
        operatorId: session.operatorId,
        action: 'operator.create',
        targetType: 'operator',
        targetId: id,
        detail: { username: body.username, role: body.role },
        ip,
        now,
      });
      return id;
    });
    // Two administrators creating one name at once: the unique index lets one of them through.
    if (id === null) throw fieldError('USERNAME_TAKEN', 'username');
    const operator = await this.requireOperator(id);
    return this.enrolment(operator);
  }

  async disable(
    session: OperatorSession,
    body: ParsedBodyOf<AdminApi['operatorDisable']>,
    ip: string,
  ): Promise<OperatorInfo> {
    // An administrator locking themselves out could leave nobody able to manage operators.
    if (body.operatorId === session.operatorId) throw new AppError('OPERATOR_SELF_DISABLE');
    return this.setStatus(session, body, 0, ip);
  }

  async enable(
    session: OperatorSession,
    body: ParsedBodyOf<AdminApi['operatorEnable']>,
    ip: string,
  ): Promise<OperatorInfo> {
    return this.setStatus(session, body, 1, ip);
  }

  /** A new secret replaces the old one at once; every session of the operator ends with it. */
  async resetTotp(
    session: OperatorSession,
    body: ParsedBodyOf<AdminApi['operatorResetTotp']>,
    ip: string,
  ): Promise<{ operator: OperatorInfo; totpSecret: string; otpauthUri: string }> {
    const target = await this.requireOperator(body.operatorId);
    const totpSecret = newTotpSecret();
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      await updateOperator(trx, target.id, { totp_secret: totpSecret, totp_last_step: 0 });
      await revokeOperatorSessions(trx, target.id, now);
      await recordAudit(trx, {
        operatorId: session.operatorId,
        action: 'operator.reset_totp',
        targetType: 'operator',
        targetId: target.id,
        reason: body.reason,
        ip,
        now,
      });
    });
    return this.enrolment({ ...target, totp_secret: totpSecret, totp_last_step: 0 });
  }

  // ---- audit log and users ----------------------------------------------------------------------------

  audit(body: ParsedBodyOf<AdminApi['auditPage']>) {
    return queryAudit(this.db, body);
  }

  searchUsers(body: ParsedBodyOf<AdminApi['adminUserSearch']>) {
    return searchUsers(this.db, body);
  }

  /** Reading a user's personal data is itself recorded: who looked at whom, and when. */
  async userDetail(session: OperatorSession, userId: number, ip: string): Promise<UserDetail> {
    const detail = await findUserDetail(this.db, userId);
    if (!detail) throw fieldError('USER_NOT_FOUND', 'userId');
    await recordAudit(this.db, {
      operatorId: session.operatorId,
      action: 'user.view',
      targetType: 'user',
      targetId: userId,
      ip,
      now: this.now(),
    });
    return detail;
  }

  // ---- shared -------------------------------------------------------------------------------------------

  private async setStatus(
    session: OperatorSession,
    body: { operatorId: number; reason: string },
    status: 0 | 1,
    ip: string,
  ): Promise<OperatorInfo> {
    const target = await this.requireOperator(body.operatorId);
    // Already in the asked state: nothing happens, so nothing is recorded.
    if (target.status === status) return toOperatorInfo(target);
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      await updateOperator(trx, target.id, { status });
      if (status === 0) await revokeOperatorSessions(trx, target.id, now);
      await recordAudit(trx, {
        operatorId: session.operatorId,
        action: status === 0 ? 'operator.disable' : 'operator.enable',
        targetType: 'operator',
        targetId: target.id,
        reason: body.reason,
        ip,
        now,
      });
    });
    return toOperatorInfo({ ...target, status });
  }

  private enrolment(operator: OperatorRow) {
    return {
      operator: toOperatorInfo(operator),
      totpSecret: operator.totp_secret,
      otpauthUri: totpUri(operator.totp_secret, operator.username, OPERATOR_TOTP_ISSUER),
    };
  }

  private async requireOperator(id: number): Promise<OperatorRow> {
    const operator = await findOperatorById(this.db, id);
    if (!operator) throw fieldError('OPERATOR_NOT_FOUND', 'operatorId');
    return operator;
  }

  /**
   * A refused login has no signed-in actor, so the row's operator is null; the account that was
   * tried, when it exists, is the target, and the name as typed goes into the detail.
   */
  private async auditFailedLogin(
    username: string,
    operator: OperatorRow | undefined,
    reason: LoginFailure,
    ip: string,
  ): Promise<void> {
    await recordAudit(this.db, {
      operatorId: null,
      action: 'operator.login_failed',
      targetType: operator ? 'operator' : null,
      targetId: operator?.id ?? null,
      detail: { username, reason },
      ip,
      now: this.now(),
    });
  }
}

export function toOperatorInfo(row: OperatorRow): OperatorInfo {
  return {
    id: row.id,
    username: row.username,
    role: asRole(row.role),
    active: row.status === 1,
    createdAt: row.created_at,
    lastLoginAt: row.last_login_at,
    lastLoginIp: row.last_login_ip,
  };
}

function asRole(role: string): OperatorRole {
  if (!(OPERATOR_ROLES as readonly string[]).includes(role)) throw new Error(`Unknown operator role ${role}`);
  return role as OperatorRole;
}
