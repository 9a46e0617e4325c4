import { endpoints } from '@vela/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { RouteTable } from '../../http/contract-routes.ts';
import {
  consoleFinanceProducts,
  consoleOrders,
  consoleSettlements,
  saveFinanceProduct,
} from './finance-console.ts';
import type { FinanceService } from './finance-service.ts';

const { finance } = endpoints;

export function addFinanceRoutes(table: RouteTable, service: FinanceService, db: Kysely<Database>): void {
  table
    .add(finance.financeProductList, (body, ctx) => service.products(ctx.locale, body.vcId))
    .add(finance.financeProductDetail, (body, ctx) => service.product(ctx.locale, body.id))
    // The route layer has already refused a missing key on idempotent endpoints.
    .add(finance.financeBuy, (body, ctx) => service.buy(ctx.session, ctx.locale, body, ctx.idempotencyKey))
    .add(finance.financeRedeem, (body, ctx) =>
      service.redeem(ctx.session, ctx.locale, body, ctx.idempotencyKey),
    )
    .add(finance.financeOrderList, (body, ctx) => service.list(ctx.session, ctx.locale, body))
    .add(finance.financeOrderDetail, (body, ctx) => service.detail(ctx.session, ctx.locale, body.id))
    .add(finance.financeOverview, (_body, ctx) => service.overview(ctx.session))
    .add(finance.adminFinanceProducts, () => consoleFinanceProducts(db))
    .add(finance.adminFinanceProductSave, (body, ctx) => saveFinanceProduct(db, ctx.session, body, ctx.ip))
    .add(finance.adminFinanceOrders, (body) => consoleOrders(db, body))
    .add(finance.adminFinanceSettlements, (body) => consoleSettlements(db, body));
}
