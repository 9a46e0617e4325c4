import type { FastifyInstance, FastifyRequest } from 'fastify';
import { allEndpoints, envelopeOf, type DataOf, type Endpoint, type ParsedBodyOf } from '@vela/contract';
import type { LocaleCode } from '@vela/i18n';
import { AppError } from './app-error.ts';
import { requestLocale, type Messages } from './messages.ts';

export interface AuthSession {
  sessionId: number;
  userId: number;
}

export interface RequestContext<Session> {
  locale: LocaleCode;
  ip: string;
  session: Session;
  request: FastifyRequest;
}

type SessionFor<E extends Endpoint> = E['auth'] extends 'user' ? AuthSession : AuthSession | null;

export type Handler<E extends Endpoint> = (
  body: ParsedBodyOf<E>,
  ctx: RequestContext<SessionFor<E>>,
) => Promise<DataOf<E>>;

/**
 * Handlers keyed by contract endpoint. Modules add theirs; `registerContractRoutes` then checks that
 * every declared endpoint has exactly one handler, so a declared but unserved path cannot ship.
 */
export class RouteTable {
  private readonly handlers = new Map<string, { endpoint: Endpoint; handler: Handler<Endpoint> }>();

  add<E extends Endpoint>(endpoint: E, handler: Handler<E>): this {
    if (this.handlers.has(endpoint.path)) throw new Error(`Two handlers for ${endpoint.path}`);
    this.handlers.set(endpoint.path, { endpoint, handler: handler as unknown as Handler<Endpoint> });
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
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const token = header.startsWith('Bearer ') ? header.slice(7) : header;
  return token.trim() || null;
}

export function registerContractRoutes(
  app: FastifyInstance,
  table: RouteTable,
  deps: ContractRouteDeps,
): void {
  const missing = allEndpoints().filter((e) => !table.has(e.path));
  if (missing.length > 0)
    throw new Error(`Endpoints without a handler: ${missing.map((e) => e.path).join(', ')}`);

  for (const { endpoint, handler } of table.entries()) {
    app.route({
      method: 'POST',
      url: `/api${endpoint.path}`,
      schema: {
        summary: endpoint.summary,
        tags: [endpoint.tag],
        ...(endpoint.auth === 'user' ? { security: [{ session: [] }] } : {}),
        body: endpoint.body,
        response: { 200: envelopeOf(endpoint.data) },
      },
      config: endpoint.sensitive ? { rateLimit: { max: 30, timeWindow: 60_000 } } : {},
      handler: async (request) => {
        const locale = requestLocale(request.headers);
        let session: AuthSession | null = null;
        if (endpoint.auth !== 'none') {
          const token = bearerToken(request);
          session = token ? await deps.authenticate(token) : null;
          if (endpoint.auth === 'user' && !session) {
            throw new AppError(token ? 'SESSION_EXPIRED' : 'UNAUTHORIZED', { forceLogout: true });
          }
        }
        const data = await handler(request.body, {
          locale,
          ip: request.ip,
          session,
          request,
        } as RequestContext<AuthSession | null> as never);
        return { success: true, code: 'OK', message: deps.messages.t(locale, 'error.OK'), data };
      },
    });
  }
}
