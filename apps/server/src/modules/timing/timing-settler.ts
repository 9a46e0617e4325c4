import type { Kysely } from 'kysely';
import {
  settlementTick,
  timingResult,
  timingSettlementEntry,
  type EntryDraft,
  type RecordedTick,
  type SettledStake,
  type TimingResult,
} from '@vela/domain';
import type { Database } from '../../db/schema.ts';
import { WakeTimer } from '../../lib/wake-timer.ts';
import type { Money } from '../ledger/money.ts';
import { ExpiryCalendar } from './expiry-calendar.ts';
import {
  isOpen,
  trackedOrderOf,
  withOpeningTicks,
  type OpenOrder,
  type PlacedOrder,
} from './timing-opening.ts';
import { ticksCovering } from '../market/coin-repository.ts';
import { settledTimingRebates } from '../team/rebate-payments.ts';
import { openOrderIdsAfter, openOrdersByIds } from './timing-repository.ts';
import {
  deleteSettlementBatch,
  insertSettlementBatch,
  markSettled,
  updateSettlementBatch,
} from './settlement-repository.ts';

/**
 * "The feed has committed another second of ticks", as the settler needs to hear it. The settler
 * owns this interface; the market's events implement it on every node (see `src/engines.ts`).
 */
export interface RecordedSeconds {
  subscribe(listener: () => void): () => void;
}

/** Who hears of opened and settled orders (the users' live channel, see `src/engines.ts`). */
export interface SettlementWatcher {
  ordersOpened(opened: readonly SettledOrder[]): void;
  ordersSettled(settled: readonly SettledOrder[]): void;
}

export interface SettlerDeps {
  db: Kysely<Database>;
  money: Money;
  now?: () => number;
  /**
   * Whether the settler wakes by itself: at each expiry, when the feed records a second, and to
   * retry. False (tests): only `settleDue` settles. Default true.
   */
  timers?: boolean;
  /** Orders waiting for their open or settlement tick are handled the moment it is recorded. */
  seconds?: RecordedSeconds;
  /** How often the database is searched for open orders this process does not track (default 5 s). */
  sweepMs?: number;
  onError?: (error: unknown) => void;
  /** Hears of the orders each round opened and each committed batch settled. */
  watcher?: SettlementWatcher;
  /** Orders settled in a round's first transaction at most (default 20,000). */
  batchLimit?: number;
  /**
   * Orders settled per transaction at most when more keep being due (default 250,000), so one commit
   * never grows unbounded. Each commit writes the pages of every user's balance and bills that the
   * batch touches, whatever the batch's size, so larger batches settle a mass expiry faster; the
   * price is that other writers wait for one batch (about two seconds at this size).
   */
  maxBatchLimit?: number;
}

export interface SettledOrder {
  id: number;
  userId: number;
}

/**
 * Orders that are due but could not settle (their expiry second is not recorded yet, or the
 * transaction failed), and orders waiting for their open tick, are tried again after this at the
 * latest; a recorded second retries at once.
 */
const RETRY_MS = 250;

/** Every this many sweeps, one reads every open order again (a safety net; about every 5 minutes). */
const FULL_SWEEP_EVERY = 60;

/**
 * Opens timed orders at the first tick recorded after their acceptance, and settles them when they
 * expire. Accepted orders wait in a list until the feed records the next second; each round opens
 * the waiting ones whose tick is recorded, in memory only, before it settles. Open orders sit in a
 * calendar by expiry second, and a timer is set for the first of them, so each round looks only at
 * what is due. All orders due in a round are settled in one transaction: each order's id leaves
 * the open orders and its result, with its open tick, is written (a second settler, on this node or
 * another, finds the id gone and writes and posts nothing) and one journal entry per currency books
 * them all. The settlement price is the first tick recorded at or after the expiry instant; an
 * order whose expiry second is not recorded yet waits ("in settlement") and settles as soon as the
 * feed records it.
 *
 * The calendar is memory; the database is the truth. On start every open order is loaded, so orders
 * that expired while the server was down settle from the recorded history at once, and a periodic
 * sweep picks up open orders placed through other nodes.
 */
