import type { Kysely } from 'kysely';
import { firstFill, SpotMatcher, type RecordedTick, type SpotMatch } from '@vela/domain';
import type { Database } from '../../db/schema.ts';
import type { Money } from '../ledger/money.ts';
import {
  commitOutcomes,
  outcomeOf,
  workOrderOf,
  type SpotOutcome,
  type SpotWorkOrder,
} from './spot-fills.ts';
import { openSpotOrderIdsAfter, spotCursors, spotOrdersByIds, ticksAfter } from './spot-repository.ts';

/** "The feed has committed another second of ticks" (the market's events implement it). */
export interface RecordedSeconds {
  subscribe(listener: () => void): () => void;
}

export interface SpotEngineDeps {
  db: Kysely<Database>;
  money: Money;
  now?: () => number;
  /** Whether the engine wakes by itself on each recorded second; false (tests): only `runRound`. */
  timers?: boolean;
  seconds?: RecordedSeconds;
  /** How often other nodes' orders are looked for (PostgreSQL only; default 5 s). */
  sweepMs?: number;
  onError?: (error: unknown) => void;
}

/**
 * How long the engine waits for a recorded second before it wakes by itself: a node that does not
 * record the feed (or hears of it late) still fills its orders on the ticks others record, and a
 * node that hears every second runs no second round for it.
 */
const WAKE_MS = 1_000;

/** Ticks read per coin and statement. */
const TICK_PAGE = 5_000;

/**
 * How far before a coin's cursor an order found late is checked again. An order becomes known to
 * the engine a moment after its placement commits (or at the next sweep, when another node placed
 * it); one accepted more than this before the cursor was in the book when the cursor passed it, and
 * checking an order again against ticks it was checked against changes nothing (it did not fill).
 */
export const CATCH_UP_MS = 60_000;

/**
 * Fills spot orders on the recorded feed (decision 046). Accepted orders wait in the matcher until
 * the feed records a tick after their acceptance; then market orders fill and limit orders rest in
 * the trigger book until a tick crosses them. Each round reads, per coin with orders, the ticks
 * recorded after the coin's cursor, runs them through the matcher in order, and commits what they
 * filled with the cursors in one transaction of the group committer.
 *
 * Memory is an index; the database is the truth. On start every open order is loaded and the ticks
 * recorded since the cursors are replayed, so orders that crossed while the server was down fill
 * at the ticks they crossed on. Should a commit fail, the engine forgets its state and reloads it.
 */
export class SpotEngine {
  private matcher = new SpotMatcher<SpotWorkOrder>();
  private cursors = new Map<number, number>();
  /** Orders found after their coin's cursor passed their acceptance: checked against the ticks missed. */
  private late: SpotWorkOrder[] = [];
  private readonly now: () => number;
  private running = false;
  private round: Promise<number> | null = null;
  private again = false;
  private unsubscribe: (() => void) | null = null;
  private sweeper: NodeJS.Timeout | null = null;
  private waker: NodeJS.Timeout | null = null;
  /** When the last round started: the waker runs one only when the recorded seconds have not. */
  private lastRoundAt = -Infinity;
  private highestSeen = 0;
  /** Where the next incremental sweep starts: the highest id seen one sweep ago. */
  private sweptBefore = 0;
  private sweeps = 0;

  constructor(private readonly deps: SpotEngineDeps) {
    this.now = deps.now ?? Date.now;
  }

  async start(): Promise<void> {
    await this.reload();
    await this.runRound();
    if (this.deps.timers === false) return;
    this.running = true;
    this.unsubscribe = this.deps.seconds?.subscribe(() => this.wake()) ?? null;
    this.waker = setInterval(() => {
      if (this.openCount > 0 && Date.now() - this.lastRoundAt >= WAKE_MS) this.wake();
    }, WAKE_MS);
    this.waker.unref();
    if (this.deps.money.dialect === 'postgres') {
      this.sweeper = setInterval(
        () => void this.sweepAgain().catch((error) => this.fail(error)),
        this.deps.sweepMs ?? 5_000,
      );
      this.sweeper.unref();
    }
  }

  async stop(): Promise<void> {
    this.running = false;
    this.unsubscribe?.();
    this.unsubscribe = null;
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
    if (this.waker) clearInterval(this.waker);
    this.waker = null;
    await this.round?.catch(() => undefined);
  }

  /** Tracks an order committed a moment ago; one already known is ignored. */
  track(order: SpotWorkOrder): void {
    if (this.matcher.has(order.id) || this.late.some((o) => o.id === order.id)) return;
    this.highestSeen = Math.max(this.highestSeen, order.id);
    if (order.acceptedAt < (this.cursors.get(order.coinId) ?? -Infinity)) this.late.push(order);
    else this.matcher.accept(order);
  }

  /** Forgets an order its owner cancelled (the cancellation has committed). */
  forget(id: number): void {
    this.matcher.cancel(id);
    this.late = this.late.filter((order) => order.id !== id);
  }

  get openCount(): number {
    return this.matcher.size + this.late.length;
  }

  /** One round now; rounds never overlap, and a call during one runs another after it. */
  async runRound(): Promise<number> {
    while (this.round) await this.round.catch(() => undefined);
    this.lastRoundAt = Date.now();
    this.round = this.fillRecorded();
    try {
      return await this.round;
    } finally {
      this.round = null;
    }
  }

