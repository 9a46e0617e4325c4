import type { Kysely } from 'kysely';
import {
  buyFigures,
  feeRateUnits,
  quantityStep,
  sellFigures,
  spotFillEntry,
  spotReleaseEntry,
  type AcceptedOrder,
  type EntryDraft,
  type SpotFigures,
  type SpotMatch,
} from '@vela/domain';
import type { Database } from '../../db/schema.ts';
import type { Money } from '../ledger/money.ts';
import {
  addToHoldings,
  advanceCursors,
  closeOpenOrders,
  holdingsOf,
  insertCancels,
  insertFills,
  type HoldingChange,
  type NewSpotCancel,
  type NewSpotFill,
  type SpotOrderRow,
} from './spot-repository.ts';

/** What the engine keeps of an open order: the rule's fields, and what its fill needs. */
export interface SpotWorkOrder extends AcceptedOrder {
  readonly userId: number;
  readonly settleVcId: number;
  readonly heldMinor: bigint;
  readonly feeRate: string;
  readonly quantityDecimals: number;
  readonly priceScale: number;
  readonly quantityScale: number;
  readonly settleScale: number;
}

export function workOrderOf(row: SpotOrderRow): SpotWorkOrder {
  return {
    id: Number(row.id),
    coinId: Number(row.vc_id),
    side: row.side,
    kind: row.kind,
    limitPrice: row.limit_price_minor === null ? null : BigInt(row.limit_price_minor),
    acceptedAt: Number(row.created_at),
    userId: Number(row.user_id),
    settleVcId: Number(row.settle_vc_id),
    heldMinor: BigInt(row.held_minor),
    feeRate: row.fee_rate,
    quantityDecimals: row.quantity_decimals,
    priceScale: row.price_scale,
    quantityScale: row.quantity_scale,
    settleScale: row.settle_scale,
  };
}

/** A match and what it does: a fill with its figures, or nothing bought (`figures` null). */
export interface SpotOutcome {
  readonly order: SpotWorkOrder;
  readonly match: SpotMatch<SpotWorkOrder>;
  readonly figures: SpotFigures | null;
}

/**
 * A match's figures (docs/product.md, "Spot"): a market order at the tick's price, a limit order at
 * its own limit; a buy whose amount buys not even one step at that price buys nothing.
 */
export function outcomeOf(match: SpotMatch<SpotWorkOrder>): SpotOutcome {
  const { order, tick } = match;
  const price = order.kind === 'limit' ? (order.limitPrice as bigint) : tick.priceMinor;
  const scales = { price: order.priceScale, quantity: order.quantityScale, quote: order.settleScale };
  const rate = feeRateUnits(order.feeRate);
  const figures =
    order.side === 'buy'
      ? buyFigures(
          order.heldMinor,
          price,
          rate,
          quantityStep(order.quantityDecimals, order.quantityScale),
          scales,
        )
      : sellFigures(order.heldMinor, price, rate, scales);
  return { order, match, figures };
}

/**
 * Commits a round's outcomes in the caller's transaction: each order leaves the open orders (one
 * that another filler or a cancellation took first is left alone), its fill or cancellation is
 * written, one journal entry per order moves its money, the holdings follow the fills, and the
 * coins' cursors move to the last tick checked. Answers the outcomes it committed.
 */
export async function commitOutcomes(
  trx: Kysely<Database>,
  money: Money,
  outcomes: readonly SpotOutcome[],
  cursors: ReadonlyMap<number, number>,
  now: number,
): Promise<SpotOutcome[]> {
  const taken = await closeOpenOrders(
    trx,
    money.dialect,
    outcomes.map(({ order }) => order.id),
  );
  const done = outcomes.filter(({ order }) => taken.has(order.id));
  const fills: NewSpotFill[] = [];
  const cancels: NewSpotCancel[] = [];
  const entries: EntryDraft[] = [];
  for (const outcome of done) {
    const ref = { refType: 'spot_order', refId: outcome.order.id };
    if (outcome.figures) {
      fills.push(fillRowOf(outcome, outcome.figures, now));
      entries.push(spotFillEntry(ref, fillOf(outcome.order, outcome.figures)));
    } else {
      cancels.push({ order_id: outcome.order.id, reason: 'too_small', cancelled_at: now });
      entries.push(spotReleaseEntry(ref, holdOf(outcome.order)));
    }
  }
  await insertFills(trx, money.dialect, fills);
  await insertCancels(trx, cancels);
  await money.ledger.post(trx, entries);
  await addToHoldings(trx, await holdingChanges(trx, done));
  await advanceCursors(trx, cursors);
  return done;
}

function fillRowOf({ order, match }: SpotOutcome, figures: SpotFigures, now: number): NewSpotFill {
  return {
    order_id: order.id,
    tick_id: match.tick.id,
    tick_time_ms: match.tick.timeMs,
    price_minor: order.kind === 'limit' ? (order.limitPrice as bigint) : match.tick.priceMinor,
    quantity_minor: figures.quantity,
    quote_minor: figures.quote,
    fee_minor: figures.fee,
    credit_minor: figures.credit,
    filled_at: now,
  };
}

function fillOf(order: SpotWorkOrder, figures: SpotFigures) {
  return {
    userId: order.userId,
    side: order.side,
    coinId: order.coinId,
    settleId: order.settleVcId,
    held: order.heldMinor,
    figures,
  };
}

/** What an order set aside: a buy's amount in the settlement coin, a sell's coins. */
export function holdOf(
  order: Pick<SpotWorkOrder, 'userId' | 'side' | 'coinId' | 'settleVcId' | 'heldMinor'>,
) {
  return {
    userId: order.userId,
    vcId: order.side === 'buy' ? order.settleVcId : order.coinId,
    amount: order.heldMinor,
  };
}

/**
 * How the fills change the holdings: a buy adds its coins and their cost (fees excluded); a sell
 * takes its coins out of the bought ones first, with their share of the cost at the average (the
 * coins beyond them came in otherwise and cost nothing here). Fills of one user's coin in one round
 * follow each other, in the order they filled.
 */
async function holdingChanges(trx: Kysely<Database>, done: readonly SpotOutcome[]): Promise<HoldingChange[]> {
  const sells = done.filter((o) => o.figures && o.order.side === 'sell');
  const current =
    sells.length > 0
      ? await holdingsOf(
          trx,
          sells.map(({ order }) => ({ userId: order.userId, vcId: order.coinId })),
        )
      : new Map<string, { quantity: bigint; cost: bigint }>();
  const changes = new Map<string, HoldingChange>();
  for (const { order, figures } of done) {
    if (!figures) continue;
    const key = `${order.userId}:${order.coinId}`;
    const held = current.get(key) ?? { quantity: 0n, cost: 0n };
    let quantity = figures.quantity;
    let cost = figures.quote;
    if (order.side === 'sell') {
      const sold = figures.quantity < held.quantity ? figures.quantity : held.quantity;
      cost = held.quantity === 0n ? 0n : -((held.cost * sold) / held.quantity);
      quantity = -sold;
    }
    current.set(key, { quantity: held.quantity + quantity, cost: held.cost + cost });
    const change = changes.get(key) ?? { userId: order.userId, vcId: order.coinId, quantity: 0n, cost: 0n };
    changes.set(key, { ...change, quantity: change.quantity + quantity, cost: change.cost + cost });
  }
  return [...changes.values()].filter((c) => c.quantity !== 0n || c.cost !== 0n);
}