export class TimingSettler {
  private readonly open = new ExpiryCalendar<OpenOrder>();
  /** Due orders whose settlement could not be made yet; every round tries them again. */
  private waiting: OpenOrder[] = [];
  /** Accepted orders waiting for their open tick; every round tries to open them. */
  private opening: PlacedOrder[] = [];
  private retryAt = Infinity;
  private readonly tracked = new Set<number>();
  private readonly now: () => number;
  private running = false;
  private readonly timer: WakeTimer;
  private sweeper: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  private round: Promise<number> | null = null;
  /** The highest order id any sweep has read, and where the next incremental sweep starts. */
  private highestSeen = 0;
  private sweptBefore = 0;
  private sweeps = 0;

  constructor(private readonly deps: SettlerDeps) {
    this.now = deps.now ?? Date.now;
    this.timer = new WakeTimer(this.now, () => this.wake());
  }

  /** Loads every open order, settles what is due, and starts waking by itself. */
  async start(): Promise<void> {
    await this.sweep(0);
    this.sweptBefore = this.highestSeen;
    await this.settleDue();
    if (this.deps.timers === false) return;
    this.running = true;
    this.unsubscribe = this.deps.seconds?.subscribe(() => this.wake()) ?? null;
    // Other nodes place orders only on PostgreSQL: an embedded database has one server process,
    // which tracks every order it places, and was read whole at start.
    if (this.deps.money.dialect === 'postgres') {
      this.sweeper = setInterval(
        () => void this.sweepAgain().catch((error) => this.fail(error)),
        this.deps.sweepMs ?? 5_000,
      );
      this.sweeper.unref();
    }
    this.schedule();
  }

  /** Stops waking and waits for a round in progress. */
  async stop(): Promise<void> {
    this.running = false;
    this.unsubscribe?.();
    this.unsubscribe = null;
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
    this.timer.clear();
    await this.round?.catch(() => undefined);
  }

  /** Tracks an order committed a moment ago; an order already tracked is ignored. */
  track(order: PlacedOrder | OpenOrder): void {
    if (this.tracked.has(order.id)) return;
    this.tracked.add(order.id);
    if (isOpen(order)) {
      this.open.add(order);
      if (order.expiresAt < this.timer.setFor) this.schedule();
      return;
    }
    this.opening.push(order);
    this.retryAt = Math.min(this.retryAt, this.now() + RETRY_MS);
    if (this.retryAt < this.timer.setFor) this.schedule();
  }

  get openCount(): number {
    return this.tracked.size;
  }

  /**
   * Settles every tracked order expired at `now` whose settlement tick is recorded; answers how
   * many it settled. Rounds never overlap: a call during a round waits for it and starts another.
   */
  async settleDue(now = this.now()): Promise<number> {
    while (this.round) await this.round.catch(() => undefined);
    this.round = this.settleRound(now);
    try {
      return await this.round;
    } finally {
      this.round = null;
      this.schedule();
    }
  }

  /** A round now, unless one is running (it reschedules when it ends). */
  private wake(): void {
    if (!this.running || this.round) return;
    void this.settleDue().catch((error) => this.fail(error));
  }

  /** One timer, for the first expiry of an open order or the next retry, whichever comes first. */
  private schedule(): void {
    if (!this.running) return;
    this.timer.set(Math.min(this.open.earliest(), this.retryAt));
  }

