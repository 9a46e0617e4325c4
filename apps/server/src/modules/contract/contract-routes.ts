import { endpoints } from '@vela/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { RouteTable } from '../../http/contract-routes.ts';
import {
  consoleContractTerms,
  contractForcedLog,
  contractRisk,
  saveContractLevels,
  saveContractTerms,
} from './contract-console.ts';
import type { ContractService } from './contract-service.ts';

const { contractTrade: api } = endpoints;

export function addContractRoutes(table: RouteTable, service: ContractService, db: Kysely<Database>): void {
  table
    .add(api.contractTermsList, () => service.termsList())
    .add(api.contractAccount, (_body, ctx) => service.account(ctx.session))
    // The route layer has already refused a missing key on idempotent endpoints.
    .add(api.contractOrderRequest, (body, ctx) => service.place(ctx.session, body, ctx.idempotencyKey))
    .add(api.contractClose, (body, ctx) => service.close(ctx.session, body, ctx.idempotencyKey))
    .add(api.contractOrderCancel, (body, ctx) => service.cancel(ctx.session, body, ctx.idempotencyKey))
    .add(api.contractTargets, (body, ctx) => service.targets(ctx.session, body))
    .add(api.contractOrderList, (body, ctx) => service.list(ctx.session, body))
    .add(api.contractOrderDetail, (body, ctx) => service.detail(ctx.session, body))
    .add(api.contractCloseList, (body, ctx) => service.closes(ctx.session, body))
    .add(api.adminContractTermsList, () => consoleContractTerms(db))
    .add(api.adminContractTermsSave, (body, ctx) => saveContractTerms(db, ctx.session, body, ctx.ip))
    .add(api.adminContractLevelsSave, (body, ctx) => saveContractLevels(db, ctx.session, body, ctx.ip))
    .add(api.adminContractRisk, (body) => contractRisk(db, body.limit))
    .add(api.adminContractForced, (body) => contractForcedLog(db, body));
}
