import { sql, type Kysely } from 'kysely';
import { rebateRateUnits, type PathStep } from '@vela/domain';
import type { Database } from '../../db/schema.ts';
import { chunked } from '../storage/sql-batch.ts';

/** Which of a user's two rebate rates applies: timed trades' or contract fees'. */
export type RateKind = 'timing' | 'contract';

const RATE_COLUMN = { timing: 'point_percent_timing', contract: 'point_percent_contract' } as const;

/**
 * Each member's path up, for the members that have agents: the member first with their own rate,
 * then every ancestor nearest first with theirs (the rates of this moment; decision 049). Members
 * without an agent are absent.
 */
export async function pathsOf(
  db: Kysely<Database>,
  memberIds: readonly number[],
  kind: RateKind,
): Promise<Map<number, PathStep[]>> {
  const column = RATE_COLUMN[kind];
  const rows: { member_id: number; ancestor_id: number; depth: number; rate: string; member_rate: string }[] =
    [];
  for (const chunk of chunked([...new Set(memberIds)], 1, 2_000)) {
    rows.push(
      ...(await db
        .selectFrom('team_path as p')
        .innerJoin('users as a', 'a.id', 'p.ancestor_id')
        .innerJoin('users as m', 'm.id', 'p.member_id')
        .select([
          'p.member_id',
          'p.ancestor_id',
          'p.depth',
          `a.${column} as rate`,
          `m.${column} as member_rate`,
        ])
        .where('p.member_id', 'in', chunk)
        .execute()),
    );
  }
  const paths = new Map<number, { depth: number; step: PathStep }[]>();
  const own = new Map<number, PathStep>();
  for (const row of rows) {
    own.set(row.member_id, { userId: row.member_id, rateUnits: rebateRateUnits(row.member_rate) });
    const list = paths.get(row.member_id) ?? [];
    list.push({ depth: row.depth, step: { userId: row.ancestor_id, rateUnits: rebateRateUnits(row.rate) } });
    paths.set(row.member_id, list);
  }
  const answer = new Map<number, PathStep[]>();
  for (const [memberId, list] of paths) {
    list.sort((a, b) => a.depth - b.depth);
    const member = own.get(memberId);
    if (!member) throw new Error(`pathsOf: no own rate of member ${memberId}`);
    answer.set(memberId, [member, ...list.map(({ step }) => step)]);
  }
  return answer;
}

/** Every ancestor of each user (users without one are absent). */
export async function ancestorsOf(
  db: Kysely<Database>,
  userIds: readonly number[],
): Promise<Map<number, number[]>> {
  const answer = new Map<number, number[]>();
  for (const chunk of chunked([...new Set(userIds)], 1, 2_000)) {
    const rows = await db
      .selectFrom('team_path')
      .select(['member_id', 'ancestor_id'])
      .where('member_id', 'in', chunk)
      .execute();
    for (const row of rows) {
      const list = answer.get(row.member_id) ?? [];
      list.push(row.ancestor_id);
      answer.set(row.member_id, list);
    }
  }
  return answer;
}

/** Whether `memberId` is below `agentId` at any depth. */
export async function isInTeam(db: Kysely<Database>, agentId: number, memberId: number): Promise<boolean> {
  const row = await db
    .selectFrom('team_path')
    .select('depth')
    .where('ancestor_id', '=', agentId)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return row !== undefined;
}

/** A member as the team screens list them, before balances and online status are added. */
export interface MemberRow {
  id: number;
  username: string;
  user_type: number;
  depth: number;
  parent_username: string | null;
  point_percent_timing: string;
  point_percent_contract: string;
  register_way: string;
  team_size: number;
  last_login_at: number | null;
  created_at: number;
}

export interface TeamQuery {
  agentId: number;
  directOnly: boolean;
  keyword?: string | undefined;
  memberId?: number | undefined;
  before?: number | undefined;
  limit: number;
}

