import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  drawsFromDigest,
  FEED_SECRET_BYTES,
  feedDayOf,
  feedDayStart,
  nextFeedDay,
  tickDrawMessage,
  type TickDraws,
} from '@vela/domain';
import type { Database } from '../../db/schema.ts';
import { insertFeedSecret } from './feed-secret-repository.ts';

/**
 * The randomness of the simulator's live walk (decision 034, docs/verifying-prices.md): each
 * second's draws are HMAC-SHA256(secret of the second's UTC day, "vcId:second"), turned into two
 * normal draws by the domain's published algorithm. The secrets live in the database, so a restarted
 * feed (or another node taking over the lead) draws exactly what an uninterrupted one would.
 *
 * A secret is never logged and never leaves this module except through the database row that the
 * commitments endpoint reveals once its day has ended.
 */

/** What the simulator needs: secrets made sure of before a range of seconds is drawn, then draws. */
export interface LiveDraws {
  /** Makes sure the secret of every UTC day from `fromMs` to `toMs` is stored and loaded. */
  prepare(fromMs: number, toMs: number): Promise<void>;
  /** The draws of one coin and second; its day must have been prepared. */
  draws(vcId: number, timeMs: number): TickDraws;
}

export interface FeedSecretsOptions {
  db: Kysely<Database>;
  now?: () => number;
  /**
   * FEED_SEED: derive each day's secret from this public seed instead of the CSPRNG, so tests and
   * benchmarks are repeatable. Anyone who knows the seed can compute the prices: never in production.
   */
  overrideSeed?: number | undefined;
}

const HOUR_MS = 3_600_000;
const SECOND_MS = 1000;

/** The hex SHA-256 of a secret's bytes: the commitment published before its day starts. */
export function commitmentOf(secret: Uint8Array): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** The secret of `day` under a FEED_SEED override: SHA-256 of "feed-seed:<seed>:<day>". */
export function seedOverrideSecret(seed: number, day: string): Buffer {
  return createHash('sha256').update(`feed-seed:${seed}:${day}`).digest();
}

/** The draws of one coin and second under a day's secret: the published algorithm. */
export function keyedTickDraws(secret: Uint8Array, vcId: number, timeMs: number): TickDraws {
  return drawsFromDigest(createHmac('sha256', secret).update(tickDrawMessage(vcId, timeMs)).digest());
}

export class FeedSecrets implements LiveDraws {
  private readonly db: Kysely<Database>;
  private readonly now: () => number;
  private readonly overrideSeed: number | undefined;
  /** The loaded secrets by day: at most the days the feed is drawing for, and the next one. */
  private readonly secrets = new Map<string, Buffer>();
  private advanceHour = Number.NaN;

  constructor(options: FeedSecretsOptions) {
    this.db = options.db;
    this.now = options.now ?? Date.now;
    this.overrideSeed = options.overrideSeed;
  }

  async prepare(fromMs: number, toMs: number): Promise<void> {
    const firstSecond = Math.floor(fromMs / SECOND_MS) * SECOND_MS;
    const lastDay = feedDayOf(Math.max(fromMs, toMs));
    for (let day = feedDayOf(fromMs); day <= lastDay; day = nextFeedDay(day)) {
      if (this.secrets.has(day)) continue;
      // A day not committed in advance (a first start, or a feed that was down across midnight)
      // governs from the first second drawn with it.
      this.secrets.set(day, await this.ensure(day, Math.max(feedDayStart(day), firstSecond)));
    }
    await this.commitAhead();
    const oldest = feedDayOf(fromMs);
    for (const day of this.secrets.keys()) if (day < oldest) this.secrets.delete(day);
  }

  draws(vcId: number, timeMs: number): TickDraws {
    const day = feedDayOf(timeMs);
    const secret = this.secrets.get(day);
    if (!secret) throw new Error(`The feed secret of ${day} is not loaded: prepare() runs before drawing`);
    return keyedTickDraws(secret, vcId, timeMs);
  }

  /**
   * At the first call and then once an hour, makes sure the next day's secret exists, so its
   * commitment is public long before the day starts.
   */
  private async commitAhead(): Promise<void> {
    const now = this.now();
    const hour = Math.floor(now / HOUR_MS);
    if (hour === this.advanceHour) return;
    const next = nextFeedDay(feedDayOf(now));
    this.secrets.set(next, await this.ensure(next, feedDayStart(next)));
    this.advanceHour = hour;
  }

  /** The day's secret: the stored one, or a new one stored first (the first writer wins). */
  private async ensure(day: string, effectiveFromMs: number): Promise<Buffer> {
    const secret =
      this.overrideSeed === undefined
        ? randomBytes(FEED_SECRET_BYTES)
        : seedOverrideSecret(this.overrideSeed, day);
    const stored = await insertFeedSecret(this.db, {
      day,
      secret: secret.toString('hex'),
      commitment: commitmentOf(secret),
      created_at: this.now(),
      effective_from_ms: effectiveFromMs,
    });
    const bytes = Buffer.from(stored.secret, 'hex');
    if (bytes.length !== FEED_SECRET_BYTES || commitmentOf(bytes) !== stored.commitment) {
      throw new Error(`The stored feed secret of ${day} does not match its commitment`);
    }
    return bytes;
  }
}
