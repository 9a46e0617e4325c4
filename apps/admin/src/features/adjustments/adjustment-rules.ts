import type { Chain, Coin } from '@vela/contract';
import { amountText } from '../../lib/amounts.ts';

/** The adjustment form's values; the coin is sent as the wire's `vcId`. */
export interface AdjustmentValues {
  userId: number;
  coinId: number;
  amount: string;
  reason: string;
}

export interface PickedUser {
  id: number;
  username: string;
}

export interface WalletCoin {
  coinId: number;
  symbol: string;
  name: string | null;
}

const SIGNED_AMOUNT = /^-?\d+(\.\d+)?$/;
const USER_QUERY = /^[A-Za-z0-9]+$/;

/**
 * The currencies a balance can be held in. No console endpoint lists wallet currencies, so they
 * come from two public lists: the wallet chains name every coin users hold at an address
 * (including USDT, the settlement coin, which the currency list leaves out), and the currency list
 * adds the crypto coins, the ones with wallets, that have no chain yet. The server refuses a coin
 * without a wallet with its own message on the field.
 */
export function walletCoinsOf(chains: readonly Chain[], coins: readonly Coin[]): WalletCoin[] {
  const byId = new Map<number, WalletCoin>();
  for (const chain of chains) {
    if (!byId.has(chain.vcId)) byId.set(chain.vcId, { coinId: chain.vcId, symbol: chain.symbol, name: null });
  }
  for (const coin of coins) {
    if (coin.enabled && coin.type === 1)
      byId.set(coin.id, { coinId: coin.id, symbol: coin.symbol, name: coin.name });
  }
  return [...byId.values()];
}

/** "BTC · Bitcoin", or the symbol alone when the name adds nothing. */
export function coinLabel(coin: WalletCoin): string {
  return coin.name && coin.name !== coin.symbol ? `${coin.symbol} · ${coin.name}` : coin.symbol;
}

/** Whether a user search may be sent: letters and digits only. */
export function isUserQuery(search: string): boolean {
  return USER_QUERY.test(search);
}

/** What the user picker says when it lists nobody. */
export function userPickerHint(search: string, searching: boolean): string {
  if (search === '') return 'Type the start of a username or an id';
  if (!isUserQuery(search)) return 'Letters and digits only';
  return searching ? 'Searching…' : 'No user matches';
}

/** What is wrong with a typed amount, or null; an empty field is left to the field's required rule. */
export function amountProblem(value: string | undefined): string | null {
  const text = value?.trim() ?? '';
  if (text === '') return null;
  if (!SIGNED_AMOUNT.test(text)) return 'A number such as 25.5 or -25.5';
  if (!/[1-9]/.test(text)) return 'Zero changes nothing';
  return null;
}

/** A reason is at least 5 characters; an empty one is left to the field's required rule. */
export function reasonProblem(value: string | undefined): string | null {
  const length = value?.trim().length ?? 0;
  return length === 0 || length >= 5 ? null : 'At least 5 characters';
}

/** The form field a server refusal names: the wire's `vcId` is the form's coin. */
export function formFieldOf(serverField: string | null): keyof AdjustmentValues | null {
  const field = serverField === 'vcId' ? 'coinId' : serverField;
  return field === 'userId' || field === 'coinId' || field === 'amount' || field === 'reason' ? field : null;
}

/** What the confirmation says about an adjustment about to be posted. */
export function adjustmentSummary(amount: string, symbol: string, user: PickedUser) {
  const debit = amount.startsWith('-');
  const magnitude = `${amountText(debit ? amount.slice(1) : amount)} ${symbol}`;
  const who = `${user.username} (#${user.id})`;
  return {
    debit,
    title: debit ? `Debit ${magnitude} from ${who}?` : `Credit ${magnitude} to ${who}?`,
    kind: debit ? 'debit' : 'credit',
    okText: debit ? 'Debit' : 'Credit',
  };
}

/** The user being adjusted: the one picked in the search, or only the id when the pick was lost. */
export function adjustedUser(picked: PickedUser | null, userId: number): PickedUser {
  return picked && picked.id === userId ? picked : { id: userId, username: '' };
}

/** The request body, trimmed, in the wire's names. */
export function adjustmentBody(values: AdjustmentValues) {
  return {
    userId: values.userId,
    vcId: values.coinId,
    amount: values.amount.trim(),
    reason: values.reason.trim(),
  };
}
