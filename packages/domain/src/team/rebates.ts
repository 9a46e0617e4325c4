import { formatMinor, parseDecimal } from '../decimal.ts';
import { platformAccount, userAccount } from '../ledger/accounts.ts';
import type { BusinessRef, EntryDraft, Posting } from '../ledger/entries.ts';

/**
 * Differential rebates (docs/product.md, "Teams"). Every user has a rebate rate per kind of trade
 * (timed trades, contracts), a fraction such as "0.015"; a member's rate never exceeds the rate of
 * the agent above them. When a member's trade pays its base (a timed trade's stake, a contract's
 * fee), each ancestor up the path receives its own rate minus the rate of the next member down the
 * path, times the base: the member's agent keeps the difference between its rate and the member's,
 * the agent above it the difference between its rate and that agent's, and so on. The member's own
 * rate is what the path below them would keep; nobody is paid twice for one trade. Each payment is
 * truncated to the minor unit, in the house's favour by less than one unit.
 */

/** Rebate rates carry at most this many decimals ("0.015" is 1.5 %). */
export const REBATE_RATE_SCALE = 8;
const RATE_UNIT = 10n ** BigInt(REBATE_RATE_SCALE);

/** A rate as typed: a fraction from 0 to 1 with at most REBATE_RATE_SCALE decimals. */
export const REBATE_RATE_PATTERN = /^(0(\.\d{1,8})?|1(\.0{1,8})?)$/;

/** A rate's units as its shortest decimal text ("0.015"), the form stored and sent. */
export function formatRebateRate(units: bigint): string {
  const text = formatMinor(units, REBATE_RATE_SCALE);
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

/** A rate as units of 10^-REBATE_RATE_SCALE; a rate is a fraction from 0 to 1. */
export function rebateRateUnits(rate: string): bigint {
  const parsed = parseDecimal(rate, REBATE_RATE_SCALE);
  if (!parsed.ok || parsed.minor < 0n || parsed.minor > RATE_UNIT)
    throw new RangeError(`a rebate rate must be a decimal from 0 to 1, got ${rate}`);
  return parsed.minor;
}

/** One user on the path from a member up to the top, with the rate that applies to the trade. */
export interface PathStep {
  readonly userId: number;
  readonly rateUnits: bigint;
}

/** What one ancestor receives for one trade, and the two rates it was figured from. */
export interface RebatePayment {
  readonly userId: number;
  readonly rateUnits: bigint;
  /** The rate of the next member down the path, which the ancestor's rate is reduced by. */
  readonly belowRateUnits: bigint;
  readonly amountMinor: bigint;
}

/**
 * The payments of one trade: `path` starts with the member who traded and goes up through their
 * agents to the top. Each ancestor's rate is reduced by the highest rate below it on the path,
 * which is the next member's while every rate is within its agent's (as the rules keep them); when
 * a rate was changed so that a member's exceeds an agent's above it, that agent receives nothing
 * and the ones above it only what they have above that member, so one trade never pays more than
 * the highest rate on its path. A payment of zero is left out.
 */
export function differentialRebates(path: readonly PathStep[], baseMinor: bigint): RebatePayment[] {
  if (baseMinor < 0n) throw new RangeError(`a rebate base cannot be negative, got ${baseMinor}`);
  const payments: RebatePayment[] = [];
  for (let i = 1; i < path.length; i += 1) {
    const ancestor = path[i];
    const below = path[i - 1];
    if (!ancestor || !below) throw new Error('differentialRebates: a hole in the path');
    // The highest rate seen below: an ancestor is paid only for what it has above all of them.
    const belowRate = path
      .slice(0, i)
      .reduce((max, step) => (step.rateUnits > max ? step.rateUnits : max), 0n);
    if (ancestor.rateUnits <= belowRate) continue;
    const amountMinor = (baseMinor * (ancestor.rateUnits - belowRate)) / RATE_UNIT;
    if (amountMinor === 0n) continue;
    payments.push({
      userId: ancestor.userId,
      rateUnits: ancestor.rateUnits,
      belowRateUnits: belowRate,
      amountMinor,
    });
  }
  return payments;
}

/** One rebate to post: who receives it, and how much. */
export interface RebateCredit {
  readonly userId: number;
  readonly amountMinor: bigint;
}

/**
 * The journal entry paying rebates of one currency: the house pays each receiver's spot account,
 * one posting per receiver however many trades they are paid for (an entry names an account
 * once); the `rebate` rows name each trade. Null when nothing is paid.
 */
export function rebateEntry(
  ref: BusinessRef,
  vcId: number,
  credits: readonly RebateCredit[],
): EntryDraft | null {
  const byUser = new Map<number, bigint>();
  let total = 0n;
  for (const credit of credits) {
    if (credit.amountMinor <= 0n)
      throw new RangeError(`a rebate must be positive, got ${credit.amountMinor}`);
    byUser.set(credit.userId, (byUser.get(credit.userId) ?? 0n) + credit.amountMinor);
    total += credit.amountMinor;
  }
  if (total === 0n) return null;
  const postings: Posting[] = [{ account: platformAccount(vcId, 'house'), amountMinor: -total }];
  for (const [userId, amountMinor] of byUser)
    postings.push({ account: userAccount(userId, vcId, 'spot'), amountMinor });
  return { type: 'rebate', vcId, ...ref, postings };
}
