import type { Kysely } from 'kysely';
import type { DataOf, ParsedBodyOf, TimingOrder, endpoints } from '@vela/contract';
import type { Database } from '../../db/schema.ts';
import { fieldError } from '../../errors.ts';
import type { AuthSession } from '../../http/contract-routes.ts';
import type { Money } from '../ledger/money.ts';
import { RequestBatcher } from '../storage/request-batcher.ts';
import { placeOrders, type Placed, type PlacementRequest } from './timing-placement.ts';
import { trackedOrderOf } from './timing-opening.ts';
import { openOrdersByIds, userTimingOrder, userTimingOrders } from './timing-repository.ts';
import type { TimingSettler } from './timing-settler.ts';
import { checkOrder, TimingTermsCache, type CheckedOrder } from './timing-terms.ts';
import { toTimingOrder } from './timing-view.ts';

type Api = typeof endpoints.timing;

export interface PlacementWatcher {
  orderPlaced(order: { id: number; userId: number }): void;
}

export interface TimingServiceDeps {
  db: Kysely<Database>;
  money: Money;
  settler: TimingSettler;
  now?: () => number;
  /** Hears of each order this node placed, once it has committed (the users' live channel). */
  watcher?: PlacementWatcher;
  /** How late an operator's change of the terms may reach new orders (default 250 ms; tests 0). */
  termsRecheckMs?: number;
}

/** Placing timed orders and reading them; settling them is the settler's. */
export class TimingService {
  private readonly db: Kysely<Database>;
  private readonly now: () => number;
  private readonly terms: TimingTermsCache;
  private readonly placements: RequestBatcher<PlacementRequest, Placed>;

  constructor(private readonly deps: TimingServiceDeps) {
    this.db = deps.db;
    this.now = deps.now ?? Date.now;
    this.terms = new TimingTermsCache(deps.db, deps.termsRecheckMs ?? 250);
    this.placements = new RequestBatcher(deps.money.committer, (trx, items) =>
      placeOrders(trx, deps.money, this.now(), items),
    );
  }

  /**
   * Places an order: it is checked against the terms in memory and joins the batch of orders placed
   * in the same moment, which commits them together (decision 027); a retry answers the first answer
   * whatever the checks say now (decision 018). The settler tracks the order once committed.
   */
  async place(
    session: AuthSession,
    body: ParsedBodyOf<Api['timingOrderRequest']>,
    key: string,
  ): Promise<DataOf<Api['timingOrderRequest']>> {
    const request = { owner: `u:${session.userId}`, key, endpoint: '/user/vc-timing-trade/request', body };
    let checked: CheckedOrder;
    try {
      checked = checkOrder(await this.terms.get(), body);
    } catch (error) {
      // A retry answers its first answer whatever the checks say now (the terms may have changed
      // since): a refused request looks for one before it is refused.
      const earlier = await this.deps.money.requests.replay<TimingOrder>(request);
      if (!earlier.found) throw error;
      await this.trackFromDatabase(earlier.value);
      return earlier.value;
    }
    // A request that passes looks for its key in its batch's transaction, which answers a retry's
    // first answer too: one read fewer on the way of every new order.
    const placed = await this.placements.submit({ userId: session.userId, body, checked, request });
    if (placed.tracked) {
      this.deps.settler.track(placed.tracked);
      this.deps.watcher?.orderPlaced({ id: placed.tracked.id, userId: session.userId });
    } else {
      await this.trackFromDatabase(placed.answer);
    }
    return placed.answer;
  }

  /**
   * A replayed answer's order is tracked from the database while it is open (it may have been
   * placed through another node, or before a restart); the settler ignores an order it knows.
   */
  private async trackFromDatabase(order: TimingOrder): Promise<void> {
    if (order.state === 'settled') return;
    const [row] = await openOrdersByIds(this.db, [order.id]);
    if (row) this.deps.settler.track(trackedOrderOf(row));
  }

  async list(
    session: AuthSession,
    body: ParsedBodyOf<Api['timingOrderList']>,
  ): Promise<DataOf<Api['timingOrderList']>> {
    const rows = await userTimingOrders(this.db, session.userId, {
      active: body.scope === 'active',
      beforeId: body.cursor,
      limit: body.limit + 1,
    });
    const now = this.now();
    const page = rows.slice(0, body.limit);
    return {
      list: page.map((row) => toTimingOrder(row, now)),
      nextCursor: rows.length > body.limit ? (page.at(-1)?.id ?? null) : null,
    };
  }

  async detail(
    session: AuthSession,
    body: ParsedBodyOf<Api['timingOrderDetail']>,
  ): Promise<DataOf<Api['timingOrderDetail']>> {
    const row = await userTimingOrder(this.db, session.userId, body.id);
    if (!row) throw fieldError('ORDER_NOT_FOUND', 'id');
    return toTimingOrder(row, this.now());
  }
}
