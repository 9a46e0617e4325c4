import { describe, expect, it } from 'vitest';
import type { TimingConfig } from '@vela/contract';
import {
  checkOrder,
  clockOffset,
  elapsedShare,
  enabledPeriods,
  expectedPayout,
  formatCountdown,
  isolate,
  leftIds,
  liveEstimate,
  nextRefreshMs,
  outcomeLabel,
  periodLabel,
  preselectedPeriod,
  presetAmounts,
  rangeHint,
  shownAmount,
  shownState,
  signedAmount,
  stakeOverLimit,
  SETTLING_POLL_MS,
  EXPIRY_MARGIN_MS,
  OPENING_POLL_MS,
  LIVE_SAFETY_MS,
  detailRefreshMs,
  type TimingPeriod,
} from '../../../src/features/trade/timing-logic.ts';
import { makeOpeningOrder, makeOrder } from '../../support/timing-fixtures.ts';

const PERIOD = { seconds: 30, payoutRate: '0.80', minAmount: '10', maxAmount: '50000', enabled: true };

describe('countdown', () => {
  it('shows minutes and seconds, rounding up, and hours only when needed', () => {
    expect(formatCountdown(30_000)).toBe('00:30');
    expect(formatCountdown(29_001)).toBe('00:30');
    expect(formatCountdown(29_000)).toBe('00:29');
    expect(formatCountdown(1)).toBe('00:01');
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(-5_000)).toBe('00:00');
    expect(formatCountdown(299_500)).toBe('05:00');
    expect(formatCountdown(3_600_000)).toBe('1:00:00');
    expect(formatCountdown(90_061_000)).toBe('25:01:01');
  });

  it('measures the elapsed share of the period from the open tick, clamped to 0..1', () => {
    const order = makeOrder();
    const open = order.openTickTime ?? 0;
    expect(elapsedShare(order, open - 1000)).toBe(0);
    expect(elapsedShare(order, open + 15_000)).toBe(0.5);
    expect(elapsedShare(order, open + 30_001)).toBe(1);
    // An order still opening has not started its period.
    expect(elapsedShare(makeOpeningOrder(), open + 15_000)).toBe(0);
  });

  it('keeps an opening order opening, without a countdown, an estimate or a settling state', () => {
    const opening = makeOpeningOrder();
    expect(shownState(opening, opening.createdAt + 60_000)).toBe('opening');
    expect(liveEstimate(opening, '64000.13')).toBeNull();
    expect(nextRefreshMs([opening], opening.createdAt)).toBe(OPENING_POLL_MS);
    expect(nextRefreshMs([opening], opening.createdAt, true)).toBe(LIVE_SAFETY_MS);
    expect(detailRefreshMs(opening, opening.createdAt)).toBe(OPENING_POLL_MS);
    expect(detailRefreshMs(opening, opening.createdAt, true)).toBe(LIVE_SAFETY_MS);
  });

  it('calls an open order past its expiry "settling" before the server does', () => {
    const order = makeOrder();
    const expiry = order.expiresAt ?? 0;
    expect(shownState(order, expiry - 1)).toBe('open');
    expect(shownState(order, expiry)).toBe('settling');
    expect(shownState({ ...order, state: 'settled' }, expiry + 5000)).toBe('settled');
  });

  it('names periods in their largest whole unit', () => {
    expect(periodLabel(30)).toEqual({ key: 'timing.periodSeconds', params: { count: 30 } });
    expect(periodLabel(90)).toEqual({ key: 'timing.periodSeconds', params: { count: 90 } });
    expect(periodLabel(120)).toEqual({ key: 'timing.periodMinutes', params: { count: 2 } });
    expect(periodLabel(7200)).toEqual({ key: 'timing.periodHours', params: { count: 2 } });
    expect(periodLabel(86_400)).toEqual({ key: 'timing.periodDays', params: { count: 1 } });
  });
});

