/**
 * Ledger accounts. Every amount of money the platform knows about sits in exactly one account, and
 * every account holds one currency. Users own accounts of the user kinds; the platform owns one
 * account of each platform kind per currency. Money only moves between accounts through journal
 * entries whose postings sum to zero, so across all accounts of a currency the balances always sum
 * to zero: what users hold is matched by the platform's accounts, `external` above all, which goes
 * negative by what has come in from outside.
 */

/**
 * - `spot`: the user's main wallet: deposits land here and withdrawals leave from here.
 * - `contract`: margin for contract trading, filled by transfers from spot.
 * - `trade_hold`: money held for a user's open orders that stay theirs until the order fills or is
 *   cancelled (spot and contract orders). Timed trades do not use it: their stakes leave the user
 *   for the platform's `timing_escrow` (see there).
 * - `finance_hold`: principal locked in pledge finance products until redemption or expiry.
 * - `margin`: the contract account's locked part: the margin of open positions and what open
 *   contract limit orders set aside (margin and opening fee). Risk counts only the `contract`
 *   balance as the available amount (docs/product.md, "Contracts").
 */
export const USER_ACCOUNT_KINDS = ['spot', 'contract', 'trade_hold', 'finance_hold', 'margin'] as const;
export type UserAccountKind = (typeof USER_ACCOUNT_KINDS)[number];

/**
 * - `house`: the platform's own money: it pays winners and keeps losing stakes, and balance
 *   adjustments come out of it or go into it.
 * - `fees`: fees charged on deposits, withdrawals and trades.
 * - `deposit_clearing`: deposits between the user's payment and the credit (a deposit is credited
 *   through it, so every credited deposit is traceable as one movement out of external).
 * - `withdrawal_clearing`: withdrawals requested and not yet paid out or returned.
 * - `external`: the world outside the platform; its negative balance is the money users brought in
 *   and have not taken out.
 * - `timing_escrow`: stakes of open timed trades. A stake leaves the user's spot account when the
 *   order is placed and waits here until the settlement pays it out to the user or the house. Its
 *   balance always equals the stakes of the open orders (the invariant checker proves it), and a
 *   user's share of it is shown as frozen, computed from their open orders, as with withdrawals in
 *   clearing. Holding the stakes on the platform's side means settling a lost trade writes nothing
 *   on the user's accounts, which is what lets a whole expiry second settle in one short commit
 *   (decision 026).
 * - `insurance`: pays the house what a forced-closed contract account could not, after a price gap
 *   took its equity below zero; its negative balance is the sum of those shortfalls.
 */
export const PLATFORM_ACCOUNT_KINDS = [
  'house',
  'fees',
  'deposit_clearing',
  'withdrawal_clearing',
  'external',
  'timing_escrow',
  'insurance',
] as const;
export type PlatformAccountKind = (typeof PLATFORM_ACCOUNT_KINDS)[number];

export type AccountKind = UserAccountKind | PlatformAccountKind;

/** Accounts a user may move money between with a transfer. */
export const TRANSFERABLE_KINDS = ['spot', 'contract'] as const satisfies readonly UserAccountKind[];
export type TransferableKind = (typeof TRANSFERABLE_KINDS)[number];

/** An account named by owner, currency and kind; the storage layer maps it to a row id. */
export type AccountRef =
  | { readonly userId: number; readonly vcId: number; readonly kind: UserAccountKind }
  | { readonly userId: null; readonly vcId: number; readonly kind: PlatformAccountKind };

export function userAccount(userId: number, vcId: number, kind: UserAccountKind): AccountRef {
  return { userId, vcId, kind };
}

export function platformAccount(vcId: number, kind: PlatformAccountKind): AccountRef {
  return { userId: null, vcId, kind };
}

/** One string per account, for maps keyed by account. */
export function accountKey(ref: AccountRef): string {
  return `${ref.userId ?? 'p'}:${ref.vcId}:${ref.kind}`;
}

/**
 * Users' balances never go below zero. Platform balances may: `external` is negative by design,
 * and `house` may pay out more than it has taken in on a given day.
 */
export function mayGoNegative(ref: Pick<AccountRef, 'userId'>): boolean {
  return ref.userId === null;
}

export function isUserAccountKind(kind: string): kind is UserAccountKind {
  return (USER_ACCOUNT_KINDS as readonly string[]).includes(kind);
}
