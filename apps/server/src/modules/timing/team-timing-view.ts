import type { DataOf, endpoints } from '@vela/contract';
import { formatMinor } from '@vela/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { teamTimingRows, teamTimingSums, type TeamTimingQuery } from './team-timing-repository.ts';

type TeamTimingAnswer = DataOf<typeof endpoints.team.teamTimingOrders>;

/**
 * An agent's team timed-trade info (docs/product.md, "Teams"): a page of the open or settled orders
 * of everyone below the agent (or of one of them), newest first, with the sums of the whole scope.
 */
export async function teamTimingOrders(
  db: Kysely<Database>,
  agentId: number,
  query: TeamTimingQuery,
): Promise<TeamTimingAnswer> {
  const settled = query.scope === 'settled';
  const rows = await teamTimingRows(db, agentId, query);
  const page = rows.slice(0, query.limit);
  const sums = await teamTimingSums(db, agentId, query);
  return {
    list: page.map((row) => ({
      id: row.id,
      username: row.username,
      symbol: row.symbol,
      settleSymbol: row.settle_symbol,
      direction: row.direction,
      periodSeconds: row.period_seconds,
      amount: formatMinor(row.stake_minor, row.amount_scale),
      state: settled ? ('settled' as const) : ('open' as const),
      outcome: row.outcome,
      payout: row.payout_minor === null ? null : formatMinor(row.payout_minor, row.amount_scale),
      createdAt: row.created_at,
      settledAt: row.settled_at,
    })),
    nextCursor: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
    sums: sums.map((row) => ({
      settleSymbol: row.symbol,
      count: Number(row.n),
      amount: formatMinor(BigInt(row.stake_minor), row.amount_scale),
      payout: formatMinor(BigInt(row.payout_minor), row.amount_scale),
    })),
  };
}
