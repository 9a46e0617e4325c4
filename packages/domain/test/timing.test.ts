import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  accountKey,
  applyEntries,
  entryFault,
  platformAccount,
  userAccount,
  settlementTick,
  openingTick,
  timingExpiry,
  timingOutcome,
  timingProfit,
  timingResult,
  timingSettlementEntry,
  timingStakeEntry,
  type RecordedTick,
  type TimingDirection,
} from '../src/index.ts';

const ticks: RecordedTick[] = [
  { id: 11, timeMs: 1_000, priceMinor: 100n },
  { id: 12, timeMs: 2_000, priceMinor: 101n },
  { id: 14, timeMs: 4_000, priceMinor: 99n },
];

describe('the settlement tick', () => {
  it('is the first recorded tick at or after the expiry instant', () => {
    expect(settlementTick(ticks, 2_000)?.id).toBe(12);
    expect(settlementTick(ticks, 1_999)?.id).toBe(12);
    expect(settlementTick(ticks, 2_001)?.id).toBe(14);
    // A missing second (3 000) is not skipped over backwards: the next recorded one counts.
    expect(settlementTick(ticks, 3_000)?.id).toBe(14);
    expect(settlementTick(ticks, 0)?.id).toBe(11);
  });

  it('is absent until the feed has recorded the expiry second', () => {
    expect(settlementTick(ticks, 4_001)).toBeUndefined();
    expect(settlementTick([], 1)).toBeUndefined();
  });

  it('agrees with a linear scan for any history and instant', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 10_000 }), { maxLength: 60 }),
        fc.integer({ min: -10, max: 10_010 }),
        (times, expiry) => {
          const history = [...times]
            .sort((a, b) => a - b)
            .map((timeMs, i) => ({ id: i + 1, timeMs, priceMinor: BigInt(timeMs) }));
          expect(settlementTick(history, expiry)).toEqual(history.find((t) => t.timeMs >= expiry));
        },
      ),
    );
  });
});

describe('outcomes', () => {
  it.each<[TimingDirection, bigint, bigint, string]>([
    ['up', 100n, 101n, 'win'],
    ['up', 100n, 99n, 'loss'],
    ['up', 100n, 100n, 'tie'],
    ['down', 100n, 99n, 'win'],
    ['down', 100n, 101n, 'loss'],
    ['down', 100n, 100n, 'tie'],
  ])('%s from %d to %d is a %s', (direction, open, settle, outcome) => {
    expect(timingOutcome(direction, open, settle)).toBe(outcome);
  });

  it('pays stake and profit on a win, nothing on a loss, and the tie by its rule', () => {
    const order = { openPriceMinor: 100n, stakeMinor: 10_000_000n, payoutRate: '0.85' };
    expect(timingResult({ ...order, direction: 'up', tieRule: 'refund' }, 101n)).toEqual({
      outcome: 'win',
      payoutMinor: 18_500_000n,
      profitMinor: 8_500_000n,
    });
    expect(timingResult({ ...order, direction: 'up', tieRule: 'refund' }, 99n)).toEqual({
      outcome: 'loss',
      payoutMinor: 0n,
      profitMinor: -10_000_000n,
    });
    expect(timingResult({ ...order, direction: 'down', tieRule: 'refund' }, 100n)).toEqual({
      outcome: 'tie',
      payoutMinor: 10_000_000n,
      profitMinor: 0n,
    });
    expect(timingResult({ ...order, direction: 'down', tieRule: 'loss' }, 100n).payoutMinor).toBe(0n);
  });

  it('truncates the profit toward zero', () => {
    expect(timingProfit(7n, '0.85')).toBe(5n);
    expect(timingProfit(1n, '0.99999999')).toBe(0n);
    expect(() => timingProfit(1n, '-0.1')).toThrow(RangeError);
  });

  it('is a pure function of the recorded ticks: the same history always settles the same way', () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: 1n, max: 1_000_000n }), { minLength: 1, maxLength: 40 }),
        fc.constantFrom<TimingDirection>('up', 'down'),
        fc.bigInt({ min: 1n, max: 1_000_000n }),
        fc.integer({ min: 0, max: 45 }),
        (prices, direction, openPriceMinor, expirySecond) => {
          const history = prices.map((priceMinor, i) => ({ id: i + 1, timeMs: i * 1000, priceMinor }));
          const settle = () => {
            const tick = settlementTick(history, expirySecond * 1000);
            return tick
              ? timingResult(
                  { direction, openPriceMinor, stakeMinor: 1_000n, payoutRate: '0.8', tieRule: 'refund' },
                  tick.priceMinor,
                )
              : null;
          };
          expect(settle()).toEqual(settle());
          const tick = settlementTick(history, expirySecond * 1000);
          if (tick) expect(tick.timeMs).toBeGreaterThanOrEqual(expirySecond * 1000);
        },
      ),
    );
  });
});

