import path from 'node:path';
import { z } from 'zod';

/**
 * Environment configuration, validated once at start. A wrong value stops the process with a message
 * that names the variable, instead of failing later in some unrelated place.
 */
const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || protocols.some((p) => value.startsWith(p)), {
      message: `must start with ${protocols.join(' or ')}`,
    });

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Folder of the embedded SQLite database (uploaded images live in the database). */
  DATA_DIR: z.string().default('./data'),
  /** PostgreSQL instead of SQLite when set (scale-out mode). */
  DATABASE_URL: optionalUrl(['postgres://', 'postgresql://']),
  /** Redis for shared rate-limit counters and cross-node events when set (scale-out mode). */
  REDIS_URL: optionalUrl(['redis://', 'rediss://']),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** SMTP transport for email codes ("smtp://user:pass@host:587"); without it mail goes to the outbox. */
  SMTP_URL: optionalUrl(['smtp://', 'smtps://']),
  MAIL_FROM: z.string().default('Vela <no-reply@vela.local>'),
  /** Requests per minute one client address may make to /api (credential endpoints have their own, lower limit). */
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .default(24 * 30),
  /** Built web and admin apps; served at / and /admin when the folders exist. */
  WEB_DIST: z.string().default('apps/web/dist'),
  ADMIN_DIST: z.string().default('apps/admin/dist'),
  /** Set behind a reverse proxy so that client addresses (for rate limits) come from X-Forwarded-For. */
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  /**
   * The server lines offered to the app, as JSON: [{"name":"Seoul","url":"https://a.example"}]. Empty
   * means one line: this server.
   */
  SERVER_LINES: z
    .string()
    .default('[]')
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON list of {"name","url"}' });
        return z.NEVER;
      }
    })
    .pipe(
      z.array(
        z.object({
          name: z.string().min(1),
          url: z.url({ protocol: /^https?$/, error: 'every line needs an http or https url' }),
        }),
      ),
    ),
  /**
   * Where prices come from: the embedded simulator, a real exchange's public kline stream, or nothing
   * (the market shows recorded data).
   */
  FEED_SOURCE: z.enum(['simulator', 'exchange', 'off']).default('simulator'),
  /** FEED_SOURCE=exchange: base URL of a Binance-style public stream ("wss://host:9443"). */
  EXCHANGE_STREAM_URL: optionalUrl(['ws://', 'wss://']),
  /** FEED_SOURCE=exchange: our coin symbols to follow against USDT ("BTC,ETH"); empty means every coin. */
  EXCHANGE_COINS: z.string().default(''),
  /**
   * Tests and benchmarks only: derive the simulator's daily secrets from this seed, so the same seed
   * gives the same prices. Unset (the default), every day's secret comes from a CSPRNG and nobody can
   * compute a future price (decision 034); anyone who knows a set seed can.
   */
  FEED_SEED: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number().int().min(0).max(2_147_483_647).optional(),
  ),
  /**
   * History simulated on the first start: 'full' (years of candles, minutes for the last week),
   * 'short' (one day of minutes) or 'none'.
   */
  FEED_BACKFILL: z.enum(['full', 'short', 'none']).default('full'),
  /**
   * The login password of users an agent adds (docs/product.md, "Teams"): shown to the agent, and
   * the new user must change it at first login.
   */
  DEFAULT_USER_PASSWORD: z.string().min(6).max(32).default('Vela@2026'),
  /** Days of per-second ticks kept (candles are kept for good). */
  TICK_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(7),
});

export type Config = z.infer<typeof schema> & { sqlitePath: string };

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const merged = { ...parsed.data, ...overrides };
  return { ...merged, sqlitePath: path.resolve(merged.DATA_DIR, 'vela.sqlite') };
}
