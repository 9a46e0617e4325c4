import type { Kysely } from 'kysely';
import { endpoints } from '@vela/contract';
import type { Database } from '../../db/schema.ts';
import type { RouteTable } from '../../http/contract-routes.ts';
import { consoleTree, moveTeamMember, saveTeamMember } from './team-console.ts';
import type { ReportService } from './report-service.ts';
import type { TeamService } from './team-service.ts';

const { team } = endpoints;

/** The team calls; the team's timed orders are the timed-trade module's (`timing-routes.ts`). */
export function addTeamRoutes(
  table: RouteTable,
  service: TeamService,
  reports: ReportService,
  db: Kysely<Database>,
): void {
  table
    .add(team.addUserOptions, (_body, ctx) => service.addUserOptions(ctx.session))
    .add(team.addUser, (body, ctx) => service.addUser(ctx.session, body))
    .add(team.teamPage, (body, ctx) => service.teamPage(ctx.session, body))
    .add(team.teamMemberDetail, (body, ctx) => service.memberDetail(ctx.session, body.id))
    .add(team.rebateList, (body, ctx) => service.rebateList(ctx.session, body))
    .add(team.report, (body, ctx) => reports.totals(ctx.session, body))
    .add(team.reportDays, (body, ctx) => reports.days(ctx.session, body))
    .add(team.adminTeamTree, (body) => consoleTree(db, body))
    .add(team.adminTeamMemberSave, (body, ctx) => saveTeamMember(db, ctx.session, body, ctx.ip))
    .add(team.adminTeamMove, (body, ctx) => moveTeamMember(db, ctx.session, body, ctx.ip))
    .add(team.adminReportDays, (body) => reports.platformDays(body));
}
