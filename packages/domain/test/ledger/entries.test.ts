import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  accountKey,
  adjustmentEntry,
  applyEach,
  applyEntries,
  depositEntries,
  entryFault,
  platformAccount,
  transferEntry,
  userAccount,
  withdrawalHoldEntry,
  withdrawalPayoutEntry,
  withdrawalReturnEntry,
  type EntryDraft,
} from '../../src/index.ts';

const ref = { refType: 'test', refId: 1 };
const spot = userAccount(7, 2, 'spot');
const contract = userAccount(7, 2, 'contract');
const house = platformAccount(2, 'house');

function entry(postings: EntryDraft['postings'], vcId = 2): EntryDraft {
  return { type: 'adjustment', vcId, ...ref, postings };
}

describe('entryFault', () => {
  // One row per rule, in the order the rules are checked: an entry breaking several reports the first.
  it.each([
    ['too_few_postings', entry([{ account: spot, amountMinor: 5n }])],
    [
      'zero_amount',
      entry([
        { account: spot, amountMinor: 0n },
        { account: house, amountMinor: 1n },
      ]),
    ],
    [
      'currency_mismatch',
      entry([
        { account: spot, amountMinor: 5n },
        { account: platformAccount(3, 'house'), amountMinor: -5n },
      ]),
    ],
    [
      'repeated_account',
      entry([
        { account: spot, amountMinor: 5n },
        { account: spot, amountMinor: -5n },
      ]),
    ],
    [
      'not_balanced',
      entry([
        { account: spot, amountMinor: 5n },
        { account: house, amountMinor: -4n },
      ]),
    ],
    [
      null,
      entry([
        { account: spot, amountMinor: 5n },
        { account: house, amountMinor: -5n },
      ]),
    ],
  ] as const)('reports %s', (fault, draft) => {
    expect(entryFault(draft)).toBe(fault);
  });

  it('allows one account twice only when each posting names a different business row', () => {
    const paying = (a: number, b: number) =>
      entry([
        { account: spot, amountMinor: 5n, ref: { refType: 'timing', refId: a } },
        { account: spot, amountMinor: 5n, ref: { refType: 'timing', refId: b } },
        { account: house, amountMinor: -10n },
      ]);
    expect(entryFault(paying(1, 2))).toBeNull();
    expect(entryFault(paying(1, 1))).toBe('repeated_account');
    // A row is its type and id together; a posting that names none is one more key.
    const named = (refType: string, secondRef: boolean) =>
      entry([
        { account: spot, amountMinor: 5n, ref: { refType: 'timing', refId: 1 } },
        secondRef
          ? { account: spot, amountMinor: 5n, ref: { refType, refId: 1 } }
          : { account: spot, amountMinor: 5n },
        { account: house, amountMinor: -10n },
      ]);
    expect(entryFault(named('transfer', true))).toBeNull();
    expect(entryFault(named('timing', false))).toBeNull();
    // The same row named on two different accounts is no repeat.
    expect(
      entryFault(
        entry([
          { account: spot, amountMinor: 5n, ref: { refType: 'timing', refId: 1 } },
          { account: userAccount(8, 2, 'spot'), amountMinor: 5n, ref: { refType: 'timing', refId: 1 } },
          { account: house, amountMinor: -10n },
        ]),
      ),
    ).toBeNull();
    // Each posting sees the ones before it on the same account.
    const applied = applyEntries(new Map(), [paying(1, 2)]);
    expect(applied.ok && applied.entries[0]?.balancesAfter).toEqual([5n, 10n, -10n]);
  });

  it('reports the first broken rule when several are broken', () => {
    // Zero amount and unbalanced at once: zero_amount comes first.
    expect(
      entryFault(
        entry([
          { account: spot, amountMinor: 0n },
          { account: house, amountMinor: 3n },
        ]),
      ),
    ).toBe('zero_amount');
  });
});

describe('applyEntries', () => {
  it('keeps user balances at or above zero and fails the whole entry otherwise', () => {
    const balances = new Map([[accountKey(spot), 10n]]);
    const result = applyEntries(balances, [transferEntry(ref, 7, 2, 'spot', 'contract', 11n)]);
    expect(result).toEqual({ ok: false, index: 0, reason: 'insufficient_balance' });
    const ok = applyEntries(balances, [transferEntry(ref, 7, 2, 'spot', 'contract', 10n)]);
    expect(ok.ok && [...ok.balances]).toEqual([
      [accountKey(spot), 0n],
      [accountKey(contract), 10n],
    ]);
    expect(balances.get(accountKey(spot))).toBe(10n);
  });

  it('applies entries in order, so a later entry may spend what an earlier one brought', () => {
    const result = applyEntries(new Map(), [
      adjustmentEntry(ref, 7, 2, 8n),
      transferEntry(ref, 7, 2, 'spot', 'contract', 8n),
    ]);
    expect(result.ok && result.entries.map((e) => e.balancesAfter)).toEqual([
      [-8n, 8n],
      [0n, 8n],
    ]);
  });

  it('lets platform accounts go negative', () => {
    const result = applyEntries(new Map(), depositEntries(ref, 7, 2, 100n, 3n));
    expect(result.ok && result.balances.get(accountKey(platformAccount(2, 'external')))).toBe(-100n);
    expect(result.ok && result.balances.get(accountKey(platformAccount(2, 'deposit_clearing')))).toBe(0n);
    expect(result.ok && result.balances.get(accountKey(spot))).toBe(97n);
  });
});

