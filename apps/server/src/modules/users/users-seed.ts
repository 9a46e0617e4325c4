import type { Kysely } from 'kysely';
import { preHashPassword } from '@vela/domain';
import { USER_TYPE_AGENT, USER_TYPE_MEMBER } from '@vela/contract';
import type { Database } from '../../db/schema.ts';
import { hashPassword } from './password-hasher.ts';
import { findUserByUsername, insertTeamUser } from './user-repository.ts';

/** The demo agent and the member invited by it; their passwords are public demo values. */
export const DEMO_ACCOUNTS = {
  agent: { username: 'agent01', password: 'Agent@2024', inviteCode: '100200' },
  user: { username: 'demo01', password: 'Demo@2024', fundPassword: 'Fund@2024' },
} as const;

export interface DemoPasswordHashes {
  agentLogin: string;
  userLogin: string;
  fund: string;
}

/** Password hashing is slow, so the seed hashes before its transaction, which then stays short. */
export async function demoPasswordHashes(): Promise<DemoPasswordHashes> {
  const { agent, user } = DEMO_ACCOUNTS;
  const [agentLogin, userLogin, fund] = await Promise.all([
    hashPassword(preHashPassword(agent.password)),
    hashPassword(preHashPassword(user.password)),
    hashPassword(preHashPassword(user.fundPassword)),
  ]);
  return { agentLogin, userLogin, fund };
}

/**
 * Inserts the demo accounts that do not exist yet, inside the caller's seed transaction; an account
 * that exists is never touched, so a changed password sticks. The member is the agent's invitee,
 * so the agent comes first.
 */
export async function seedUsers(
  db: Kysely<Database>,
  hashes: DemoPasswordHashes,
  now: number,
): Promise<void> {
  const { agent, user } = DEMO_ACCOUNTS;
  const agentId =
    (await findUserByUsername(db, agent.username))?.id ??
    (await insertTeamUser(
      db,
      {
        username: agent.username,
        username_key: agent.username,
        login_pwd_hash: hashes.agentLogin,
        fund_pwd_hash: hashes.fund,
        user_type: USER_TYPE_AGENT,
        parent_id: null,
        invite_code: agent.inviteCode,
        email: null,
        nickname: agent.username,
        real_name_status: 'APPROVED',
        point_percent_timing: '0.02',
        point_percent_contract: '0.015',
        register_way: 'SYSTEM',
        created_at: now,
      },
      now,
    ));
  if (await findUserByUsername(db, user.username)) return;
  await insertTeamUser(
    db,
    {
      username: user.username,
      username_key: user.username,
      login_pwd_hash: hashes.userLogin,
      fund_pwd_hash: hashes.fund,
      user_type: USER_TYPE_MEMBER,
      parent_id: agentId,
      invite_code: null,
      email: null,
      nickname: user.username,
      real_name_status: 'NONE',
      point_percent_timing: '0.01',
      point_percent_contract: '0.01',
      register_way: 'INVITE_CODE',
      created_at: now,
    },
    now,
  );
}
