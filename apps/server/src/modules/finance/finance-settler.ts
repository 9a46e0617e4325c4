import type { Kysely } from 'kysely';
import {
  financePayout,
  financeSettlementEntry,
  settlementTick,
  type EntryDraft,
  type RecordedTick,
} from '@vela/domain';
import type { Database } from '../../db/schema.ts';
import { WakeTimer } from '../../lib/wake-timer.ts';
import type { Money } from '../ledger/money.ts';
import { ticksCovering } from '../market/coin-repository.ts';
import {
  closeHeldOrders,
  dueOrders,
  earliestEnd,
  insertEnds,
  insertFinanceSettlement,
  type FinanceOrderRow,
} from './finance-repository.ts';
import type { FinanceDeadlines } from './finance-service.ts';
import { financeCoins, scalesOf, termsOf, type FinanceCoins } from './finance-view.ts';

/** "The feed has committed another second of ticks" (the market's events implement it). */
export interface RecordedSeconds {
  subscribe(listener: () => void): () => void;
}

export interface FinanceSettlerDeps {
  db: Kysely<Database>;
  money: Money;
  now?: () => number;
  /** False (tests): only `settleDue` settles. Default true. */
  timers?: boolean;
  /** Orders waiting for their settlement tick settle the moment it is recorded. */
  seconds?: RecordedSeconds;
  /** How often the earliest end is read again, for orders bought through other nodes (default 5 s). */
  pollMs?: number;
  /** Orders settled in a round's first commit at most (default 20,000). */
  batchLimit?: number;
  /** Orders per commit at most when more keep being due (default 200,000). */
  maxBatchLimit?: number;
  onError?: (error: unknown) => void;
}

/** Due orders whose settlement tick is not recorded yet are tried again after this at the latest. */
const RETRY_MS = 250;

/**
 * Settles pledge orders at their end (docs/product.md, "Pledge finance"). The held orders' index by
 * end instant is the calendar: a timer waits for the earliest end, and each round reads the orders
 * due by then from the index, a batch at a time, so nothing is kept in memory that a restart would
 * lose; orders that ended while the server was down settle at start from the recorded history. An
 * order settles at the first recorded tick at or after its end; one whose tick is not recorded yet
 * waits for the next recorded second. Each batch is one commit: the orders leave the held ones (an
 * order another settler or a redemption took first is left out and moves no money), their ends are
 * written, and one entry per coin pays them all.
 */
export class FinanceSettler implements FinanceDeadlines {
  private readonly now: () => number;
  private running = false;
  private readonly timer: WakeTimer;
  private poller: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  private round: Promise<number> | null = null;
  /** The earliest end of a held order that has not settled, as far as this node knows. */
  private nextAt = Infinity;
  /** Whether a due order waits for its tick: a recorded second then starts a round. */
  private waitingTick = false;

  constructor(private readonly deps: FinanceSettlerDeps) {
    this.now = deps.now ?? Date.now;
    this.timer = new WakeTimer(this.now, () => this.wake());
  }

  async start(): Promise<void> {
    await this.settleDue();
    if (this.deps.timers === false) return;
    this.running = true;
    this.unsubscribe =
      this.deps.seconds?.subscribe(() => {
        if (this.waitingTick) this.wake();
      }) ?? null;
    // Other nodes sell orders only on PostgreSQL; an embedded database has one server process.
    if (this.deps.money.dialect === 'postgres') {
      this.poller = setInterval(
        () => void this.refreshNext().catch((error) => this.fail(error)),
        this.deps.pollMs ?? 5_000,
      );
      this.poller.unref();
    }
    this.schedule();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.unsubscribe?.();
    this.unsubscribe = null;
    if (this.poller) clearInterval(this.poller);
    this.poller = null;
    this.timer.clear();
    await this.round?.catch(() => undefined);
  }

  /** An order was bought that ends at `endAt`: the timer wakes for it if it is the earliest. */
  track(endAt: number): void {
    if (endAt >= this.nextAt) return;
    this.nextAt = endAt;
    this.schedule();
  }

  /** Settles every order due at `now` whose tick is recorded; answers how many. Rounds never overlap. */
  async settleDue(now = this.now()): Promise<number> {
    while (this.round) await this.round.catch(() => undefined);
    this.round = this.settleRound(now);
    try {
      return await this.round;
    } finally {
      this.round = null;
      await this.refreshNext().catch((error) => this.fail(error));
    }
  }

  private async refreshNext(): Promise<void> {
    const earliest = await earliestEnd(this.deps.db);
    this.nextAt = earliest ?? Infinity;
    this.schedule();
  }

  private wake(): void {
    if (!this.running || this.round) return;
    void this.settleDue().catch((error) => this.fail(error));
  }

  /**
   * One timer: for the earliest end, or, while a due order waits for its tick, for a retry. The
   * waiting order is still the earliest held one, so its end (already past) would wake the settler
   * at once and again and again until the tick is recorded: the retry waits RETRY_MS instead.
   */
  private schedule(): void {
    if (!this.running) return;
    this.timer.set(this.waitingTick ? Math.max(this.nextAt, this.now() + RETRY_MS) : this.nextAt);
  }

