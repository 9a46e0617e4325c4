import { platformAccount, userAccount, type TransferableKind } from './accounts.ts';
import { move, type EntryDraft, type Posting } from './entries.ts';

/**
 * The postings of each business flow, in one place, so that every module moves money the same way
 * and the tests can check each flow once. Amounts are validated (positive, within limits) by the
 * caller before it gets here; these functions only refuse what no caller may ever ask for.
 */

interface Ref {
  readonly refType: string;
  readonly refId: number;
}

function positive(amountMinor: bigint, what: string): void {
  if (amountMinor <= 0n) throw new RangeError(`${what} must be positive, got ${amountMinor}`);
}

export function transferEntry(
  ref: Ref,
  userId: number,
  vcId: number,
  from: TransferableKind,
  to: TransferableKind,
  amountMinor: bigint,
): EntryDraft {
  positive(amountMinor, 'transfer amount');
  if (from === to) throw new RangeError('a transfer needs two different accounts');
  return {
    type: 'transfer',
    vcId,
    ...ref,
    postings: move(userAccount(userId, vcId, from), userAccount(userId, vcId, to), amountMinor),
  };
}

/**
 * An approved deposit, as two entries: what arrived (`grossMinor`, the amount the user paid, in the
 * wallet's currency) moves from external into deposit clearing, then out of clearing to the user
 * (`grossMinor - feeMinor`) and to fees. Deposit clearing therefore returns to zero with every
 * approved deposit; anything left there would show a half-booked deposit.
 */
export function depositEntries(
  ref: Ref,
  userId: number,
  vcId: number,
  grossMinor: bigint,
  feeMinor: bigint,
): EntryDraft[] {
  positive(grossMinor, 'deposit amount');
  if (feeMinor < 0n || feeMinor >= grossMinor) throw new RangeError('deposit fee out of range');
  const clearing = platformAccount(vcId, 'deposit_clearing');
  const credit: Posting[] = [
    { account: clearing, amountMinor: -grossMinor },
    { account: userAccount(userId, vcId, 'spot'), amountMinor: grossMinor - feeMinor },
  ];
  if (feeMinor > 0n) credit.push({ account: platformAccount(vcId, 'fees'), amountMinor: feeMinor });
  return [
    {
      type: 'deposit',
      vcId,
      ...ref,
      postings: move(platformAccount(vcId, 'external'), clearing, grossMinor),
    },
    { type: 'deposit', vcId, ...ref, postings: credit },
  ];
}

/** A requested withdrawal leaves the user's spot account at once and waits in clearing. */
export function withdrawalHoldEntry(ref: Ref, userId: number, vcId: number, amountMinor: bigint): EntryDraft {
  positive(amountMinor, 'withdrawal amount');
  return {
    type: 'withdrawal_hold',
    vcId,
    ...ref,
    postings: move(
      userAccount(userId, vcId, 'spot'),
      platformAccount(vcId, 'withdrawal_clearing'),
      amountMinor,
    ),
  };
}

/** An approved withdrawal is paid out: the amount less the fee goes to external, the fee to fees. */
export function withdrawalPayoutEntry(
  ref: Ref,
  vcId: number,
  amountMinor: bigint,
  feeMinor: bigint,
): EntryDraft {
  positive(amountMinor, 'withdrawal amount');
  if (feeMinor < 0n || feeMinor >= amountMinor) throw new RangeError('withdrawal fee out of range');
  const postings: Posting[] = [
    { account: platformAccount(vcId, 'withdrawal_clearing'), amountMinor: -amountMinor },
    { account: platformAccount(vcId, 'external'), amountMinor: amountMinor - feeMinor },
  ];
  if (feeMinor > 0n) postings.push({ account: platformAccount(vcId, 'fees'), amountMinor: feeMinor });
  return { type: 'withdrawal_payout', vcId, ...ref, postings };
}

/** A rejected withdrawal returns the whole amount to the user's spot account. */
export function withdrawalReturnEntry(
  ref: Ref,
  userId: number,
  vcId: number,
  amountMinor: bigint,
): EntryDraft {
  positive(amountMinor, 'withdrawal amount');
  return {
    type: 'withdrawal_return',
    vcId,
    ...ref,
    postings: move(
      platformAccount(vcId, 'withdrawal_clearing'),
      userAccount(userId, vcId, 'spot'),
      amountMinor,
    ),
  };
}

/**
 * An operator's correction of a user's spot balance: positive credits the user from the house,
 * negative debits the user into the house. The user's balance still cannot go below zero.
 */
export function adjustmentEntry(ref: Ref, userId: number, vcId: number, deltaMinor: bigint): EntryDraft {
  if (deltaMinor === 0n) throw new RangeError('an adjustment must change the balance');
  return {
    type: 'adjustment',
    vcId,
    ...ref,
    postings: move(platformAccount(vcId, 'house'), userAccount(userId, vcId, 'spot'), deltaMinor),
  };
}
