import type { Kysely } from 'kysely';
import type { DataOf, ParsedBodyOf, SpotHolding, SpotOrder, endpoints } from '@vela/contract';
import { averagePrice, formatMinor, spotReleaseEntry } from '@vela/domain';
import type { Database } from '../../db/schema.ts';
import { fieldError } from '../../errors.ts';
import type { AuthSession } from '../../http/contract-routes.ts';
import type { Money } from '../ledger/money.ts';
import type { MarketRuntime } from '../market/market-runtime.ts';
import { RequestBatcher } from '../storage/request-batcher.ts';
import { userBalances } from '../wallet/wallet-repository.ts';
import type { SpotEngine } from './spot-engine.ts';
import { holdOf, workOrderOf } from './spot-fills.ts';
import { placeSpotOrders, type SpotPlaced, type SpotPlacementRequest } from './spot-placement.ts';
import {
  closeOpenOrders,
  insertCancels,
  spotOrdersByIds,
  userHoldings,
  userSpotOrders,
  type SpotOrderRow,
} from './spot-repository.ts';
import { checkSpotOrder, SpotTermsCache, toSpotTerms, type CheckedSpotOrder } from './spot-terms.ts';
import { toSpotOrder } from './spot-view.ts';

type Api = typeof endpoints.spot;

export interface SpotServiceDeps {
  db: Kysely<Database>;
  money: Money;
  engine: SpotEngine;
  market: MarketRuntime;
  now?: () => number;
  /** How late an operator's change of the terms may reach new orders (default 250 ms; tests 0). */
  termsRecheckMs?: number;
}

/** Placing, cancelling and reading spot orders and holdings; filling them is the engine's. */
export class SpotService {
  private readonly db: Kysely<Database>;
  private readonly now: () => number;
  readonly terms: SpotTermsCache;
  private readonly placements: RequestBatcher<SpotPlacementRequest, SpotPlaced>;

  constructor(private readonly deps: SpotServiceDeps) {
    this.db = deps.db;
    this.now = deps.now ?? Date.now;
    this.terms = new SpotTermsCache(deps.db, deps.termsRecheckMs ?? 250);
    this.placements = new RequestBatcher(deps.money.committer, (trx, items) =>
      placeSpotOrders(trx, deps.money, this.now(), items),
    );
  }

  async termsList(): Promise<DataOf<Api['spotTermsList']>> {
    const set = await this.terms.get();
    return [...set.pairs.values()].filter((pair) => pair.open).map((pair) => toSpotTerms(set, pair));
  }

  /**
   * Places an order: checked against the terms in memory, then placed with the orders of the same
   * moment (decision 027); a retry answers its first answer whatever the checks say now.
   */
  async place(
    session: AuthSession,
    body: ParsedBodyOf<Api['spotOrderRequest']>,
    key: string,
  ): Promise<SpotOrder> {
    const request = { owner: `u:${session.userId}`, key, endpoint: '/user/vc-spot-trade/request', body };
    let checked: CheckedSpotOrder;
    try {
      checked = checkSpotOrder(await this.terms.get(), body);
    } catch (error) {
      const earlier = await this.deps.money.requests.replay<SpotOrder>(request);
      if (!earlier.found) throw error;
      await this.trackFromDatabase(earlier.value.id);
      return earlier.value;
    }
    const placed = await this.placements.submit({ userId: session.userId, checked, request });
    if (placed.tracked) this.deps.engine.track(placed.tracked);
    else await this.trackFromDatabase(placed.answer.id);
    return placed.answer;
  }

  /** A replayed order is tracked from the database while it is open; the engine ignores one it knows. */
  private async trackFromDatabase(id: number): Promise<void> {
    const [row] = await spotOrdersByIds(this.db, [id]);
    if (row && row.open_id !== null) this.deps.engine.track(workOrderOf(row));
  }

