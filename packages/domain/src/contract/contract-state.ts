import type { RecordedTick } from '../timing.ts';
import {
  closeFigures,
  marginOf,
  payoutOf,
  reachesLevel,
  riskFigures,
  tradeFee,
  type CloseFigures,
  type ContractKind,
  type ContractScales,
  type ContractSide,
  type Payout,
  type RiskFigures,
} from './contract-rules.ts';

/**
 * The contract accounts as the engines see them, and the rules that change them (docs/product.md,
 * "Contracts"). The fast engine and the naive reference share this state and every rule; they
 * differ only in how they find what a recorded second touches, which is what the property test
 * holds them to.
 */

/** An accepted order: `open` opens a position, `close` closes part or all of one at market. */
export interface ContractOrder {
  readonly id: number;
  readonly userId: number;
  readonly coinId: number;
  readonly action: 'open' | 'close';
  readonly side: ContractSide;
  readonly kind: ContractKind;
  readonly quantity: bigint;
  /** A limit open's price; null at market. */
  readonly limitPrice: bigint | null;
  /** An open's leverage; a close's is its position's. */
  readonly leverage: number;
  readonly takeProfit: bigint | null;
  readonly stopLoss: bigint | null;
  /** The position a close closes; null for an open. */
  readonly positionId: number | null;
  /** What a limit open set aside at placement: margin and opening fee at its limit; 0 at market. */
  readonly held: bigint;
  readonly acceptedAt: number;
  readonly openRate: bigint;
  readonly closeRate: bigint;
  readonly scales: ContractScales;
}

/** An open position. Its id is the id of the order that opened it. */
export interface Position {
  readonly id: number;
  readonly userId: number;
  readonly coinId: number;
  readonly side: ContractSide;
  readonly leverage: number;
  readonly entryPrice: bigint;
  quantity: bigint;
  margin: bigint;
  takeProfit: bigint | null;
  stopLoss: bigint | null;
  /** The time of the tick it opened on: its targets watch the ticks after it. */
  readonly openedAt: number;
  readonly closeRate: bigint;
  readonly scales: ContractScales;
}

export interface Account {
  readonly userId: number;
  /** The contract account's balance: the available amount. */
  available: bigint;
  readonly positions: Map<number, Position>;
  /** Accepted orders not yet done: limit opens resting and market orders waiting for their tick. */
  readonly orders: Map<number, ContractOrder>;
}

export type RefuseReason = 'funds' | 'risk' | 'position' | 'forced';
export type CloseReason = 'market' | 'take_profit' | 'stop_loss';

/** What a recorded second did, in the order it did it. */
export type ContractEffect =
  | {
      readonly type: 'open';
      readonly order: ContractOrder;
      readonly tick: RecordedTick;
      readonly price: bigint;
      readonly margin: bigint;
      readonly fee: bigint;
    }
  | {
      readonly type: 'refuse';
      readonly order: ContractOrder;
      readonly reason: RefuseReason;
      /** The tick it was refused at. */
      readonly tick: RecordedTick;
    }
  | {
      readonly type: 'close';
      readonly reason: CloseReason;
      /** The market close order; null for a take-profit or stop-loss. */
      readonly order: ContractOrder | null;
      readonly positionId: number;
      readonly userId: number;
      readonly coinId: number;
      readonly tick: RecordedTick;
      readonly figures: CloseFigures;
      /** What stays open of the position: nothing when the close was whole. */
      readonly remaining: { readonly quantity: bigint; readonly margin: bigint };
    }
  | {
      readonly type: 'forced';
      readonly userId: number;
      readonly timeMs: number;
      /** The account's figures that reached the level (or could not pay a close) before closing. */
      readonly risk: RiskFigures;
      readonly closes: readonly ForcedClose[];
      readonly cancelled: readonly ContractOrder[];
      /** The available amount before, the margins and holds freed, the positions' profits. */
      readonly available: bigint;
      readonly freed: bigint;
      readonly profit: bigint;
      readonly payout: Payout;
    };

export interface ForcedClose {
  readonly positionId: number;
  readonly coinId: number;
  readonly tick: RecordedTick;
  readonly figures: CloseFigures;
}

/**
 * The state both engines keep, and the rules of opening, closing and forced closing applied to it.
 * Subclasses find the candidates; everything that moves money happens here, once.
 */
