import { endpoints } from '@vela/contract';
import type { RouteTable } from '../../http/contract-routes.ts';
import type { AccountService } from './account-service.ts';

const { user } = endpoints;

export function addUserRoutes(table: RouteTable, accounts: AccountService): void {
  table
    .add(user.register, (body) => accounts.register(body))
    .add(user.registerEmailCode, (body, ctx) => accounts.sendRegisterEmailCode(body.email, ctx.locale))
    .add(user.login, (body, ctx) => accounts.login(body, ctx.ip))
    .add(user.logout, (_body, ctx) => accounts.logout(ctx.session))
    .add(user.getLoginInfo, (_body, ctx) => accounts.loginInfo(ctx.session))
    .add(user.bindGoogleGet, (_body, ctx) => accounts.prepareGoogle(ctx.session))
    .add(user.bindGoogle, (body, ctx) => accounts.bindGoogle(ctx.session, body))
    .add(user.hasBoundGoogle, (_body, ctx) => accounts.hasBoundGoogle(ctx.session))
    .add(user.editLoginPwd, (body, ctx) => accounts.editLoginPassword(ctx.session, body))
    .add(user.editFundPwd, (body, ctx) => accounts.editFundPassword(ctx.session, body))
    .add(user.bindFundPwd, (body, ctx) => accounts.bindFundPassword(ctx.session, body))
    .add(user.editNickname, (body, ctx) => accounts.editNickname(ctx.session, body))
    .add(user.reloadInviteCode, (_body, ctx) => accounts.reloadInviteCode(ctx.session));
}