  /**
   * Cancels one of the user's open orders: it leaves the open orders (a fill that took it first
   * wins, and the cancellation is refused), its hold goes back, all in one commit.
   */
  async cancel(
    session: AuthSession,
    body: ParsedBodyOf<Api['spotOrderCancel']>,
    key: string,
  ): Promise<SpotOrder> {
    const request = { owner: `u:${session.userId}`, key, endpoint: '/user/vc-spot-trade/cancel', body };
    const answer = await this.deps.money.requests.run(
      request,
      async () => this.ownOrder(session.userId, body.id),
      async (trx, row) => {
        const taken = await closeOpenOrders(trx, this.deps.money.dialect, [body.id]);
        if (!taken.has(body.id)) throw fieldError('ORDER_NOT_OPEN', 'id');
        const cancelledAt = this.now();
        await insertCancels(trx, [{ order_id: body.id, reason: 'user', cancelled_at: cancelledAt }]);
        const order = workOrderOf(row);
        await this.deps.money.ledger.post(trx, [
          spotReleaseEntry({ refType: 'spot_order', refId: order.id }, holdOf(order)),
        ]);
        return toSpotOrder({ ...row, open_id: null, cancel_reason: 'user', cancelled_at: cancelledAt });
      },
    );
    this.deps.engine.forget(body.id);
    return answer;
  }

  /** The user's order, open: another user's is "not found", a closed one "not open". */
  private async ownOrder(userId: number, id: number): Promise<SpotOrderRow> {
    const [row] = await spotOrdersByIds(this.db, [id]);
    if (!row || Number(row.user_id) !== userId) throw fieldError('ORDER_NOT_FOUND', 'id');
    if (row.open_id === null) throw fieldError('ORDER_NOT_OPEN', 'id');
    return row;
  }

  async list(
    session: AuthSession,
    body: ParsedBodyOf<Api['spotOrderList']>,
  ): Promise<DataOf<Api['spotOrderList']>> {
    return this.page(session.userId, body);
  }

  /** A page of one user's orders (the user's own list, and the console's read-only view). */
  async page(
    userId: number,
    body: {
      scope: 'open' | 'history';
      vcId?: number | undefined;
      cursor?: number | undefined;
      limit: number;
    },
  ): Promise<DataOf<Api['spotOrderList']>> {
    const rows = await userSpotOrders(this.db, userId, {
      open: body.scope === 'open',
      vcId: body.vcId,
      beforeId: body.cursor,
      limit: body.limit + 1,
    });
    const page = rows.slice(0, body.limit);
    return {
      list: page.map(toSpotOrder),
      nextCursor: rows.length > body.limit ? (page.at(-1)?.id ?? null) : null,
    };
  }

  async detail(session: AuthSession, body: ParsedBodyOf<Api['spotOrderDetail']>): Promise<SpotOrder> {
    const [row] = await spotOrdersByIds(this.db, [body.id]);
    if (!row || Number(row.user_id) !== session.userId) throw fieldError('ORDER_NOT_FOUND', 'id');
    return toSpotOrder(row);
  }

  /**
   * The user's holdings of the coins that trade on spot: the coin in the spot account and what open
   * sells set aside, with the cost of the bought ones (docs/product.md, "Spot", holdings).
   */
  async holdings(session: AuthSession): Promise<SpotHolding[]> {
    const [set, balances, bought] = await Promise.all([
      this.terms.get(),
      userBalances(this.db, session.userId),
      userHoldings(this.db, session.userId),
      this.deps.market.freshen(),
    ]);
    const costs = new Map(bought.map((row) => [Number(row.vc_id), row]));
    const list: SpotHolding[] = [];
    for (const pair of set.pairs.values()) {
      const kinds = balances.get(pair.vcId);
      const available = kinds?.get('spot') ?? 0n;
      const held = kinds?.get('trade_hold') ?? 0n;
      if (available + held === 0n) continue;
      const row = costs.get(pair.vcId);
      const boughtQuantity = row ? BigInt(row.quantity_minor) : 0n;
      const cost = row ? BigInt(row.cost_minor) : 0n;
      const last = this.deps.market.book.lastPrice(pair.vcId);
      list.push({
        vcId: pair.vcId,
        symbol: pair.symbol,
        scale: pair.quantityScale,
        quantity: formatMinor(available + held, pair.quantityScale),
        available: formatMinor(available, pair.quantityScale),
        held: formatMinor(held, pair.quantityScale),
        averageCost:
          boughtQuantity > 0n
            ? formatMinor(
                averagePrice(cost, boughtQuantity, {
                  price: pair.priceScale,
                  quantity: pair.quantityScale,
                  quote: set.settle.amountScale,
                }),
                pair.priceScale,
              )
            : null,
        cost: formatMinor(cost, set.settle.amountScale),
        price: last === undefined ? null : formatMinor(last, pair.priceScale),
      });
    }
    return list;
  }
}
