import type { TimingConfig, TimingOrder } from '@vela/contract';
import {
  checkAmount,
  formatMinor,
  formatNumber,
  parseDecimal,
  rebatePercent,
  timingProfit,
  timingResult,
  type TimingDirection,
  type TimingOutcome,
} from '@vela/domain';
import type { MessageKey, MessageParams } from '@vela/i18n';
import { decimalsOf, shownAmount, signedAmount } from '../../lib/amount-text.ts';

/**
 * The timed-trade screens' figures and rules as pure functions, outside React, so they are tested
 * without a browser: the periods a coin offers, the order form's checks, the expected payout and the live result estimate
 * (with the domain's own `timingResult`, so the estimate is the rule the server settles by), the
 * countdown and when the open orders are asked for again. The screens only dispatch and display.
 */

/** How often orders past their expiry are asked for while the settlement has not committed. */
export const SETTLING_POLL_MS = 2000;

/**
 * How often an order still opening (waiting for the first tick after its acceptance, about a
 * second) is asked for when no live event says it has opened.
 */
export const OPENING_POLL_MS = 1000;

/**
 * The first look after an expiry waits this much longer than the countdown, so that the server,
 * whose clock may be a little behind the estimate, already calls the order "settling".
 */
export const EXPIRY_MARGIN_MS = 300;

/**
 * While the user's live channel is subscribed (decision 024) a settlement arrives as an event, and
 * the orders are asked for again only this long after an order should have settled (and as long as
 * one still waits), in case an event was lost: a slow safety net instead of the 2 s polling.
 */
export const LIVE_SAFETY_MS = 10_000;

export type TimingPeriod = TimingConfig['periods'][number];

/** The periods a coin offers now, shortest first; none when its configuration is closed. */
export function enabledPeriods(config: readonly TimingConfig[] | undefined, vcId: number): TimingPeriod[] {
  const entry = config?.find((c) => c.vcId === vcId);
  if (!entry?.enabled) return [];
  return entry.periods.filter((p) => p.enabled).sort((a, b) => a.seconds - b.seconds);
}

/**
 * The period the form starts with: the user's last choice while this coin still offers it,
 * otherwise the shortest one offered (`periods` is shortest first); none when nothing is offered.
 */
export function preselectedPeriod(
  periods: readonly TimingPeriod[],
  lastChosen: number | null,
): TimingPeriod | null {
  return periods.find((p) => p.seconds === lastChosen) ?? periods[0] ?? null;
}

/** A period in its largest whole unit: 30 -> 30 s, 120 -> 2 min, 3600 -> 1 h, 86400 -> 1 d. */
export function periodLabel(seconds: number): { key: MessageKey; params: MessageParams } {
  if (seconds > 0 && seconds % 86_400 === 0)
    return { key: 'timing.periodDays', params: { count: seconds / 86_400 } };
  if (seconds > 0 && seconds % 3600 === 0)
    return { key: 'timing.periodHours', params: { count: seconds / 3600 } };
  if (seconds > 0 && seconds % 60 === 0)
    return { key: 'timing.periodMinutes', params: { count: seconds / 60 } };
  return { key: 'timing.periodSeconds', params: { count: seconds } };
}

