import type { AuthMode, BodyOf, DataOf, Endpoint } from './endpoint.ts';

/**
 * What a client needs at run time to call an endpoint: its path and auth mode, nothing else. The
 * endpoint's schemas stay behind as types only, so a browser bundle that calls through routes never
 * loads zod. `routes.ts` is generated from the endpoint declarations (`npm run contract:routes`) and a
 * test fails when it is stale, so every endpoint is still declared once.
 */
export interface Route<E extends Endpoint = Endpoint> {
  readonly path: E['path'];
  readonly auth: AuthMode;
  /** Type-only link to the declaration; never set at run time. */
  readonly __endpoint?: E;
}

export type EndpointOf<R> = R extends Route<infer E> ? E : never;
/** What the caller sends to a route. */
export type RouteBodyOf<R> = BodyOf<EndpointOf<R>>;
/** What `data` holds in a successful answer of a route. */
export type RouteDataOf<R> = DataOf<EndpointOf<R>>;

export function route<E extends Endpoint>(path: E['path'], auth: E['auth']): Route<E> {
  return { path, auth };
}

export type { AuthMode, Envelope } from './endpoint.ts';
