import { endpoints } from '@vela/contract';
import type { RouteTable } from '../../http/contract-routes.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { TeamService } from '../team/team-service.ts';
import { teamTimingOrders } from './team-timing-view.ts';
import type { TimingService } from './timing-service.ts';

const { timing, team } = endpoints;

export function addTimingRoutes(
  table: RouteTable,
  service: TimingService,
  teams: TeamService,
  db: Kysely<Database>,
): void {
  table
    .add(team.teamTimingOrders, async (body, ctx) => {
      // An agent's own team only; another agent's member is "not found".
      if (body.memberId === undefined) await teams.requireAgent(ctx.session);
      else await teams.requireMember(ctx.session, body.memberId);
      return teamTimingOrders(db, ctx.session.userId, body);
    })
    // The route layer has already refused a missing key on idempotent endpoints.
    .add(timing.timingOrderRequest, (body, ctx) => service.place(ctx.session, body, ctx.idempotencyKey))
    .add(timing.timingOrderList, (body, ctx) => service.list(ctx.session, body))
    .add(timing.timingOrderDetail, (body, ctx) => service.detail(ctx.session, body));
}
