import type { Redis } from 'ioredis';

/**
 * Counts attempts per key (an account, an account from one address, an email address) in a fixed
 * window. Login, code and password checks use it so that guessing is slow even from many addresses.
 * One counter store per deployment: memory on a single node (whatever the database), Redis when
 * several API nodes must share the counts (decision 036).
 *
 * A check takes its place in the window before it runs (`reserve`), in one atomic step, and gives
 * it back or keeps it once it knows the outcome (`settle`). Checking first and counting afterwards
 * let every concurrent request pass the same count.
 */
export interface AttemptStore {
  /**
   * Takes one of the `max` places of the key's window, or refuses when all are taken (by failures
   * or by checks still running). A refusal changes nothing.
   */
  reserve(key: string, max: number, windowMs: number): Promise<Reservation>;
  /** Ends a reservation taken with `reserve` (see `AttemptOutcome`). */
  settle(key: string, outcome: AttemptOutcome): Promise<void>;
  /**
   * Forgets the key's failures once no reservation of it is running (as `passed` does, without a
   * reservation of its own), and starts its spaced slot over.
   */
  forgive(key: string): Promise<void>;
  /**
   * An escalating slot: grants one attempt when the previous slot's delay has passed, and doubles
   * the delay (from `spacing.firstDelayMs` up to `spacing.maxDelayMs`) with each attempt granted.
   * The first call only starts the clock: nothing is granted before the first delay has passed.
   */
  reserveSpaced(key: string, spacing: AttemptSpacing): Promise<SpacedReservation>;
  /** Adds one attempt and returns the count in the current window and the time left in it. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  /** The places taken in the current window (failures and checks still running). */
  peek(key: string): Promise<{ count: number; resetInMs: number }>;
  clear(key: string): Promise<void>;
}

export interface Reservation {
  granted: boolean;
  /** Time left in the window; when refused, the wait before a failure's place frees up. */
  resetInMs: number;
  /** Reservations of the key still running: when refused, places that may free up at any moment. */
  running: number;
}

export interface SpacedReservation {
  granted: boolean;
  /** When refused, the wait until the next slot; when granted, the delay before the one after. */
  waitMs: number;
}

/**
 * - `failed`: the check failed; its place stays taken until the window ends.
 * - `released`: the place is given back, nothing else changes (a right password followed by a wrong
 *   code, a check that proves nothing about a guess).
 * - `passed`: the owner proved who they are; the place is given back and the window's failures are
 *   forgotten, but only once no other reservation of the key is still running, so a success can
 *   never free the places of concurrent checks whose outcome is not known yet.
 */
export type AttemptOutcome = 'failed' | 'released' | 'passed';

export interface AttemptSpacing {
  firstDelayMs: number;
  maxDelayMs: number;
  /** How long the slot remembers its delay after the next slot opens, before starting over. */
  memoryMs: number;
}

interface MemoryWindow {
  /** Places taken: settled failures plus reservations still running. */
  count: number;
  /** Reservations still running. */
  pending: number;
  /** A reservation passed: forget the failures when the last running one settles. */
  forgive: boolean;
  resetAt: number;
}

interface MemorySlot {
  granted: number;
  nextAt: number;
  forgetAt: number;
}

/**
 * One process: every method runs its read and write without an `await` between them, so nothing
 * else runs in between and each step is atomic.
 */
export class MemoryAttemptStore implements AttemptStore {
  private readonly windows = new Map<string, MemoryWindow>();
  private readonly slots = new Map<string, MemorySlot>();

  constructor(private readonly now: () => number = () => Date.now()) {}

  async reserve(key: string, max: number, windowMs: number): Promise<Reservation> {
    const window = this.liveWindow(key, windowMs);
    const resetInMs = window.resetAt - this.now();
    if (window.count >= max) return { granted: false, resetInMs, running: window.pending };
    window.count += 1;
    window.pending += 1;
    this.windows.set(key, window);
    return { granted: true, resetInMs, running: window.pending };
  }

  async settle(key: string, outcome: AttemptOutcome): Promise<void> {
    const window = this.windows.get(key);
    // The window ended while the check ran: its count is gone already.
    if (!window || window.resetAt <= this.now()) return;
    window.pending = Math.max(0, window.pending - 1);
    if (outcome !== 'failed') window.count = Math.max(0, window.count - 1);
    if (outcome === 'passed') window.forgive = true;
    if (window.forgive && window.pending === 0) this.windows.delete(key);
  }

