import type { Kysely } from 'kysely';
import {
  ContractBook,
  RISK_UNIT,
  type ContractEffect,
  type ContractOrder,
  type RecordedTick,
} from '@vela/domain';
import type { Database } from '../../db/schema.ts';
import type { Money } from '../ledger/money.ts';
import type { RecordedSeconds } from '../spot/spot-engine.ts';
import { commitRound, ContractConflict } from './contract-effects.ts';
import {
  contractAccountsMovedAfter,
  contractBalances,
  lastPostingId,
  marksAt,
  newestSecond,
  openOrders,
  openPositions,
  readCursor,
  ticksOfCoinsAfter,
} from './contract-repository.ts';
import { workOrderOf, workPositionOf } from './contract-view.ts';

export interface ContractEngineDeps {
  db: Kysely<Database>;
  money: Money;
  /** The settlement coin's id: the currency of the contract accounts. */
  settleVcId: () => Promise<number>;
  /** The forced-close level in basis points, as operators set it (read each round). */
  level: () => Promise<bigint>;
  now?: () => number;
  /** Whether the engine wakes by itself on each recorded second; false (tests): only `runRound`. */
  timers?: boolean;
  seconds?: RecordedSeconds;
  onError?: (error: unknown) => void;
}

/** Ticks read per statement; a page's last second is left to the next page, whole. */
const TICK_PAGE = 5_000;
/** How long the engine waits for a recorded second before it runs a round by itself. */
const WAKE_MS = 1_000;
/**
 * How long after a second's time the engine waits before it runs that second: an order accepted
 * just before it has committed by then (placement commits in milliseconds), so the second that is
 * the order's first tick after acceptance finds it in the book. The sweep at the start of each round
 * finds the orders of other nodes.
 */
export const SETTLE_MS = 500;

/**
 * Runs contracts on the recorded feed (decision 047): market orders, limit opens, take-profits,
 * stop-losses and forced closing, second by second, through the domain's `ContractBook`.
 *
 * Each round first reads again the balance of every contract account that moved since the last
 * round (a transfer, an order, on any node), then reads the ticks recorded after its cursor for the
 * coins in use, runs them through the book second by second, and commits what they did with the new
 * cursor in one transaction. The commit moves the cursor only from where the round started, so a
 * second is applied once however many nodes run an engine; a round that finds the database other
 * than it expected rolls back, and the engine reloads and replays.
 *
 * Memory is an index; the database is the truth. On start the open positions and orders are loaded
 * with the marks at the cursor, and the seconds recorded since are replayed, so a take-profit,
 * stop-loss or forced close that should have happened while the server was down happens at the
 * second it should have, once.
 */
export class ContractEngine {
  private book: ContractBook = new ContractBook(0n);
  /** The last second the book has run (or skipped, with nothing open). */
  private cursor: number | null = null;
  /**
   * The cursor as stored: a commit moves it only from this value. It trails `cursor` while nothing
   * is open (idle seconds are not written each time) and is null on a database that has none yet.
   */
  private stored: number | null = null;
  private lastPosting = 0;
  private level = 0n;
  private settleVcId: number | null = null;
  private readonly now: () => number;
  private running = false;
  private round: Promise<number> | null = null;
  private again = false;
  private unsubscribe: (() => void) | null = null;
  private waker: NodeJS.Timeout | null = null;
  private lastRoundAt = -Infinity;
  /** The highest order id tracked: the sweep reads the open orders above it. */
  private highestOrder = 0;
  /**
   * Users with an order tracked since the last round: their balance is read in the next round. A
   * market order posts nothing, so an account funded before this engine started (and idle since)
   * would otherwise be known to it with nothing available.
   */
  private readonly unread = new Set<number>();

  constructor(private readonly deps: ContractEngineDeps) {
    this.now = deps.now ?? Date.now;
  }

  async start(): Promise<void> {
    await this.reload();
    await this.runRound();
    if (this.deps.timers === false) return;
    this.running = true;
    this.unsubscribe = this.deps.seconds?.subscribe(() => this.wake()) ?? null;
    this.waker = setInterval(() => {
      if (Date.now() - this.lastRoundAt >= WAKE_MS) this.wake();
    }, WAKE_MS);
    this.waker.unref();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.unsubscribe?.();
    this.unsubscribe = null;
    if (this.waker) clearInterval(this.waker);
    this.waker = null;
    await this.round?.catch(() => undefined);
  }

  /** Tracks an order committed a moment ago; one already known is ignored. */
  track(order: ContractOrder): void {
    this.highestOrder = Math.max(this.highestOrder, order.id);
    if (this.book.knows(order)) return;
    this.unread.add(order.userId);
    this.book.rest(order);
  }

  /** Forgets an order its owner cancelled (the cancellation has committed). */
  forget(orderId: number, userId: number): void {
    this.book.cancel(orderId, userId);
  }

  /** Moves a position's targets (the change has committed). */
  setTargets(positionId: number, userId: number, takeProfit: bigint | null, stopLoss: bigint | null): void {
    this.book.setTargets(positionId, userId, takeProfit, stopLoss);
  }

