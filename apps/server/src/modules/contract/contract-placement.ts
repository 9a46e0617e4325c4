import type { Transaction } from 'kysely';
import type { ContractOrder as WireOrder } from '@vela/contract';
import { contractHoldEntry, type ContractOrder, type EntryDraft } from '@vela/domain';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { itemAt, placeKeyed, postEachOrRefuse, type Placement } from '../ledger/keyed-batch.ts';
import type { Money } from '../ledger/money.ts';
import type { IdempotentRequest } from '../storage/idempotency.ts';
import type { BatchOutcome } from '../storage/request-batcher.ts';
import {
  allocateContractOrderIds,
  insertContractOrders,
  type ContractOrderRow,
  type ContractOrderView,
} from './contract-repository.ts';
import { toContractOrder, workOrderOf } from './contract-view.ts';

/** An order row as its checks build it, before its id and its time of acceptance. */
export type OrderFields = Omit<ContractOrderRow, 'id' | 'created_at'>;

/** One order (an open or a close) that passed its checks, waiting for its batch. */
export interface ContractPlacementRequest {
  fields: OrderFields;
  symbol: string;
  request: IdempotentRequest;
}

export type ContractPlaced = Placement<WireOrder, ContractOrder>;

/**
 * Places a batch of contract orders in the caller's transaction with a few set-based statements, as
 * spot and timed orders are placed (decision 027): every order is accepted at the batch's time, a
 * limit open's margin and fee are set aside unless the account is short (that order alone is
 * refused), the orders are inserted together and the keys stored with the answers.
 */
export function placeContractOrders(
  trx: Transaction<Database>,
  money: Money,
  now: number,
  items: readonly ContractPlacementRequest[],
): Promise<BatchOutcome<ContractPlaced>[]> {
  return placeKeyed(trx, money, items, async (fresh, refuse) => {
    const ids = await allocateContractOrderIds(trx, money.dialect, fresh.length);
    const candidates = fresh.map((index, i) => ({
      index,
      row: { ...itemAt(items, index).fields, id: idAt(ids, i), created_at: now },
    }));
    const accepted = await postEachOrRefuse(
      trx,
      money,
      candidates,
      ({ row }) => (row.held_minor > 0n ? holdEntryOf(row) : null),
      () => new AppError('INSUFFICIENT_BALANCE'),
      refuse,
    );
    await insertContractOrders(
      trx,
      accepted.map(({ row }) => row),
    );
    return accepted.map(({ index, row }) => ({
      index,
      answer: toContractOrder(openView(row, itemAt(items, index).symbol)),
      tracked: workOrderOf(row),
    }));
  });
}

function idAt(ids: readonly number[], index: number): number {
  const id = ids[index];
  if (id === undefined) throw new Error('contract placement: an order has no id');
  return id;
}

function holdEntryOf(row: ContractOrderRow): EntryDraft {
  return contractHoldEntry(
    { refType: 'contract_order', refId: row.id },
    row.user_id,
    row.settle_vc_id,
    row.held_minor,
  );
}

/** An order as it reads while open: no end, no receipt yet. */
export function openView(row: ContractOrderRow, symbol: string): ContractOrderView {
  return {
    ...row,
    open_id: row.id,
    state: null,
    reason: null,
    tick_id: null,
    tick_time_ms: null,
    price_minor: null,
    margin_minor: null,
    fee_minor: null,
    profit_minor: null,
    ended_at: null,
    symbol,
  };
}