/** The members below an agent, newest first, from the path index: one range whatever the depth. */
export function teamMembers(db: Kysely<Database>, query: TeamQuery): Promise<MemberRow[]> {
  let select = db
    .selectFrom('team_path as p')
    .innerJoin('users as u', 'u.id', 'p.member_id')
    .leftJoin('users as parent', 'parent.id', 'u.parent_id')
    .select([
      'u.id',
      'u.username',
      'u.user_type',
      'p.depth',
      'parent.username as parent_username',
      'u.point_percent_timing',
      'u.point_percent_contract',
      'u.register_way',
      'u.team_size',
      'u.last_login_at',
      'u.created_at',
    ])
    .where('p.ancestor_id', '=', query.agentId)
    .orderBy('p.member_id', 'desc')
    .limit(query.limit);
  if (query.directOnly) select = select.where('p.depth', '=', 1);
  if (query.memberId !== undefined) select = select.where('p.member_id', '=', query.memberId);
  if (query.before !== undefined) select = select.where('p.member_id', '<', query.before);
  if (query.keyword) select = select.where('u.username_key', 'like', `%${likeEscaped(query.keyword)}%`);
  return select.execute();
}

/** A keyword as a LIKE pattern's literal part: `%` and `_` match themselves. */
function likeEscaped(keyword: string): string {
  return keyword.toLowerCase().replace(/[%_]/g, '');
}

/** How many members are directly below an agent. */
export async function directCount(db: Kysely<Database>, agentId: number): Promise<number> {
  const row = await db
    .selectFrom('team_path')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ancestor_id', '=', agentId)
    .where('depth', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The users with a session seen since `since` (decision 049: a request or a live connection in the
 * last five minutes), out of `userIds`; read from the sessions every node writes, so every node
 * answers the same.
 */
export async function onlineAmong(
  db: Kysely<Database>,
  userIds: readonly number[],
  since: number,
): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('sessions')
    .select('user_id')
    .distinct()
    .where('last_seen_at', '>', since)
    .where('revoked_at', 'is', null)
    .where('user_id', 'in', userIds)
    .execute();
  return new Set(rows.map((row) => row.user_id));
}

/** How many of each ancestor's team is online: the few online users, then their paths. */
export async function teamOnlineCounts(
  db: Kysely<Database>,
  ancestorIds: readonly number[],
  since: number,
): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  if (ancestorIds.length === 0) return counts;
  // From the sessions seen lately (an index range of a few rows) to their paths, never through a
  // whole team's paths.
  const rows = await db
    .selectFrom('sessions as s')
    .innerJoin('team_path as p', 'p.member_id', 's.user_id')
    .select(['p.ancestor_id', sql<number>`COUNT(DISTINCT p.member_id)`.as('n')])
    .where('s.last_seen_at', '>', since)
    .where('s.revoked_at', 'is', null)
    .where('p.ancestor_id', 'in', ancestorIds)
    .groupBy('p.ancestor_id')
    .execute();
  for (const row of rows) counts.set(row.ancestor_id, Number(row.n));
  return counts;
}

/** Each user's spot balance in one currency (minor units; no account is zero). */
export async function spotBalances(
  db: Kysely<Database>,
  userIds: readonly number[],
  vcId: number,
): Promise<Map<number, bigint>> {
  const balances = new Map<number, bigint>();
  if (userIds.length === 0) return balances;
  const rows = await db
    .selectFrom('ledger_account')
    .select(['user_id', 'balance_minor'])
    .where('vc_id', '=', vcId)
    .where('kind', '=', 'spot')
    .where('user_id', 'in', userIds)
    .execute();
  for (const row of rows) if (row.user_id !== null) balances.set(row.user_id, row.balance_minor);
  return balances;
}

/** A user as the console's agent tree shows them. */
export interface TreeNodeRow {
  id: number;
  username: string;
  user_type: number;
  parent_id: number | null;
  parent_username: string | null;
  point_percent_timing: string;
  point_percent_contract: string;
  team_size: number;
  created_at: number;
}

/**
 * The console's agent tree: the users directly below `parentId` (the top-level users without
 * one), or those whose username starts with `prefix`, newest first.
 */
export function treeNodes(
  db: Kysely<Database>,
  query: { parentId?: number | undefined; prefix: string; before?: number | undefined; limit: number },
): Promise<TreeNodeRow[]> {
  let select = db
    .selectFrom('users as u')
    .leftJoin('users as parent', 'parent.id', 'u.parent_id')
    .select([
      'u.id',
      'u.username',
      'u.user_type',
      'u.parent_id',
      'parent.username as parent_username',
      'u.point_percent_timing',
      'u.point_percent_contract',
      'u.team_size',
      'u.created_at',
    ])
    .orderBy('u.id', 'desc')
    .limit(query.limit);
  if (query.prefix) select = select.where('u.username_key', 'like', `${likeEscaped(query.prefix)}%`);
  else if (query.parentId !== undefined) select = select.where('u.parent_id', '=', query.parentId);
  else select = select.where('u.parent_id', 'is', null);
  if (query.before !== undefined) select = select.where('u.id', '<', query.before);
  return select.execute();
}

