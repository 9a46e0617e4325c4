import type { Transaction } from 'kysely';
import { adjustmentEntry } from '@vela/domain';
import type { Database } from '../../db/schema.ts';
import { balanceAfter } from '../ledger/ledger.ts';
import type { Money } from '../ledger/money.ts';
import { insertAdjustment } from './wallet-repository.ts';

export interface AdjustmentRequest {
  operatorId: number;
  userId: number;
  vcId: number;
  /** Positive credits the user's spot account from the house; negative debits it. */
  deltaMinor: bigint;
  reason: string;
}

/**
 * An operator's balance adjustment: the business row (who, why) and its ledger entry, in the
 * caller's transaction, which also writes the audit row. It is the only way an operator changes a
 * balance, and it cannot take a user below zero.
 */
export async function postAdjustment(
  money: Pick<Money, 'ledger'>,
  trx: Transaction<Database>,
  request: AdjustmentRequest,
  now: number = Date.now(),
): Promise<{ adjustmentId: number; balanceAfterMinor: bigint }> {
  const adjustmentId = await insertAdjustment(trx, {
    user_id: request.userId,
    vc_id: request.vcId,
    operator_id: request.operatorId,
    delta_minor: request.deltaMinor,
    reason: request.reason,
    created_at: now,
  });
  const entry = adjustmentEntry(
    { refType: 'adjustment', refId: adjustmentId },
    request.userId,
    request.vcId,
    request.deltaMinor,
  );
  const posted = await money.ledger.post(trx, [{ ...entry, memo: request.reason }]);
  // The adjustment's second posting is the user's spot account (the first is the house's).
  return { adjustmentId, balanceAfterMinor: balanceAfter(posted, 1) };
}
