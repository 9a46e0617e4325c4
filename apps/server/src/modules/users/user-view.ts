import {
  USER_TYPE_AGENT,
  REAL_NAME_STATUSES,
  type RealNameStatus,
  type UserInfo,
  type UserType,
} from '@vela/contract';
import type { UserRow } from '../../db/schema.ts';

export function toUserInfo(row: UserRow): UserInfo {
  const status = (REAL_NAME_STATUSES as readonly string[]).includes(row.real_name_status)
    ? (row.real_name_status as RealNameStatus)
    : 'NONE';
  return {
    id: row.id,
    username: row.username,
    nickname: row.nickname,
    nicknameChanged: row.nickname_changed === 1,
    userType: row.user_type as UserType,
    isAgent: row.user_type === USER_TYPE_AGENT,
    inviteCode: row.user_type === USER_TYPE_AGENT ? row.invite_code : null,
    email: row.email,
    hasFundPassword: row.fund_pwd_hash !== null,
    googleBound: row.google_secret !== null,
    realNameStatus: status,
    pointPercentTiming: row.point_percent_timing,
    pointPercentContract: row.point_percent_contract,
    createdAt: row.created_at,
    lastLoginAt: row.last_login_at,
    mustChangePassword: row.must_change_password === 1,
  };
}
