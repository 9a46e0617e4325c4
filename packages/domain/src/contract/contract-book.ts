import type { RecordedTick } from '../timing.ts';
import { TriggerBook, type RestingOrder } from '../trigger-book.ts';
import { forcedClosePrice } from './contract-rules.ts';
import {
  ContractState,
  type Account,
  type CloseReason,
  type ContractOrder,
  type Position,
} from './contract-state.ts';

/** A limit open in the trigger book: a long fires at or below its limit ("buy"), a short above. */
interface RestingOpen extends RestingOrder {
  readonly order: ContractOrder;
}

/** A take-profit or stop-loss in the trigger book; its id is the position's id × 2 (+ 1 for a stop). */
interface RestingTarget extends RestingOrder {
  readonly position: Position;
  readonly reason: CloseReason;
}

/** An account's forced-close price on its one coin; its id is the user's id. */
interface RestingLevel extends RestingOrder {
  readonly userId: number;
}

/**
 * The fast engine (docs/product.md, "Contracts"): what a recorded second touches is found through
 * indexes, so a tick that crosses nothing costs a few comparisons whatever the number of positions.
 *
 * - Market orders wait in a queue per coin, limit opens in a trigger book at their limits.
 * - Take-profits and stop-losses rest in a trigger book at their prices.
 * - An account with positions in one coin rests in a third book at its forced-close price, which
 *   depends on nothing but the account itself: it moves only when the account changes.
 * - An account with positions in several coins has a forced-close price in each that moves with the
 *   others' marks, so it is checked outright on every second that ticks one of its coins.
 * - Every account that changed (an order, a fill, a close, a transfer) is checked outright in the
 *   second's forced-closing phase and indexed again after it.
 */
export class ContractBook extends ContractState {
  /** Orders accepted since the last second began: they become eligible on a later second. */
  private waiting: ContractOrder[] = [];
  private readonly market = new Map<number, ContractOrder[]>();
  private readonly limits = new TriggerBook<RestingOpen>();
  private readonly targetBook = new TriggerBook<RestingTarget>();
  private readonly levels = new TriggerBook<RestingLevel>();
  /** Positions whose targets enter the book when a later second begins. */
  private pendingTargets: Position[] = [];
  /** Per coin, the accounts with positions in it and in another coin. */
  private readonly multi = new Map<number, Set<number>>();
  /** The coins an account is indexed under, to take it out again. */
  private readonly indexed = new Map<number, readonly number[]>();
  private readonly dirty = new Set<number>();
  /** Accounts whose forced-close entry a second took out: indexed again when it ends. */
  private readonly retrigger = new Set<number>();

  /** How many accounts rest in the forced-close book and in the several-coin sets (benchmarks). */
  get indexSizes(): { levels: number; multi: number; limits: number; targets: number } {
    let multi = 0;
    for (const users of this.multi.values()) multi += users.size;
    return { levels: this.levels.size, multi, limits: this.limits.size, targets: this.targetBook.size };
  }

  protected marketOrders(
    _timeMs: number,
    ticks: ReadonlyMap<number, RecordedTick>,
  ): readonly ContractOrder[] {
    if (this.market.size === 0) return NONE;
    const found: ContractOrder[] = [];
    for (const coinId of ticks.keys()) {
      const queue = this.market.get(coinId);
      if (!queue) continue;
      this.market.delete(coinId);
      for (const order of queue) if (this.isLive(order)) found.push(order);
    }
    return found.sort((a, b) => a.id - b.id);
  }

  protected limitOrders(_timeMs: number, ticks: ReadonlyMap<number, RecordedTick>): readonly ContractOrder[] {
    if (this.limits.size === 0) return NONE;
    const found: ContractOrder[] = [];
    for (const [coinId, tick] of ticks) {
      for (const resting of this.limits.take(coinId, tick.priceMinor)) found.push(resting.order);
    }
    return found.length > 1 ? found.sort((a, b) => a.id - b.id) : found;
  }

  protected targets(
    _timeMs: number,
    ticks: ReadonlyMap<number, RecordedTick>,
  ): readonly { position: Position; reason: CloseReason }[] {
    if (this.targetBook.size === 0) return NONE;
    const found: RestingTarget[] = [];
    const seen = new Set<number>();
    for (const [coinId, tick] of ticks) {
      for (const target of this.targetBook.take(coinId, tick.priceMinor)) {
        // A position closes once: its other target leaves the book with it.
        if (!this.isOpen(target.position) || seen.has(target.position.id)) continue;
        seen.add(target.position.id);
        this.targetBook.cancel(sibling(target.id));
        found.push(target);
      }
    }
    return found.sort((a, b) => a.id - b.id).map(({ position, reason }) => ({ position, reason }));
  }

  protected forcedCandidates(_timeMs: number, ticks: ReadonlyMap<number, RecordedTick>): readonly Account[] {
    // No closures and no set unless something is found: this runs on every recorded second.
    let users: Set<number> | null = null;
    if (this.unpaid.size > 0 || this.dirty.size > 0) users = new Set([...this.unpaid, ...this.dirty]);
    for (const [coinId, tick] of ticks) {
      for (const { userId } of this.levels.take(coinId, tick.priceMinor)) {
        (users ??= new Set()).add(userId);
        this.retrigger.add(userId);
      }
      const several = this.multi.get(coinId);
      if (several && several.size > 0) {
        users ??= new Set();
        for (const userId of several) users.add(userId);
      }
    }
    if (users === null) return NONE;
    return [...users].sort((a, b) => a - b).map((userId) => this.account(userId));
  }

