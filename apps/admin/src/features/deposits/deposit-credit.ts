import { parseDecimal, reviewDepositCredit, toleranceBasisPoints } from '@vela/domain';
import type { ConfigItem, RouteDataOf } from '@vela/contract';
import type { routes } from '@vela/contract/routes';
import { amountText, scaleOf } from '../../lib/amounts.ts';

export type Deposit = RouteDataOf<typeof routes.funding.adminRechargeList>['list'][number];

/**
 * The rules an approval is held to, from the published configuration: RECHARGE
 * `creditTolerancePercent` (how far from the quote a finance operator may credit, with a reason)
 * and GLOBAL `amountMaxPrecision` (the decimals any typed amount may have). The server enforces
 * both; the approval dialog states them before the operator submits.
 */
export interface CreditRules {
  tolerancePercent: string;
  maxDecimals: number;
}

/** The rules from the configuration list, or null while either item is missing. */
export function creditRulesFrom(items: readonly ConfigItem[]): CreditRules | null {
  const value = (group: string, key: string) =>
    items.find((item) => item.group === group && item.key === key)?.value;
  const tolerancePercent = value('RECHARGE', 'creditTolerancePercent');
  const maxDecimals = value('GLOBAL', 'amountMaxPrecision');
  if (tolerancePercent === undefined || maxDecimals === undefined) return null;
  return { tolerancePercent, maxDecimals: Number(maxDecimals) };
}

/** What crediting an amount other than the quote needs: nothing (it is the quote), a reason, or an administrator. */
export type CreditNeed = 'nothing' | 'reason' | 'administrator';

/** What crediting `typed` instead of the quote needs; an amount that cannot be read needs a reason. */
export function creditNeeds(quoted: string, typed: string, tolerancePercent: string): CreditNeed {
  const scale = scaleOf(quoted);
  const quotedMinor = parseDecimal(quoted, scale);
  const creditedMinor = parseDecimal(typed.trim(), scale);
  const basisPoints = toleranceBasisPoints(tolerancePercent);
  if (!quotedMinor.ok || !creditedMinor.ok || basisPoints === null) return 'reason';
  const review = reviewDepositCredit(quotedMinor.minor, creditedMinor.minor, basisPoints);
  return review === 'quoted' ? 'nothing' : review === 'withinTolerance' ? 'reason' : 'administrator';
}

/** The decimals a credited amount may have: the wallet currency's, and no more than the configuration allows. */
export function creditDecimals(quoted: string, rules: CreditRules | null): number {
  return Math.min(scaleOf(quoted), rules?.maxDecimals ?? Infinity);
}

/**
 * Whether `typed` may be credited for an order quoted at `quoted`: the quote itself, or a positive
 * amount with no more decimals than allowed. An empty field is left to the field's required rule.
 */
export function isCreditableAmount(quoted: string, typed: string, rules: CreditRules | null): boolean {
  const text = typed.trim();
  if (text === '') return true;
  if (creditNeeds(quoted, text, rules?.tolerancePercent ?? '0') === 'nothing') return true;
  const parsed = parseDecimal(text, scaleOf(quoted));
  return parsed.ok && parsed.minor > 0n && parseDecimal(text, creditDecimals(quoted, rules)).ok;
}

/** The approval request: the quote is credited by leaving the amount out; another amount goes with its reason. */
export function approvalBody(orderId: number, need: CreditNeed, amount: string, reason: string | undefined) {
  return need === 'nothing' ? { orderId } : { orderId, creditedAmount: amount, reason };
}

/** The note beside a reviewed deposit: what was credited, or why it was rejected. */
export function depositNote(order: Deposit): string | null {
  return order.status === 'approved' && order.creditedAmount !== null
    ? `Credited ${amountText(order.creditedAmount)} ${order.symbol}`
    : order.rejectReason;
}
