import { z } from 'zod';

/**
 * Every endpoint is declared once, here: its path, who may call it, the request body schema and the
 * schema of `data` in the answer. The server registers its handlers from these declarations, the web
 * and admin clients call through them, and the OpenAPI document is generated from them, so the three
 * can never drift apart.
 */

/**
 * `user`: a valid user session is required. `optional`: a user session is used when present.
 * `none`: never. `operator`: a valid operator session of the console (a separate kind of session,
 * see the operators module); `roles` then says which operator roles may call it.
 */
export type AuthMode = 'none' | 'user' | 'optional' | 'operator';

/**
 * The roles of the operators' console. Administrators manage operators; finance reviews money
 * (deposits, withdrawals, adjustments); support helps users (bound methods, identity). Decision 016.
 */
export const OPERATOR_ROLES = ['administrator', 'finance', 'support'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export interface Endpoint<
  Body extends z.ZodType = z.ZodType,
  Data extends z.ZodType = z.ZodType,
  Auth extends AuthMode = AuthMode,
  Idempotent extends boolean = boolean,
> {
  readonly path: `/${string}`;
  readonly auth: Auth;
  readonly body: Body;
  readonly data: Data;
  readonly summary: string;
  readonly tag: string;
  /**
   * Credential checks (passwords, codes) are limited per client address on top of the per-account
   * attempt counters; see the server's rate-limit plugin.
   */
  readonly sensitive?: boolean;
  /**
   * Money-moving calls: the request must carry an `Idempotency-Key` header (a client-generated key,
   * 16 to 64 characters of `[A-Za-z0-9_-]`). A retry with the same key answers the first result; the
   * same key with a different body is refused (decision 018).
   */
  readonly idempotent?: Idempotent;
  /**
   * `user` endpoints a user may call while they must still change the initial password an agent
   * created them with (reading their info, changing the password, logging out); every other one
   * answers PASSWORD_CHANGE_REQUIRED until then.
   */
  readonly beforePasswordChange?: boolean;
  /**
   * `operator` endpoints only: the operator roles that may call it; absent means any operator. An
   * operator of another role is answered FORBIDDEN.
   */
  readonly roles?: Auth extends 'operator' ? readonly OperatorRole[] : never;
}

export function endpoint<
  Body extends z.ZodType,
  Data extends z.ZodType,
  Auth extends AuthMode,
  Idempotent extends boolean = false,
>(definition: Endpoint<Body, Data, Auth, Idempotent>): Endpoint<Body, Data, Auth, Idempotent> {
  return definition;
}

/** What the caller sends (before defaults and transforms apply). */
export type BodyOf<E> = E extends Endpoint<infer Body, z.ZodType, AuthMode> ? z.input<Body> : never;
/** What a handler receives after validation. */
export type ParsedBodyOf<E> = E extends Endpoint<infer Body, z.ZodType, AuthMode> ? z.output<Body> : never;
/** What `data` holds in a successful answer. */
export type DataOf<E> = E extends Endpoint<z.ZodType, infer Data, AuthMode> ? z.output<Data> : never;

/** An empty JSON object body, for calls that take no parameters. */
export const emptyBody = z.object({}).strict();

/** The answer envelope shared by every endpoint, success or failure. */
export function envelopeOf<Data extends z.ZodType>(data: Data) {
  return z.object({
    success: z.boolean(),
    code: z.string(),
    message: z.string(),
    data: data.nullable(),
    forceLogout: z.boolean().optional(),
  });
}

export interface Envelope<T> {
  success: boolean;
  code: string;
  message: string;
  data: T | null;
  forceLogout?: boolean;
}
