import type { Redis } from 'ioredis';

/**
 * Counts attempts per key (an account, an email address) in a fixed window. Login, code and password
 * checks use it so that guessing is slow even from many addresses. One counter store per deployment:
 * memory on a single node, Redis when several API nodes must share the counts.
 */
export interface AttemptStore {
  /** Adds one attempt and returns the count in the current window and the time left in it. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  peek(key: string): Promise<{ count: number; resetInMs: number }>;
  clear(key: string): Promise<void>;
}

export class MemoryAttemptStore implements AttemptStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async hit(key: string, windowMs: number) {
    const now = this.now();
    this.sweep(now);
    const current = this.windows.get(key);
    const window = current && current.resetAt > now ? current : { count: 0, resetAt: now + windowMs };
    window.count += 1;
    this.windows.set(key, window);
    return { count: window.count, resetInMs: window.resetAt - now };
  }

  async peek(key: string) {
    const now = this.now();
    const window = this.windows.get(key);
    return window && window.resetAt > now
      ? { count: window.count, resetInMs: window.resetAt - now }
      : { count: 0, resetInMs: 0 };
  }

  async clear(key: string) {
    this.windows.delete(key);
  }

  /** Drops finished windows now and then so the map cannot grow without bound. */
  private sweep(now: number) {
    if (this.windows.size < 10_000) return;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

export class RedisAttemptStore implements AttemptStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'vela:attempts:',
  ) {}

  async hit(key: string, windowMs: number) {
    const fullKey = this.prefix + key;
    // INCR and PEXPIRE NX in one round trip: the window starts with the first attempt.
    const results = await this.redis
      .multi()
      .incr(fullKey)
      .pexpire(fullKey, windowMs, 'NX')
      .pttl(fullKey)
      .exec();
    const count = Number(results?.[0]?.[1] ?? 1);
    const ttl = Number(results?.[2]?.[1] ?? windowMs);
    return { count, resetInMs: ttl > 0 ? ttl : windowMs };
  }

  async peek(key: string) {
    const fullKey = this.prefix + key;
    const [count, ttl] = await Promise.all([this.redis.get(fullKey), this.redis.pttl(fullKey)]);
    return { count: Number(count ?? 0), resetInMs: ttl > 0 ? ttl : 0 };
  }

  async clear(key: string) {
    await this.redis.del(this.prefix + key);
  }
}

export interface AttemptRule {
  /** Attempts allowed in one window; the next one is refused until the window ends. */
  max: number;
  windowMs: number;
}

/** The limits of the product's credential checks, in one place. */
export const ATTEMPT_RULES = {
  /** Failed logins per username. */
  login: { max: 5, windowMs: 15 * 60_000 },
  /** Failed authenticator codes per user. */
  googleCode: { max: 5, windowMs: 5 * 60_000 },
  /** Failed login or fund password checks per user. */
  password: { max: 5, windowMs: 15 * 60_000 },
  /** Registration code emails per address, and failed code checks per address. */
  emailSend: { max: 1, windowMs: 60_000 },
  emailCheck: { max: 5, windowMs: 15 * 60_000 },
} satisfies Record<string, AttemptRule>;