  async forgive(key: string): Promise<void> {
    this.slots.delete(key);
    const window = this.windows.get(key);
    if (!window) return;
    window.forgive = true;
    if (window.pending === 0) this.windows.delete(key);
  }

  async reserveSpaced(key: string, spacing: AttemptSpacing): Promise<SpacedReservation> {
    const now = this.now();
    const slot = this.slots.get(key);
    if (!slot || slot.forgetAt <= now) {
      const nextAt = now + spacing.firstDelayMs;
      this.slots.set(key, { granted: 0, nextAt, forgetAt: nextAt + spacing.memoryMs });
      return { granted: false, waitMs: spacing.firstDelayMs };
    }
    if (now < slot.nextAt) return { granted: false, waitMs: slot.nextAt - now };
    slot.granted += 1;
    const delay = spacedDelay(spacing, slot.granted);
    slot.nextAt = now + delay;
    slot.forgetAt = slot.nextAt + spacing.memoryMs;
    return { granted: true, waitMs: delay };
  }

  async hit(key: string, windowMs: number) {
    const window = this.liveWindow(key, windowMs);
    window.count += 1;
    this.windows.set(key, window);
    return { count: window.count, resetInMs: window.resetAt - this.now() };
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
    this.slots.delete(key);
  }

  /** The key's running window, or a new one starting now (not stored until something is counted). */
  private liveWindow(key: string, windowMs: number): MemoryWindow {
    const now = this.now();
    this.sweep(now);
    const current = this.windows.get(key);
    if (current && current.resetAt > now) return current;
    return { count: 0, pending: 0, forgive: false, resetAt: now + windowMs };
  }

  /** Drops finished windows now and then so the maps cannot grow without bound. */
  private sweep(now: number) {
    if (this.windows.size >= 10_000) {
      for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
    }
    if (this.slots.size >= 10_000) {
      for (const [key, slot] of this.slots) if (slot.forgetAt <= now) this.slots.delete(key);
    }
  }
}

/** The delay after the `granted`-th attempt of a spaced slot: the first delay doubled each time. */
export function spacedDelay(spacing: AttemptSpacing, granted: number): number {
  return Math.min(spacing.maxDelayMs, spacing.firstDelayMs * 2 ** granted);
}

/**
 * A window is a hash: `c` places taken, `p` reservations running, `f` set once one passed. Each
 * script runs atomically on the server, so nodes sharing Redis see one count.
 */
const RESERVE_SCRIPT = `
local taken = tonumber(redis.call('HGET', KEYS[1], 'c') or '0')
if taken >= tonumber(ARGV[1]) then
  return {0, redis.call('PTTL', KEYS[1]), tonumber(redis.call('HGET', KEYS[1], 'p') or '0')}
end
redis.call('HINCRBY', KEYS[1], 'c', 1)
local running = redis.call('HINCRBY', KEYS[1], 'p', 1)
redis.call('PEXPIRE', KEYS[1], ARGV[2], 'NX')
return {1, redis.call('PTTL', KEYS[1]), running}
`;

const SETTLE_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local running = redis.call('HINCRBY', KEYS[1], 'p', -1)
if ARGV[1] ~= 'failed' and tonumber(redis.call('HGET', KEYS[1], 'c') or '0') > 0 then
  redis.call('HINCRBY', KEYS[1], 'c', -1)
end
if ARGV[1] == 'passed' then redis.call('HSET', KEYS[1], 'f', '1') end
if running <= 0 and redis.call('HGET', KEYS[1], 'f') == '1' then redis.call('DEL', KEYS[1]) end
return 1
`;

const FORGIVE_SCRIPT = `
redis.call('DEL', KEYS[2])
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('HSET', KEYS[1], 'f', '1')
if tonumber(redis.call('HGET', KEYS[1], 'p') or '0') <= 0 then redis.call('DEL', KEYS[1]) end
return 1
`;

/** ARGV: now, first delay, longest delay, memory. A slot is a hash: `n` granted, `next` opening. */
const SPACED_SCRIPT = `
local now = tonumber(ARGV[1])
local first = tonumber(ARGV[2])
local nextAt = redis.call('HGET', KEYS[1], 'next')
if not nextAt then
  redis.call('HSET', KEYS[1], 'n', 0, 'next', now + first)
  redis.call('PEXPIRE', KEYS[1], first + tonumber(ARGV[4]))
  return {0, first}