  private async settleRound(now: number): Promise<number> {
    // A round starts with batches of `batchLimit` and, while more is due, doubles them up to
    // `maxBatchLimit`: a mass expiry settles in fewer, larger commits (each one's cost is mostly the
    // pages it touches, and a larger batch touches each page once for more orders), while the usual
    // second commits quickly and holds the database only briefly.
    const first = this.deps.batchLimit ?? 20_000;
    const largest = Math.max(first, this.deps.maxBatchLimit ?? 250_000);
    let limit = first;
    // Waiting orders are due by definition: each round tries them again.
    let carried = this.waiting;
    this.waiting = [];
    this.retryAt = Infinity;
    // Orders open before anything settles: an order accepted before a restart may be due already.
    await this.openWaiting(now);
    let settled = 0;
    for (;;) {
      const due = carried.splice(0, limit);
      // A loop, not a spread: a spread passes every order as an argument, past the stack's size for
      // a batch of a few hundred thousand.
      if (due.length < limit) for (const order of this.open.takeDue(now, limit - due.length)) due.push(order);
      if (due.length === 0) return settled;
      try {
        settled += await this.settleBatch(due, now);
      } catch (error) {
        for (const order of carried) this.waiting.push(order);
        carried = [];
        throw error;
      }
      if (due.length < limit && carried.length === 0) return settled;
      limit = Math.min(largest, limit * 2);
    }
  }

  /**
   * Opens the waiting orders whose open tick is recorded; the others keep waiting and are tried
   * again. Nothing is written (decision 035): an opened order joins the calendar by its expiry, and
   * its settlement stores its open tick with the result.
   */
  private async openWaiting(now: number): Promise<void> {
    if (this.opening.length === 0) return;
    const { opened, pending } = await withOpeningTicks(this.deps.db, this.opening);
    this.opening = pending;
    if (pending.length > 0) this.retryAt = Math.min(this.retryAt, now + RETRY_MS);
    if (opened.length === 0) return;
    for (const order of opened) this.open.add(order);
    this.deps.watcher?.ordersOpened(opened);
  }

  private async settleBatch(due: OpenOrder[], now: number): Promise<number> {
    const { ready, unrecorded } = await this.withSettlementTicks(due);
    // Orders whose expiry second is not recorded yet stay "in settlement" and are tried again.
    for (const order of unrecorded) this.retryLater(order, now);
    if (ready.length === 0) return 0;

    const settledAt = this.now();
    let committed: SettledOrder[];
    try {
      committed = await this.deps.money.committer.run((trx) =>
        settleInOneEntryPerCurrency(trx, this.deps.money, ready, settledAt),
      );
    } catch (error) {
      // Nothing was written: the orders stay open and are tried again shortly.
      for (const { order } of ready) this.retryLater(order, now);
      throw error;
    }
    for (const { order } of ready) this.tracked.delete(order.id);
    if (committed.length > 0) this.deps.watcher?.ordersSettled(committed);
    return committed.length;
  }

  private retryLater(order: OpenOrder, now: number): void {
    this.waiting.push(order);
    this.retryAt = Math.min(this.retryAt, now + RETRY_MS);
  }

  /**
   * Each order with its settlement tick and result, for the orders whose tick is recorded. The
   * ticks are read once per coin for the whole batch (orders expire at different milliseconds, and
   * a read per order would cost more than settling it) and chosen by the domain's `settlementTick`.
   */
  private async withSettlementTicks(
    due: readonly OpenOrder[],
  ): Promise<{ ready: Settlement[]; unrecorded: OpenOrder[] }> {
    const spans = new Map<number, { from: number; to: number }>();
    for (const order of due) {
      const span = spans.get(order.vcId);
      if (!span) spans.set(order.vcId, { from: order.expiresAt, to: order.expiresAt });
      else {
        span.from = Math.min(span.from, order.expiresAt);
        span.to = Math.max(span.to, order.expiresAt);
      }
    }
    const ticks = new Map<number, RecordedTick[]>();
    for (const [vcId, span] of spans)
      ticks.set(vcId, await ticksCovering(this.deps.db, vcId, span.from, span.to));
    const ready: Settlement[] = [];
    const unrecorded: OpenOrder[] = [];
    for (const order of due) {
      const tick = settlementTick(ticks.get(order.vcId) ?? [], order.expiresAt);
      if (!tick) {
        unrecorded.push(order);
        continue;
      }
      const result = timingResult(order, tick.priceMinor);
      ready.push({
        order,
        tick,
        result,
        orderId: order.id,
        userId: order.userId,
        stakeMinor: order.stakeMinor,
        payoutMinor: result.payoutMinor,
      });
    }
    return { ready, unrecorded };
  }