  protected accepted(order: ContractOrder): void {
    this.waiting.push(order);
  }

  protected opened(position: Position): void {
    this.pendingTargets.push(position);
  }

  protected closed(position: Position): void {
    this.targetBook.cancel(position.id * 2);
    this.targetBook.cancel(position.id * 2 + 1);
  }

  protected cancelled(order: ContractOrder): void {
    this.limits.cancel(order.id);
  }

  protected targetsMoving(position: Position): void {
    this.closed(position);
  }

  protected targetsMoved(position: Position): void {
    this.pendingTargets.push(position);
  }

  protected touched(userId: number): void {
    this.dirty.add(userId);
  }

  protected settled(): void {
    if (this.dirty.size === 0 && this.retrigger.size === 0) return;
    for (const userId of this.dirty) this.reindex(userId);
    for (const userId of this.retrigger) if (!this.dirty.has(userId)) this.reindex(userId);
    this.dirty.clear();
    this.retrigger.clear();
  }

  /** A second begins: orders accepted and targets set before it become eligible. */
  protected begin(timeMs: number): void {
    if (this.waiting.length > 0) this.admit(timeMs);
    if (this.pendingTargets.length > 0) this.indexPendingTargets(timeMs);
  }

  /** Orders accepted before the second enter their queue or book; later ones keep waiting. */
  private admit(timeMs: number): void {
    const later: ContractOrder[] = [];
    for (const order of this.waiting) {
      if (!this.isLive(order)) continue;
      if (order.acceptedAt >= timeMs) later.push(order);
      else if (order.kind === 'market') {
        const queue = this.market.get(order.coinId);
        if (queue) queue.push(order);
        else this.market.set(order.coinId, [order]);
      } else {
        const side = order.side === 'long' ? 'buy' : 'sell';
        this.limits.add({
          id: order.id,
          coinId: order.coinId,
          side,
          limitPrice: order.limitPrice as bigint,
          order,
        });
      }
    }
    this.waiting = later;
  }

  /** Targets of positions opened (or moved) before the second enter the target book. */
  private indexPendingTargets(timeMs: number): void {
    const pending: Position[] = [];
    for (const position of this.pendingTargets) {
      if (!this.isOpen(position)) continue;
      if (position.openedAt >= timeMs) pending.push(position);
      else this.indexTargets(position);
    }
    this.pendingTargets = pending;
  }

  private indexTargets(position: Position): void {
    this.closed(position);
    const { id, coinId, side, takeProfit, stopLoss } = position;
    const long = side === 'long';
    if (takeProfit !== null) {
      const side = long ? 'sell' : 'buy';
      this.targetBook.add({
        id: id * 2,
        coinId,
        side,
        limitPrice: takeProfit,
        position,
        reason: 'take_profit',
      });
    }
    if (stopLoss !== null) {
      const side = long ? 'buy' : 'sell';
      this.targetBook.add({
        id: id * 2 + 1,
        coinId,
        side,
        limitPrice: stopLoss,
        position,
        reason: 'stop_loss',
      });
    }
  }

  /** Puts an account in the forced-close book or the several-coin sets, as its positions now are. */
  private reindex(userId: number): void {
    this.levels.cancel(userId);
    for (const coinId of this.indexed.get(userId) ?? []) this.multi.get(coinId)?.delete(userId);
    this.indexed.delete(userId);
    const account = this.account(userId);
    const coins = [...new Set([...account.positions.values()].map((p) => p.coinId))];
    if (coins.length === 0) {
      if (account.orders.size === 0 && account.available === 0n) this.accounts.delete(userId);
      return;
    }
    this.indexed.set(userId, coins);
    if (coins.length > 1) {
      for (const coinId of coins) {
        let users = this.multi.get(coinId);
        if (!users) this.multi.set(coinId, (users = new Set()));
        users.add(userId);
      }
      return;
    }
    const risk = { available: account.available, positions: [...account.positions.values()] };
    const trigger = forcedClosePrice(risk, coins[0] as number, this.priceOf, this.level);
    if (trigger && trigger.price <= BigInt(Number.MAX_SAFE_INTEGER))
      this.levels.add({
        id: userId,
        coinId: trigger.coinId,
        side: trigger.fires === 'below' ? 'buy' : 'sell',
        limitPrice: trigger.price,
        userId,
      });
  }

  private isLive(order: ContractOrder): boolean {
    return this.accounts.get(order.userId)?.orders.get(order.id) === order;
  }

  private isOpen(position: Position): boolean {
    return this.accounts.get(position.userId)?.positions.get(position.id) === position;
  }
}

const NONE: readonly never[] = Object.freeze([]);

/** The other target of the same position: a take-profit's stop-loss and the reverse. */
function sibling(id: number): number {
  return id % 2 === 0 ? id + 1 : id - 1;
}