describe('ledger entries', () => {
  const ref = { refType: 'timing', refId: 5 };
  const batch = { refType: 'timing_settlement', refId: 9 };

  it('moves the stake from spot into the escrow', () => {
    const stake = timingStakeEntry(ref, 7, 2, 1_000n);
    expect(entryFault(stake)).toBeNull();
    expect(stake.postings.map((p) => [p.account.userId, p.account.kind, p.amountMinor])).toEqual([
      [7, 'spot', -1_000n],
      [null, 'timing_escrow', 1_000n],
    ]);
    expect(() => timingStakeEntry(ref, 7, 2, 0n)).toThrow(RangeError);
  });

  it('settles a batch in one balanced entry: one posting per paying order, the rest with the house', () => {
    const orders = [
      { orderId: 1, userId: 7, stakeMinor: 1_000n, payoutMinor: 1_850n },
      { orderId: 2, userId: 7, stakeMinor: 500n, payoutMinor: 0n },
      { orderId: 3, userId: 8, stakeMinor: 300n, payoutMinor: 300n },
    ];
    const entry = timingSettlementEntry(batch, 2, orders);
    if (!entry) throw new Error('no entry');
    expect(entryFault(entry)).toBeNull();
    expect(entry).toMatchObject({ type: 'timing_settlement', refType: 'timing_settlement', refId: 9 });
    expect(
      entry.postings.map((p) => [p.account.userId, p.account.kind, p.amountMinor, p.ref?.refId]),
    ).toEqual([
      [null, 'timing_escrow', -1_800n, undefined],
      [7, 'spot', 1_850n, 1],
      [8, 'spot', 300n, 3],
      [null, 'house', -350n, undefined],
    ]);
    // Two payouts to one user's account in one batch are two postings, each naming its order.
    const twice = timingSettlementEntry(batch, 2, [
      { orderId: 1, userId: 7, stakeMinor: 100n, payoutMinor: 180n },
      { orderId: 4, userId: 7, stakeMinor: 100n, payoutMinor: 180n },
    ]);
    expect(twice && entryFault(twice)).toBeNull();
  });

  it('leaves the house out when it neither gains nor pays, and refuses impossible orders', () => {
    const refunds = timingSettlementEntry(batch, 2, [
      { orderId: 1, userId: 7, stakeMinor: 10n, payoutMinor: 10n },
    ]);
    expect(refunds?.postings.some((p) => p.account.kind === 'house')).toBe(false);
    const losses = timingSettlementEntry(batch, 2, [
      { orderId: 1, userId: 7, stakeMinor: 10n, payoutMinor: 0n },
    ]);
    expect(losses?.postings.map((p) => p.account.kind)).toEqual(['timing_escrow', 'house']);
    expect(timingSettlementEntry(batch, 2, [])).toBeUndefined();
    expect(() =>
      timingSettlementEntry(batch, 2, [{ orderId: 1, userId: 7, stakeMinor: 0n, payoutMinor: 0n }]),
    ).toThrow(RangeError);
    expect(() =>
      timingSettlementEntry(batch, 2, [{ orderId: 1, userId: 7, stakeMinor: 10n, payoutMinor: -1n }]),
    ).toThrow(RangeError);
  });

  it('holds the books to zero over random batches: escrow in equals escrow out', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            userId: fc.integer({ min: 1, max: 4 }),
            stakeMinor: fc.bigInt({ min: 1n, max: 10n ** 12n }),
            direction: fc.constantFrom<TimingDirection>('up', 'down'),
            move: fc.integer({ min: -2, max: 2 }),
          }),
          { minLength: 1, maxLength: 30 },
        ),
        (drafts) => {
          const orders = drafts.map((d, i) => ({
            orderId: i + 1,
            userId: d.userId,
            stakeMinor: d.stakeMinor,
            payoutMinor: timingResult(
              {
                direction: d.direction,
                openPriceMinor: 100n,
                stakeMinor: d.stakeMinor,
                payoutRate: '0.85',
                tieRule: 'refund',
              },
              100n + BigInt(d.move),
            ).payoutMinor,
          }));
          const stakes = orders.map((o) =>
            timingStakeEntry({ refType: 'timing', refId: o.orderId }, o.userId, 2, o.stakeMinor),
          );
          const settlement = timingSettlementEntry(batch, 2, orders);
          if (!settlement) return false;
          const applied = applyEntries(
            new Map(orders.map((o) => [accountKey(userAccount(o.userId, 2, 'spot')), 10n ** 13n])),
            [...stakes, settlement],
          );
          if (!applied.ok) return false;
          return applied.balances.get(accountKey(platformAccount(2, 'timing_escrow'))) === 0n;
        },
      ),
    );
  });
});

describe('the opening tick', () => {
  const ticks = [
    { id: 1, timeMs: 1_000, priceMinor: 100n },
    { id: 2, timeMs: 2_000, priceMinor: 101n },
    { id: 3, timeMs: 3_000, priceMinor: 102n },
  ];
  it('is the first tick recorded strictly after the acceptance, never one that already existed', () => {
    expect(openingTick(ticks, 999)?.id).toBe(1);
    expect(openingTick(ticks, 1_000)?.id).toBe(2);
    expect(openingTick(ticks, 1_500)?.id).toBe(2);
    expect(openingTick(ticks, 2_999)?.id).toBe(3);
  });
  it('is undefined until the feed records a later tick', () => {
    expect(openingTick(ticks, 3_000)).toBeUndefined();
    expect(openingTick([], 0)).toBeUndefined();
  });
  it('counts the expiry from the open tick', () => {
    expect(timingExpiry(2_000, 30)).toBe(32_000);
    expect(() => timingExpiry(2_000, 0)).toThrow(RangeError);
    expect(() => timingExpiry(Number.NaN, 30)).toThrow(RangeError);
  });
});
