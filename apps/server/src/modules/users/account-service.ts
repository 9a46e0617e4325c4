import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  USER_TYPE_AGENT,
  USER_TYPE_MEMBER,
  type ParsedBodyOf,
  type UserInfo,
  type endpoints,
} from '@vela/contract';
import type { LocaleCode } from '@vela/i18n';
import type { Database, UserRow } from '../../db/schema.ts';
import { AppError, fieldError } from '../../errors.ts';
import type { AuthSession } from '../../http/contract-routes.ts';
import type { Messages } from '../../http/messages.ts';
import { consumeEmailCode, EMAIL_CODE_TTL_MS, newEmailCode, storeEmailCode } from '../mail/email-codes.ts';
import type { Mailer } from '../mail/mailer.ts';
import { getConfigValue } from '../system/system-repository.ts';
import type { AttemptGuard } from './attempt-guard.ts';
import { decoyPasswordHash, hashPassword, verifyPassword } from './password-hasher.ts';
import {
  createSession,
  findLiveSession,
  revokeOtherSessions,
  revokeSession,
  touchSession,
} from './session-repository.ts';
import { SessionCache } from './session-cache.ts';
import { checkTotp, newTotpSecret, totpUri } from './totp.ts';
import {
  changeNicknameOnce,
  claimGoogleStep,
  emailInUse,
  findAgentByInviteCode,
  findUserById,
  findUserByUsername,
  insertTeamUser,
  inviteCodeTaken,
  updateUser,
} from './user-repository.ts';
import { toUserInfo } from './user-view.ts';
import { isUniqueViolation } from '../../db/errors.ts';

type UserApi = typeof endpoints.user;

export interface AccountServiceDeps {
  db: Kysely<Database>;
  guard: AttemptGuard;
  mailer: Mailer;
  messages: Messages;
  sessionTtlMs: number;
  /**
   * How long a session read from the database is trusted before it is read again (decision 004):
   * how late a revocation on another node reaches this one. 0 reads it on every request.
   */
  sessionRecheckMs?: number;
  issuer: string;
  now?: () => number;
}

/** A session is touched at most once a minute, so reads do not turn every request into a write. */
const TOUCH_INTERVAL_MS = 60_000;
/** Sessions are read again after 2 s: a logout on another node takes effect there within that. */
const DEFAULT_SESSION_RECHECK_MS = 2_000;
const EMAIL_PURPOSE_REGISTER = 'register';

export class AccountService {
  private readonly db: Kysely<Database>;
  private readonly now: () => number;
  private readonly sessions: SessionCache;

  constructor(private readonly deps: AccountServiceDeps) {
    this.db = deps.db;
    this.now = deps.now ?? Date.now;
    this.sessions = new SessionCache(deps.sessionRecheckMs ?? DEFAULT_SESSION_RECHECK_MS);
  }

  // ---- registration -------------------------------------------------------------------------

  async register(body: ParsedBodyOf<UserApi['register']>): Promise<{ username: string }> {
    if ((await getConfigValue(this.db, 'REGISTER', 'enabled')) !== 'true')
      throw new AppError('REGISTRATION_CLOSED');
    if (body.loginPwd !== body.preLoginPwd) {
      throw fieldError('PASSWORDS_MISMATCH', 'preLoginPwd', 'validation.loginPasswordsMismatch');
    }
    const emailRequired = (await getConfigValue(this.db, 'REGISTER', 'emailRequired')) === 'true';
    if (emailRequired && !body.email) throw fieldError('VALIDATION_FAILED', 'email', 'validation.email');
    if (emailRequired && !body.emailCode)
      throw fieldError('VALIDATION_FAILED', 'emailCode', 'validation.emailCode');

    const agent = await findAgentByInviteCode(this.db, body.inviteCode);
    if (!agent || agent.user_type !== USER_TYPE_AGENT) throw fieldError('INVITE_CODE_INVALID', 'inviteCode');
    if (await findUserByUsername(this.db, body.username)) throw fieldError('USERNAME_TAKEN', 'username');
    const email = emailRequired ? (body.email ?? null) : null;
    if (email && (await emailInUse(this.db, email))) throw fieldError('EMAIL_TAKEN', 'email');
    if (email) {
      // A registration without the code has a wrong code: it counts as an attempt like any other.
      const codeOk = await this.deps.guard.check(
        'emailCheck',
        email,
        () => consumeEmailCode(this.db, email, EMAIL_PURPOSE_REGISTER, body.emailCode ?? '', this.now()),
        (ok) => ok,
      );
      if (!codeOk) throw fieldError('EMAIL_CODE_INVALID', 'emailCode');
    }

    const [loginHash, fundHash] = await Promise.all([
      hashPassword(body.loginPwd),
      hashPassword(body.fundPwd),
    ]);
    try {
      const now = this.now();
      const user = {
        username: body.username,
        username_key: body.username.toLowerCase(),
        login_pwd_hash: loginHash,
        fund_pwd_hash: fundHash,
        user_type: USER_TYPE_MEMBER,
        parent_id: agent.id,
        invite_code: null,
        email,
        nickname: body.username,
        real_name_status: 'NONE',
        register_way: 'INVITE_CODE',
        created_at: now,
      };
      await this.db.transaction().execute((trx) => insertTeamUser(trx, user, now));
    } catch (error) {
      // Two registrations racing for one name: the unique index decides, the loser is told plainly.
      if (isUniqueViolation(error)) throw fieldError('USERNAME_TAKEN', 'username');
      throw error;
    }
    return { username: body.username };
  }

