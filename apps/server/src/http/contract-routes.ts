import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  allEndpoints,
  envelopeOf,
  type DataOf,
  type Endpoint,
  type OperatorRole,
  type ParsedBodyOf,
} from '@vela/contract';
import type { LocaleCode } from '@vela/i18n';
import { acceptsGzip } from './accept-encoding.ts';
import { AppError } from '../errors.ts';
import { compileFastStringify, verifyAnswer } from './fast-serializer.ts';
import { requestLocale, type Messages } from './messages.ts';

export interface AuthSession {
  sessionId: number;
  userId: number;
  /** The user must change the initial password an agent gave them before anything else. */
  mustChangePassword: boolean;
}

/** The session of an `auth: 'operator'` call: a console session, never a user's (decision 016). */
export interface OperatorSession {
  sessionId: number;
  operatorId: number;
  role: OperatorRole;
}

export interface RequestContext<Session, Key extends string | null = string | null> {
  locale: LocaleCode;
  ip: string;
  session: Session;
  request: FastifyRequest;
  /** For headers of the answer (a cacheable answer sets Cache-Control); the body is the handler's. */
  reply: FastifyReply;
  /**
   * The request's `Idempotency-Key` header. Typed as present for `idempotent` endpoints: the route
   * layer refuses such a request without one before any handler runs.
   */
  idempotencyKey: Key;
}

type KeyFor<E extends Endpoint> = NonNullable<E['idempotent']> extends true ? string : string | null;

type SessionFor<E extends Endpoint> = E['auth'] extends 'user'
  ? AuthSession
  : E['auth'] extends 'operator'
    ? OperatorSession
    : AuthSession | null;

export type Handler<E extends Endpoint> = (
  body: ParsedBodyOf<E>,
  ctx: RequestContext<SessionFor<E>, KeyFor<E>>,
) => Promise<DataOf<E>>;

export interface RouteOptions {
  /**
   * The handler answers the very same object for as long as its content stays the same, and never
   * changes an object it has answered (a new answer is a new object). The encoded `data` is then
   * kept beside the object and reused, so an unchanged answer is encoded once, not per request
   * (decision 012: the ticker list and the candles, which change once a second).
   */
  frozenData?: boolean;
  /**
   * The largest request body this route accepts, in bytes, instead of the app's 1 MiB. Only routes
   * that carry files in their JSON (image uploads, decision 015) raise it.
   */
  bodyLimit?: number;
}

interface RouteEntry {
  endpoint: Endpoint;
  handler: Handler<Endpoint>;
  options: RouteOptions;
}

/**
 * Handlers keyed by contract endpoint. Modules add theirs; `registerContractRoutes` then checks that
 * every declared endpoint has exactly one handler, so a declared but unserved path cannot ship.
 */
export class RouteTable {
  private readonly handlers = new Map<string, RouteEntry>();

  add<E extends Endpoint>(endpoint: E, handler: Handler<E>, options: RouteOptions = {}): this {
    if (this.handlers.has(endpoint.path)) throw new Error(`Two handlers for ${endpoint.path}`);
    this.handlers.set(endpoint.path, {
      endpoint,
      handler: handler as unknown as Handler<Endpoint>,
      options,
    });
    return this;
  }

  entries() {
    return [...this.handlers.values()];
  }

  has(path: string): boolean {
    return this.handlers.has(path);
  }
}

export interface ContractRouteDeps {
  messages: Messages;
  /** Resolves a bearer token to its live session, or null when it is missing, expired or revoked. */
  authenticate(token: string): Promise<AuthSession | null>;
  /**
   * Resolves an operator token to its live session; 'ended' when it is an operator token that
   * expired or was revoked (or whose operator was disabled), null for anything else, a user token
   * included.
   */
  authenticateOperator(token: string): Promise<OperatorSession | 'ended' | null>;
  /** Check pre-encoded answers against the zod contract as well (see fast-serializer.ts). */
  verifyAnswers?: boolean;
}

/** One body of a frozen answer: its bytes, and their gzip once a client that takes gzip asked. */
interface FrozenBody {
  identity: Buffer;
  gzip: Promise<Buffer> | null;
}

/**
 * Success answers of a `frozenData` route, written without the serializer: the envelope around the
 * encoded `data`, kept as bytes per answered object and message (a WeakMap, so they go with the
 * object) and sent as they are, neither encoded nor converted to UTF-8 again. The bytes are the ones
 * the serializer writes: the envelope's properties in contract order.
 *
 * Bodies from `GZIP_MIN_BYTES` on are also kept gzipped for clients that accept it (every browser
 * does): 500 candles shrink to about a third, which a phone on a mobile network feels, and the
 * compression runs once per answer on libuv's thread pool, off the event loop (decision 012).
 */
class FrozenAnswers {
  private readonly encoded = new WeakMap<object, { json: string; bodies: Map<string, FrozenBody> }>();

  constructor(private readonly encodeData: (data: unknown) => string) {}

  body(message: string, data: object): FrozenBody {
    let entry = this.encoded.get(data);
    if (!entry) {
      entry = { json: this.encodeData(data), bodies: new Map() };
      this.encoded.set(data, entry);
    }
    // One body per language at most: the message is the only part of the envelope that varies.
    let body = entry.bodies.get(message);
    if (!body) {
      const identity = Buffer.from(
        `{"success":true,"code":"OK","message":${JSON.stringify(message)},"data":${entry.json}}`,
      );
      body = { identity, gzip: null };
      entry.bodies.set(message, body);
    }
    return body;
  }

