import type { AccountRef } from './accounts.ts';

/**
 * Journal entries. An entry is one movement of one currency, made of two or more postings that sum
 * to zero, and it names the business row that caused it (`refType`, `refId`): a transfer, a deposit
 * order, a withdrawal order, an adjustment, a trade. An exchange (a spot fill, which trades a coin
 * for the settlement coin) is the one kind of entry in two currencies: its postings sum to zero in
 * each (docs/decisions/046-spot-fills-as-one-entry-in-two-currencies.md). Entries are never changed
 * or deleted; a correction is a new entry.
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
  /** A spot order's amount set aside at placement: user spot -> user trade hold. */
  'spot_hold',
  /** A cancelled spot order's hold given back: user trade hold -> user spot. */
  'spot_release',
  /**
   * A spot order filled: the hold is spent, the coin and the settlement coin change hands with the
   * house, the fee goes to fees. In both currencies, each balanced on its own.
   */
  'spot_fill',
  /** A contract limit order's margin and opening fee set aside: user contract -> user margin. */
  'contract_hold',
  /** A contract limit order cancelled or refused: user margin -> user contract. */
  'contract_release',
  /** A position opened: margin locked (market) or the hold spent, the opening fee to fees. */
  'contract_open',
  /** A position closed, in part or whole: margin freed, profit or loss with the house, fee to fees. */
  'contract_close',
  /** An account force-closed: every position and order at once, a shortfall from insurance. */
  'contract_forced',
  /** A pledge finance purchase: user spot -> user finance hold. */
  'finance_buy',
  /** A pledge redeemed early: user finance hold -> user spot, the whole principal. */
  'finance_redeem',
  /** The service fee of an early redemption: user spot -> fees, in the same commit as the redemption. */
  'finance_fee',
  /**
   * The pledges that ended together on one coin: each principal from its finance hold, each payout
   * to spot in the coin or USDT, the rest with the house. In both currencies, each balanced.
   */
  'finance_settlement',
  /**
   * Differential rebates of a team's trades (docs/product.md, "Teams"): house -> each receiving
   * ancestor's spot account, one posting per receiver; the `rebate` rows name each trade and rate.
   */
  'rebate',
] as const;
export type EntryType = (typeof ENTRY_TYPES)[number];

/**
 * Entry types whose postings may be in a second currency besides the entry's own: exchanges, which
 * only make sense as one movement (half a trade booked is money created or lost).
 */
export const EXCHANGE_ENTRY_TYPES: readonly EntryType[] = ['spot_fill', 'finance_settlement'];

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
  const sums = sumsByCurrency(entry);
  if (!sums) return 'currency_mismatch';
  if (repeatsAnAccount(entry.postings)) return 'repeated_account';
  for (const sum of sums.values()) if (sum !== 0n) return 'not_balanced';
  return null;
}

/**
 * The sum of the postings in each currency, or null when the currencies are wrong: an entry's
 * postings are in its own currency, and an exchange's may be in one other currency too (but must
 * have some in its own). One pass, one map entry per currency: a settlement entry has a posting per
 * paying order.
 */
function sumsByCurrency(entry: EntryDraft): Map<number, bigint> | null {
  const sums = new Map<number, bigint>([[entry.vcId, 0n]]);
  let own = false;
  for (const p of entry.postings) {
    const vcId = p.account.vcId;
    own ||= vcId === entry.vcId;
    sums.set(vcId, (sums.get(vcId) ?? 0n) + p.amountMinor);
  }
  const allowed = EXCHANGE_ENTRY_TYPES.includes(entry.type) ? 2 : 1;
  return own && sums.size <= allowed ? sums : null;
}

/**
 * One account twice is a mistake, unless each posting names a different business row (a batch
 * paying two orders of one user). The postings are looked up by user, currency, kind, and named
 * row in nested maps rather than by a string built per posting: a settlement entry has one posting per paying
 * order, and its check should cost little beside writing them.
 */
function repeatsAnAccount(postings: readonly Posting[]): boolean {
  const users = new Map<number | null, Map<number, Map<string, Map<string, Set<number>>>>>();
  for (const { account, ref } of postings) {
    let currencies = users.get(account.userId);
    if (!currencies) users.set(account.userId, (currencies = new Map()));
    // The currency is part of the account: an exchange books the house in both of its currencies.
    let kinds = currencies.get(account.vcId);
    if (!kinds) currencies.set(account.vcId, (kinds = new Map()));
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