/** Each user's ancestors' usernames from the top down, and each user's count of direct members. */
export async function pathNamesAndDirectCounts(
  db: Kysely<Database>,
  userIds: readonly number[],
): Promise<{ paths: Map<number, string[]>; direct: Map<number, number> }> {
  const paths = new Map<number, string[]>();
  const direct = new Map<number, number>();
  if (userIds.length === 0) return { paths, direct };
  const rows = await db
    .selectFrom('team_path as p')
    .innerJoin('users as a', 'a.id', 'p.ancestor_id')
    .select(['p.member_id', 'p.depth', 'a.username'])
    .where('p.member_id', 'in', userIds)
    .orderBy('p.depth', 'desc')
    .execute();
  for (const row of rows) paths.set(row.member_id, [...(paths.get(row.member_id) ?? []), row.username]);
  const counts = await db
    .selectFrom('team_path')
    .select(['ancestor_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('ancestor_id', 'in', userIds)
    .where('depth', '=', 1)
    .groupBy('ancestor_id')
    .execute();
  for (const row of counts) direct.set(row.ancestor_id, Number(row.n));
  return { paths, direct };
}

/**
 * Takes the team lock for a move, in the caller's transaction: moves happen one at a time (two at
 * once could each pass its checks and together make a loop), and the rows of the moved user's team
 * are held, so a registration below one of them waits and then reads the moved paths.
 */
export async function lockForMove(trx: Kysely<Database>, userId: number): Promise<void> {
  await sql`UPDATE team_lock SET moves = moves + 1 WHERE id = 1`.execute(trx);
  await sql`UPDATE users SET team_size = team_size
    WHERE id = ${userId} OR id IN (SELECT member_id FROM team_path WHERE ancestor_id = ${userId})`.execute(
    trx,
  );
}

/**
 * Moves `userId` and everyone below them under `agentId`, in the caller's transaction: the paths
 * from the subtree to the old ancestors go, paths to the new agent and its ancestors come, each
 * team size on both sides changes by the subtree's size, and the parent is the new agent.
 */
export async function moveSubtree(trx: Kysely<Database>, userId: number, agentId: number): Promise<void> {
  const size = await sql<{ n: number }>`SELECT team_size + 1 AS n FROM users WHERE id = ${userId}`.execute(
    trx,
  );
  const moved = Number(size.rows[0]?.n ?? 1);
  await sql`UPDATE users SET team_size = team_size - ${moved}
    WHERE id IN (SELECT ancestor_id FROM team_path WHERE member_id = ${userId})`.execute(trx);
  await sql`DELETE FROM team_path
    WHERE ancestor_id IN (SELECT ancestor_id FROM team_path WHERE member_id = ${userId})
      AND (member_id = ${userId} OR member_id IN (SELECT member_id FROM team_path WHERE ancestor_id = ${userId}))`.execute(
    trx,
  );
  // The new ancestors: the agent (distance 1 from the user) and the agent's own ancestors.
  await sql`INSERT INTO team_path (ancestor_id, member_id, depth)
    SELECT up.ancestor_id, down.member_id, up.depth + down.depth
    FROM (SELECT ancestor_id, depth + 1 AS depth FROM team_path WHERE member_id = ${agentId}
          UNION ALL SELECT CAST(${agentId} AS bigint), 1) up
    CROSS JOIN (SELECT member_id, depth FROM team_path WHERE ancestor_id = ${userId}
                UNION ALL SELECT CAST(${userId} AS bigint), 0) down`.execute(trx);
  await sql`UPDATE users SET team_size = team_size + ${moved}
    WHERE id IN (SELECT ancestor_id FROM team_path WHERE member_id = ${userId})`.execute(trx);
  await trx.updateTable('users').set({ parent_id: agentId }).where('id', '=', userId).execute();
}
