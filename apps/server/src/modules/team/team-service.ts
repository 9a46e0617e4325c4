import type { Kysely } from 'kysely';
import {
  USER_TYPE_AGENT,
  USER_TYPE_MEMBER,
  USER_TYPES,
  type ParsedBodyOf,
  type Rebate,
  type TeamMember,
  type UserType,
  type endpoints,
} from '@vela/contract';
import { formatMinor, formatRebateRate, preHashPassword, rebateRateUnits } from '@vela/domain';
import type { Database, UserRow } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError, fieldError } from '../../errors.ts';
import type { AuthSession } from '../../http/contract-routes.ts';
import { settlementCoin } from '../market/coin-repository.ts';
import { uniqueInviteCode } from '../users/account-service.ts';
import { hashPassword } from '../users/password-hasher.ts';
import { findUserById, findUserByUsername, insertTeamUser } from '../users/user-repository.ts';
import { rebatesOf, type RebateListRow } from './rebate-repository.ts';
import {
  directCount,
  isInTeam,
  onlineAmong,
  spotBalances,
  teamMembers,
  teamOnlineCounts,
  type MemberRow,
} from './team-repository.ts';

type TeamApi = typeof endpoints.team;

/** A user is online while a session of theirs was seen within this (decision 049). */
export const ONLINE_WINDOW_MS = 5 * 60_000;

export interface TeamServiceDeps {
  db: Kysely<Database>;
  /** The password users added by an agent start with (server configuration). */
  initialPassword: string;
  now?: () => number;
}

/** The types an agent may create: members and agents below them (docs/product.md, "Teams"). */
const CREATABLE_TYPES: readonly UserType[] = USER_TYPES;

/**
 * Agents' team calls (docs/product.md, "Teams"): adding users below them, their team with online
 * status and balances, and the rebates paid to them. Every call starts by checking the caller is an
 * agent, and every member id by checking it is in the caller's team.
 */
export class TeamService {
  private readonly db: Kysely<Database>;
  private readonly now: () => number;

  constructor(private readonly deps: TeamServiceDeps) {
    this.db = deps.db;
    this.now = deps.now ?? Date.now;
  }

  async addUserOptions(session: AuthSession) {
    const agent = await this.requireAgent(session);
    return {
      userTypes: [...CREATABLE_TYPES],
      pointPercentTiming: agent.point_percent_timing,
      pointPercentContract: agent.point_percent_contract,
      initialPassword: this.deps.initialPassword,
    };
  }

  /**
   * Adds a direct member. The rates are checked against the agent's own as read in this call; a
   * race with an operator lowering the agent's rate at that instant cannot pay more than the
   * agent's rate, since a rebate path never pays above its highest rate (differentialRebates).
   */
  async addUser(session: AuthSession, body: ParsedBodyOf<TeamApi['addUser']>) {
    const agent = await this.requireAgent(session);
    if (!CREATABLE_TYPES.includes(body.userType)) throw fieldError('USER_TYPE_NOT_ALLOWED', 'userType');
    const timing = capped(body.pointPercentTiming, agent.point_percent_timing, 'pointPercentTiming');
    const contract = capped(body.pointPercentContract, agent.point_percent_contract, 'pointPercentContract');
    if (await findUserByUsername(this.db, body.username)) throw fieldError('USERNAME_TAKEN', 'username');
    const loginHash = await hashPassword(preHashPassword(this.deps.initialPassword));
    const inviteCode = body.userType === USER_TYPE_AGENT ? await uniqueInviteCode(this.db) : null;
    const now = this.now();
    try {
      const id = await this.db.transaction().execute((trx) =>
        insertTeamUser(
          trx,
          {
            username: body.username,
            username_key: body.username.toLowerCase(),
            login_pwd_hash: loginHash,
            fund_pwd_hash: null,
            user_type: body.userType,
            parent_id: agent.id,
            invite_code: inviteCode,
            email: null,
            nickname: body.username,
            real_name_status: 'NONE',
            point_percent_timing: timing,
            point_percent_contract: contract,
            register_way: 'AGENT',
            must_change_password: 1,
            created_at: now,
          },
          now,
        ),
      );
      return {
        id,
        username: body.username,
        userType: body.userType,
        pointPercentTiming: timing,
        pointPercentContract: contract,
        initialPassword: this.deps.initialPassword,
      };
    } catch (error) {
      if (isUniqueViolation(error)) throw fieldError('USERNAME_TAKEN', 'username');
      throw error;
    }
  }