describe('flows', () => {
  it('refuse amounts no caller may ask for', () => {
    expect(() => transferEntry(ref, 7, 2, 'spot', 'spot', 1n)).toThrow(RangeError);
    expect(() => transferEntry(ref, 7, 2, 'spot', 'contract', 0n)).toThrow(RangeError);
    expect(() => depositEntries(ref, 7, 2, 10n, 10n)).toThrow(RangeError);
    expect(() => withdrawalPayoutEntry(ref, 2, 10n, -1n)).toThrow(RangeError);
    expect(() => adjustmentEntry(ref, 7, 2, 0n)).toThrow(RangeError);
  });

  it('keep every currency summing to zero and user balances non-negative over any sequence', () => {
    const amount = fc.bigInt({ min: 1n, max: 10n ** 12n });
    const operation = fc.oneof(
      fc.record({
        op: fc.constant('deposit' as const),
        user: fc.nat(2),
        gross: amount,
        feePermille: fc.nat(999),
      }),
      fc.record({
        op: fc.constant('withdraw' as const),
        user: fc.nat(2),
        amount,
        approve: fc.boolean(),
        feePermille: fc.nat(999),
      }),
      fc.record({ op: fc.constant('transfer' as const), user: fc.nat(2), amount, toContract: fc.boolean() }),
      fc.record({ op: fc.constant('adjust' as const), user: fc.nat(2), amount, credit: fc.boolean() }),
    );
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 60 }), (operations) => {
        let balances = new Map<string, bigint>();
        // The model: what each user may spend, tracked independently of the ledger.
        const model = new Map<string, bigint>();
        const spend = (user: number, kind: string) => model.get(`${user}:${kind}`) ?? 0n;
        const setModel = (user: number, kind: string, value: bigint) => model.set(`${user}:${kind}`, value);
        for (const o of operations) {
          let drafts: EntryDraft[];
          if (o.op === 'deposit') {
            const fee = (o.gross * BigInt(o.feePermille)) / 1000n;
            drafts = depositEntries(ref, o.user, 2, o.gross, fee);
          } else if (o.op === 'withdraw') {
            const fee = (o.amount * BigInt(o.feePermille)) / 1000n;
            drafts = [
              withdrawalHoldEntry(ref, o.user, 2, o.amount),
              o.approve
                ? withdrawalPayoutEntry(ref, 2, o.amount, fee)
                : withdrawalReturnEntry(ref, o.user, 2, o.amount),
            ];
          } else if (o.op === 'transfer') {
            drafts = [
              transferEntry(
                ref,
                o.user,
                2,
                o.toContract ? 'spot' : 'contract',
                o.toContract ? 'contract' : 'spot',
                o.amount,
              ),
            ];
          } else {
            drafts = [adjustmentEntry(ref, o.user, 2, o.credit ? o.amount : -o.amount)];
          }
          const result = applyEntries(balances, drafts);
          // The model says whether the operation is affordable; the ledger must agree.
          const before = { spot: spend(o.user, 'spot'), contract: spend(o.user, 'contract') };
          let affordable = true;
          if (o.op === 'deposit')
            setModel(o.user, 'spot', before.spot + o.gross - (o.gross * BigInt(o.feePermille)) / 1000n);
          if (o.op === 'withdraw') {
            affordable = before.spot >= o.amount;
            if (affordable && o.approve) setModel(o.user, 'spot', before.spot - o.amount);
          }
          if (o.op === 'transfer') {
            const [from, to] = o.toContract
              ? (['spot', 'contract'] as const)
              : (['contract', 'spot'] as const);
            affordable = before[from] >= o.amount;
            if (affordable) {
              setModel(o.user, from, before[from] - o.amount);
              setModel(o.user, to, before[to] + o.amount);
            }
          }
          if (o.op === 'adjust') {
            affordable = o.credit || before.spot >= o.amount;
            if (affordable) setModel(o.user, 'spot', before.spot + (o.credit ? o.amount : -o.amount));
          }
          expect(result.ok).toBe(affordable);
          if (!result.ok) continue;
          balances = new Map([...balances, ...result.balances]);
          let sum = 0n;
          for (const value of balances.values()) sum += value;
          expect(sum).toBe(0n);
          for (const [key, value] of balances) {
            if (!key.startsWith('p:')) expect(value).toBeGreaterThanOrEqual(0n);
          }
        }
        for (const [key, value] of model) {
          const [user, kind] = key.split(':');
          expect(balances.get(`${user}:2:${kind}`) ?? 0n).toBe(value);
        }
      }),
    );
  });
});

describe('applyEach', () => {
  it('refuses an entry alone: the next entries see the balances without it', () => {
    const start = new Map([[accountKey(spot), 10n]]);
    const take = (amount: bigint) => adjustmentEntry(ref, 7, 2, -amount);
    const { results, balances } = applyEach(start, [take(6n), take(6n), take(4n), entry([])]);
    expect(results.map((r) => (r.ok ? r.applied.balancesAfter : r.reason))).toEqual([
      [6n, 4n],
      'insufficient_balance',
      [10n, 0n],
      'too_few_postings',
    ]);
    expect(balances.get(accountKey(spot))).toBe(0n);
    expect(start.get(accountKey(spot))).toBe(10n);
  });
});
