import type { Kysely } from 'kysely';
import {
  timingResult,
  timingSettlementEntry,
  type EntryDraft,
  type TieRule,
  type TimingResult,
  type TimingDirection,
} from '@vela/domain';
import type { Dialect } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { Money } from '../ledger/money.ts';
import { chunked, SqlBatch } from '../ledger/sql-batch.ts';
import { firstTickFrom, openOrdersDue } from './timing-repository.ts';

/** What the settler keeps of an open order: everything its settlement needs, nothing else. */
export interface OpenOrder {
  id: number;
  userId: number;
  vcId: number;
  settleVcId: number;
  direction: TimingDirection;
  stakeMinor: bigint;
  openPriceMinor: bigint;
  payoutRate: string;
  tieRule: TieRule;
  expiresAt: number;
}

/** An open order as the settler keeps it, from its row. */
export function openOrderOf(row: Awaited<ReturnType<typeof openOrdersDue>>[number]): OpenOrder {
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    vcId: Number(row.vc_id),
    settleVcId: Number(row.settle_vc_id),
    direction: row.direction,
    stakeMinor: BigInt(row.stake_minor),
    openPriceMinor: BigInt(row.open_price_minor),
    payoutRate: row.payout_rate,
    tieRule: row.tie_rule,
    expiresAt: Number(row.expires_at),
  };
}

export interface SettlerDeps {
  db: Kysely<Database>;
  money: Money;
  now?: () => number;
  /** How often due orders are looked for; null: never by itself (tests call `settleDue`). */
  timerMs?: number | null;
  /** How often the database is searched for open orders this process does not track (default 5 s). */
  sweepMs?: number;
  onError?: (error: unknown) => void;
  /** Called after each committed batch with the orders it settled (the users' live channel). */
  onSettled?: (settled: readonly SettledOrder[]) => void;
  /** Orders settled per transaction at most (default 20,000), so one commit never grows unbounded. */
  batchLimit?: number;
}

export interface SettledOrder {
  id: number;
  userId: number;
}

/** Orders whose expiry second the feed has not recorded yet are looked at again after this. */
const WAIT_FOR_TICK_MS = 250;

/**
 * Settles timed orders when they expire. Open orders sit in a heap ordered by expiry, so each round
 * looks only at what is due. All orders due in a round are settled in one transaction: one
 * conditional UPDATE per order takes it from 'open' to 'settled' (a second settler, on this node
 * or another, finds nothing left to update and posts nothing) and their entries are posted
 * together. The settlement price is the first tick recorded at or after the expiry instant; an
 * order whose expiry second is not recorded yet waits ("in settlement") and is retried.
 *
 * The heap is memory; the database is the truth. On start every open order is loaded, so orders
 * that expired while the server was down settle from the recorded history at once, and a periodic
 * sweep picks up open orders placed through other nodes.
 */
export class TimingSettler {
  private readonly heap: OpenOrder[] = [];
  private readonly tracked = new Set<number>();
  private readonly now: () => number;
  private timer: NodeJS.Timeout | null = null;
  private sweeper: NodeJS.Timeout | null = null;
  private round: Promise<number> | null = null;
  private waitingUntil = new Map<number, number>();

  constructor(private readonly deps: SettlerDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** Loads every open order, settles what is due, and starts the timers. */
  async start(): Promise<void> {
    await this.sweep(Number.MAX_SAFE_INTEGER);
    await this.settleDue();
    const { timerMs } = this.deps;
    if (timerMs) {
      this.timer = setInterval(() => void this.settleDue().catch((error) => this.fail(error)), timerMs);
      this.timer.unref();
      this.sweeper = setInterval(
        () => void this.sweep(this.now()).catch((error) => this.fail(error)),
        this.deps.sweepMs ?? 5_000,
      );
      this.sweeper.unref();
    }
  }

  /** Stops the timers and waits for a round in progress. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    if (this.sweeper) clearInterval(this.sweeper);
    this.timer = null;
    this.sweeper = null;
    await this.round?.catch(() => undefined);
  }

  /** Tracks an order committed a moment ago; an order already tracked is ignored. */
  track(order: OpenOrder): void {
    if (this.tracked.has(order.id)) return;
    this.tracked.add(order.id);
    this.push(order);
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
    }
  }

