import type { Kysely } from 'kysely';
import type {
  ContractAccount,
  ContractOrder as WireOrder,
  ContractPosition,
  DataOf,
  ParsedBodyOf,
  endpoints,
} from '@vela/contract';
import {
  contractReleaseEntry,
  forcedClosePrice,
  formatMinor,
  marginOf,
  MAX_FEED_AGE_MS,
  reachesLevel,
  riskFigures,
  tradeFee,
  type ContractSide,
  type RecordedTick,
  type RiskAccount,
  type RiskPosition,
} from '@vela/domain';
import type { Database } from '../../db/schema.ts';
import { AppError, fieldError } from '../../errors.ts';
import type { AuthSession } from '../../http/contract-routes.ts';
import type { Money } from '../ledger/money.ts';
import type { IdempotentRequest } from '../storage/idempotency.ts';
import { RequestBatcher } from '../storage/request-batcher.ts';
import type { ContractEngine } from './contract-engine.ts';
import {
  placeContractOrders,
  type ContractPlaced,
  type ContractPlacementRequest,
  type OrderFields,
} from './contract-placement.ts';
import {
  availableAndHeld,
  contractOrderView,
  findPosition,
  insertOrderEnds,
  marksAt,
  openPositions,
  setTargets,
  takeOpenOrders,
  userCloses,
  userContractOrders,
  type ContractPositionRow,
} from './contract-repository.ts';

import {
  checkContractOrder,
  type ContractTermsCache,
  feeUnits,
  fractionOf,
  levelPercent,
  levelsOf,
  requireQuantity,
  toContractTerms,
  type CheckedContractOrder,
  type ContractTermsSet,
} from './contract-terms.ts';
import { requirePrice } from '../spot/spot-terms.ts';
import {
  toContractClose,
  toContractOrder,
  toContractPosition,
  workOrderOf,
  workPositionOf,
} from './contract-view.ts';

type Api = typeof endpoints.contractTrade;

export interface ContractServiceDeps {
  db: Kysely<Database>;
  money: Money;
  engine: ContractEngine;
  terms: ContractTermsCache;
  now?: () => number;
}

/** A user's contract account as the checks see it: positions, balance, holds and marks. */
interface AccountState {
  positions: ContractPositionRow[];
  available: bigint;
  held: bigint;
  marks: Map<number, RecordedTick>;
}

/** Placing, closing, cancelling and reading contract orders and positions; running them is the engine's. */
export class ContractService {
  private readonly db: Kysely<Database>;
  private readonly now: () => number;
  private readonly placements: RequestBatcher<ContractPlacementRequest, ContractPlaced>;

  constructor(private readonly deps: ContractServiceDeps) {
    this.db = deps.db;
    this.now = deps.now ?? Date.now;
    this.placements = new RequestBatcher(deps.money.committer, (trx, items) =>
      placeContractOrders(trx, deps.money, this.now(), items),
    );
  }

  async termsList(): Promise<DataOf<Api['contractTermsList']>> {
    const set = await this.deps.terms.get();
    const list = [...set.pairs.values()]
      .filter((pair) => pair.open)
      .map((pair) => toContractTerms(set, pair));
    return { list, levels: levelsOf(set) };
  }

  /**
   * Places an order (docs/product.md, "Contracts"): checked against the terms, then against the
   * account at the latest prices (funds, the targets' side of the price, the risk degree after it),
   * then placed with the orders of the same moment (decision 027); a limit order's margin and fee
   * are set aside in the same commit.
   */
  async place(
    session: AuthSession,
    body: ParsedBodyOf<Api['contractOrderRequest']>,
    key: string,
  ): Promise<WireOrder> {
    const request = { owner: `u:${session.userId}`, key, endpoint: '/user/vc-contract-trade/request', body };
    return this.submit(request, async () => {
      const set = await this.deps.terms.get();
      const checked = checkContractOrder(set, body);
      const mark = await this.freshMark(checked.pair.vcId);
      await this.checkAccount(session.userId, set, checked, mark);
      return { fields: openFieldsOf(session.userId, set, checked), symbol: checked.pair.symbol, request };
    });
  }

  /** Closes all or part of a position at market: an order that fills at the next recorded tick. */
  async close(
    session: AuthSession,
    body: ParsedBodyOf<Api['contractClose']>,
    key: string,
  ): Promise<WireOrder> {
    const request = { owner: `u:${session.userId}`, key, endpoint: '/user/vc-contract-trade/close', body };
    return this.submit(request, async () => {
      const set = await this.deps.terms.get();
      const position = await this.ownPosition(session.userId, body.positionId, 'positionId');
      const pair = set.pairs.get(Number(position.vc_id));
      if (!pair) throw fieldError('VC_NOT_FOUND', 'positionId');
      const quantity = requireQuantity(pair, body.quantity, 'quantity', false);
      if (quantity <= 0n) throw fieldError('VALIDATION_FAILED', 'quantity', 'validation.amountWrong');
      if (quantity > BigInt(position.quantity_minor)) throw fieldError('CLOSE_MORE_THAN_HELD', 'quantity');
      await this.freshMark(pair.vcId);
      return { fields: closeFieldsOf(position, quantity, set.settle.id), symbol: pair.symbol, request };
    });
  }