/** The profit of a win as a percentage, without float arithmetic ("0.85" -> "85"). */
export function ratePercent(payoutRate: string): string {
  return rebatePercent(payoutRate);
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Time left as a clock: "00:23", "04:59", "1:00:00". Seconds are rounded up, so "00:01" shows
 * until the very end and "00:00" only once the period is over.
 */
export function formatCountdown(remainingMs: number): string {
  const total = Math.max(0, Math.ceil(remainingMs / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${pad(minutes)}:${pad(seconds)}`;
}

/**
 * How much of the period has passed, from 0 to 1, for the progress bar under the countdown; the
 * period runs from the open tick, so an order still opening has 0.
 */
export function elapsedShare(order: Pick<TimingOrder, 'openTickTime' | 'expiresAt'>, nowMs: number): number {
  if (order.openTickTime === null || order.expiresAt === null) return 0;
  const span = order.expiresAt - order.openTickTime;
  if (span <= 0) return 1;
  return Math.min(1, Math.max(0, (nowMs - order.openTickTime) / span));
}

export { decimalsOf, shownAmount, signedAmount };

/** A price with the decimals it was sent with ("3100.50" -> "3,100.50"). */
export function shownPrice(text: string): string {
  return formatNumber(text, decimalsOf(text));
}

/** A quick amount as a user would type it: no trailing zeros ("50.000000" -> "50"). */
function typedAmount(minor: bigint, scale: number): string {
  const text = formatMinor(minor, scale);
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

/** The quick-amount buttons: multiples of the period's minimum stake, within its maximum. */
export const PRESET_MULTIPLES = [1n, 5n, 10n, 50n] as const;

/**
 * The quick amounts of a period, each one the user could have typed: with at most `decimals`
 * decimals (the platform may allow fewer than the coin's `scale`).
 */
export function presetAmounts(
  period: Pick<TimingPeriod, 'minAmount' | 'maxAmount'>,
  scale: number,
  decimals = scale,
): string[] {
  const min = parseDecimal(period.minAmount, scale);
  const max = period.maxAmount === null ? null : parseDecimal(period.maxAmount, scale);
  // A period without a usable minimum offers round amounts instead.
  const base = min.ok && min.minor > 0n ? min.minor : 10n * 10n ** BigInt(scale);
  const amounts: string[] = [];
  for (const multiple of PRESET_MULTIPLES) {
    const minor = base * multiple;
    if (max?.ok && minor > max.minor) break;
    const text = typedAmount(minor, scale);
    if (decimalsOf(text) <= decimals) amounts.push(text);
  }
  return amounts;
}

/** The "Min X, Max Y" (or "Min X, Uncapped") hint of a period, with its significant decimals. */
export function rangeHint(period: Pick<TimingPeriod, 'minAmount' | 'maxAmount'>): {
  key: MessageKey;
  params: MessageParams;
} {
  const min = shownAmount(period.minAmount);
  return period.maxAmount === null
    ? { key: 'validation.rangeMinUncapped', params: { min } }
    : { key: 'validation.rangeMinMax', params: { min, max: shownAmount(period.maxAmount) } };
}

/**
 * A message for the form: a catalogue key with its values; `range` is a second message (the "Min X,
 * Max Y" hint) that fills the `{{range}}` placeholder once translated.
 */
export interface FieldMessage {
  key: MessageKey;
  params?: MessageParams;
  range?: { key: MessageKey; params: MessageParams };
}

export interface OrderCheck {
  /** The first problem, in the order the form shows them: the period, then the amount. */
  period: FieldMessage | null;
  amount: FieldMessage | null;
  stakeMinor: bigint | null;
}

/**
 * For a timed trade: an expiry period must be chosen ("Please select an expiration
 * time"), and the amount must be given, well formed, within the decimals allowed (`decimals`: the
 * settlement coin's, or fewer when the platform's GLOBAL `amountMaxPrecision` says so), within the
 * period's limits and within the available balance (when known; otherwise the server decides).
 * The server checks all of it again.
 */
export function checkOrder(input: {
  period: TimingPeriod | null;
  amount: string;
  scale: number;
  decimals: number;
  available: string | null;
}): OrderCheck {
  if (!input.period) {
    return { period: { key: 'validation.selectExpiration' }, amount: null, stakeMinor: null };
  }
  const limits = {
    min: input.period.minAmount,
    max: input.period.maxAmount,
    maxPrecision: input.decimals,
    scale: input.scale,
  };
  const check = checkAmount(input.amount, limits);
  if (!check.ok) {
    const amount: FieldMessage =
      check.error === 'amountEmpty'
        ? { key: 'validation.amountEmpty' }
        : check.error === 'amountWrong'
          ? { key: 'validation.amountWrong' }
          : check.error === 'amountPrecision'
            ? { key: 'validation.amountPrecision', params: { decimals: input.decimals } }
            : { key: 'validation.amountOutOfRange', range: rangeHint(input.period) };
    return { period: null, amount, stakeMinor: null };
  }
  if (exceedsBalance(input.amount, input.scale, input.available)) {
    return { period: null, amount: INSUFFICIENT_BALANCE, stakeMinor: null };
  }
  return { period: null, amount: null, stakeMinor: check.minor };
}

const INSUFFICIENT_BALANCE: FieldMessage = { key: 'error.INSUFFICIENT_BALANCE' };

/** Whether a message is the one about the balance, which the form follows with a way to deposit. */
export function isInsufficientBalance(message: FieldMessage | null): boolean {
  return message?.key === INSUFFICIENT_BALANCE.key;
}

/** Whether `amount` is more than `available` (when known); compared at the finer of the two scales. */
function exceedsBalance(amount: string, scale: number, available: string | null): boolean {
  if (available === null) return false;
  const finer = Math.max(scale, decimalsOf(available));
  const typed = parseDecimal(amount.trim(), finer);
  const held = parseDecimal(available, finer);
  return typed.ok && held.ok && typed.minor > held.minor;
}

/**
 * What is wrong with a stake while it is being typed: more than the period's maximum, or more than
 * the available balance. Either way no payout is quoted for it. An amount still below the minimum
 * is not reported here, since it may be the start of a larger one; sending the order says so.
 */
export function stakeOverLimit(input: {
  period: TimingPeriod | null;
  amount: string;
  scale: number;
  available: string | null;
}): FieldMessage | null {
  const stake = parseDecimal(input.amount.trim(), input.scale);
  if (!input.period || !stake.ok || stake.minor <= 0n) return null;
  const max = input.period.maxAmount === null ? null : parseDecimal(input.period.maxAmount, input.scale);
  if (max?.ok && stake.minor > max.minor) {
    return { key: 'validation.amountOutOfRange', range: rangeHint(input.period) };
  }
  return exceedsBalance(input.amount, input.scale, input.available) ? INSUFFICIENT_BALANCE : null;
}

/**
 * What a win pays back for a typed stake: the stake and its profit, truncated as the server books it
 * (`timingProfit`). Null while the text is not a positive amount or no period is chosen.
 */
export function expectedPayout(amount: string, period: TimingPeriod | null, scale: number): string | null {
  if (!period) return null;
  const stake = parseDecimal(amount.trim(), scale);
  if (!stake.ok || stake.minor <= 0n) return null;
  try {
    return formatMinor(stake.minor + timingProfit(stake.minor, period.payoutRate), scale);
  } catch {
    // A payout rate the domain refuses cannot be quoted; the server refuses such an order too.
    return null;
  }
}

/** Two decimal prices as minor units of one common scale, so they compare exactly. */
function commonMinor(a: string, b: string): [bigint, bigint] | null {
  const scale = Math.max(decimalsOf(a), decimalsOf(b));
  const left = parseDecimal(a, scale);
  const right = parseDecimal(b, scale);
  return left.ok && right.ok ? [left.minor, right.minor] : null;
}

export interface Estimate {
  outcome: TimingOutcome;
  /** What would return to the spot account if the order settled at this price. */
  payout: string;
  /** payout - stake, signed. */
  profit: string;
}

/**
 * The result an open order would have if it settled at `price` now: the same rule and arithmetic the
 * settlement uses (`timingResult`), applied to the live price instead of the settlement tick. Null
 * when a figure cannot be read.
 */
export function liveEstimate(
  order: Pick<TimingOrder, 'direction' | 'openPrice' | 'amount' | 'payoutRate' | 'tieRule'>,
  price: string | null | undefined,
): Estimate | null {
  if (!price || order.openPrice === null) return null;
  const prices = commonMinor(order.openPrice, price);
  const scale = decimalsOf(order.amount);
  const stake = parseDecimal(order.amount, scale);
  if (!prices || !stake.ok) return null;
  try {
    const result = timingResult(
      {
        direction: order.direction,
        openPriceMinor: prices[0],
        stakeMinor: stake.minor,
        payoutRate: order.payoutRate,
        tieRule: order.tieRule,
      },
      prices[1],
    );
    return {
      outcome: result.outcome,
      payout: formatMinor(result.payoutMinor, scale),
      profit: formatMinor(result.profitMinor, scale),
    };
  } catch {
    return null;
  }
}

/** The colour of a result: a win is the "up" colour, a loss the "down" one, a tie neither. */
export function outcomeTone(outcome: TimingOutcome | null): 'up' | 'down' | 'flat' {
  return outcome === 'win' ? 'up' : outcome === 'loss' ? 'down' : 'flat';
}

/** Buy long is the "up" colour, sell short the "down" one, everywhere. */
export function directionTone(direction: TimingDirection): 'up' | 'down' {
  return direction === 'up' ? 'up' : 'down';
}

/** The dictionary's names of the directions (TradeOrderDirectionEnum: 1 buy long, 2 sell short). */
export const DIRECTION_LABEL: Record<TimingDirection, MessageKey> = {
  up: 'dict.TradeOrderDirectionEnum.1',
  down: 'dict.TradeOrderDirectionEnum.2',
};

export const OUTCOME_LABEL: Record<TimingOutcome, MessageKey> = {
  win: 'timing.outcome.win',
  loss: 'timing.outcome.loss',
  tie: 'timing.outcome.tie',
};

/**
 * The name of a settled result. A tie under the refund rule gave the stake back, and says so; under
 * the loss rule it stays "Tie", beside a profit that shows the stake was lost.
 */
export function outcomeLabel(outcome: TimingOutcome, tieRule: TimingOrder['tieRule']): MessageKey {
  return outcome === 'tie' && tieRule === 'refund' ? 'timing.outcome.tieRefunded' : OUTCOME_LABEL[outcome];
}

/** How long a settled order stays in the open orders, as its result card, before it leaves them. */
export const RESULT_SHOWN_MS = 6000;

export const ESTIMATE_LABEL: Record<TimingOutcome, MessageKey> = {
  win: 'timing.estimate.win',
  loss: 'timing.estimate.loss',
  tie: 'timing.estimate.tie',
};

/**
 * When the open orders should be asked for again: every second while any is opening, every 2 s
 * while any is past its expiry (it is waiting for its settlement), otherwise just after the next
 * expiry; never when there are none. With the live channel subscribed (`live`) the opening's and
 * the settlement's events do that, and the safety refetch comes `LIVE_SAFETY_MS` after the next
 * expiry (or opening), then every `LIVE_SAFETY_MS` while an order still waits.
 */
export function nextRefreshMs(
  orders: readonly Pick<TimingOrder, 'state' | 'expiresAt'>[],
  nowMs: number,
  live = false,
): number | false {
  let next = Infinity;
  for (const order of orders) {
    if (order.state === 'settled') continue;
    if (order.expiresAt === null) {
      if (!live) return OPENING_POLL_MS;
      next = Math.min(next, LIVE_SAFETY_MS);
      continue;
    }
    if (order.state === 'settling' || order.expiresAt <= nowMs) {
      if (!live) return SETTLING_POLL_MS;
      next = Math.min(next, LIVE_SAFETY_MS);
      continue;
    }
    next = Math.min(next, order.expiresAt - nowMs + (live ? LIVE_SAFETY_MS : EXPIRY_MARGIN_MS));
  }
  return Number.isFinite(next) ? Math.max(OPENING_POLL_MS, next) : false;
}

/**
 * When an open detail sheet asks for its order again: every second while it is opening, at its
 * expiry, then every 2 s until it has settled; with the live channel subscribed, `LIVE_SAFETY_MS`
 * later each (the event comes first).
 */
export function detailRefreshMs(
  order: Pick<TimingOrder, 'state' | 'expiresAt'>,
  nowMs: number,
  live = false,
): number | false {
  if (order.state === 'settled') return false;
  if (order.expiresAt === null) return live ? LIVE_SAFETY_MS : OPENING_POLL_MS;
  if (shownState(order, nowMs) === 'settling') return live ? LIVE_SAFETY_MS : SETTLING_POLL_MS;
  return Math.max(OPENING_POLL_MS, order.expiresAt - nowMs + (live ? LIVE_SAFETY_MS : 0));
}

/** The state an order shows now: the server's, or "settling" once its countdown is over. */
export function shownState(
  order: Pick<TimingOrder, 'state' | 'expiresAt'>,
  nowMs: number,
): TimingOrder['state'] {
  return order.state === 'open' && order.expiresAt !== null && order.expiresAt <= nowMs
    ? 'settling'
    : order.state;
}

/** The ids of `previous` that `current` no longer holds: active orders that left the list. */
export function leftIds(previous: ReadonlySet<number>, current: ReadonlySet<number>): number[] {
  return [...previous].filter((id) => !current.has(id));
}

/**
 * The difference between the server's clock and the device's, from one exchange: the server stamped
 * `serverMs` somewhere between sending and receiving, so the midpoint is the best guess (as NTP does).
 */
export function clockOffset(serverMs: number, sentAtMs: number, receivedAtMs: number): number {
  return Math.round(serverMs - (sentAtMs + receivedAtMs) / 2);
}

/**
 * Wraps a figure in a left-to-right isolate (U+2066 … U+2069), so that inside a translated sentence
 * (a toast, a hint) it keeps its own order in Arabic instead of being reordered by the text around it.
 */
export function isolate(text: string): string {
  return `\u2066${text}\u2069`;
}