  private wake(): void {
    if (!this.running) return;
    if (this.round) {
      this.again = true;
      return;
    }
    void this.runRound()
      .catch((error) => this.fail(error))
      .finally(() => {
        if (this.again && this.running) {
          this.again = false;
          this.wake();
        }
      });
  }

  private async fillRecorded(): Promise<number> {
    const matches = await this.catchUpLate();
    const cursors = new Map<number, number>();
    for (const coinId of this.matcher.coins()) {
      const moved = await this.replayCoin(coinId, matches);
      if (moved !== null) cursors.set(coinId, moved);
    }
    if (matches.length === 0 && cursors.size === 0) return 0;
    const outcomes = matches.map(outcomeOf);
    let done: SpotOutcome[];
    try {
      done = await this.deps.money.committer.run((trx) =>
        commitOutcomes(trx, this.deps.money, outcomes, cursors, this.now()),
      );
    } catch (error) {
      // Nothing was written; the matcher has moved on without it. Start again from the database.
      await this.reload();
      throw error;
    }
    // The users hear of their fills through their balances: every fill posts to the ledger, whose
    // committed changes reach the live channel with the entry's type (decision 024).
    return done.length;
  }

  /** Runs the coin's ticks after its cursor through the matcher; answers the new cursor, if it moved. */
  private async replayCoin(coinId: number, matches: SpotMatch<SpotWorkOrder>[]): Promise<number | null> {
    const start = this.cursors.get(coinId) ?? -Infinity;
    // No tick before the first useful one can fill anything: the read starts there.
    let cursor = Math.max(start, this.matcher.firstUsefulTick(coinId) - 1);
    if (cursor === Infinity) return null;
    for (;;) {
      const ticks = await ticksAfter(this.deps.db, coinId, Number.isFinite(cursor) ? cursor : -1, TICK_PAGE);
      for (const tick of ticks) {
        for (const match of this.matcher.tick(coinId, tick)) matches.push(match);
        cursor = tick.timeMs;
      }
      if (ticks.length < TICK_PAGE) break;
    }
    if (!Number.isFinite(cursor) || cursor <= start) return null;
    this.cursors.set(coinId, cursor);
    return cursor;
  }

  /**
   * Checks each late order against the recorded ticks its coin's cursor has passed since its
   * acceptance: the first that fills it is its fill; one that none fills joins the matcher, where
   * the ticks after the cursor reach it.
   */
  private async catchUpLate(): Promise<SpotMatch<SpotWorkOrder>[]> {
    const late = this.late;
    this.late = [];
    const matches: SpotMatch<SpotWorkOrder>[] = [];
    for (const order of late) {
      const cursor = this.cursors.get(order.coinId) ?? -Infinity;
      const ticks = await this.ticksBetween(
        order.coinId,
        Math.max(order.acceptedAt, cursor - CATCH_UP_MS),
        cursor,
      );
      const tick = firstFill(order, ticks);
      if (tick) matches.push({ order, tick });
      else this.matcher.accept(order);
    }
    return matches;
  }

  private async ticksBetween(coinId: number, afterMs: number, toMs: number): Promise<RecordedTick[]> {
    const ticks: RecordedTick[] = [];
    for (let from = afterMs; ;) {
      const page = await ticksAfter(this.deps.db, coinId, from, TICK_PAGE);
      for (const tick of page) if (tick.timeMs <= toMs) ticks.push(tick);
      const last = page.at(-1);
      if (page.length < TICK_PAGE || !last || last.timeMs >= toMs) return ticks;
      from = last.timeMs;
    }
  }

  /** Forgets everything and loads the cursors and every open order again. */
  private async reload(): Promise<void> {
    this.matcher = new SpotMatcher<SpotWorkOrder>();
    this.late = [];
    this.cursors = await spotCursors(this.deps.db);
    this.highestSeen = 0;
    await this.sweep(0);
    this.sweptBefore = this.highestSeen;
  }

  /** Tracks the open orders above `fromId` this engine does not know yet. */
  private async sweep(fromId: number): Promise<void> {
    const PAGE = 10_000;
    for (let after = fromId; ;) {
      const ids = await openSpotOrderIdsAfter(this.deps.db, after, PAGE);
      const unknown = ids.filter((id) => !this.matcher.has(id));
      for (const row of await spotOrdersByIds(this.deps.db, unknown)) this.track(workOrderOf(row));
      const last = ids.at(-1);
      if (last !== undefined) after = last;
      if (ids.length < PAGE) return;
    }
  }

  /**
   * The periodic sweep of other nodes' orders: from the highest id seen one sweep ago, since on
   * PostgreSQL ids are handed out before commit and an order may appear after one with a higher
   * id; every sixtieth sweep reads every open id, as the timed settler's does.
   */
  private async sweepAgain(): Promise<void> {
    this.sweeps += 1;
    const from = this.sweeps % 60 === 0 ? 0 : this.sweptBefore;
    this.sweptBefore = this.highestSeen;
    await this.sweep(from);
  }

  private fail(error: unknown): void {
    this.deps.onError?.(error);
  }
}
