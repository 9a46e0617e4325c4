import type { AccountRef } from './accounts.ts';

/**
 * Journal entries. An entry is one movement of one currency, made of two or more postings that sum
 * to zero, and it names the business row that caused it (`refType`, `refId`): a transfer, a deposit
 * order, a withdrawal order, an adjustment, a trade. Entries are never changed or deleted; a
 * correction is a new entry.
 */
export const ENTRY_TYPES = [
  /** Spot and contract accounts of one user. */
  'transfer',
  /** A deposit approved by an operator: external -> deposit clearing -> user (and fees). */
  'deposit',
  /** A withdrawal requested: user spot -> withdrawal clearing. */
  'withdrawal_hold',
  /** A withdrawal approved: withdrawal clearing -> external (and fees). */
  'withdrawal_payout',
  /** A withdrawal rejected: withdrawal clearing -> user spot. */
  'withdrawal_return',
  /** An operator's reasoned correction between the house and a user. */
  'adjustment',
  /** A timed trade's stake: user spot -> timing escrow. */
  'timing_stake',
  /**
   * The settlement of the timed trades that expired together: timing escrow -> each winner's (or
   * refunded tie's) spot account, one posting per order naming it, and the rest to or from the house.
   */
  'timing_settlement',
] as const;
export type EntryType = (typeof ENTRY_TYPES)[number];

/** A business row: its table's name in the ledger references and its id. */
export interface BusinessRef {
  readonly refType: string;
  readonly refId: number;
}

export interface Posting {
  readonly account: AccountRef;
  /** Positive adds to the account, negative takes from it. Never zero. */
  readonly amountMinor: bigint;
  /**
   * The business row this posting concerns when it is not the entry's own: an entry that settles
   * many orders at once (a settlement batch) names each order on the posting that pays it, so the
   * user's bill line still says which order it was for.
   */
  readonly ref?: BusinessRef | undefined;
}

export interface EntryDraft {
  readonly type: EntryType;
  readonly vcId: number;
  /** The business row behind the entry: its table's name in the ledger references and its id. */
  readonly refType: string;
  readonly refId: number;
  readonly postings: readonly Posting[];
  readonly memo?: string | undefined;
}

/**
 * Why an entry is malformed. Checked in this order, so one entry always reports the same reason
 * (the order is part of the tested behaviour).
 */
export type EntryFault =
  'too_few_postings' | 'zero_amount' | 'currency_mismatch' | 'repeated_account' | 'not_balanced';

export function entryFault(entry: EntryDraft): EntryFault | null {
  if (entry.postings.length < 2) return 'too_few_postings';
  if (entry.postings.some((p) => p.amountMinor === 0n)) return 'zero_amount';
  if (entry.postings.some((p) => p.account.vcId !== entry.vcId)) return 'currency_mismatch';
  if (repeatsAnAccount(entry.postings)) return 'repeated_account';
  let sum = 0n;
  for (const p of entry.postings) sum += p.amountMinor;
  return sum === 0n ? null : 'not_balanced';
}

/**
 * One account twice is a mistake, unless each posting names a different business row (a batch
 * paying two orders of one user). The postings are looked up by user, kind, and named row in nested
 * maps rather than by a string built per posting: a settlement entry has one posting per paying
 * order, and its check should cost little beside writing them.
 */
function repeatsAnAccount(postings: readonly Posting[]): boolean {
  const users = new Map<number | null, Map<string, Map<string, Set<number>>>>();
  for (const { account, ref } of postings) {
    let kinds = users.get(account.userId);
    if (!kinds) users.set(account.userId, (kinds = new Map()));
    let refTypes = kinds.get(account.kind);
    if (!refTypes) kinds.set(account.kind, (refTypes = new Map()));
    const refType = ref?.refType ?? '';
    let refIds = refTypes.get(refType);
    if (!refIds) refTypes.set(refType, (refIds = new Set()));
    const refId = ref?.refId ?? 0;
    if (refIds.has(refId)) return true;
    refIds.add(refId);
  }
  return false;
}

/** Builds the postings of a plain movement of `amountMinor` from one account to another. */
export function move(from: AccountRef, to: AccountRef, amountMinor: bigint): Posting[] {
  return [
    { account: from, amountMinor: -amountMinor },
    { account: to, amountMinor },
  ];
}