describe('live estimate', () => {
  it('follows the settlement rule for both directions: above wins up, below wins down', () => {
    const up = makeOrder({ direction: 'up', openPrice: '64000.12' });
    expect(liveEstimate(up, '64000.13')).toEqual({
      outcome: 'win',
      payout: '180.000000',
      profit: '80.000000',
    });
    expect(liveEstimate(up, '63999.99')).toEqual({
      outcome: 'loss',
      payout: '0.000000',
      profit: '-100.000000',
    });
    const down = makeOrder({ direction: 'down', openPrice: '64000.12' });
    expect(liveEstimate(down, '63999.5')?.outcome).toBe('win');
    expect(liveEstimate(down, '64001')?.outcome).toBe('loss');
  });

  it('compares prices written with different decimals exactly', () => {
    const order = makeOrder({ openPrice: '3100.50' });
    expect(liveEstimate(order, '3100.5')?.outcome).toBe('tie');
    expect(liveEstimate(order, '3100.500001')?.outcome).toBe('win');
  });

  it('applies the order’s tie rule: a refund or a lost stake', () => {
    expect(liveEstimate(makeOrder({ tieRule: 'refund' }), '64000.12')).toEqual({
      outcome: 'tie',
      payout: '100.000000',
      profit: '0.000000',
    });
    expect(liveEstimate(makeOrder({ tieRule: 'loss' }), '64000.12')).toEqual({
      outcome: 'tie',
      payout: '0.000000',
      profit: '-100.000000',
    });
  });

  it('truncates the profit of a win as the server books it', () => {
    const order = makeOrder({ amount: '10.333333', payoutRate: '0.85' });
    // 10.333333 × 0.85 = 8.78333305 -> 8.783333 (toward zero, never more than is paid).
    expect(liveEstimate(order, '70000')).toEqual({ outcome: 'win', payout: '19.116666', profit: '8.783333' });
  });

  it('names a refunded tie "Refunded (tie)" and a tie under the loss rule "Tie"', () => {
    expect(outcomeLabel('tie', 'refund')).toBe('timing.outcome.tieRefunded');
    expect(outcomeLabel('tie', 'loss')).toBe('timing.outcome.tie');
    expect(outcomeLabel('win', 'refund')).toBe('timing.outcome.win');
    expect(outcomeLabel('loss', 'loss')).toBe('timing.outcome.loss');
  });

  it('has no estimate without a readable price', () => {
    expect(liveEstimate(makeOrder(), undefined)).toBeNull();
    expect(liveEstimate(makeOrder(), 'abc')).toBeNull();
  });
});

describe('order form', () => {
  it('asks for an expiration time before anything else', () => {
    expect(
      checkOrder({ period: null, amount: '50', scale: 6, decimals: 6, available: '1000' }).period,
    ).toEqual({
      key: 'validation.selectExpiration',
    });
  });

  it('checks the amount: empty, wrong, decimals, the period’s range, then the balance', () => {
    const check = (amount: string, available: string | null = '1000.000000') =>
      checkOrder({ period: PERIOD, amount, scale: 6, decimals: 6, available });
    expect(check('').amount).toEqual({ key: 'validation.amountEmpty' });
    expect(check('1.2.3').amount).toEqual({ key: 'validation.amountWrong' });
    expect(check('0').amount).toEqual({ key: 'validation.amountWrong' });
    expect(check('10.1234567').amount).toEqual({
      key: 'validation.amountPrecision',
      params: { decimals: 6 },
    });
    expect(check('9.99').amount).toEqual({
      key: 'validation.amountOutOfRange',
      range: { key: 'validation.rangeMinMax', params: { min: '10.00', max: '50,000.00' } },
    });
    expect(check('50000.01').amount?.key).toBe('validation.amountOutOfRange');
    expect(check('1000.000001').amount).toEqual({ key: 'error.INSUFFICIENT_BALANCE' });
    expect(check('1000')).toEqual({ period: null, amount: null, stakeMinor: 1_000_000_000n });
    // Unknown balance: the server decides.
    expect(check('5000', null).amount).toBeNull();
  });

  it('starts with the last period chosen while it is offered, otherwise the shortest', () => {
    const minute = { ...PERIOD, seconds: 60 };
    expect(preselectedPeriod([PERIOD, minute], 60)).toBe(minute);
    expect(preselectedPeriod([PERIOD, minute], 300)).toBe(PERIOD);
    expect(preselectedPeriod([PERIOD, minute], null)).toBe(PERIOD);
    expect(preselectedPeriod([], 60)).toBeNull();
  });

  it('reports a stake over the maximum or the balance as it is typed, and nothing below the minimum', () => {
    const over = (amount: string, available: string | null = '1000.000000', period: TimingPeriod = PERIOD) =>
      stakeOverLimit({ period, amount, scale: 6, available });
    expect(over('')).toBeNull();
    expect(over('1')).toBeNull();
    expect(over('1000')).toBeNull();
    expect(over('1000.000001')).toEqual({ key: 'error.INSUFFICIENT_BALANCE' });
    expect(over('50000.01', '90000')).toEqual({
      key: 'validation.amountOutOfRange',
      range: { key: 'validation.rangeMinMax', params: { min: '10.00', max: '50,000.00' } },
    });
    // Over both: the limit first, since no deposit would make the stake acceptable.
    expect(over('60000')?.key).toBe('validation.amountOutOfRange');
    expect(over('60000', null, { ...PERIOD, maxAmount: null })).toBeNull();
    expect(over('60000', '100', { ...PERIOD, maxAmount: null })).toEqual({
      key: 'error.INSUFFICIENT_BALANCE',
    });
    expect(stakeOverLimit({ period: null, amount: '60000', scale: 6, available: '1' })).toBeNull();
  });

  it('allows only the decimals the platform allows, and counts the stake at the coin’s scale', () => {
    // GLOBAL amountMaxPrecision 4 against USDT's 6 decimals: the server refuses a 6-decimal stake.
    const check = (amount: string) =>
      checkOrder({ period: PERIOD, amount, scale: 6, decimals: 4, available: '1000' });
    expect(check('10.123456').amount).toEqual({ key: 'validation.amountPrecision', params: { decimals: 4 } });
    expect(check('10.12345').amount).toEqual({ key: 'validation.amountPrecision', params: { decimals: 4 } });
    expect(check('10.1234')).toEqual({ period: null, amount: null, stakeMinor: 10_123_400n });
    expect(check('1000.0001').amount).toEqual({ key: 'error.INSUFFICIENT_BALANCE' });
  });

  it('quotes the payout of a win: the stake and its truncated profit', () => {
    expect(expectedPayout('100', PERIOD, 6)).toBe('180.000000');
    expect(expectedPayout('10.333333', { ...PERIOD, payoutRate: '0.85' }, 6)).toBe('19.116666');
    expect(expectedPayout('', PERIOD, 6)).toBeNull();
    expect(expectedPayout('100', null, 6)).toBeNull();
  });

  it('offers quick amounts as multiples of the minimum within the maximum', () => {
    expect(presetAmounts(PERIOD, 6)).toEqual(['10', '50', '100', '500']);
    expect(presetAmounts({ minAmount: '10', maxAmount: '200' }, 6)).toEqual(['10', '50', '100']);
    expect(presetAmounts({ minAmount: '0.5', maxAmount: null }, 6)).toEqual(['0.5', '2.5', '5', '25']);
    // Only amounts the user could have typed: at most 4 decimals here.
    expect(presetAmounts({ minAmount: '0.00002', maxAmount: null }, 6, 4)).toEqual([
      '0.0001',
      '0.0002',
      '0.001',
    ]);
  });

  it('hints the range, uncapped when there is no maximum', () => {
    expect(rangeHint(PERIOD)).toEqual({
      key: 'validation.rangeMinMax',
      params: { min: '10.00', max: '50,000.00' },
    });
    expect(rangeHint({ minAmount: '10.5', maxAmount: null })).toEqual({
      key: 'validation.rangeMinUncapped',
      params: { min: '10.50' },
    });
  });

  it('lists only enabled periods of an enabled configuration, shortest first', () => {
    const config: TimingConfig[] = [
      {
        vcId: 1,
        settleVcId: 1,
        enabled: true,
        periods: [
          { ...PERIOD, seconds: 120 },
          { ...PERIOD, seconds: 60, enabled: false },
          { ...PERIOD, seconds: 30 },
        ],
      },
      { vcId: 2, settleVcId: 1, enabled: false, periods: [PERIOD] },
    ];
    expect(enabledPeriods(config, 1).map((p) => p.seconds)).toEqual([30, 120]);
    expect(enabledPeriods(config, 2)).toEqual([]);
    expect(enabledPeriods(config, 3)).toEqual([]);
    expect(enabledPeriods(undefined, 1)).toEqual([]);
  });
});