  /**
   * Checks a request, then places its order in the next batch. A retry answers its first answer
   * whatever the checks say now: a check that refuses looks for a stored answer first.
   */
  private async submit(
    request: IdempotentRequest,
    check: () => Promise<ContractPlacementRequest>,
  ): Promise<WireOrder> {
    let checked: ContractPlacementRequest;
    try {
      checked = await check();
    } catch (error) {
      const earlier = await this.deps.money.requests.replay<WireOrder>(request);
      if (!earlier.found) throw error;
      await this.track(earlier.value.id);
      return earlier.value;
    }
    const placed = await this.placements.submit(checked);
    if (placed.tracked) this.deps.engine.track(placed.tracked);
    else await this.track(placed.answer.id);
    return placed.answer;
  }

  /** Cancels an open limit order: it ends, and its hold comes back, in one commit. */
  async cancel(
    session: AuthSession,
    body: ParsedBodyOf<Api['contractOrderCancel']>,
    key: string,
  ): Promise<WireOrder> {
    const request = { owner: `u:${session.userId}`, key, endpoint: '/user/vc-contract-trade/cancel', body };
    const answer = await this.deps.money.requests.run(
      request,
      async () => {
        const view = await contractOrderView(this.db, body.id);
        if (!view || Number(view.user_id) !== session.userId) throw fieldError('ORDER_NOT_FOUND', 'id');
        if (view.open_id === null || view.kind !== 'limit') throw fieldError('ORDER_NOT_OPEN', 'id');
        return view;
      },
      async (trx, view) => {
        const taken = await takeOpenOrders(trx, [body.id]);
        if (!taken.has(body.id)) throw fieldError('ORDER_NOT_OPEN', 'id');
        const endedAt = this.now();
        await insertOrderEnds(trx, [
          { order_id: body.id, state: 'cancelled', reason: 'user', ended_at: endedAt },
        ]);
        const held = BigInt(view.held_minor);
        await this.deps.money.ledger.post(trx, [
          contractReleaseEntry(
            { refType: 'contract_order', refId: body.id },
            session.userId,
            Number(view.settle_vc_id),
            held,
          ),
        ]);
        return toContractOrder({
          ...view,
          open_id: null,
          state: 'cancelled',
          reason: 'user',
          ended_at: endedAt,
        });
      },
    );
    this.deps.engine.forget(body.id, session.userId);
    return answer;
  }

  /** Sets or clears a position's take-profit and stop-loss, each on its side of the mark. */
  async targets(session: AuthSession, body: ParsedBodyOf<Api['contractTargets']>): Promise<ContractPosition> {
    const set = await this.deps.terms.get();
    const position = await this.ownPosition(session.userId, body.positionId, 'positionId');
    const pair = set.pairs.get(Number(position.vc_id));
    if (!pair) throw fieldError('VC_NOT_FOUND', 'positionId');
    const price = (text: string | null, field: string) =>
      text === null ? null : requirePrice(text, pair.scales.price, pair.priceDecimals, field);
    const takeProfit = price(body.takeProfit, 'takeProfit');
    const stopLoss = price(body.stopLoss, 'stopLoss');
    const mark = await this.freshMark(pair.vcId);
    checkTargets(position.side, mark.priceMinor, takeProfit, stopLoss);
    const target = { id: body.positionId, userId: session.userId, takeProfit, stopLoss };
    if (!(await this.deps.money.committer.run((trx) => setTargets(trx, target))))
      throw fieldError('POSITION_NOT_OPEN', 'positionId');
    this.deps.engine.setTargets(body.positionId, session.userId, takeProfit, stopLoss);
    const updated = { ...position, take_profit_minor: takeProfit, stop_loss_minor: stopLoss };
    const state = await this.accountState(session.userId);
    return this.positionView(updated, pair.symbol, state, set);
  }