  /** One round now; rounds never overlap, and a call during one runs another after it. */
  async runRound(): Promise<number> {
    while (this.round) await this.round.catch(() => undefined);
    this.lastRoundAt = Date.now();
    this.round = this.runRecorded();
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
      .catch((error) => this.deps.onError?.(error))
      .finally(() => {
        if (this.again && this.running) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** Answers how many effects the round committed. */
  private async runRecorded(): Promise<number> {
    try {
      await this.sweepOrders();
      await this.refreshBalances();
      const coins = this.book.coinsInUse();
      if (coins.length === 0) return await this.idle();
      await this.refreshLevel();
      let committed = 0;
      for (;;) {
        const ticks = await ticksOfCoinsAfter(this.deps.db, coins, this.cursor ?? -1, TICK_PAGE);
        const settled = this.now() - SETTLE_MS;
        const seconds = wholeSeconds(ticks, ticks.length === TICK_PAGE).filter((s) => s.timeMs <= settled);
        if (seconds.length === 0) return committed;
        committed += await this.commitSeconds(seconds);
        if (ticks.length < TICK_PAGE || seconds.length === 0) return committed;
      }
    } catch (error) {
      // Nothing of the failed round was written; the book has moved on without it.
      await this.reload();
      if (error instanceof ContractConflict) return 0;
      throw error;
    }
  }

  /** Runs the seconds through the book and commits what they did with the new cursor. */
  private async commitSeconds(seconds: readonly Second[]): Promise<number> {
    const effects: ContractEffect[] = [];
    for (const { timeMs, ticks } of seconds) effects.push(...this.book.second(timeMs, ticks));
    const from = this.stored;
    const to = (seconds[seconds.length - 1] as Second).timeMs;
    const settleVcId = await this.settle();
    await this.deps.money.committer.run((trx) =>
      commitRound(trx, this.deps.money, settleVcId, { effects, from, to }, this.now()),
    );
    this.cursor = to;
    this.stored = to;
    return effects.length;
  }

  /**
   * Nothing is open: the cursor follows the newest recorded second in memory, and is written only
   * when it is a minute behind, so an idle platform does not write every second.
   */
  private async idle(): Promise<number> {
    const newest = await newestSecond(this.deps.db);
    if (newest === null || (this.cursor !== null && newest <= this.cursor)) return 0;
    const stored = await readCursor(this.deps.db);
    if (stored === null || newest - stored >= 60_000) {
      await this.deps.money.committer.run((trx) =>
        // No effects: nothing is posted, so no currency is needed.
        commitRound(trx, this.deps.money, 0, { effects: [], from: stored, to: newest }, this.now()),
      );
      this.stored = newest;
    } else this.stored = stored;
    this.cursor = newest;
    return 0;
  }

  private async refreshLevel(): Promise<void> {
    const level = await this.deps.level();
    if (level !== this.level) {
      this.level = level;
      this.book.setLevel(level);
    }
  }

  /** Tracks the open orders above the highest id known (this node's, and other nodes'). */
  private async sweepOrders(): Promise<void> {
    for (const row of await openOrders(this.deps.db, { afterId: this.highestOrder })) {
      this.highestOrder = Math.max(this.highestOrder, Number(row.id));
      this.track(workOrderOf(row));
    }
  }

  /**
   * Reads again the balance of every contract account that moved since the last round, and of every
   * user with a newly tracked order.
   */
  private async refreshBalances(): Promise<void> {
    const moved = await contractAccountsMovedAfter(this.deps.db, this.lastPosting);
    this.lastPosting = moved.lastId;
    const users = new Set([...moved.users, ...this.unread]);
    this.unread.clear();
    if (users.size === 0) return;
    const balances = await contractBalances(this.deps.db, [...users], await this.settle());
    for (const [userId, balance] of balances) this.book.setAvailable(userId, balance);
  }

  /**
   * The settlement coin's id, read when first needed: a platform without coins (an empty database)
   * has none, and an engine with nothing to run never asks.
   */
  private async settle(): Promise<number> {
    this.settleVcId ??= await this.deps.settleVcId();
    return this.settleVcId;
  }

  /**
   * Forgets everything and loads the cursor, the positions, the orders and the balances again. The
   * level is read before any second runs (`refreshLevel`), which is when it matters.
   */
  private async reload(): Promise<void> {
    const db = this.deps.db;
    this.level = RISK_UNIT;
    this.book = new ContractBook(this.level);
    this.highestOrder = 0;
    this.unread.clear();
    this.lastPosting = await lastPostingId(db);
    this.stored = await readCursor(db);
    this.cursor = this.stored ?? (await newestSecond(db));
    const positions = await openPositions(db);
    const orders = await openOrders(db, {});
    const coins = [
      ...new Set([...positions.map((p) => Number(p.vc_id)), ...orders.map((o) => Number(o.vc_id))]),
    ];
    for (const [coinId, tick] of await marksAt(db, coins, this.cursor ?? undefined))
      this.book.mark(coinId, tick);
    const users = [
      ...new Set([...positions.map((p) => Number(p.user_id)), ...orders.map((o) => Number(o.user_id))]),
    ];
    if (users.length > 0)
      for (const [userId, balance] of await contractBalances(db, users, await this.settle()))
        this.book.setAvailable(userId, balance);
    for (const row of positions) this.book.restore(workPositionOf(row));
    for (const row of orders) this.track(workOrderOf(row));
  }
}

interface Second {
  timeMs: number;
  ticks: Map<number, RecordedTick>;
}

/** Groups ticks by second; when the page was cut short, its last second may be partial and waits. */
function wholeSeconds(ticks: readonly (RecordedTick & { coinId: number })[], cut: boolean): Second[] {
  const seconds: Second[] = [];
  for (const { coinId, ...tick } of ticks) {
    let last = seconds[seconds.length - 1];
    if (!last || last.timeMs !== tick.timeMs)
      seconds.push((last = { timeMs: tick.timeMs, ticks: new Map() }));
    last.ticks.set(coinId, tick);
  }
  if (cut) seconds.pop();
  return seconds;
}