end
nextAt = tonumber(nextAt)
if now < nextAt then return {0, nextAt - now} end
local granted = tonumber(redis.call('HGET', KEYS[1], 'n')) + 1
local delay = math.min(tonumber(ARGV[3]), first * 2 ^ granted)
redis.call('HSET', KEYS[1], 'n', granted, 'next', now + delay)
redis.call('PEXPIRE', KEYS[1], delay + tonumber(ARGV[4]))
return {1, delay}
`;

export class RedisAttemptStore implements AttemptStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'vela:attempts:',
    private readonly now: () => number = () => Date.now(),
  ) {}

  async reserve(key: string, max: number, windowMs: number): Promise<Reservation> {
    const answer = await this.redis.eval(RESERVE_SCRIPT, 1, this.prefix + key, max, windowMs);
    const [granted, ttl, running] = answer as [number, number, number];
    return { granted: granted === 1, resetInMs: ttl > 0 ? ttl : windowMs, running };
  }

  async settle(key: string, outcome: AttemptOutcome): Promise<void> {
    await this.redis.eval(SETTLE_SCRIPT, 1, this.prefix + key, outcome);
  }

  async forgive(key: string): Promise<void> {
    await this.redis.eval(FORGIVE_SCRIPT, 2, this.prefix + key, this.prefix + spacedKey(key));
  }

  async reserveSpaced(key: string, spacing: AttemptSpacing): Promise<SpacedReservation> {
    const [granted, waitMs] = (await this.redis.eval(
      SPACED_SCRIPT,
      1,
      this.prefix + spacedKey(key),
      this.now(),
      spacing.firstDelayMs,
      spacing.maxDelayMs,
      spacing.memoryMs,
    )) as [number, number];
    return { granted: granted === 1, waitMs };
  }

  async hit(key: string, windowMs: number) {
    const fullKey = this.prefix + key;
    // HINCRBY and PEXPIRE NX in one round trip: the window starts with the first attempt.
    const results = await this.redis
      .multi()
      .hincrby(fullKey, 'c', 1)
      .pexpire(fullKey, windowMs, 'NX')
      .pttl(fullKey)
      .exec();
    const count = Number(results?.[0]?.[1] ?? 1);
    const ttl = Number(results?.[2]?.[1] ?? windowMs);
    return { count, resetInMs: ttl > 0 ? ttl : windowMs };
  }

  async peek(key: string) {
    const fullKey = this.prefix + key;
    const [count, ttl] = await Promise.all([this.redis.hget(fullKey, 'c'), this.redis.pttl(fullKey)]);
    return { count: Number(count ?? 0), resetInMs: ttl > 0 ? ttl : 0 };
  }

  async clear(key: string) {
    await this.redis.del(this.prefix + key, this.prefix + spacedKey(key));
  }
}

/** A spaced slot lives beside the window of the same key, under its own name. */
const spacedKey = (key: string) => `spaced:${key}`;

export interface AttemptRule {
  /** Attempts allowed in one window; the next one is refused until the window ends. */
  max: number;
  windowMs: number;
}

/** The limits of the product's credential checks, in one place. */
export const ATTEMPT_RULES = {
  /** Failed logins per username, from all addresses together. */
  login: { max: 5, windowMs: 15 * 60_000 },
  /** Failed logins per username from one client address: that address is then locked. */
  loginFromAddress: { max: 5, windowMs: 15 * 60_000 },
  /** Failed authenticator codes per user. */
  googleCode: { max: 5, windowMs: 5 * 60_000 },
  /** Failed login or fund password checks per user. */
  password: { max: 5, windowMs: 15 * 60_000 },
  /** Registration code emails per address, and failed code checks per address. */
  emailSend: { max: 1, windowMs: 60_000 },
  emailCheck: { max: 5, windowMs: 15 * 60_000 },
} satisfies Record<string, AttemptRule>;

/**
 * Once an account's `login` failures are used up, an address that has not used up its own may still
 * try, one check at a time for the whole account: the first 30 s after the limit was reached, then
 * after 60 s, 120 s and so on, up to one check per window (decision 036).
 */
export const LOGIN_SPACING: AttemptSpacing = {
  firstDelayMs: 30_000,
  maxDelayMs: ATTEMPT_RULES.login.windowMs,
  memoryMs: ATTEMPT_RULES.login.windowMs,
};
