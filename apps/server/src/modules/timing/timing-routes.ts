import { endpoints } from '@vela/contract';
import type { RouteTable } from '../../http/contract-routes.ts';
import type { TimingService } from './timing-service.ts';

const { timing } = endpoints;

export function addTimingRoutes(table: RouteTable, service: TimingService): void {
  table
    // The route layer has already refused a missing key on idempotent endpoints.
    .add(timing.timingOrderRequest, (body, ctx) => service.place(ctx.session, body, ctx.idempotencyKey))
    .add(timing.timingOrderList, (body, ctx) => service.list(ctx.session, body))
    .add(timing.timingOrderDetail, (body, ctx) => service.detail(ctx.session, body));
}
