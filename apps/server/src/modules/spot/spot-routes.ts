import { endpoints } from '@vela/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { RouteTable } from '../../http/contract-routes.ts';
import { consoleSpotTerms, saveSpotTerms } from './spot-console.ts';
import type { SpotService } from './spot-service.ts';

const { spot } = endpoints;

export function addSpotRoutes(table: RouteTable, service: SpotService, db: Kysely<Database>): void {
  table
    .add(spot.spotTermsList, () => service.termsList())
    // The route layer has already refused a missing key on idempotent endpoints.
    .add(spot.spotOrderRequest, (body, ctx) => service.place(ctx.session, body, ctx.idempotencyKey))
    .add(spot.spotOrderCancel, (body, ctx) => service.cancel(ctx.session, body, ctx.idempotencyKey))
    .add(spot.spotOrderList, (body, ctx) => service.list(ctx.session, body))
    .add(spot.spotOrderDetail, (body, ctx) => service.detail(ctx.session, body))
    .add(spot.spotHoldingList, (_body, ctx) => service.holdings(ctx.session))
    .add(spot.adminSpotTermsList, () => consoleSpotTerms(db))
    .add(spot.adminSpotTermsSave, (body, ctx) => saveSpotTerms(db, ctx.session, body, ctx.ip))
    .add(spot.adminSpotOrders, (body) => service.page(body.userId, body));
}
