import { endpoints } from '@vela/contract';
import type { RouteTable } from '../../http/contract-routes.ts';
import type { FundingService } from './funding-service.ts';

const { funding } = endpoints;

export function addFundingRoutes(table: RouteTable, service: FundingService): void {
  table
    .add(funding.rechargeChannels, () => service.rechargeChannels())
    .add(funding.rechargeRequest, (body, ctx) =>
      service.requestDeposit(ctx.session, body, ctx.idempotencyKey),
    )
    .add(funding.rechargeOrders, (body, ctx) => service.myDeposits(ctx.session, body))
    .add(funding.withdrawChannels, () => service.withdrawChannels())
    .add(funding.withdrawRequest, (body, ctx) =>
      service.requestWithdrawal(ctx.session, body, ctx.idempotencyKey),
    )
    .add(funding.withdrawOrders, (body, ctx) => service.myWithdrawals(ctx.session, body))
    .add(funding.withdrawCancel, (body, ctx) =>
      service.cancelWithdrawal(ctx.session, body, ctx.idempotencyKey),
    )
    .add(funding.rechargeVoucher, (body, ctx) => service.myVoucher(ctx.session, body.orderId))
    .add(funding.adminRechargeList, (body) => service.adminDeposits(body))
    .add(funding.adminRechargeVoucher, (body) => service.voucher(body.orderId))
    .add(funding.adminRechargeApprove, (body, ctx) => service.approveDeposit(ctx.session, body, ctx.ip))
    .add(funding.adminRechargeReject, (body, ctx) => service.rejectDeposit(ctx.session, body, ctx.ip))
    .add(funding.adminWithdrawList, (body) => service.adminWithdrawals(body))
    .add(funding.adminWithdrawApprove, (body, ctx) => service.approveWithdrawal(ctx.session, body, ctx.ip))
    .add(funding.adminWithdrawReject, (body, ctx) => service.rejectWithdrawal(ctx.session, body, ctx.ip))
    .add(funding.adminBalanceAdjust, (body, ctx) =>
      service.adjustBalance(ctx.session, body, ctx.idempotencyKey, ctx.ip),
    );
}