  /**
   * Tracks the open orders this process does not know yet: placed through another node, or before a
   * restart. `fromId` 0 reads every open order (at start, and now and then as a safety net);
   * otherwise the sweep reads the open orders above the highest id it had seen two sweeps ago. The
   * look back covers PostgreSQL, where ids are handed out before commit, so an order may become
   * visible after one with a higher id; no placement stays uncommitted for a whole sweep period.
   */
  private async sweep(fromId: number): Promise<void> {
    const PAGE = 10_000;
    let after = fromId;
    for (;;) {
      // The ids first, from the index of open orders alone: most are known already (this node
      // placed them), and only the others are read whole.
      const ids = await openOrderIdsAfter(this.deps.db, after, PAGE);
      const unknown = ids.filter((id) => !this.tracked.has(id));
      if (unknown.length > 0)
        for (const row of await openOrdersByIds(this.deps.db, unknown)) this.track(trackedOrderOf(row));
      const last = ids.at(-1);
      if (last !== undefined) {
        after = last;
        this.highestSeen = Math.max(this.highestSeen, after);
      }
      if (ids.length < PAGE) return;
    }
  }

  /** The periodic sweep: incremental, with a full one every `FULL_SWEEP_EVERY` turns. */
  private async sweepAgain(): Promise<void> {
    this.sweeps += 1;
    const from = this.sweeps % FULL_SWEEP_EVERY === 0 ? 0 : this.sweptBefore;
    this.sweptBefore = this.highestSeen;
    await this.sweep(from);
  }

  private fail(error: unknown): void {
    this.deps.onError?.(error);
  }
}

/**
 * An order due now, the tick it settles at, and what that makes of it; also what the batch entry
 * needs of it (`SettledStake`), so a mass expiry does not build a second object per order.
 */
interface Settlement extends SettledStake {
  order: OpenOrder;
  tick: RecordedTick;
  result: TimingResult;
}

/**
 * Settles the orders in the caller's transaction: per settlement currency one `timing_settlement`
 * row, the orders' results naming it, and one journal entry that pays every
 * winner from the escrow and books the rest with the house (decision 026). Answers the orders it
 * settled: an order another settler took first is left out, and its money is not moved twice.
 */
async function settleInOneEntryPerCurrency(
  trx: Kysely<Database>,
  money: Money,
  settlements: readonly Settlement[],
  settledAt: number,
): Promise<SettledOrder[]> {
  const byCurrency = new Map<number, Settlement[]>();
  for (const settlement of settlements) {
    const list = byCurrency.get(settlement.order.settleVcId) ?? [];
    list.push(settlement);
    byCurrency.set(settlement.order.settleVcId, list);
  }
  const done: SettledOrder[] = [];
  const entries: EntryDraft[] = [];
  const rebates: EntryDraft[] = [];
  for (const [vcId, list] of byCurrency) {
    const planned = batchFigures(list);
    const batchId = await insertSettlementBatch(trx, { vc_id: vcId, settled_at: settledAt, ...planned });
    const settled = await markSettled(trx, money.dialect, list, batchId, settledAt);
    if (settled.length === 0) {
      await deleteSettlementBatch(trx, batchId);
      continue;
    }
    if (settled !== list) await updateSettlementBatch(trx, batchId, batchFigures(settled));
    const batch = { refType: 'timing_settlement', refId: batchId };
    const entry = timingSettlementEntry(batch, vcId, settled);
    if (entry) entries.push(entry);
    // An open order is a settled order's id and owner already.
    for (const { order } of settled) done.push(order);
    // The settled orders' rebates are paid in the same commit (decision 049).
    for (const rebate of await settledTimingRebates(
      trx,
      settled.map(({ order }) => order.id),
      batch,
    ))
      rebates.push(rebate);
  }
  await money.ledger.post(trx, [...entries, ...rebates]);
  return done;
}

function batchFigures(list: readonly Settlement[]) {
  let stake = 0n;
  let payout = 0n;
  for (const { order, result } of list) {
    stake += order.stakeMinor;
    payout += result.payoutMinor;
  }
  return { order_count: list.length, stake_minor: stake, payout_minor: payout };
}