  /**
   * Settles what is due in batches of `batchLimit` orders, doubling up to `maxBatchLimit` while more
   * is due: a mass expiry settles in fewer, larger commits (each one's cost is mostly the balance
   * pages it touches, and a larger batch touches each page once for more orders), while the usual
   * round commits quickly.
   */
  private async settleRound(now: number): Promise<number> {
    let limit = this.deps.batchLimit ?? 20_000;
    const largest = Math.max(limit, this.deps.maxBatchLimit ?? 200_000);
    // Read with the first due orders: a database without coins (or orders) has nothing to settle.
    let coins: FinanceCoins | null = null;
    let after = { endAt: -Infinity, id: 0 };
    let settled = 0;
    this.waitingTick = false;
    for (;;) {
      const orders = await dueOrders(this.deps.db, now, after, limit);
      const last = orders.at(-1);
      if (!last) return settled;
      after = { endAt: Number(last.end_at), id: Number(last.id) };
      const { ready, unrecorded } = await this.withTicks(orders);
      if (unrecorded > 0) this.waitingTick = true;
      if (ready.length > 0) {
        const known = coins ?? (coins = await financeCoins(this.deps.db));
        const settledAt = this.now();
        settled += await this.deps.money.committer.run((trx) =>
          settleBatch(trx, this.deps.money, known, ready, settledAt),
        );
      }
      if (orders.length < limit) return settled;
      limit = Math.min(largest, limit * 2);
    }
  }

  /** Each order with the tick it settles at; orders whose tick is not recorded yet are counted. */
  private async withTicks(
    orders: readonly FinanceOrderRow[],
  ): Promise<{ ready: Settling[]; unrecorded: number }> {
    const spans = new Map<number, { from: number; to: number }>();
    for (const order of orders) {
      const vcId = Number(order.vc_id);
      const end = Number(order.end_at);
      const span = spans.get(vcId);
      if (!span) spans.set(vcId, { from: end, to: end });
      else {
        span.from = Math.min(span.from, end);
        span.to = Math.max(span.to, end);
      }
    }
    const ticks = new Map<number, RecordedTick[]>();
    for (const [vcId, span] of spans)
      ticks.set(vcId, await ticksCovering(this.deps.db, vcId, span.from, span.to));
    const ready: Settling[] = [];
    let unrecorded = 0;
    for (const order of orders) {
      const tick = settlementTick(ticks.get(Number(order.vc_id)) ?? [], Number(order.end_at));
      if (tick) ready.push({ order, tick });
      else unrecorded += 1;
    }
    return { ready, unrecorded };
  }

  private fail(error: unknown): void {
    this.deps.onError?.(error);
  }
}

interface Settling {
  order: FinanceOrderRow;
  tick: RecordedTick;
}

/** One order's settlement, figured: its payout in the coin or USDT and the income in it. */
interface Figured extends Settling {
  payoutVcId: number;
  payoutMinor: bigint;
  incomeMinor: bigint;
}

function figure(coins: FinanceCoins, { order, tick }: Settling): Figured {
  const vcId = Number(order.vc_id);
  const payout = financePayout(
    termsOf(order),
    BigInt(order.amount_minor),
    tick.priceMinor,
    scalesOf(coins, vcId),
  );
  return {
    order,
    tick,
    payoutVcId: payout.currency === 'coin' ? vcId : coins.settle.id,
    payoutMinor: payout.amountMinor,
    incomeMinor: payout.incomeMinor,
  };
}

/**
 * Settles the orders in the caller's transaction, per coin: a `finance_settlement` row, the orders'
 * ends naming it, and one entry paying them all. Answers how many it settled.
 */
async function settleBatch(
  trx: Kysely<Database>,
  money: Money,
  coins: FinanceCoins,
  ready: readonly Settling[],
  settledAt: number,
): Promise<number> {
  const taken = await closeHeldOrders(
    trx,
    money.dialect,
    ready.map(({ order }) => Number(order.id)),
  );
  const byCoin = new Map<number, Figured[]>();
  for (const settling of ready) {
    if (!taken.has(Number(settling.order.id))) continue;
    const vcId = Number(settling.order.vc_id);
    const list = byCoin.get(vcId) ?? [];
    list.push(figure(coins, settling));
    byCoin.set(vcId, list);
  }
  const entries: EntryDraft[] = [];
  let settled = 0;
  for (const [vcId, list] of byCoin) {
    const batchId = await insertFinanceSettlement(trx, {
      vc_id: vcId,
      settled_at: settledAt,
      ...batchFigures(vcId, list),
    });
    await insertEnds(
      trx,
      money.dialect,
      list.map((item) => endRow(item, batchId, settledAt)),
    );
    const entry = financeSettlementEntry(
      { refType: 'finance_settlement', refId: batchId },
      vcId,
      list.map((item) => ({
        orderId: Number(item.order.id),
        userId: Number(item.order.user_id),
        principalVcId: item.order.buy_type === 'coin' ? vcId : coins.settle.id,
        amountMinor: BigInt(item.order.amount_minor),
        payoutVcId: item.payoutVcId,
        payoutMinor: item.payoutMinor,
      })),
    );
    if (entry) entries.push(entry);
    settled += list.length;
  }
  await money.ledger.post(trx, entries);
  return settled;
}

function batchFigures(vcId: number, list: readonly Figured[]) {
  let coin = 0n;
  let usdt = 0n;
  for (const item of list) {
    if (item.payoutVcId === vcId) coin += item.payoutMinor;
    else usdt += item.payoutMinor;
  }
  return { order_count: list.length, coin_paid_minor: coin, usdt_paid_minor: usdt };
}

function endRow(item: Figured, batchId: number, settledAt: number) {
  return {
    order_id: Number(item.order.id),
    state: 'settled' as const,
    settle_batch_id: batchId,
    settle_tick_id: item.tick.id,
    settle_tick_time_ms: item.tick.timeMs,
    settle_price_minor: item.tick.priceMinor,
    payout_vc_id: item.payoutVcId,
    payout_minor: item.payoutMinor,
    income_minor: item.incomeMinor,
    ended_at: settledAt,
  };
}
