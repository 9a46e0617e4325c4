import type { Bill, BillType } from '@vela/contract';
import { formatNumber } from '@vela/domain';
import type { MessageKey } from '@vela/i18n';
import { formatDateTime } from '../../lib/date-time.ts';
import type { TFunction } from '../../lib/i18n.ts';
import { displayDecimals } from './wallet-logic.ts';

/**
 * What a bill line says, as a pure function of the bill and the translator: every line explains
 * itself (what happened, to which account, because of what, the signed amount, the balance after and
 * when). The bill types are spelled out here rather than imported from the contract, whose module
 * brings zod along; the Record type keeps them equal to the contract's.
 */

export const BILL_TYPE_TITLES: Record<BillType, MessageKey> = {
  transfer: 'bills.type.transfer',
  deposit: 'bills.type.deposit',
  withdrawal_hold: 'bills.type.withdrawal_hold',
  withdrawal_payout: 'bills.type.withdrawal_payout',
  withdrawal_return: 'bills.type.withdrawal_return',
  adjustment: 'bills.type.adjustment',
  timing_stake: 'bills.type.timing_stake',
  timing_settlement: 'bills.type.timing_settlement',
  spot_hold: 'bills.type.spot_hold',
  spot_release: 'bills.type.spot_release',
  spot_fill: 'bills.type.spot_fill',
  contract_hold: 'bills.type.contract_hold',
  contract_release: 'bills.type.contract_release',
  contract_open: 'bills.type.contract_open',
  contract_close: 'bills.type.contract_close',
  contract_forced: 'bills.type.contract_forced',
  finance_buy: 'bills.type.finance_buy',
  finance_redeem: 'bills.type.finance_redeem',
  finance_fee: 'bills.type.finance_fee',
  finance_settlement: 'bills.type.finance_settlement',
  rebate: 'bills.type.rebate',
};

/** Every bill type, in the order the filter offers them. */
export const BILL_TYPE_LIST = Object.keys(BILL_TYPE_TITLES) as BillType[];

/**
 * The bills pledge finance writes: a purchase (the principal leaves spot for the finance holding),
 * an early redemption (the principal back less the fee) and a settlement (the payout). The finance
 * bills screen lists only these.
 */
export const FINANCE_BILL_TYPES = [
  'finance_buy',
  'finance_redeem',
  'finance_fee',
  'finance_settlement',
] as const satisfies readonly BillType[];
export type FinanceBillType = (typeof FINANCE_BILL_TYPES)[number];

export const ACCOUNT_NAMES: Record<Bill['account'], MessageKey> = {
  spot: 'wallet.account.spot',
  contract: 'wallet.account.contract',
  trade_hold: 'wallet.account.trade_hold',
  finance_hold: 'wallet.account.finance_hold',
  margin: 'wallet.account.margin',
};

/** The business rows an entry can point at (`refType`), each with its "Transfer #12" text. */
const REFERENCES = new Map<string, MessageKey>([
  ['transfer', 'bills.ref.transfer'],
  ['deposit', 'bills.ref.deposit'],
  ['withdrawal', 'bills.ref.withdrawal'],
  ['adjustment', 'bills.ref.adjustment'],
  ['timing', 'bills.ref.timing'],
  ['spot_order', 'bills.ref.spot_order'],
  ['contract_order', 'bills.ref.contract_order'],
  ['contract_close', 'bills.ref.contract_close'],
  ['contract_forced', 'bills.ref.contract_forced'],
  ['finance_order', 'bills.ref.finance_order'],
  ['finance_settlement', 'bills.ref.finance_settlement'],
]);

export interface BillLineText {
  title: string;
  account: string;
  /** "Deposit order #7"; null for a kind of row this version does not know yet. */
  reference: string | null;
  memo: string | null;
  /** Signed, with the symbol: "+30.50 USDT", "-30.50 USDT". */
  amount: string;
  tone: 'up' | 'down' | 'flat';
  balance: string;
  time: string;
}

/** A wire amount shown with its significant decimals (the wire text carries the currency's scale). */
function shown(text: string): string {
  const scale = (text.split('.')[1] ?? '').length;
  return formatNumber(text, displayDecimals(text, scale));
}

export function billLine(bill: Bill, t: TFunction): BillLineText {
  const negative = bill.amount.trim().startsWith('-');
  const zero = !/[1-9]/.test(bill.amount);
  const referenceKey = REFERENCES.get(bill.refType);
  const memo = bill.memo?.trim() ? bill.memo.trim() : null;
  return {
    title: t(BILL_TYPE_TITLES[bill.type]),
    account: t(ACCOUNT_NAMES[bill.account]),
    reference: referenceKey ? t(referenceKey, { id: bill.refId }) : null,
    memo,
    amount: `${negative || zero ? '' : '+'}${shown(bill.amount)} ${bill.symbol}`,
    tone: zero ? 'flat' : negative ? 'down' : 'up',
    balance: t('bills.balanceAfter', { amount: `${shown(bill.balanceAfter)} ${bill.symbol}` }),
    time: formatDateTime(bill.createdAt),
  };
}