  private async settleRound(now: number): Promise<number> {
    const limit = this.deps.batchLimit ?? 20_000;
    let settled = 0;
    for (;;) {
      const due: OpenOrder[] = [];
      const later: OpenOrder[] = [];
      while (due.length < limit && this.heap.length > 0 && (this.heap[0]?.expiresAt ?? Infinity) <= now) {
        const order = this.pop();
        if (!order) break;
        if ((this.waitingUntil.get(order.id) ?? 0) > now) later.push(order);
        else due.push(order);
      }
      for (const order of later) this.push(order);
      if (due.length === 0) return settled;
      settled += await this.settleBatch(due, now);
      if (due.length < limit) return settled;
    }
  }

  private async settleBatch(due: OpenOrder[], now: number): Promise<number> {
    // One tick lookup per coin and expiry instant: orders that expire together share it.
    const ticks = new Map<string, Awaited<ReturnType<typeof firstTickFrom>>>();
    for (const order of due) {
      const key = `${order.vcId}:${order.expiresAt}`;
      if (!ticks.has(key)) ticks.set(key, await firstTickFrom(this.deps.db, order.vcId, order.expiresAt));
    }
    const ready: Array<{ order: OpenOrder; tick: NonNullable<Awaited<ReturnType<typeof firstTickFrom>>> }> =
      [];
    for (const order of due) {
      const tick = ticks.get(`${order.vcId}:${order.expiresAt}`);
      if (tick) {
        ready.push({ order, tick });
      } else {
        this.waitingUntil.set(order.id, now + WAIT_FOR_TICK_MS);
        this.push(order);
      }
    }
    if (ready.length === 0) return 0;

    const settledAt = this.now();
    let committed: SettledOrder[];
    try {
      committed = await this.deps.money.committer.run(async (trx) => {
        const results = new Map(
          ready.map(({ order, tick }) => [
            order.id,
            { order, tick, result: timingResult(order, BigInt(tick.price_minor)) },
          ]),
        );
        const updated = await markSettled(trx, this.deps.money.dialect, [...results.values()], settledAt);
        // Orders settled already (by another settler) were not updated: nothing is posted for them.
        const done: SettledOrder[] = [];
        const entries: EntryDraft[] = [];
        for (const id of updated) {
          const settled = results.get(id);
          if (!settled) continue;
          const { order, result } = settled;
          entries.push(
            timingSettlementEntry(
              { refType: 'timing', refId: order.id },
              order.userId,
              order.settleVcId,
              order.stakeMinor,
              result.payoutMinor,
            ),
          );
          done.push({ id: order.id, userId: order.userId });
        }
        if (entries.length > 0) await this.deps.money.ledger.post(trx, entries);
        return done;
      });
    } catch (error) {
      // Nothing was written: the orders stay open and are tried again shortly.
      for (const { order } of ready) {
        this.waitingUntil.set(order.id, now + WAIT_FOR_TICK_MS);
        this.push(order);
      }
      throw error;
    }
    for (const { order } of ready) {
      this.tracked.delete(order.id);
      this.waitingUntil.delete(order.id);
    }
    if (committed.length > 0) this.deps.onSettled?.(committed);
    return committed.length;
  }

  /** Tracks the open orders expiring by `until` that this process does not know yet. */
  private async sweep(until: number): Promise<void> {
    const PAGE = 10_000;
    let after: { expiresAt: number; id: number } | undefined;
    for (;;) {
      const rows = await openOrdersDue(this.deps.db, until, PAGE, after);
      for (const row of rows) this.track(openOrderOf(row));
      const last = rows.at(-1);
      if (!last || rows.length < PAGE) return;
      after = { expiresAt: Number(last.expires_at), id: Number(last.id) };
    }
  }

