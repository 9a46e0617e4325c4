import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { cacheVersion, VersionedAnswer } from '../modules/system/cache-versions.ts';
import { getConfigValue } from '../modules/system/system-repository.ts';

/**
 * How late an operator's change of the customer-service address may reach the policy. The policy
 * is read again only after a configuration change, and the change is looked for at most this often.
 */
const CONFIG_RECHECK_MS = 1_000;

export interface SecurityHeaderOptions {
  db: Kysely<Database>;
  /** NODE_ENV=production: images over plain http are refused. */
  production: boolean;
  /** SERVER_LINES, the lines the app may switch to (validated by the configuration). */
  serverLines: readonly { url: string }[];
  /** EXCHANGE_STREAM_URL when set. */
  exchangeStreamUrl: string | undefined;
  /** Hashes of the inline scripts of the pages this server serves. */
  scriptHashes: readonly string[];
  /** See CONFIG_RECHECK_MS; tests pass 0 to see a change at the next request. */
  recheckMs?: number;
}

export interface ContentSecurityInputs {
  production: boolean;
  /** Origins of the server lines, each in its http(s) and ws(s) form. */
  lineOrigins: readonly string[];
  /** Origin of the exchange stream, when the feed follows one. */
  exchangeStreamOrigin: string | undefined;
  /** Origin of the customer-service page, when it is not on this server. */
  customerServiceOrigin: string | undefined;
  scriptHashes: readonly string[];
}

/**
 * The content-security policy: everything from this server, and from elsewhere only what the
 * product needs and the configuration names. The app calls the server lines (HTTP and their live
 * sockets), embeds the customer-service page and may talk to its origin, and may reach the
 * exchange stream; nothing else is reachable, so an injected script cannot send data anywhere.
 * Banner images come from addresses operators configure, so images stay open to any https origin;
 * plain http is allowed only outside production, where local pages are served that way.
 */
export function contentSecurityDirectives(inputs: ContentSecurityInputs): Record<string, string[]> {
  const customerService = inputs.customerServiceOrigin ? [inputs.customerServiceOrigin] : [];
  const exchange = inputs.exchangeStreamOrigin ? [inputs.exchangeStreamOrigin] : [];
  return {
    defaultSrc: ["'self'"],
    imgSrc: ["'self'", 'data:', 'https:', ...(inputs.production ? [] : ['http:'])],
    frameSrc: ["'self'", ...customerService],
    connectSrc: [...new Set(["'self'", ...inputs.lineOrigins, ...customerService, ...exchange])],
    styleSrc: ["'self'", "'unsafe-inline'"],
    scriptSrc: ["'self'", ...inputs.scriptHashes],
  };
}

/**
 * Helmet's security headers on every answer. The middleware is built once per configuration, not
 * per request: building it parses the content-security-policy directives, and the Fastify plugin
 * for it builds it again for every request, which cost the hot market answers about a tenth of
 * their time. The policy names the customer-service origin, which operators configure (PORTAL
 * `customerServiceUrl`), so the middleware is built again when the configuration's version moves.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): void {
  const lineOrigins = serverLineOrigins(options.serverLines);
  const exchangeStreamOrigin = options.exchangeStreamUrl
    ? socketOrigin(options.exchangeStreamUrl, 'EXCHANGE_STREAM_URL')
    : undefined;
  const middleware = new VersionedAnswer(
    async () => String(await cacheVersion(options.db, 'SYS_CONFIG')),
    async () => {
      const customerServiceUrl = await getConfigValue(options.db, 'PORTAL', 'customerServiceUrl');
      const directives = contentSecurityDirectives({
        production: options.production,
        lineOrigins,
        exchangeStreamOrigin,
        customerServiceOrigin: foreignPageOrigin(customerServiceUrl),
        scriptHashes: options.scriptHashes,
      });
      return helmet({ contentSecurityPolicy: { directives }, crossOriginEmbedderPolicy: false });
    },
    options.recheckMs ?? CONFIG_RECHECK_MS,
  );
  app.addHook('onRequest', (request, reply, done) => {
    middleware.get().then(
      (apply) =>
        apply(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined)),
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
    );
  });
}

/** Each line's origin and the origin of its live socket (https -> wss, http -> ws). */
function serverLineOrigins(lines: readonly { url: string }[]): string[] {
  return lines.flatMap(({ url }) => {
    const origin = new URL(url).origin;
    return [origin, origin.replace(/^http/, 'ws')];
  });
}

function socketOrigin(address: string, name: string): string {
  const parsed = new URL(address);
  if (parsed.protocol !== 'wss:' && parsed.protocol !== 'ws:')
    throw new Error(`${name} must be a ws or wss url`);
  return parsed.origin;
}

/**
 * The origin of a configured page when it lies on another server: none for an address on this
 * server (relative, as the seeded "/customer-service.html"), and none for an address that is not a
 * web page (a `javascript:` or `data:` address stays blocked).
 */
function foreignPageOrigin(address: string | undefined): string | undefined {
  const here = 'https://this-server.invalid';
  if (!address || !URL.canParse(address.trim(), here)) return undefined;
  const parsed = new URL(address.trim(), here);
  if (parsed.origin === here) return undefined;
  return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : undefined;
}