  async sendRegisterEmailCode(email: string, locale: LocaleCode) {
    if ((await getConfigValue(this.db, 'REGISTER', 'enabled')) !== 'true')
      throw new AppError('REGISTRATION_CLOSED');
    if (await emailInUse(this.db, email)) throw fieldError('EMAIL_TAKEN', 'email');
    await this.deps.guard.consume('emailSend', email);
    const code = newEmailCode();
    await storeEmailCode(this.db, email, EMAIL_PURPOSE_REGISTER, code, this.now());
    const { messages } = this.deps;
    await this.deps.mailer.send({
      to: email,
      subject: messages.t(locale, 'mail.registerCodeSubject'),
      text: messages.t(locale, 'mail.registerCodeBody', { code, minutes: EMAIL_CODE_TTL_MS / 60_000 }),
    });
    return { expiresInSeconds: EMAIL_CODE_TTL_MS / 1000, resendAfterSeconds: 60 };
  }

  // ---- sessions -----------------------------------------------------------------------------

  async login(body: ParsedBodyOf<UserApi['login']>, ip: string): Promise<{ token: string; user: UserInfo }> {
    const user = await this.checkLoginCredentials(body, ip);
    const now = this.now();
    const token = await createSession(this.db, {
      userId: user.id,
      deviceId: body.deviceId,
      deviceType: body.deviceType,
      ip,
      ttlMs: this.deps.sessionTtlMs,
      now,
    });
    await updateUser(this.db, user.id, { last_login_at: now, last_login_ip: ip });
    return { token, user: toUserInfo({ ...user, last_login_at: now }) };
  }

  /**
   * The password, then the account's status and its Google code, under one login reservation taken
   * before the password is checked (decision 036), so concurrent guesses cannot all be checked.
   */
  private async checkLoginCredentials(body: ParsedBodyOf<UserApi['login']>, ip: string): Promise<UserRow> {
    const attempt = await this.deps.guard.reserveLogin(body.username.toLowerCase(), ip);
    let passwordOk = false;
    try {
      const user = await findUserByUsername(this.db, body.username);
      passwordOk = await verifyPassword(user?.login_pwd_hash ?? (await decoyPasswordHash()), body.password);
      if (!user || !passwordOk) throw new AppError('LOGIN_FAILED');
      if (user.status !== 1) throw new AppError('ACCOUNT_DISABLED');
      if (user.google_secret) {
        if (!body.googleCode) throw fieldError('GOOGLE_CODE_REQUIRED', 'googleCode');
        await this.checkGoogleCode(user, user.google_secret, body.googleCode, 'googleCode');
      }
      await attempt.settle('passed');
      return user;
    } finally {
      // A right password followed by a refusal (disabled account, code) is not a guess.
      await attempt.settle(passwordOk ? 'released' : 'failed');
    }
  }

  async authenticate(token: string): Promise<AuthSession | null> {
    const now = this.now();
    let entry = this.sessions.get(token, now);
    if (!entry) {
      const epoch = this.sessions.epoch;
      const row = await findLiveSession(this.db, token, now);
      if (!row) return null;
      entry = {
        session: {
          sessionId: row.id,
          userId: row.user_id,
          mustChangePassword: row.must_change_password === 1,
        },
        expiresAt: row.expires_at,
        lastSeenAt: row.last_seen_at,
        checkedAt: now,
      };
      this.sessions.remember(token, entry, epoch);
    }
    if (now - entry.lastSeenAt > TOUCH_INTERVAL_MS) {
      entry.lastSeenAt = now;
      await touchSession(this.db, entry.session.sessionId, now);
    }
    return entry.session;
  }