  /** The account at the latest prices, with every open position (docs/product.md, "Contracts"). */
  async account(session: AuthSession): Promise<ContractAccount> {
    const set = await this.deps.terms.get();
    const state = await this.accountState(session.userId);
    const figures = riskFigures(riskAccountOf(state), priceOf(state.marks));
    const s = set.settle.amountScale;
    return {
      settleSymbol: set.settle.symbol,
      available: formatMinor(state.available, s),
      margin: formatMinor(figures.margin, s),
      held: formatMinor(state.held, s),
      profit: formatMinor(figures.profit, s),
      equity: formatMinor(figures.equity, s),
      riskDegree: state.positions.length === 0 ? null : fractionOf(figures.risk),
      levels: levelsOf(set),
      positions: state.positions.map((row) =>
        this.positionView(row, set.pairs.get(Number(row.vc_id))?.symbol ?? '', state, set),
      ),
    };
  }

  async list(
    session: AuthSession,
    body: ParsedBodyOf<Api['contractOrderList']>,
  ): Promise<DataOf<Api['contractOrderList']>> {
    const rows = await userContractOrders(this.db, {
      userId: session.userId,
      scope: body.scope,
      ...(body.cursor !== undefined ? { before: body.cursor } : {}),
      limit: body.limit + 1,
    });
    const page = rows.slice(0, body.limit);
    return {
      list: page.map(toContractOrder),
      nextCursor: rows.length > body.limit ? (page.at(-1)?.id ?? null) : null,
    };
  }

  async detail(session: AuthSession, body: ParsedBodyOf<Api['contractOrderDetail']>): Promise<WireOrder> {
    const view = await contractOrderView(this.db, body.id);
    if (!view || Number(view.user_id) !== session.userId) throw fieldError('ORDER_NOT_FOUND', 'id');
    return toContractOrder(view);
  }

  async closes(
    session: AuthSession,
    body: ParsedBodyOf<Api['contractCloseList']>,
  ): Promise<DataOf<Api['contractCloseList']>> {
    const rows = await userCloses(this.db, {
      userId: session.userId,
      ...(body.cursor !== undefined ? { before: body.cursor } : {}),
      limit: body.limit + 1,
    });
    const page = rows.slice(0, body.limit);
    return {
      list: page.map(toContractClose),
      nextCursor: rows.length > body.limit ? (page.at(-1)?.id ?? null) : null,
    };
  }

  /**
   * Refuses a transfer of `amount` out of the contract account when the account's risk degree
   * after it, at the latest prices, would reach the forced-close level. Only the settlement coin's
   * contract account carries positions.
   */
  async checkTransferOut(userId: number, vcId: number, amount: bigint): Promise<void> {
    const set = await this.deps.terms.get();
    if (vcId !== set.settle.id) return;
    const state = await this.accountState(userId);
    if (state.positions.length === 0) return;
    const after = { ...riskAccountOf(state), available: state.available - amount };
    if (reachesLevel(riskFigures(after, priceOf(state.marks)), set.level))
      throw new AppError('TRANSFER_RISK_TOO_HIGH', {
        params: { level: levelPercent(set.level) },
        data: { field: 'amount' },
      });
  }

  /** The user's open position: another user's is "not found", a closed one "not open". */
  private async ownPosition(userId: number, id: number, field: string): Promise<ContractPositionRow> {
    const row = await findPosition(this.db, id);
    if (!row || Number(row.user_id) !== userId) throw fieldError('POSITION_NOT_FOUND', field);
    if (row.closed_at !== null) throw fieldError('POSITION_NOT_OPEN', field);
    return row;
  }

  /** The coin's latest tick, when it is recent enough to trade on (spot's rule, decision 035). */
  private async freshMark(vcId: number): Promise<RecordedTick> {
    const mark = (await marksAt(this.db, [vcId])).get(vcId);
    if (!mark || this.now() - mark.timeMs > MAX_FEED_AGE_MS) throw new AppError('PRICE_UNAVAILABLE');
    return mark;
  }

  /**
   * The account as its ledger accounts and open positions have it. What resting limit opens set
   * aside comes from the balances, so a placement costs the same however many orders rest.
   */
  private async accountState(userId: number): Promise<AccountState> {
    const set = await this.deps.terms.get();
    const [positions, balances] = await Promise.all([
      openPositions(this.db, userId),
      availableAndHeld(this.db, userId, set.settle.id),
    ]);
    const marks = await marksAt(this.db, [...new Set(positions.map((p) => Number(p.vc_id)))]);
    return { positions, ...balances, marks };
  }