  private fail(error: unknown): void {
    this.deps.onError?.(error);
  }

  // ---- a binary min-heap on expiresAt, then id ------------------------------------------------

  private push(order: OpenOrder): void {
    const heap = this.heap;
    heap.push(order);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(heap[i], heap[parent])) break;
      swap(heap, i, parent);
      i = parent;
    }
  }

  private pop(): OpenOrder | undefined {
    const heap = this.heap;
    const top = heap[0];
    const last = heap.pop();
    if (heap.length > 0 && last) {
      heap[0] = last;
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        const right = left + 1;
        let smallest = i;
        if (left < heap.length && before(heap[left], heap[smallest])) smallest = left;
        if (right < heap.length && before(heap[right], heap[smallest])) smallest = right;
        if (smallest === i) break;
        swap(heap, i, smallest);
        i = smallest;
      }
    }
    return top;
  }
}

type Tick = NonNullable<Awaited<ReturnType<typeof firstTickFrom>>>;

/**
 * Takes orders from 'open' to 'settled' with their settlement, a few hundred per statement, and
 * answers the ids it changed. The `status = 'open'` condition is what makes a settlement happen
 * once: an order another settler has taken is not returned, and its entry is not posted twice.
 */
async function markSettled(
  trx: Kysely<Database>,
  dialect: Dialect,
  settlements: readonly { order: OpenOrder; tick: Tick; result: TimingResult }[],
  settledAt: number,
): Promise<number[]> {
  const ids: number[] = [];
  for (const chunk of chunked(settlements, 6)) {
    const batch = new SqlBatch(dialect);
    // SQLite numbers its placeholders in the order they appear, so values are bound in text order.
    const set = `status = 'settled', settle_tick_id = v.tick_id, settle_tick_time_ms = v.tick_time,
      settle_price_minor = v.price, outcome = v.outcome, payout_minor = v.payout,
      settled_at = ${batch.bindBigint(settledAt)}`;
    const values = chunk
      .map(
        ({ order, tick, result }) =>
          `(${batch.bindBigint(order.id)}, ${batch.bindBigint(Number(tick.id))}, ${batch.bindBigint(Number(tick.time_ms))}, ` +
          `${batch.bindBigint(BigInt(tick.price_minor))}, ${batch.bind(result.outcome)}, ${batch.bindBigint(result.payoutMinor)})`,
      )
      .join(', ');
    const text =
      dialect === 'postgres'
        ? `UPDATE timing_order AS o SET ${set}
           FROM (VALUES ${values}) AS v(id, tick_id, tick_time, price, outcome, payout)
           WHERE o.id = v.id AND o.status = 'open' RETURNING o.id`
        : `UPDATE timing_order SET ${set}
           FROM (SELECT column1 AS id, column2 AS tick_id, column3 AS tick_time, column4 AS price,
                 column5 AS outcome, column6 AS payout FROM (VALUES ${values})) AS v
           WHERE timing_order.id = v.id AND timing_order.status = 'open' RETURNING timing_order.id`;
    const result = await batch.run<{ id: number | bigint }>(trx, text);
    for (const row of result.rows) ids.push(Number(row.id));
  }
  return ids;
}

function before(a: OpenOrder | undefined, b: OpenOrder | undefined): boolean {
  if (!a || !b) return false;
  return a.expiresAt < b.expiresAt || (a.expiresAt === b.expiresAt && a.id < b.id);
}

function swap(list: OpenOrder[], i: number, j: number): void {
  const a = list[i];
  const b = list[j];
  if (a === undefined || b === undefined) return;
  list[i] = b;
  list[j] = a;
}
