import { describe, expect, it } from 'vitest';
import {
  dayOfHour,
  HOUR_MS,
  hoursOfDays,
  reportFactsOf,
  rollUp,
  timedResultFacts,
  type ReportPosting,
} from '../../src/index.ts';

const user = (userId: number, amountMinor: bigint, kind = 'spot'): ReportPosting => ({
  userId,
  kind,
  vcId: 2,
  amountMinor,
});
const platform = (kind: string, amountMinor: bigint): ReportPosting => ({
  userId: null,
  kind,
  vcId: 2,
  amountMinor,
});
const at = 10 * HOUR_MS + 5;

describe('report figures of an entry', () => {
  it('reads each kind of entry as the product rules say', () => {
    const facts = (type: string, postings: ReportPosting[], ownerId?: number) =>
      reportFactsOf({ type, vcId: 2, at, postings, ...(ownerId ? { ownerId } : {}) }).map((f) => [
        f.userId,
        f.figures,
      ]);
    expect(facts('timing_stake', [user(1, -100n), platform('timing_escrow', 100n)])).toEqual([
      [1, { orderAmount: 100n, orderCount: 1 }],
    ]);
    expect(
      facts('contract_close', [
        user(1, 40n, 'contract'),
        platform('house', -30n),
        platform('fees', 5n),
        user(1, -15n, 'margin'),
      ]),
    ).toEqual([[1, { profit: 30n, fee: 5n }]]);
    expect(
      facts('deposit', [platform('deposit_clearing', -100n), user(1, 98n), platform('fees', 2n)]),
    ).toEqual([[1, { recharge: 100n, rechargeFee: 2n, rechargeCount: 1 }]]);
    // The first leg of a deposit (outside into clearing) has no owner and moves nothing.
    expect(facts('deposit', [platform('external', -100n), platform('deposit_clearing', 100n)])).toEqual([]);
    expect(
      facts(
        'withdrawal_payout',
        [platform('withdrawal_clearing', -50n), platform('external', 49n), platform('fees', 1n)],
        4,
      ),
    ).toEqual([[4, { withdraw: 50n, withdrawFee: 1n, withdrawCount: 1 }]]);
    expect(facts('adjustment', [user(1, -20n), platform('house', 20n)])).toEqual([[1, { bonus: -20n }]]);
    expect(facts('rebate', [platform('house', -30n), user(5, 20n), user(6, 10n)])).toEqual([
      [5, { rebate: 20n }],
      [6, { rebate: 10n }],
    ]);
    expect(facts('transfer', [user(1, -5n), user(1, 5n, 'contract')])).toEqual([]);
  });

  it('refuses an entry of one user with postings of two', () => {
    expect(() =>
      reportFactsOf({ type: 'timing_stake', vcId: 2, at, postings: [user(1, -1n), user(2, 1n)] }),
    ).toThrow(/two users/);
  });

  it('counts a settled order’s profit as its payout less its stake', () => {
    expect(
      timedResultFacts([{ userId: 3, vcId: 2, stakeMinor: 100n, payoutMinor: 0n }], at)[0]?.figures,
    ).toEqual({
      profit: -100n,
    });
  });
});

describe('roll-ups', () => {
  it('adds each fact to its user and every ancestor’s team, a registration to the teams only', () => {
    const rows = rollUp(
      [
        { userId: 3, at, vcId: 2, figures: { orderAmount: 100n, orderCount: 1 } },
        { userId: 3, at: at + 60_000, vcId: 2, figures: { orderAmount: 50n, orderCount: 1 } },
        { userId: 3, at, vcId: 0, figures: { memberCount: 1 }, teamOnly: true },
      ],
      (id) => (id === 3 ? [2, 1] : []),
    );
    const figures = (key: string) => rows.get(key)?.figures;
    expect(figures('3|user|10|2')).toMatchObject({ orderAmount: 150n, orderCount: 2 });
    expect(figures('2|team|10|2')).toMatchObject({ orderAmount: 150n, orderCount: 2 });
    expect(figures('1|team|10|2')).toMatchObject({ orderAmount: 150n });
    expect(figures('1|team|10|0')).toMatchObject({ memberCount: 1 });
    expect(rows.has('3|user|10|0')).toBe(false);
    expect(figures('0|platform|10|2')).toMatchObject({ orderAmount: 150n });
    expect(figures('0|platform|10|0')).toMatchObject({ memberCount: 1 });
  });

  it('counts days in whole hours of an offset', () => {
    // 2026-11-28 00:00 at UTC+8 is 2026-11-27 16:00 UTC.
    const { first, end } = hoursOfDays('2026-11-28', '2026-11-29', 8);
    expect(new Date(first * HOUR_MS).toISOString()).toBe('2026-11-27T16:00:00.000Z');
    expect(end - first).toBe(48);
    expect(dayOfHour(first, 8)).toBe('2026-11-28');
    expect(dayOfHour(first - 1, 8)).toBe('2026-11-27');
  });
});