export abstract class ContractState {
  protected readonly accounts = new Map<number, Account>();
  /** Each coin's latest recorded tick: the mark positions are valued at. */
  protected readonly marks = new Map<number, RecordedTick>();
  /** Accounts that could not pay a close this second: they are closed whole in its last phase. */
  protected readonly unpaid = new Set<number>();
  /**
   * How many positions and orders each coin has, kept as they come and go: the engine asks for the
   * coins in use every round, and walking every account for it would cost as much as the naive check.
   */
  private readonly uses = new Map<number, number>();

  constructor(protected level: bigint) {}

  account(userId: number): Account {
    let account = this.accounts.get(userId);
    if (!account) {
      account = { userId, available: 0n, positions: new Map(), orders: new Map() };
      this.accounts.set(userId, account);
    }
    return account;
  }

  /** The coins with positions or orders: those whose ticks the engine must read. */
  coinsInUse(): number[] {
    return [...this.uses.keys()];
  }

  private use(coinId: number, by: 1 | -1): void {
    const count = (this.uses.get(coinId) ?? 0) + by;
    if (count < 0) throw new Error(`contract state: coin ${coinId} released more than it held`);
    if (count === 0) this.uses.delete(coinId);
    else this.uses.set(coinId, count);
  }

  private keepOrder(account: Account, order: ContractOrder): void {
    if (account.orders.has(order.id)) throw new Error(`contract order ${order.id} is known already`);
    account.orders.set(order.id, order);
    this.use(order.coinId, 1);
  }

  private dropOrder(account: Account, order: ContractOrder): void {
    if (account.orders.delete(order.id)) this.use(order.coinId, -1);
  }

  private keepPosition(account: Account, position: Position): void {
    if (account.positions.has(position.id)) throw new Error(`position ${position.id} is known already`);
    account.positions.set(position.id, position);
    this.use(position.coinId, 1);
  }

  private dropPosition(account: Account, position: Position): void {
    if (account.positions.delete(position.id)) this.use(position.coinId, -1);
  }

  /** Whether the order is known (resting or waiting). */
  knows(order: Pick<ContractOrder, 'id' | 'userId'>): boolean {
    return this.accounts.get(order.userId)?.orders.has(order.id) ?? false;
  }

  /** The mark of a coin; asking for one never recorded is a bug in the caller. */
  protected markOf(coinId: number): RecordedTick {
    const tick = this.marks.get(coinId);
    if (!tick) throw new Error(`contract state: coin ${coinId} has no recorded tick`);
    return tick;
  }

  protected readonly priceOf = (coinId: number): bigint => this.markOf(coinId).priceMinor;

  riskOf(userId: number): RiskFigures {
    const account = this.account(userId);
    return riskFigures(
      { available: account.available, positions: [...account.positions.values()] },
      this.priceOf,
    );
  }

  protected atLevel(account: Account): boolean {
    if (account.positions.size === 0) return false;
    return reachesLevel(this.riskOf(account.userId), this.level);
  }

  /**
   * Opens `order` at `price` on `tick`, or refuses it: a market open the available amount cannot
   * pay, or any open that would leave the account at the forced-close level (the next check would
   * close it at once). A refused limit open gives its hold back.
   */
  protected open(order: ContractOrder, tick: RecordedTick, price: bigint): ContractEffect {
    const account = this.account(order.userId);
    const margin = marginOf(price, order.quantity, order.leverage, order.scales);
    const fee = tradeFee(price, order.quantity, order.openRate, order.scales);
    this.dropOrder(account, order);
    this.touched(order.userId);
    if (order.kind === 'limit') {
      if (margin + fee !== order.held)
        throw new Error(`contract order ${order.id}: hold differs from its open`);
      account.available += order.held;
    }
    if (account.available < margin + fee) return { type: 'refuse', order, reason: 'funds', tick };
    const position: Position = {
      id: order.id,
      userId: order.userId,
      coinId: order.coinId,
      side: order.side,
      leverage: order.leverage,
      entryPrice: price,
      quantity: order.quantity,
      margin,
      takeProfit: order.takeProfit,
      stopLoss: order.stopLoss,
      openedAt: tick.timeMs,
      closeRate: order.closeRate,
      scales: order.scales,
    };
    account.available -= margin + fee;
    this.keepPosition(account, position);
    if (this.atLevel(account)) {
      this.dropPosition(account, position);
      account.available += margin + fee;
      return { type: 'refuse', order, reason: 'risk', tick };
    }
    this.opened(position);
    return { type: 'open', order, tick, price, margin, fee };
  }

