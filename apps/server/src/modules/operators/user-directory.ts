import type { Kysely } from 'kysely';
import {
  REAL_NAME_STATUSES,
  type RealNameStatus,
  type UserDetail,
  type UserSummary,
  type UserType,
} from '@vela/contract';
import type { Database, UserRow } from '../../db/schema.ts';

/** The console's view of users: search and detail. Read-only; support actions live with their features. */

export interface UserSearch {
  /** Digits: a user id. Otherwise the start of a username (any letter case). Empty: everyone. */
  query: string;
  before?: number | undefined;
  limit: number;
}

/** Newest first, cut by id (keyset) like the audit log. */
export async function searchUsers(
  db: Kysely<Database>,
  search: UserSearch,
): Promise<{ list: UserSummary[]; nextBefore: number | null }> {
  let query = db
    .selectFrom('users as u')
    .leftJoin('users as p', 'p.id', 'u.parent_id')
    .selectAll('u')
    .select('p.username as parent_username');
  if (/^\d+$/.test(search.query)) {
    // Usernames start with a letter, so digits can only be an id.
    const id = Number(search.query);
    query = query.where('u.id', '=', Number.isSafeInteger(id) ? id : -1);
  } else if (search.query !== '') {
    // The contract allows only letters and digits here, so the pattern holds no LIKE wildcards.
    query = query.where('u.username_key', 'like', `${search.query.toLowerCase()}%`);
  }
  if (search.before !== undefined) query = query.where('u.id', '<', search.before);
  const rows = await query
    .orderBy('u.id', 'desc')
    .limit(search.limit + 1)
    .execute();
  const page = rows.slice(0, search.limit);
  return {
    list: page.map((row) => toUserSummary(row, row.parent_username)),
    nextBefore: rows.length > search.limit ? (page[page.length - 1]?.id ?? null) : null,
  };
}

export async function findUserDetail(db: Kysely<Database>, userId: number): Promise<UserDetail | null> {
  const row = await db
    .selectFrom('users as u')
    .leftJoin('users as p', 'p.id', 'u.parent_id')
    .selectAll('u')
    .select('p.username as parent_username')
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  const members = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('parent_id', '=', userId)
    .executeTakeFirstOrThrow();
  return {
    ...toUserSummary(row, row.parent_username),
    email: row.email,
    inviteCode: row.invite_code,
    parentId: row.parent_id,
    directMembers: Number(members.n),
    hasFundPassword: row.fund_pwd_hash !== null,
    googleBound: row.google_secret !== null,
    pointPercentTiming: row.point_percent_timing,
    pointPercentContract: row.point_percent_contract,
    registerWay: row.register_way,
    lastLoginIp: row.last_login_ip,
  };
}

function toUserSummary(row: UserRow, parentUsername: string | null): UserSummary {
  return {
    id: row.id,
    username: row.username,
    nickname: row.nickname,
    userType: row.user_type as UserType,
    active: row.status === 1,
    realNameStatus: (REAL_NAME_STATUSES as readonly string[]).includes(row.real_name_status)
      ? (row.real_name_status as RealNameStatus)
      : 'NONE',
    parentUsername,
    createdAt: row.created_at,
    lastLoginAt: row.last_login_at,
  };
}
