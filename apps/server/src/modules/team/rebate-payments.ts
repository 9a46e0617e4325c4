import type { Kysely } from 'kysely';
import {
  differentialRebates,
  formatRebateRate,
  rebateEntry,
  type BusinessRef,
  type EntryDraft,
  type RebateCredit,
} from '@vela/domain';
import type { Database } from '../../db/schema.ts';
import type { Money } from '../ledger/money.ts';
import { batchRebateSums, insertRebates, type NewRebate } from './rebate-repository.ts';
import { pathsOf } from './team-repository.ts';

/**
 * Differential rebates through the ledger (docs/product.md, "Teams"; decision 049). A timed trade's
 * rebates are planned when it is placed, on the path and rates of that moment, so a rate changed or
 * a member moved later applies to later trades only; its settlement pays them in the batch's
 * transaction, so they are paid exactly when the order settles, once. A contract fee's rebates are
 * paid in the transaction that charges the fee, on the rates of that moment.
 */

/** A timed order just placed, as its rebate plan needs it. */
export interface PlacedStake {
  id: number;
  userId: number;
  settleVcId: number;
  stakeMinor: bigint;
  createdAt: number;
}

/** Plans the rebates of orders placed in the caller's transaction; members without agents plan none. */
export async function planTimingRebates(
  trx: Kysely<Database>,
  orders: readonly PlacedStake[],
): Promise<void> {
  if (orders.length === 0) return;
  const paths = await pathsOf(
    trx,
    orders.map((order) => order.userId),
    'timing',
  );
  if (paths.size === 0) return;
  const rows: NewRebate[] = [];
  for (const order of orders) {
    const path = paths.get(order.userId);
    if (!path) continue;
    for (const payment of differentialRebates(path, order.stakeMinor))
      rows.push({
        source_type: 'timing',
        ref_type: 'timing',
        ref_id: order.id,
        member_id: order.userId,
        user_id: payment.userId,
        vc_id: order.settleVcId,
        base_minor: order.stakeMinor,
        rate: formatRebateRate(payment.rateUnits),
        below_rate: formatRebateRate(payment.belowRateUnits),
        amount_minor: payment.amountMinor,
        created_at: order.createdAt,
        entry_id: null,
        paid_at: null,
      });
  }
  await insertRebates(trx, rows);
}

/**
 * The entries paying the planned rebates of orders settled in the caller's transaction, one per
 * currency, named after the settlement batch. Nothing is written on the rebates themselves: the
 * order's result names its batch, and the batch's rebate entry pays them (decision 049), so paying
 * costs one summed range read and one entry whatever the number of rebates.
 */
export async function settledTimingRebates(
  trx: Kysely<Database>,
  orderIds: readonly number[],
  batch: BusinessRef,
): Promise<EntryDraft[]> {
  if (orderIds.length === 0) return [];
  let low = Infinity;
  let high = -Infinity;
  for (const id of orderIds) {
    if (id < low) low = id;
    if (id > high) high = id;
  }
  const byCurrency = new Map<number, RebateCredit[]>();
  // Ids are unique, so as many ids as the range is wide are every id in it.
  const whole = high - low + 1 === new Set(orderIds).size;
  for (const row of await batchRebateSums(trx, { id: batch.refId, low, high, whole })) {
    const credit = { userId: row.user_id, amountMinor: row.amount_minor };
    const list = byCurrency.get(row.vc_id);
    if (list) list.push(credit);
    else byCurrency.set(row.vc_id, [credit]);
  }
  return [...byCurrency].map(([vcId, credits]) => {
    const entry = rebateEntry(batch, vcId, credits);
    if (!entry) throw new Error('settledTimingRebates: planned rebates are positive, so an entry pays them');
    return entry;
  });
}

/** The entry types that charge a contract fee, whose rebates are paid as it is charged. */
const FEE_ENTRY_TYPES = new Set(['contract_open', 'contract_close', 'contract_forced']);

/**
 * Pays the rebates of the contract fees that `charged` (entries posted in the caller's transaction)
 * charged: one rebate entry per fee entry with rebates, named after the same business row.
 */
export async function payFeeRebates(
  trx: Kysely<Database>,
  money: Money,
  charged: readonly EntryDraft[],
  now: number,
): Promise<void> {
  const fees = charged.flatMap((entry) => {
    if (!FEE_ENTRY_TYPES.has(entry.type)) return [];
    const fee = entry.postings.reduce(
      (sum, p) =>
        p.account.userId === null && p.account.kind === 'fees' && p.account.vcId === entry.vcId
          ? sum + p.amountMinor
          : sum,
      0n,
    );
    const userId = entry.postings.find((p) => p.account.userId !== null)?.account.userId;
    return fee > 0n && userId !== null && userId !== undefined ? [{ entry, fee, userId }] : [];
  });
  if (fees.length === 0) return;
  const paths = await pathsOf(
    trx,
    fees.map((fee) => fee.userId),
    'contract',
  );
  if (paths.size === 0) return;
  for (const { entry, fee, userId } of fees) {
    const path = paths.get(userId);
    if (!path) continue;
    const payments = differentialRebates(path, fee);
    const payment = rebateEntry({ refType: entry.refType, refId: entry.refId }, entry.vcId, payments);
    if (!payment) continue;
    const [posted] = await money.ledger.post(trx, [payment]);
    if (!posted) throw new Error('payFeeRebates: the ledger answered no entry');
    await insertRebates(
      trx,
      payments.map((p) => ({
        source_type: entry.type,
        ref_type: entry.refType,
        ref_id: entry.refId,
        member_id: userId,
        user_id: p.userId,
        vc_id: entry.vcId,
        base_minor: fee,
        rate: formatRebateRate(p.rateUnits),
        below_rate: formatRebateRate(p.belowRateUnits),
        amount_minor: p.amountMinor,
        created_at: now,
        entry_id: posted.entryId,
        paid_at: now,
      })),
    );
  }
}
