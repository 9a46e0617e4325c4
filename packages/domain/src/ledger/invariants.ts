/**
 * The ledger's invariants, checked over figures the storage layer gathers with aggregate queries:
 * 1. the balances of each currency sum to zero;
 * 2. every account's balance equals the sum of its postings;
 * 3. no user account is below zero;
 * 4. every entry's postings sum to zero;
 * 5. every entry has its business row, and every business row that moved money has its entries.
 * A violation names what is wrong and where, so an operator can find it.
 */
export interface AccountFigures {
  readonly id: number;
  readonly vcId: number;
  readonly userId: number | null;
  readonly kind: string;
  readonly balanceMinor: bigint;
  /** Sum of the account's postings. */
  readonly postedMinor: bigint;
}

export interface EntryImbalance {
  readonly entryId: number;
  readonly sumMinor: bigint;
}

export interface ReferenceGap {
  /**
   * `orphan_entry`: an entry (or a posting naming a row) whose business row is missing;
   * `missing_entry`: the reverse; `mismatch`: a business row and the money booked for it disagree.
   */
  readonly kind: 'orphan_entry' | 'missing_entry' | 'mismatch';
  readonly refType: string;
  readonly refId: number;
  readonly detail: string;
}

export type Violation =
  | { rule: 'currency_not_zero'; vcId: number; sumMinor: bigint }
  | { rule: 'balance_not_posted'; accountId: number; balanceMinor: bigint; postedMinor: bigint }
  | { rule: 'negative_user_balance'; accountId: number; userId: number; balanceMinor: bigint }
  | { rule: 'entry_not_balanced'; entryId: number; sumMinor: bigint }
  | { rule: 'reference_gap'; gap: ReferenceGap };

export function checkInvariants(input: {
  accounts: readonly AccountFigures[];
  unbalancedEntries: readonly EntryImbalance[];
  referenceGaps: readonly ReferenceGap[];
}): Violation[] {
  const violations: Violation[] = [];
  const sums = new Map<number, bigint>();
  for (const account of input.accounts) {
    sums.set(account.vcId, (sums.get(account.vcId) ?? 0n) + account.balanceMinor);
    if (account.balanceMinor !== account.postedMinor) {
      violations.push({
        rule: 'balance_not_posted',
        accountId: account.id,
        balanceMinor: account.balanceMinor,
        postedMinor: account.postedMinor,
      });
    }
    if (account.userId !== null && account.balanceMinor < 0n) {
      violations.push({
        rule: 'negative_user_balance',
        accountId: account.id,
        userId: account.userId,
        balanceMinor: account.balanceMinor,
      });
    }
  }
  for (const [vcId, sumMinor] of sums) {
    if (sumMinor !== 0n) violations.push({ rule: 'currency_not_zero', vcId, sumMinor });
  }
  for (const entry of input.unbalancedEntries) {
    if (entry.sumMinor !== 0n) violations.push({ rule: 'entry_not_balanced', ...entry });
  }
  for (const gap of input.referenceGaps) violations.push({ rule: 'reference_gap', gap });
  return violations;
}

/** One line per violation, for logs and the operators' command. */
export function describeViolation(v: Violation): string {
  switch (v.rule) {
    case 'currency_not_zero':
      return `currency ${v.vcId}: balances sum to ${v.sumMinor}, not 0`;
    case 'balance_not_posted':
      return `account ${v.accountId}: balance ${v.balanceMinor} but postings sum to ${v.postedMinor}`;
    case 'negative_user_balance':
      return `account ${v.accountId} of user ${v.userId}: negative balance ${v.balanceMinor}`;
    case 'entry_not_balanced':
      return `entry ${v.entryId}: postings sum to ${v.sumMinor}, not 0`;
    case 'reference_gap':
      return `${v.gap.kind} ${v.gap.refType} ${v.gap.refId}: ${v.gap.detail}`;
  }
}
