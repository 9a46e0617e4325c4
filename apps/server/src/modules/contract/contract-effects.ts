import type { Kysely } from 'kysely';
import {
  contractCloseEntry,
  contractForcedEntry,
  contractOpenEntry,
  contractReleaseEntry,
  type ContractEffect,
  FEE_RATE_SCALE,
  formatMinor,
  type EntryDraft,
} from '@vela/domain';
import type { Database } from '../../db/schema.ts';
import type { Money } from '../ledger/money.ts';
import { payFeeRebates } from '../team/rebate-payments.ts';
import type { ContractPositionTable } from '../../db/schema.ts';
import {
  advanceCursor,
  allocateCloseIds,
  allocateForcedIds,
  insertCloses,
  insertForced,
  insertOrderEnds,
  insertPositions,
  shrinkPositions,
  takeOpenOrders,
  type NewClose,
  type NewForced,
  type NewOrderEnd,
  type PositionChange,
} from './contract-repository.ts';

/**
 * A round's commit found the database other than the engine left it: another node's engine ran
 * the same seconds first, or an order ended under it. The transaction rolls back and the engine
 * reloads; nothing was applied twice.
 */
export class ContractConflict extends Error {}

/** What a round commits: its effects, the cursor it started from and where it ends. */
export interface ContractRound {
  readonly effects: readonly ContractEffect[];
  readonly from: number | null;
  readonly to: number;
}

/**
 * Commits a round in the caller's transaction (decision 047): every order it ended leaves the open
 * orders, each effect writes its rows and its one journal entry, and the cursor moves from where the
 * round started, or the whole round is refused. The rows of all its effects are gathered first and
 * written kind by kind in multi-row statements.
 */
export async function commitRound(
  trx: Kysely<Database>,
  money: Money,
  settleVcId: number,
  round: ContractRound,
  now: number,
): Promise<void> {
  const ending = round.effects.flatMap(endedOrderIds);
  const taken = await takeOpenOrders(trx, ending);
  if (taken.size !== ending.length) throw new ContractConflict('an order of the round had already ended');
  const c = await contextFor(trx, money, settleVcId, round, now);
  for (const effect of round.effects) {
    const record = RECORDS[effect.type] as (context: Context, effect: ContractEffect) => void;
    record(c, effect);
  }
  await insertPositions(trx, c.positions);
  const shrinks = [...c.shrinks.values()];
  if ((await shrinkPositions(trx, money.dialect, shrinks)) !== shrinks.length)
    throw new ContractConflict('a position was not as the engine knew it');
  await insertForced(trx, money.dialect, c.forced);
  await insertCloses(trx, money.dialect, c.closes);
  await insertOrderEnds(trx, c.ends);
  await money.ledger.post(trx, c.entries);
  await payFeeRebates(trx, money, c.entries, now);
  if (!(await advanceCursor(trx, round.from, round.to))) throw new ContractConflict('the cursor moved');
}

/** What a round writes, gathered effect by effect; a position changed twice is one change. */
interface Context {
  settleVcId: number;
  now: number;
  closeIds: Iterator<number>;
  forcedIds: Iterator<number>;
  positions: ContractPositionTable[];
  shrinks: Map<number, PositionChange>;
  closes: NewClose[];
  forced: NewForced[];
  ends: NewOrderEnd[];
  entries: EntryDraft[];
}

async function contextFor(
  trx: Kysely<Database>,
  money: Money,
  settleVcId: number,
  round: ContractRound,
  now: number,
): Promise<Context> {
  let closes = 0;
  let forced = 0;
  for (const effect of round.effects) {
    if (effect.type === 'close') closes += 1;
    if (effect.type === 'forced') {
      forced += 1;
      closes += effect.closes.length;
    }
  }
  const closeIds = closes > 0 ? await allocateCloseIds(trx, money.dialect, closes) : [];
  const forcedIds = forced > 0 ? await allocateForcedIds(trx, money.dialect, forced) : [];
  return {
    settleVcId,
    now,
    closeIds: closeIds.values(),
    forcedIds: forcedIds.values(),
    positions: [],
    shrinks: new Map(),
    closes: [],
    forced: [],
    ends: [],
    entries: [],
  };
}

/** The next allocated id; running out means the count above missed a row, a bug. */
function nextId(ids: Iterator<number>): number {
  const next = ids.next();
  if (next.done) throw new Error('contract round: more rows than ids allocated');
  return next.value;
}

function endedOrderIds(effect: ContractEffect): number[] {
  if (effect.type === 'open' || effect.type === 'refuse') return [effect.order.id];
  if (effect.type === 'close') return effect.order ? [effect.order.id] : [];
  return effect.cancelled.map((order) => order.id);
}

const RECORDS: {
  [K in ContractEffect['type']]: (c: Context, e: Extract<ContractEffect, { type: K }>) => void;
} = {
  open: recordOpen,
  refuse: recordRefuse,
  close: recordClose,
  forced: recordForced,
};

