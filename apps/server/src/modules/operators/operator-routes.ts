import { endpoints } from '@vela/contract';
import type { RouteTable } from '../../http/contract-routes.ts';
import type { OperatorService } from './operator-service.ts';

const { admin } = endpoints;

export function addOperatorRoutes(table: RouteTable, operators: OperatorService): void {
  table
    .add(admin.operatorLogin, (body, ctx) => operators.login(body, ctx.ip))
    .add(admin.operatorLogout, (_body, ctx) => operators.logout(ctx.session, ctx.ip))
    .add(admin.operatorMe, (_body, ctx) => operators.me(ctx.session))
    .add(admin.operatorList, () => operators.list())
    .add(admin.operatorCreate, (body, ctx) => operators.create(ctx.session, body, ctx.ip))
    .add(admin.operatorDisable, (body, ctx) => operators.disable(ctx.session, body, ctx.ip))
    .add(admin.operatorEnable, (body, ctx) => operators.enable(ctx.session, body, ctx.ip))
    .add(admin.operatorResetTotp, (body, ctx) => operators.resetTotp(ctx.session, body, ctx.ip))
    .add(admin.auditPage, (body) => operators.audit(body))
    .add(admin.adminUserSearch, (body) => operators.searchUsers(body))
    .add(admin.adminUserDetail, (body, ctx) => operators.userDetail(ctx.session, body.userId, ctx.ip));
}