  /**
   * Closes `quantity` of a position at the tick's price. A close whose loss and fee are more than
   * the freed margin and the available amount can pay is not made alone: the account is marked to be
   * closed whole at the end of the second, where its positions pay for each other first.
   */
  protected close(
    position: Position,
    quantity: bigint,
    tick: RecordedTick,
    reason: CloseReason,
    order: ContractOrder | null,
  ): ContractEffect | null {
    const account = this.account(position.userId);
    const figures = closeFigures(position, quantity, tick.priceMinor);
    const change = figures.margin + figures.profit - figures.fee;
    if (account.available + change < 0n) {
      this.unpaid.add(account.userId);
      return null;
    }
    if (order) this.dropOrder(account, order);
    this.touched(account.userId);
    account.available += change;
    position.quantity -= quantity;
    position.margin -= figures.margin;
    if (position.quantity === 0n) {
      this.dropPosition(account, position);
      this.closed(position);
    }
    return {
      type: 'close',
      reason,
      order,
      positionId: position.id,
      userId: position.userId,
      coinId: position.coinId,
      tick,
      figures,
      remaining: { quantity: position.quantity, margin: position.margin },
    };
  }

  /** Closes every position of the account at its coin's mark and cancels its orders, as one. */
  protected force(account: Account, timeMs: number, risk = this.riskOf(account.userId)): ContractEffect {
    this.touched(account.userId);
    const cancelled = [...account.orders.values()].sort((a, b) => a.id - b.id);
    let freed = 0n;
    for (const order of cancelled) {
      freed += order.held;
      this.dropOrder(account, order);
      this.cancelled(order);
    }
    const closes: ForcedClose[] = [];
    let profit = 0n;
    let fees = 0n;
    for (const position of [...account.positions.values()].sort((a, b) => a.id - b.id)) {
      const tick = this.markOf(position.coinId);
      const figures = closeFigures(position, position.quantity, tick.priceMinor);
      closes.push({ positionId: position.id, coinId: position.coinId, tick, figures });
      freed += figures.margin;
      profit += figures.profit;
      fees += figures.fee;
      this.dropPosition(account, position);
      this.closed(position);
    }
    const available = account.available;
    const payout = payoutOf(available, freed, profit, fees);
    account.available = payout.available;
    return {
      type: 'forced',
      userId: account.userId,
      timeMs,
      risk,
      closes,
      cancelled,
      available,
      freed,
      profit,
      payout,
    };
  }

  /** Accepts an order: a limit open's hold leaves the available amount. */
  accept(order: ContractOrder): void {
    this.account(order.userId).available -= order.held;
    this.rest(order);
  }

  /** Tracks an order whose hold has already left the available amount (loaded from storage). */
  rest(order: ContractOrder): void {
    this.keepOrder(this.account(order.userId), order);
    this.accepted(order);
    this.touched(order.userId);
  }

  /** Cancels a resting limit open (its owner asked): its hold comes back. Answers the order. */
  cancel(orderId: number, userId: number): ContractOrder | null {
    const account = this.account(userId);
    const order = account.orders.get(orderId);
    if (!order || order.kind !== 'limit') return null;
    this.dropOrder(account, order);
    account.available += order.held;
    this.cancelled(order);
    this.touched(userId);
    return order;
  }

  /** Tracks a position loaded from storage, with its coin's mark. */
  restore(position: Position): void {
    this.keepPosition(this.account(position.userId), position);
    this.opened(position);
    this.touched(position.userId);
  }

  /** Sets a coin's mark without a second (loading: the latest tick at or before the cursor). */
  mark(coinId: number, tick: RecordedTick): void {
    this.marks.set(coinId, tick);
  }

  /** The contract balance changed outside the engine (a transfer), or was read again. */
  setAvailable(userId: number, available: bigint): void {
    const account = this.account(userId);
    if (account.available === available) return;
    account.available = available;
    this.touched(userId);
  }

  /** Moves a position's take-profit and stop-loss. */
  setTargets(
    positionId: number,
    userId: number,
    takeProfit: bigint | null,
    stopLoss: bigint | null,
  ): boolean {
    const position = this.account(userId).positions.get(positionId);
    if (!position) return false;
    this.targetsMoving(position);
    position.takeProfit = takeProfit;
    position.stopLoss = stopLoss;
    this.targetsMoved(position);
    return true;
  }

  /** A new system adjustment ratio: every account's forced-close price moves. */
  setLevel(level: bigint): void {
    this.level = level;
    for (const userId of this.accounts.keys()) this.touched(userId);
  }

