import type { Kysely } from 'kysely';
import type { DataOf, ParsedBodyOf, TimingOrder, TimingState, endpoints } from '@vela/contract';
import { timingProfit, timingStakeEntry } from '@vela/domain';
import type { Database } from '../../db/schema.ts';
import { AppError, fieldError } from '../../http/app-error.ts';
import type { AuthSession } from '../../http/contract-routes.ts';
import { money, requireAmount } from '../ledger/amounts.ts';
import type { Money } from '../ledger/money.ts';
import {
  latestTick,
  settlementCoin,
  tieRule,
  timingOrders,
  timingPair,
  type TimingOrderRow,
} from './timing-repository.ts';
import { openOrderOf, type OpenOrder, type TimingSettler } from './timing-settler.ts';

type Api = typeof endpoints.timing;

/**
 * A new order opens at the coin's latest recorded tick only when that tick is this recent; an older
 * one means the feed has stopped, and nobody may trade against a price that no longer moves.
 */
export const MAX_OPEN_TICK_AGE_MS = 5_000;

export interface TimingServiceDeps {
  db: Kysely<Database>;
  money: Money;
  settler: TimingSettler;
  now?: () => number;
}

/** Placing timed orders and reading them; settling them is the settler's. */
export class TimingService {
  private readonly db: Kysely<Database>;
  private readonly now: () => number;

  constructor(private readonly deps: TimingServiceDeps) {
    this.db = deps.db;
    this.now = deps.now ?? Date.now;
  }

  async place(
    session: AuthSession,
    body: ParsedBodyOf<Api['timingOrderRequest']>,
    key: string,
  ): Promise<DataOf<Api['timingOrderRequest']>> {
    const { money: m } = this.deps;
    // What the settler needs of an order this call opens; a replayed answer opened none.
    let opened: OpenOrder | undefined;
    const order = await m.requests.run(
      { owner: `u:${session.userId}`, key, endpoint: '/user/vc-timing-trade/request', body },
      async () => {
        const pair = await timingPair(this.db, body.vcId);
        if (!pair) throw fieldError('VC_NOT_FOUND', 'vcId');
        if (pair.enabled !== 1 || pair.coin_enabled !== 1) throw fieldError('TIMING_PAIR_CLOSED', 'vcId');
        const period = pair.periods.find((p) => p.seconds === body.periodSeconds && p.enabled === 1);
        if (!period) throw fieldError('TIMING_PERIOD_UNAVAILABLE', 'periodSeconds');
        const settle = await settlementCoin(this.db);
        const stakeMinor = requireAmount(body.amount, settle.amount_scale, 'amount', {
          min: period.min_amount,
          max: period.max_amount ?? undefined,
        });
        return { settle, stakeMinor, payoutRate: period.payout_rate, tieRule: await tieRule(this.db) };
      },
      async (trx, checked) => {
        // Read inside the transaction: the open price is the latest tick when the order commits.
        const tick = await latestTick(trx, body.vcId);
        const now = this.now();
        if (!tick || now - Number(tick.time_ms) > MAX_OPEN_TICK_AGE_MS)
          throw new AppError('PRICE_UNAVAILABLE');
        const expiresAt = now + body.periodSeconds * 1000;
        const row = await trx
          .insertInto('timing_order')
          .values({
            user_id: session.userId,
            vc_id: body.vcId,
            settle_vc_id: checked.settle.id,
            direction: body.direction,
            period_seconds: body.periodSeconds,
            stake_minor: checked.stakeMinor,
            payout_rate: checked.payoutRate,
            tie_rule: checked.tieRule,
            open_tick_id: Number(tick.id),
            open_tick_time_ms: Number(tick.time_ms),
            open_price_minor: BigInt(tick.price_minor),
            created_at: now,
            expires_at: expiresAt,
            status: 'open',
            settle_tick_id: null,
            settle_tick_time_ms: null,
            settle_price_minor: null,
            outcome: null,
            payout_minor: null,
            settled_at: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await m.ledger.post(trx, [
          timingStakeEntry(
            { refType: 'timing', refId: row.id },
            session.userId,
            checked.settle.id,
            checked.stakeMinor,
          ),
        ]);
        opened = {
          id: row.id,
          userId: session.userId,
          vcId: body.vcId,
          settleVcId: checked.settle.id,
          direction: body.direction,
          stakeMinor: checked.stakeMinor,
          openPriceMinor: BigInt(tick.price_minor),
          payoutRate: checked.payoutRate,
          tieRule: checked.tieRule,
          expiresAt,
        };
        return toTimingOrder(await orderRow(trx, row.id), now);
      },
    );
    // Committed: the settler tracks it. A replayed answer's order is tracked from the database
    // unless it has settled; an order the settler knows already is ignored.
    if (!opened && order.state !== 'settled') opened = openOrderOf(await orderRow(this.db, order.id));
    if (opened) this.deps.settler.track(opened);
    return order;
  }

  async list(
    session: AuthSession,
    body: ParsedBodyOf<Api['timingOrderList']>,
  ): Promise<DataOf<Api['timingOrderList']>> {
    let query = timingOrders(this.db)
      .where('o.user_id', '=', session.userId)
      .where('o.status', '=', body.scope === 'active' ? 'open' : 'settled');
    if (body.cursor !== undefined) query = query.where('o.id', '<', body.cursor);
    const rows = await query
      .orderBy('o.id', 'desc')
      .limit(body.limit + 1)
      .execute();
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
    const row = await timingOrders(this.db)
      .where('o.id', '=', body.id)
      .where('o.user_id', '=', session.userId)
      .executeTakeFirst();
    if (!row) throw fieldError('ORDER_NOT_FOUND', 'id');
    return toTimingOrder(row, this.now());
  }
}

async function orderRow(db: Kysely<Database>, id: number): Promise<TimingOrderRow> {
  return timingOrders(db).where('o.id', '=', id).executeTakeFirstOrThrow();
}

function stateOf(row: TimingOrderRow, now: number): TimingState {
  if (row.status === 'settled') return 'settled';
  return now >= Number(row.expires_at) ? 'settling' : 'open';
}

export function toTimingOrder(row: TimingOrderRow, now: number): TimingOrder {
  const amountScale = row.amount_scale;
  const priceScale = row.price_scale;
  const stake = BigInt(row.stake_minor);
  const payout = row.payout_minor === null ? null : BigInt(row.payout_minor);
  return {
    id: Number(row.id),
    vcId: Number(row.vc_id),
    symbol: row.symbol,
    settleSymbol: row.settle_symbol,
    direction: row.direction,
    periodSeconds: row.period_seconds,
    amount: money(stake, amountScale),
    payoutRate: row.payout_rate,
    tieRule: row.tie_rule,
    expectedPayout: money(stake + timingProfit(stake, row.payout_rate), amountScale),
    openPrice: money(BigInt(row.open_price_minor), priceScale),
    openTickId: Number(row.open_tick_id),
    openTickTime: Number(row.open_tick_time_ms),
    createdAt: Number(row.created_at),
    expiresAt: Number(row.expires_at),
    state: stateOf(row, now),
    settlePrice: row.settle_price_minor === null ? null : money(BigInt(row.settle_price_minor), priceScale),
    settleTickId: row.settle_tick_id === null ? null : Number(row.settle_tick_id),
    settleTickTime: row.settle_tick_time_ms === null ? null : Number(row.settle_tick_time_ms),
    outcome: row.outcome,
    payout: payout === null ? null : money(payout, amountScale),
    profit: payout === null ? null : money(payout - stake, amountScale),
    settledAt: row.settled_at === null ? null : Number(row.settled_at),
  };
}