describe('refreshing the open orders', () => {
  it('asks again just after the next expiry, then every 2 s while any is settling, never when none', () => {
    const now = 1_700_000_000_000;
    const soon = makeOrder({ expiresAt: now + 12_000 });
    const later = makeOrder({ id: 8, expiresAt: now + 40_000 });
    expect(nextRefreshMs([later, soon], now)).toBe(12_000 + EXPIRY_MARGIN_MS);
    expect(nextRefreshMs([later, { ...soon, expiresAt: now - 1 }], now)).toBe(SETTLING_POLL_MS);
    expect(nextRefreshMs([{ ...soon, state: 'settling' }], now)).toBe(SETTLING_POLL_MS);
    expect(nextRefreshMs([], now)).toBe(false);
    // Just before an expiry it still waits a moment rather than hammering the server.
    expect(nextRefreshMs([makeOrder({ expiresAt: now + 10 })], now)).toBe(SETTLING_POLL_MS / 2);
  });

  it('finds the orders that left the active list', () => {
    expect(leftIds(new Set([1, 2, 3]), new Set([3, 4]))).toEqual([1, 2]);
    expect(leftIds(new Set(), new Set([1]))).toEqual([]);
  });

  it('reads the server clock from the midpoint of an exchange', () => {
    expect(clockOffset(10_500, 10_000, 10_200)).toBe(400);
    expect(clockOffset(9_000, 10_000, 10_200)).toBe(-1100);
  });
});

describe('display', () => {
  it('shows amounts with their significant decimals and a sign for profits', () => {
    expect(shownAmount('100.000000')).toBe('100.00');
    expect(shownAmount('0.125000')).toBe('0.125');
    expect(shownAmount('12345.5')).toBe('12,345.50');
    expect(signedAmount('80.000000')).toBe('+80.00');
    expect(signedAmount('-100.000000')).toBe('-100.00');
    expect(signedAmount('0.000000')).toBe('0.00');
  });

  it('isolates figures for right-to-left text', () => {
    expect(isolate('+80.00 USDT')).toBe('\u2066+80.00 USDT\u2069');
  });
});