  /** The gzipped bytes of `body`, compressed on first use and shared by every later request. */
  gzipped(body: FrozenBody): Promise<Buffer> {
    body.gzip ??= gzipAsync(body.identity);
    return body.gzip;
  }
}

/** Smaller bodies are sent as they are: compressing them would save less than a packet. */
export const GZIP_MIN_BYTES = 1024;

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const token = header.startsWith('Bearer ') ? header.slice(7) : header;
  return token.trim() || null;
}

/**
 * Operator endpoints: a live operator session of one of the endpoint's roles. A user token is no
 * operator token (UNAUTHORIZED); an operator token that has ended answers SESSION_EXPIRED, so the
 * console knows to sign in again; a wrong role answers FORBIDDEN.
 */
async function authenticateOperator(
  endpoint: Endpoint,
  request: FastifyRequest,
  deps: ContractRouteDeps,
): Promise<OperatorSession> {
  const token = bearerToken(request);
  const session = token ? await deps.authenticateOperator(token) : null;
  if (session === 'ended') throw new AppError('SESSION_EXPIRED', { forceLogout: true });
  if (!session) throw new AppError('UNAUTHORIZED', { forceLogout: true });
  if (endpoint.roles && !endpoint.roles.includes(session.role)) throw new AppError('FORBIDDEN');
  return session;
}

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{16,64}$/;

/** A malformed key counts as missing: it could not be told apart from another client's key. */
function readIdempotencyKey(request: FastifyRequest): string | null {
  const value = request.headers['idempotency-key'];
  return typeof value === 'string' && IDEMPOTENCY_KEY.test(value) ? value : null;
}

const gzipAsync = promisify(gzip);

export function registerContractRoutes(
  app: FastifyInstance,
  table: RouteTable,
  deps: ContractRouteDeps,
): void {
  const missing = allEndpoints().filter((e) => !table.has(e.path));
  if (missing.length > 0)
    throw new Error(`Endpoints without a handler: ${missing.map((e) => e.path).join(', ')}`);

  for (const { endpoint, handler, options } of table.entries()) {
    const envelope = envelopeOf(endpoint.data);
    const encodeData = options.frozenData ? compileFastStringify(endpoint.data) : null;
    const frozen = encodeData ? new FrozenAnswers(encodeData) : null;
    app.route({
      method: 'POST',
      url: `/api${endpoint.path}`,
      schema: {
        summary: endpoint.summary,
        tags: [endpoint.tag],
        ...(endpoint.auth === 'user' ? { security: [{ session: [] }] } : {}),
        ...(endpoint.auth === 'operator'
          ? {
              security: [{ operatorSession: [] }],
              description: `Operator roles: ${endpoint.roles?.join(', ') ?? 'any'}.`,
            }
          : {}),
        body: endpoint.body,
        response: { 200: envelope },
      },
      config: endpoint.sensitive ? { rateLimit: { max: 30, timeWindow: 60_000 } } : {},
      ...(options.bodyLimit !== undefined ? { bodyLimit: options.bodyLimit } : {}),
      handler: async (request, reply) => {
        const locale = requestLocale(request.headers);
        let session: AuthSession | OperatorSession | null = null;
        if (endpoint.auth === 'operator') {
          session = await authenticateOperator(endpoint, request, deps);
        } else if (endpoint.auth !== 'none') {
          const token = bearerToken(request);
          session = token ? await deps.authenticate(token) : null;
          if (endpoint.auth === 'user' && !session) {
            throw new AppError(token ? 'SESSION_EXPIRED' : 'UNAUTHORIZED', { forceLogout: true });
          }
          if (endpoint.auth === 'user' && session?.mustChangePassword && !endpoint.beforePasswordChange)
            throw new AppError('PASSWORD_CHANGE_REQUIRED');
        }
        const idempotencyKey = readIdempotencyKey(request);
        if (endpoint.idempotent && idempotencyKey === null) throw new AppError('IDEMPOTENCY_KEY_REQUIRED');
        const data = await handler(request.body, {
          locale,
          ip: request.ip,
          session,
          request,
          reply,
          idempotencyKey,
        } as RequestContext<AuthSession | OperatorSession | null> as never);
        const answer = { success: true, code: 'OK', message: deps.messages.t(locale, 'error.OK'), data };
        if (!frozen || typeof data !== 'object' || data === null) return answer;
        const body = frozen.body(answer.message, data);
        if (deps.verifyAnswers)
          verifyAnswer(envelope, answer, () => body.identity.toString('utf8'), 'POST', request.url);
        // Bytes are sent as they are, past the serializer.
        void reply.type('application/json; charset=utf-8');
        if (body.identity.length < GZIP_MIN_BYTES) return body.identity;
        // Caches between the app and the client must keep the two encodings apart.
        void reply.header('vary', 'accept-encoding');
        if (!acceptsGzip(request.headers['accept-encoding'])) return body.identity;
        void reply.header('content-encoding', 'gzip');
        return frozen.gzipped(body);
      },
    });
  }
}
