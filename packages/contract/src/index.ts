import * as admin from './admin.ts';
import * as contractTrade from './contract-trade.ts';
import * as finance from './finance.ts';
import * as funding from './funding.ts';
import * as market from './market.ts';
import * as payment from './payment.ts';
import * as system from './system.ts';
import * as spot from './spot.ts';
import * as team from './team.ts';
import * as timing from './timing.ts';
import * as user from './user.ts';
import * as wallet from './wallet.ts';
import type { Endpoint } from './endpoint.ts';

export * from './chart-choices.ts';
export * from './endpoint.ts';
export * from './error-codes.ts';
export * from './enums.ts';
export * from './fields.ts';
export * from './system.ts';
export * from './user.ts';
export * from './market.ts';
export * from './live.ts';
export * from './wallet.ts';
export * from './payment.ts';
export * from './admin.ts';
export * from './funding.ts';
export * from './timing.ts';
export * from './spot.ts';
export * from './contract-trade.ts';
export * from './finance.ts';
export * from './team.ts';

/** Every endpoint, by module. The server checks at start that each one has exactly one handler. */
export const endpoints = {
  system,
  user,
  market,
  wallet,
  payment,
  funding,
  admin,
  timing,
  spot,
  contractTrade,
  finance,
  team,
};

export function allEndpoints(): Endpoint[] {
  const list: Endpoint[] = [];
  for (const module of Object.values(endpoints)) {
    for (const value of Object.values(module)) {
      if (isEndpoint(value)) list.push(value);
    }
  }
  return list;
}

function isEndpoint(value: unknown): value is Endpoint {
  return typeof value === 'object' && value !== null && 'path' in value && 'auth' in value && 'body' in value;
}
export { renderApiReference } from './api-reference.ts';
export { renderRoutes } from './render-routes.ts';
export * from './route.ts';
