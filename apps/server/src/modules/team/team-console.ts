import type { Kysely } from 'kysely';
import {
  USER_TYPE_AGENT,
  USER_TYPE_MEMBER,
  type AdminTeamNode,
  type ParsedBodyOf,
  type UserType,
  type endpoints,
} from '@vela/contract';
import { formatRebateRate, rebateRateUnits } from '@vela/domain';
import type { Database, UserRow } from '../../db/schema.ts';
import { AppError, fieldError } from '../../errors.ts';
import type { OperatorSession } from '../../http/contract-routes.ts';
import { changedFields, recordAudit } from '../operators/audit-log.ts';
import { uniqueInviteCode } from '../users/account-service.ts';
import { findUserById, updateUser } from '../users/user-repository.ts';
import {
  isInTeam,
  lockForMove,
  moveSubtree,
  pathNamesAndDirectCounts,
  treeNodes,
  type TreeNodeRow,
} from './team-repository.ts';

type Api = typeof endpoints.team;

/**
 * The console's agent tree (docs/product.md, "Teams"): browsing and searching it, changing a
 * user's type and rates within their agent's, and moving a user with their team under another
 * agent. Each change is audited with its reason in the same commit; rebates already planned stay
 * as planned, so a change applies to trades from then on.
 */
export async function consoleTree(db: Kysely<Database>, body: ParsedBodyOf<Api['adminTeamTree']>) {
  const rows = await treeNodes(db, {
    parentId: body.parentId,
    prefix: body.query,
    before: body.before,
    limit: body.limit + 1,
  });
  const page = rows.slice(0, body.limit);
  return {
    list: await nodesOf(db, page),
    nextBefore: rows.length > body.limit ? (page.at(-1)?.id ?? null) : null,
  };
}

export async function saveTeamMember(
  db: Kysely<Database>,
  session: OperatorSession,
  body: ParsedBodyOf<Api['adminTeamMemberSave']>,
  ip: string,
  now = Date.now(),
): Promise<AdminTeamNode> {
  const user = await requireUser(db, body.userId);
  if (user.user_type === USER_TYPE_AGENT && body.userType !== USER_TYPE_AGENT && user.team_size > 0)
    throw fieldError('TEAM_NOT_EMPTY', 'userType');
  const parent = user.parent_id === null ? null : await requireUser(db, user.parent_id);
  const timing = withinAgent(body.pointPercentTiming, parent?.point_percent_timing, 'pointPercentTiming');
  const contract = withinAgent(
    body.pointPercentContract,
    parent?.point_percent_contract,
    'pointPercentContract',
  );
  const after = { user_type: body.userType, point_percent_timing: timing, point_percent_contract: contract };
  // An agent keeps its invite code; a user becoming an agent gets one.
  const inviteCode =
    body.userType === USER_TYPE_AGENT && !user.invite_code ? await uniqueInviteCode(db) : user.invite_code;
  await db.transaction().execute(async (trx) => {
    await updateUser(trx, user.id, { ...after, invite_code: inviteCode });
    await recordAudit(trx, {
      operatorId: session.operatorId,
      action: 'team_member.save',
      targetType: 'user',
      targetId: user.id,
      detail: {
        ...changedFields(user, after, ['user_type', 'point_percent_timing', 'point_percent_contract']),
        reason: body.reason,
      },
      ip,
      now,
    });
  });
  return nodeOf(db, user.id);
}

export async function moveTeamMember(
  db: Kysely<Database>,
  session: OperatorSession,
  body: ParsedBodyOf<Api['adminTeamMove']>,
  ip: string,
  now = Date.now(),
): Promise<AdminTeamNode> {
  await db.transaction().execute(async (trx) => {
    // Checked under the lock: another move committed a moment ago may have changed the tree.
    await lockForMove(trx, body.userId);
    const user = await requireUser(trx, body.userId);
    const agent = await requireUser(trx, body.agentId);
    if (!(await movable(trx, user, agent))) throw fieldError('MOVE_INVALID', 'agentId');
    await moveSubtree(trx, user.id, agent.id);
    await recordAudit(trx, {
      operatorId: session.operatorId,
      action: 'team_member.move',
      targetType: 'user',
      targetId: user.id,
      detail: { ...changedFields(user, { parent_id: agent.id }, ['parent_id']), reason: body.reason },
      ip,
      now,
    });
  });
  return nodeOf(db, body.userId);
}

/**
 * Whether `user` may move under `agent`: an agent other than the user and their current agent,
 * outside the user's own team (no loop), whose rates are at least the user's.
 */
async function movable(db: Kysely<Database>, user: UserRow, agent: UserRow): Promise<boolean> {
  return (
    agent.user_type === USER_TYPE_AGENT &&
    agent.id !== user.id &&
    agent.id !== user.parent_id &&
    !(await isInTeam(db, user.id, agent.id)) &&
    rebateRateUnits(user.point_percent_timing) <= rebateRateUnits(agent.point_percent_timing) &&
    rebateRateUnits(user.point_percent_contract) <= rebateRateUnits(agent.point_percent_contract)
  );
}

async function requireUser(db: Kysely<Database>, id: number): Promise<UserRow> {
  const user = await findUserById(db, id);
  if (!user) throw fieldError('USER_NOT_FOUND', 'userId');
  return user;
}

/** A rate in its shortest form, refused above the agent's (no agent: any rate from 0 to 1). */
function withinAgent(requested: string, agentRate: string | undefined, field: string): string {
  const units = rebateRateUnits(requested);
  if (agentRate !== undefined && units > rebateRateUnits(agentRate))
    throw new AppError('REBATE_ABOVE_OWN', {
      params: { max: formatRebateRate(rebateRateUnits(agentRate) * 100n) },
      data: { field },
    });
  return formatRebateRate(units);
}

async function nodeOf(db: Kysely<Database>, id: number): Promise<AdminTeamNode> {
  const user = await requireUser(db, id);
  const parent = user.parent_id === null ? null : await findUserById(db, user.parent_id);
  const [node] = await nodesOf(db, [{ ...user, parent_username: parent?.username ?? null }]);
  if (!node) throw new Error(`nodeOf: no node of user ${id}`);
  return node;
}

async function nodesOf(db: Kysely<Database>, rows: readonly TreeNodeRow[]): Promise<AdminTeamNode[]> {
  const { paths, direct } = await pathNamesAndDirectCounts(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    username: row.username,
    userType: (row.user_type === USER_TYPE_AGENT ? USER_TYPE_AGENT : USER_TYPE_MEMBER) as UserType,
    parentId: row.parent_id,
    parentUsername: row.parent_username,
    pointPercentTiming: row.point_percent_timing,
    pointPercentContract: row.point_percent_contract,
    teamSize: row.team_size,
    directCount: direct.get(row.id) ?? 0,
    path: paths.get(row.id) ?? [],
    registerAt: row.created_at,
  }));
}