  /**
   * The account checks of an open, at the latest price (the engine checks again at the fill tick):
   * the targets on their side of the reference price (the limit, or the latest price), the funds,
   * and the risk degree after it, which must stay below the forced-close level.
   */
  private async checkAccount(
    userId: number,
    set: ContractTermsSet,
    checked: CheckedContractOrder,
    mark: RecordedTick,
  ): Promise<void> {
    const { pair, quantity, leverage } = checked;
    const price = checked.limitPrice ?? mark.priceMinor;
    checkTargets(checked.side, price, checked.takeProfit, checked.stopLoss);
    const margin = marginOf(price, quantity, leverage, pair.scales);
    const fee = tradeFee(price, quantity, feeUnits(pair.openFeeRate), pair.scales);
    const state = await this.accountState(userId);
    if (state.available < margin + fee) throw new AppError('INSUFFICIENT_BALANCE');
    const marks = new Map(state.marks).set(pair.vcId, mark);
    const after: RiskAccount = {
      available: state.available - margin - fee,
      positions: [
        ...riskAccountOf(state).positions,
        { coinId: pair.vcId, side: checked.side, quantity, entryPrice: price, margin, scales: pair.scales },
      ],
    };
    if (reachesLevel(riskFigures(after, priceOf(marks)), set.level))
      throw new AppError('CONTRACT_RISK_TOO_HIGH', { params: { level: levelPercent(set.level) } });
  }

  private async track(orderId: number): Promise<void> {
    const view = await contractOrderView(this.db, orderId);
    if (view && view.open_id !== null) this.deps.engine.track(workOrderOf(view));
  }

  private positionView(row: ContractPositionRow, symbol: string, state: AccountState, set: ContractTermsSet) {
    const mark = state.marks.get(Number(row.vc_id));
    if (!mark) throw new Error(`contract position ${row.id}: its coin has no recorded tick`);
    const trigger = forcedClosePrice(
      riskAccountOf(state),
      Number(row.vc_id),
      priceOf(state.marks),
      set.level,
    );
    return toContractPosition(row, symbol, mark, trigger?.price ?? null);
  }
}

function riskAccountOf(state: AccountState): { available: bigint; positions: RiskPosition[] } {
  return {
    available: state.available,
    positions: state.positions.map((row) => {
      const p = workPositionOf(row);
      return {
        coinId: p.coinId,
        side: p.side,
        quantity: p.quantity,
        entryPrice: p.entryPrice,
        margin: p.margin,
        scales: p.scales,
      };
    }),
  };
}

function priceOf(marks: ReadonlyMap<number, RecordedTick>) {
  return (coinId: number): bigint => {
    const mark = marks.get(coinId);
    if (!mark) throw new Error(`contract account: coin ${coinId} has no recorded tick`);
    return mark.priceMinor;
  };
}

/** A long's take-profit above the price and stop-loss below it; a short's the other way round. */
function checkTargets(
  side: ContractSide,
  price: bigint,
  takeProfit: bigint | null,
  stopLoss: bigint | null,
): void {
  const long = side === 'long';
  if (takeProfit !== null && (long ? takeProfit <= price : takeProfit >= price))
    throw fieldError('TARGET_WRONG_SIDE', 'takeProfit');
  if (stopLoss !== null && (long ? stopLoss >= price : stopLoss <= price))
    throw fieldError('TARGET_WRONG_SIDE', 'stopLoss');
}

function openFieldsOf(userId: number, set: ContractTermsSet, checked: CheckedContractOrder): OrderFields {
  const { pair, quantity, leverage, limitPrice } = checked;
  const openRate = feeUnits(pair.openFeeRate);
  const held =
    limitPrice === null
      ? 0n
      : marginOf(limitPrice, quantity, leverage, pair.scales) +
        tradeFee(limitPrice, quantity, openRate, pair.scales);
  return {
    user_id: userId,
    vc_id: pair.vcId,
    settle_vc_id: set.settle.id,
    action: 'open' as const,
    side: checked.side,
    kind: checked.kind,
    quantity_minor: quantity,
    leverage,
    limit_price_minor: limitPrice,
    take_profit_minor: checked.takeProfit,
    stop_loss_minor: checked.stopLoss,
    position_id: null,
    held_minor: held,
    open_fee_rate: pair.openFeeRate,
    close_fee_rate: pair.closeFeeRate,
    price_scale: pair.scales.price,
    quantity_scale: pair.scales.quantity,
    settle_scale: pair.scales.quote,
  };
}

function closeFieldsOf(position: ContractPositionRow, quantity: bigint, settleVcId: number): OrderFields {
  return {
    user_id: Number(position.user_id),
    vc_id: Number(position.vc_id),
    settle_vc_id: settleVcId,
    action: 'close' as const,
    side: position.side,
    kind: 'market' as const,
    quantity_minor: quantity,
    leverage: position.leverage,
    limit_price_minor: null,
    take_profit_minor: null,
    stop_loss_minor: null,
    position_id: Number(position.id),
    held_minor: 0n,
    open_fee_rate: '0',
    close_fee_rate: position.close_fee_rate,
    price_scale: position.price_scale,
    quantity_scale: position.quantity_scale,
    settle_scale: position.settle_scale,
  };
}