  async teamPage(session: AuthSession, body: ParsedBodyOf<TeamApi['teamPage']>) {
    const agent = await this.requireAgent(session);
    const rows = await teamMembers(this.db, {
      agentId: agent.id,
      directOnly: body.scope === 'direct',
      keyword: body.keyword,
      before: body.cursor,
      limit: body.limit + 1,
    });
    const page = rows.slice(0, body.limit);
    const since = this.now() - ONLINE_WINDOW_MS;
    const [list, direct, online] = await Promise.all([
      this.members(page),
      directCount(this.db, agent.id),
      teamOnlineCounts(this.db, [agent.id], since),
    ]);
    return {
      list,
      nextCursor: rows.length > body.limit ? (page.at(-1)?.id ?? null) : null,
      teamCount: agent.team_size,
      directCount: direct,
      teamOnline: online.get(agent.id) ?? 0,
    };
  }

  async memberDetail(session: AuthSession, id: number): Promise<TeamMember> {
    const agent = await this.requireAgent(session);
    const [row] = await teamMembers(this.db, {
      agentId: agent.id,
      directOnly: false,
      memberId: id,
      limit: 1,
    });
    if (!row) throw fieldError('MEMBER_NOT_FOUND', 'id');
    const [member] = await this.members([row]);
    if (!member) throw new Error('memberDetail: a member row gave no member');
    return member;
  }

  /** Whether `memberId` is in the agent's team; anyone else's is "not found", as theirs is unknown. */
  async requireMember(session: AuthSession, memberId: number): Promise<void> {
    await this.requireAgent(session);
    if (!(await isInTeam(this.db, session.userId, memberId)))
      throw fieldError('MEMBER_NOT_FOUND', 'memberId');
  }

  async rebateList(session: AuthSession, body: ParsedBodyOf<TeamApi['rebateList']>) {
    const rows = await rebatesOf(this.db, session.userId, body.cursor, body.limit + 1);
    const page = rows.slice(0, body.limit);
    return {
      list: page.map(toRebate),
      nextCursor: rows.length > body.limit ? (page.at(-1)?.id ?? null) : null,
    };
  }

  /** The caller, when they are an agent; NOT_AGENT otherwise. */
  async requireAgent(session: AuthSession): Promise<UserRow> {
    const user = await findUserById(this.db, session.userId);
    if (!user) throw new AppError('UNAUTHORIZED', { forceLogout: true });
    if (user.user_type !== USER_TYPE_AGENT) throw new AppError('NOT_AGENT');
    return user;
  }

  /** Member rows with their balances and online status, read for the whole page at once. */
  private async members(rows: readonly MemberRow[]): Promise<TeamMember[]> {
    const ids = rows.map((row) => row.id);
    const since = this.now() - ONLINE_WINDOW_MS;
    const usdt = await settlementCoin(this.db);
    const [balances, online, teamOnline] = await Promise.all([
      spotBalances(this.db, ids, usdt.id),
      onlineAmong(this.db, ids, since),
      teamOnlineCounts(this.db, ids, since),
    ]);
    return rows.map((row) => ({
      id: row.id,
      username: row.username,
      userType: (row.user_type === USER_TYPE_AGENT ? USER_TYPE_AGENT : USER_TYPE_MEMBER) as UserType,
      depth: row.depth,
      parentUsername: row.parent_username,
      pointPercentTiming: row.point_percent_timing,
      pointPercentContract: row.point_percent_contract,
      registerWay: row.register_way,
      teamCount: row.team_size,
      teamOnline: teamOnline.get(row.id) ?? 0,
      balance: formatMinor(balances.get(row.id) ?? 0n, usdt.amount_scale),
      lastLoginAt: row.last_login_at,
      registerAt: row.created_at,
      online: online.has(row.id),
    }));
  }
}

/**
 * A requested rate in its shortest form, refused above the agent's own (docs/product.md, "Teams"):
 * the message names the cap in percent, as the screens show rates.
 */
function capped(requested: string, own: string, field: string): string {
  const units = rebateRateUnits(requested);
  const cap = rebateRateUnits(own);
  if (units > cap) {
    const error = new AppError('REBATE_ABOVE_OWN', {
      params: { max: formatRebateRate(cap * 100n) },
      data: { field },
    });
    throw error;
  }
  return formatRebateRate(units);
}

function toRebate(row: RebateListRow): Rebate {
  return {
    id: row.id,
    source: row.source_type as Rebate['source'],
    refType: row.ref_type,
    refId: row.ref_id,
    memberId: row.member_id,
    memberUsername: row.member_username,
    symbol: row.symbol,
    base: formatMinor(row.base_minor, row.amount_scale),
    rate: row.rate,
    belowRate: row.below_rate,
    amount: formatMinor(row.amount_minor, row.amount_scale),
    state: row.paid_at === null ? 'pending' : 'paid',
    createdAt: row.created_at,
    paidAt: row.paid_at,
  };
}