  async logout(session: AuthSession): Promise<null> {
    await revokeSession(this.db, session.sessionId, this.now());
    // After the revocation: a request reading the row meanwhile may not keep what it read.
    this.sessions.forgetSession(session.sessionId);
    return null;
  }

  async loginInfo(session: AuthSession): Promise<UserInfo> {
    return toUserInfo(await this.requireUser(session));
  }

  // ---- Google authenticator -----------------------------------------------------------------

  async prepareGoogle(session: AuthSession): Promise<{ secret: string; otpauthUri: string }> {
    const user = await this.requireUser(session);
    if (user.google_secret) throw new AppError('GOOGLE_ALREADY_BOUND');
    // Reopening the page shows the same pending key, so a half-finished setup on the phone stays valid.
    const secret = user.google_secret_pending ?? newTotpSecret();
    if (!user.google_secret_pending) await updateUser(this.db, user.id, { google_secret_pending: secret });
    return { secret, otpauthUri: totpUri(secret, user.username, this.deps.issuer) };
  }

  async bindGoogle(session: AuthSession, body: ParsedBodyOf<UserApi['bindGoogle']>): Promise<UserInfo> {
    const user = await this.requireUser(session);
    if (user.google_secret) throw new AppError('GOOGLE_ALREADY_BOUND');
    if (!user.google_secret_pending) throw new AppError('GOOGLE_SECRET_MISSING');
    await this.checkLoginPassword(user, body.password, 'password');
    const step = await this.checkGoogleCode(user, user.google_secret_pending, body.code, 'code');
    await updateUser(this.db, user.id, {
      google_secret: user.google_secret_pending,
      google_secret_pending: null,
      google_last_step: step,
    });
    return this.loginInfo(session);
  }

  async hasBoundGoogle(session: AuthSession): Promise<{ bound: boolean }> {
    return { bound: (await this.requireUser(session)).google_secret !== null };
  }

  // ---- nickname -----------------------------------------------------------------------------

  /** Changes the nickname, once (docs/product.md, "Accounts"); a second change is refused. */
  async editNickname(session: AuthSession, body: ParsedBodyOf<UserApi['editNickname']>): Promise<UserInfo> {
    const user = await this.requireUser(session);
    if (!(await changeNicknameOnce(this.db, user.id, body.nickname)))
      throw fieldError('NICKNAME_ALREADY_CHANGED', 'nickname');
    return this.loginInfo(session);
  }

  // ---- passwords ----------------------------------------------------------------------------

  async editLoginPassword(session: AuthSession, body: ParsedBodyOf<UserApi['editLoginPwd']>): Promise<null> {
    if (body.newPwd !== body.prePwd)
      throw fieldError('PASSWORDS_MISMATCH', 'prePwd', 'validation.passwordsMismatch');
    const user = await this.requireUser(session);
    await this.checkLoginPassword(user, body.oldPwd, 'oldPwd');
    if (body.newPwd === body.oldPwd) throw fieldError('NEW_PASSWORD_SAME', 'newPwd');
    await updateUser(this.db, user.id, {
      login_pwd_hash: await hashPassword(body.newPwd),
      must_change_password: 0,
    });
    // A changed password means the old one may be known to someone else: every other device is out.
    await revokeOtherSessions(this.db, user.id, session.sessionId, this.now());
    this.sessions.forgetUserSessions(user.id, session.sessionId);
    // This session was remembered with the initial password's restriction, which has just ended.
    if (session.mustChangePassword) this.sessions.forgetSession(session.sessionId);
    return null;
  }

  async bindFundPassword(
    session: AuthSession,
    body: ParsedBodyOf<UserApi['bindFundPwd']>,
  ): Promise<UserInfo> {
    if (body.password !== body.passwordPre) {
      throw fieldError('PASSWORDS_MISMATCH', 'passwordPre', 'validation.passwordsMismatch');
    }
    const user = await this.requireUser(session);
    if (user.fund_pwd_hash) throw new AppError('FUND_PASSWORD_ALREADY_SET');
    await updateUser(this.db, user.id, { fund_pwd_hash: await hashPassword(body.password) });
    return this.loginInfo(session);
  }