  /**
   * One recorded second: every tick of it becomes its coin's mark, then, in this order (the spec's
   * priority within one tick): market orders, limit opens, take-profits and stop-losses, forced
   * closing. Within a phase, by order id, position id or user id.
   */
  second(timeMs: number, ticks: ReadonlyMap<number, RecordedTick>): ContractEffect[] {
    for (const [coinId, tick] of ticks) {
      if (tick.timeMs !== timeMs)
        throw new Error(`contract state: a tick of ${tick.timeMs} in second ${timeMs}`);
      this.marks.set(coinId, tick);
    }
    this.unpaid.clear();
    this.begin(timeMs);
    const effects: ContractEffect[] = [];
    // No closures here: this runs once per recorded second, and a quiet one should cost nothing.
    for (const order of this.marketOrders(timeMs, ticks)) {
      if (this.unpaid.has(order.userId) || !this.account(order.userId).orders.has(order.id)) continue;
      const tick = ticks.get(order.coinId) as RecordedTick;
      const effect =
        order.action === 'open' ? this.open(order, tick, tick.priceMinor) : this.closeOrder(order, tick);
      if (effect) effects.push(effect);
    }
    for (const order of this.limitOrders(timeMs, ticks)) {
      if (this.unpaid.has(order.userId) || !this.account(order.userId).orders.has(order.id)) continue;
      effects.push(this.open(order, ticks.get(order.coinId) as RecordedTick, order.limitPrice as bigint));
    }
    for (const { position, reason } of this.targets(timeMs, ticks)) {
      if (this.unpaid.has(position.userId)) continue;
      const tick = ticks.get(position.coinId) as RecordedTick;
      const effect = this.close(position, position.quantity, tick, reason, null);
      if (effect) effects.push(effect);
    }
    for (const account of this.forcedCandidates(timeMs, ticks)) {
      // The risk is computed once: the check and the forced close's record use the same figures.
      const risk = account.positions.size > 0 ? this.riskOf(account.userId) : null;
      const due = this.unpaid.has(account.userId) || (risk !== null && reachesLevel(risk, this.level));
      if (due) effects.push(this.force(account, timeMs, risk ?? undefined));
    }
    this.settled(timeMs);
    return effects;
  }

  /** A market close: refused when its position is gone or smaller than the close. */
  private closeOrder(order: ContractOrder, tick: RecordedTick): ContractEffect | null {
    const account = this.account(order.userId);
    const position = account.positions.get(order.positionId as number);
    if (!position || position.quantity < order.quantity) {
      this.dropOrder(account, order);
      return { type: 'refuse', order, reason: 'position', tick };
    }
    return this.close(position, order.quantity, tick, 'market', order);
  }

  /** A second begins, its ticks already marks. */
  protected abstract begin(timeMs: number): void;
  /** The waiting market orders a second fills: accepted before it, on a coin it ticks; by id. */
  protected abstract marketOrders(
    timeMs: number,
    ticks: ReadonlyMap<number, RecordedTick>,
  ): readonly ContractOrder[];
  /** The resting limit opens a second crosses (accepted before it); by id. */
  protected abstract limitOrders(
    timeMs: number,
    ticks: ReadonlyMap<number, RecordedTick>,
  ): readonly ContractOrder[];
  /** The positions (opened before the second) whose take-profit or stop-loss it crosses; by id. */
  protected abstract targets(
    timeMs: number,
    ticks: ReadonlyMap<number, RecordedTick>,
  ): readonly { position: Position; reason: CloseReason }[];
  /** Accounts that may have reached the level, and every unpaid one; by user id. */
  protected abstract forcedCandidates(
    timeMs: number,
    ticks: ReadonlyMap<number, RecordedTick>,
  ): readonly Account[];
  /** An order was accepted or loaded. */
  protected abstract accepted(order: ContractOrder): void;
  /** A position was opened or loaded. */
  protected abstract opened(position: Position): void;
  /** A position left the book (closed whole, or force-closed). */
  protected abstract closed(position: Position): void;
  /** An order left the book without opening (cancelled, or by a forced close). */
  protected abstract cancelled(order: ContractOrder): void;
  /** A position's targets are about to change, and have changed. */
  protected abstract targetsMoving(position: Position): void;
  protected abstract targetsMoved(position: Position): void;
  /** An account's balance, positions or orders changed. */
  protected abstract touched(userId: number): void;
  /** The second is done: the fast engine indexes what changed. */
  protected abstract settled(timeMs: number): void;
}