function recordOpen(c: Context, effect: Extract<ContractEffect, { type: 'open' }>): void {
  const { order, tick, price, margin, fee } = effect;
  c.positions.push({
    id: order.id,
    user_id: order.userId,
    vc_id: order.coinId,
    settle_vc_id: c.settleVcId,
    side: order.side,
    leverage: order.leverage,
    entry_price_minor: price,
    quantity_minor: order.quantity,
    margin_minor: margin,
    take_profit_minor: order.takeProfit,
    stop_loss_minor: order.stopLoss,
    open_tick_id: tick.id,
    open_tick_time_ms: tick.timeMs,
    open_fee_minor: fee,
    close_fee_rate: rateText(order.closeRate),
    price_scale: order.scales.price,
    quantity_scale: order.scales.quantity,
    settle_scale: order.scales.quote,
    opened_at: c.now,
    closed_at: null,
  });
  c.ends.push(end(order.id, 'filled', null, c.now, { tick, price, margin, fee }));
  c.entries.push(
    contractOpenEntry(
      { refType: 'contract_order', refId: order.id },
      { userId: order.userId, vcId: c.settleVcId, margin, fee, held: order.held },
    ),
  );
}

function recordRefuse(c: Context, effect: Extract<ContractEffect, { type: 'refuse' }>): void {
  const { order, reason, tick } = effect;
  c.ends.push(end(order.id, 'refused', reason, c.now, { tick, price: tick.priceMinor }));
  if (order.held > 0n)
    c.entries.push(
      contractReleaseEntry(
        { refType: 'contract_order', refId: order.id },
        order.userId,
        c.settleVcId,
        order.held,
      ),
    );
}

function recordClose(c: Context, effect: Extract<ContractEffect, { type: 'close' }>): void {
  const { figures, tick, remaining } = effect;
  shrink(c, effect.positionId, figures.quantity, remaining);
  const closeId = nextId(c.closeIds);
  c.closes.push({
    id: closeId,
    position_id: effect.positionId,
    user_id: effect.userId,
    reason: effect.reason,
    order_id: effect.order?.id ?? null,
    forced_id: null,
    quantity_minor: figures.quantity,
    price_minor: figures.price,
    tick_id: tick.id,
    tick_time_ms: tick.timeMs,
    profit_minor: figures.profit,
    fee_minor: figures.fee,
    margin_minor: figures.margin,
    closed_at: c.now,
  });
  if (effect.order)
    c.ends.push(
      end(effect.order.id, 'filled', null, c.now, {
        tick,
        price: figures.price,
        fee: figures.fee,
        profit: figures.profit,
        margin: figures.margin,
      }),
    );
  c.entries.push(
    contractCloseEntry({ refType: 'contract_close', refId: closeId }, effect.userId, c.settleVcId, figures),
  );
}

function recordForced(c: Context, effect: Extract<ContractEffect, { type: 'forced' }>): void {
  const forcedId = nextId(c.forcedIds);
  c.forced.push({
    id: forcedId,
    user_id: effect.userId,
    settle_vc_id: c.settleVcId,
    time_ms: effect.timeMs,
    risk_bp: effect.risk.risk,
    margin_minor: effect.risk.margin,
    equity_minor: effect.risk.equity,
    available_minor: effect.available,
    freed_minor: effect.freed,
    profit_minor: effect.profit,
    fee_minor: effect.payout.fee,
    shortfall_minor: effect.payout.shortfall,
    positions: effect.closes.length,
    created_at: c.now,
  });
  for (const { positionId, tick, figures } of effect.closes) {
    shrink(c, positionId, figures.quantity, { quantity: 0n, margin: 0n });
    c.closes.push({
      id: nextId(c.closeIds),
      position_id: positionId,
      user_id: effect.userId,
      reason: 'forced',
      order_id: null,
      forced_id: forcedId,
      quantity_minor: figures.quantity,
      price_minor: figures.price,
      tick_id: tick.id,
      tick_time_ms: tick.timeMs,
      profit_minor: figures.profit,
      fee_minor: figures.fee,
      margin_minor: figures.margin,
      closed_at: c.now,
    });
  }
  for (const order of effect.cancelled) c.ends.push(end(order.id, 'cancelled', 'forced', c.now, {}));
  c.entries.push(
    contractForcedEntry(
      { refType: 'contract_forced', refId: forcedId },
      {
        userId: effect.userId,
        vcId: c.settleVcId,
        available: effect.available,
        freed: effect.freed,
        profit: effect.profit,
      },
      effect.payout,
    ),
  );
}

/** A position's change by a close; a second close of it in the round starts where the first left it. */
function shrink(
  c: Context,
  positionId: number,
  closed: bigint,
  remaining: { quantity: bigint; margin: bigint },
): void {
  const earlier = c.shrinks.get(positionId);
  c.shrinks.set(positionId, {
    id: positionId,
    fromQuantity: earlier?.fromQuantity ?? remaining.quantity + closed,
    quantity: remaining.quantity,
    margin: remaining.margin,
    closedAt: remaining.quantity === 0n ? c.now : null,
  });
}

function end(
  orderId: number,
  state: NewOrderEnd['state'],
  reason: string | null,
  now: number,
  receipt: {
    tick?: { id: number; timeMs: number };
    price?: bigint;
    margin?: bigint;
    fee?: bigint;
    profit?: bigint;
  },
): NewOrderEnd {
  return {
    order_id: orderId,
    state,
    reason,
    tick_id: receipt.tick?.id ?? null,
    tick_time_ms: receipt.tick?.timeMs ?? null,
    price_minor: receipt.price ?? null,
    margin_minor: receipt.margin ?? null,
    fee_minor: receipt.fee ?? null,
    profit_minor: receipt.profit ?? null,
    ended_at: now,
  };
}

/** A fee rate's units back as the decimal text the terms keep ("0.0005"). */
function rateText(units: bigint): string {
  return formatMinor(units, FEE_RATE_SCALE).replace(/\.?0+$/, '');
}
