import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Which of a team's timed orders: open or settled, all members' or one's, a page before a cursor. */
export interface TeamTimingQuery {
  scope: 'open' | 'settled';
  memberId?: number | undefined;
  cursor?: number | undefined;
  limit: number;
}

/**
 * An agent's team timed-trade info (docs/product.md, "Teams"): the open or settled orders of every
 * member below the agent (or of one of them), newest first, with the sums of the whole scope. The
 * members come from the team's paths, so the depth of the team costs nothing.
 */
export function teamTimingRows(db: Kysely<Database>, agentId: number, body: TeamTimingQuery) {
  const settled = body.scope === 'settled';
  let query = db
    .selectFrom('timing_order as o')
    .innerJoin('team_path as p', (join) =>
      join.onRef('p.member_id', '=', 'o.user_id').on('p.ancestor_id', '=', agentId),
    )
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .innerJoin('vc', 'vc.id', 'o.vc_id')
    .innerJoin('vc as s', 's.id', 'o.settle_vc_id')
    .leftJoin('timing_order_result as r', 'r.order_id', 'o.id')
    .select([
      'o.id',
      'u.username',
      'vc.symbol',
      's.symbol as settle_symbol',
      's.amount_scale',
      'o.direction',
      'o.period_seconds',
      'o.stake_minor',
      'o.created_at',
      'r.outcome',
      'r.payout_minor',
      'r.settled_at',
    ])
    .where('r.order_id', settled ? 'is not' : 'is', null)
    .orderBy('o.id', 'desc')
    .limit(body.limit + 1);
  if (body.memberId !== undefined) query = query.where('o.user_id', '=', body.memberId);
  if (body.cursor !== undefined) query = query.where('o.id', '<', body.cursor);
  return query.execute();
}

/** The count, stakes and payouts of the whole scope, per settlement currency. */
export async function teamTimingSums(db: Kysely<Database>, agentId: number, body: TeamTimingQuery) {
  const settled = body.scope === 'settled';
  const member = body.memberId === undefined ? sql`` : sql`AND o.user_id = ${body.memberId}`;
  const { rows } = await sql<{
    symbol: string;
    amount_scale: number;
    n: number;
    stake_minor: bigint;
    payout_minor: bigint;
  }>`
    SELECT s.symbol, s.amount_scale, COUNT(*) AS n, SUM(o.stake_minor) AS stake_minor,
      COALESCE(SUM(r.payout_minor), 0) AS payout_minor
    FROM timing_order o
    JOIN team_path p ON p.member_id = o.user_id AND p.ancestor_id = ${agentId}
    JOIN vc s ON s.id = o.settle_vc_id
    LEFT JOIN timing_order_result r ON r.order_id = o.id
    WHERE r.order_id IS ${sql.raw(settled ? 'NOT NULL' : 'NULL')} ${member}
    GROUP BY s.symbol, s.amount_scale`.execute(db);
  return rows;
}
