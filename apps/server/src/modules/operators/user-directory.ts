import type { Kysely } from 'kysely';
import {
  REAL_NAME_STATUSES,
  type RealNameStatus,
  type UserDetail,
  type UserSummary,
  type UserType,
} from '@vela/contract';
import type { Database, UserRow } from '../../db/schema.ts';
import {
  countDirectMembers,
  findUserWithParent,
  selectUsersPage,
  type UserSearch,
} from './user-directory-repository.ts';

export type { UserSearch } from './user-directory-repository.ts';

/** The console's view of users: search and detail. Read-only; support actions live with their features. */

/** Newest first, cut by id (keyset) like the audit log. */
export async function searchUsers(
  db: Kysely<Database>,
  search: UserSearch,
): Promise<{ list: UserSummary[]; nextBefore: number | null }> {
  // One row more than asked tells whether another page follows.
  const rows = await selectUsersPage(db, search);
  const page = rows.slice(0, search.limit);
  return {
    list: page.map((row) => toUserSummary(row, row.parent_username)),
    nextBefore: rows.length > search.limit ? (page[page.length - 1]?.id ?? null) : null,
  };
}

export async function findUserDetail(db: Kysely<Database>, userId: number): Promise<UserDetail | null> {
  const row = await findUserWithParent(db, userId);
  if (!row) return null;
  const directMembers = await countDirectMembers(db, userId);
  return {
    ...toUserSummary(row, row.parent_username),
    email: row.email,
    inviteCode: row.invite_code,
    parentId: row.parent_id,
    directMembers,
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