  async editFundPassword(session: AuthSession, body: ParsedBodyOf<UserApi['editFundPwd']>): Promise<null> {
    if (body.newPwd !== body.prePwd)
      throw fieldError('PASSWORDS_MISMATCH', 'prePwd', 'validation.passwordsMismatch');
    const user = await this.requireUser(session);
    await this.checkFundPassword(user, body.oldPwd, 'oldPwd');
    if (body.newPwd === body.oldPwd) throw fieldError('NEW_PASSWORD_SAME', 'newPwd');
    await updateUser(this.db, user.id, { fund_pwd_hash: await hashPassword(body.newPwd) });
    return null;
  }

  // ---- checks other modules run before money or bindings change ------------------------------

  /**
   * The checks a money-moving or binding request passes first: the fund password (which must be
   * set), and the Google code when the user has bound an authenticator (the code's time step is
   * claimed, so it cannot be used twice). `fields` name the request fields that carried them.
   * Returns the user's row, read once for the caller.
   */
  async verifyCredentials(
    userId: number,
    credentials: { fundPwd: string; googleCode?: string | undefined },
    fields: { fundPwd: string; googleCode?: string } = { fundPwd: 'fundPwd', googleCode: 'googleCode' },
  ): Promise<UserRow> {
    const user = await this.requireUser({ userId });
    await this.checkFundPassword(user, credentials.fundPwd, fields.fundPwd);
    if (user.google_secret) {
      const field = fields.googleCode ?? 'googleCode';
      if (!credentials.googleCode) throw fieldError('GOOGLE_CODE_REQUIRED', field);
      await this.checkGoogleCode(user, user.google_secret, credentials.googleCode, field);
    }
    return user;
  }

  /**
   * The fund password alone (which must be set), for requests that move money only between the
   * user's own accounts, such as a finance purchase.
   */
  async verifyFundPassword(userId: number, fundPwd: string, field = 'fundPwd'): Promise<void> {
    const user = await this.requireUser({ userId });
    await this.checkFundPassword(user, fundPwd, field);
  }

  // ---- agents -------------------------------------------------------------------------------

  async reloadInviteCode(session: AuthSession): Promise<{ inviteCode: string }> {
    const user = await this.requireUser(session);
    if (user.user_type !== USER_TYPE_AGENT) throw new AppError('NOT_AGENT');
    const inviteCode = await uniqueInviteCode(this.db);
    await updateUser(this.db, user.id, { invite_code: inviteCode });
    return { inviteCode };
  }

  // ---- shared checks ------------------------------------------------------------------------

  private async requireUser(session: Pick<AuthSession, 'userId'>): Promise<UserRow> {
    const user = await findUserById(this.db, session.userId);
    if (!user || user.status !== 1) throw new AppError('SESSION_EXPIRED', { forceLogout: true });
    return user;
  }

  /** `field` is the request field that carried the password, so the error lands on that input. */
  private async checkLoginPassword(user: UserRow, preHashed: string, field: string): Promise<void> {
    const ok = await this.deps.guard.check(
      'password',
      `login:${user.id}`,
      () => verifyPassword(user.login_pwd_hash, preHashed),
      (right) => right,
    );
    if (!ok) throw fieldError('PASSWORD_WRONG', field);
  }

  /** Failures count against the account, so the fund password cannot be guessed one call at a time. */
  private async checkFundPassword(user: UserRow, preHashed: string, field: string): Promise<void> {
    if (!user.fund_pwd_hash) throw new AppError('FUND_PASSWORD_NOT_SET');
    const hash = user.fund_pwd_hash;
    const ok = await this.deps.guard.check(
      'password',
      `fund:${user.id}`,
      () => verifyPassword(hash, preHashed),
      (right) => right,
    );
    if (!ok) throw fieldError('FUND_PASSWORD_WRONG', field);
  }

  /** Checks a code and claims its time step atomically; returns the step. `field` names the input. */
  private async checkGoogleCode(user: UserRow, secret: string, code: string, field: string): Promise<number> {
    const result = await this.deps.guard.check(
      'googleCode',
      String(user.id),
      () => checkTotp(secret, code, user.google_last_step, this.now()),
      (check) => check.ok,
    );
    if (!result.ok) {
      throw fieldError(result.reason === 'replayed' ? 'GOOGLE_CODE_REPLAYED' : 'GOOGLE_CODE_INVALID', field);
    }
    if (!(await claimGoogleStep(this.db, user.id, result.step))) {
      throw fieldError('GOOGLE_CODE_REPLAYED', field);
    }
    return result.step;
  }
}

export async function uniqueInviteCode(db: Kysely<Database>): Promise<string> {
  for (;;) {
    const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
    if (!(await inviteCodeTaken(db, code))) return code;
  }
}
