import { endpoints } from '@vela/contract';
import type { RouteTable } from '../../http/contract-routes.ts';
import type { WalletService } from './wallet-service.ts';

const { wallet } = endpoints;

export function addWalletRoutes(table: RouteTable, service: WalletService): void {
  table
    .add(wallet.walletOverview, (_body, ctx) => service.overview(ctx.session, ctx.locale))
    // The route layer has already refused a missing key on idempotent endpoints.
    .add(wallet.walletTransfer, (body, ctx) => service.transfer(ctx.session, body, ctx.idempotencyKey))
    .add(wallet.walletBills, (body, ctx) => service.bills(ctx.session, body));
}
