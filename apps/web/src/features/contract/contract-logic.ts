import type { ContractAccount, ContractLevels, ContractTerms } from '@vela/contract';
import {
  CAUTION_RISK,
  feeRateUnits,
  forcedClosePrice,
  formatMinor,
  marginOf,
  parseDecimal,
  quantityStep,
  reachesLevel,
  riskFigures,
  tradeFee,
  truncateDecimal,
  type ContractKind,
  type ContractScales,
  type ContractSide,
  type Marks,
  type RiskAccount,
  type RiskPosition,
} from '@vela/domain';
import { decimalsOf, QUICK_SHARES, typedFigure } from './contract-figures.ts';

/**
 * The contract screens' figures as pure functions, outside React, so they are tested without a
 * browser. Every figure comes from the domain's one formula module (`marginOf`, `tradeFee`,
 * `riskFigures`, `reachesLevel`, `forcedClosePrice`): the estimate on the order screen follows the
 * rule the server checks and fills by, and nothing here does its own money arithmetic. Decimal
 * strings become minor units with the domain's `parseDecimal`, at the scales the server writes
 * them with: prices at the coin's price scale, quantities at its amount scale, money at USDT's.
 */

/**
 * How often the account (positions and figures) and the open orders are asked for again while
 * shown. The live channel has no contract topic, only the wallet events of the balance entries, so
 * this is the fallback that keeps the marks, the floating profit and the risk degree current.
 */
export const CONTRACT_POLL_MS = 3000;

/** The settlement coin's decimals until the wallet overview has said (USDT has 6). */
export const DEFAULT_QUOTE_SCALE = 6;

/** Risk degrees travel as fractions with 4 decimals: "0.9000" is 9,000 basis points. */
const FRACTION_DECIMALS = 4;

/** The terms of a coin that trades contracts now; null when it has none or they are disabled. */
export function enabledContractTerms(
  list: readonly ContractTerms[] | undefined,
  vcId: number | null,
): ContractTerms | null {
  const terms = list?.find((entry) => entry.vcId === vcId);
  return terms?.enabled ? terms : null;
}

/** The coins whose contract terms are enabled, in the order the server lists them. */
export function contractCoinIds(list: readonly ContractTerms[] | undefined): number[] {
  return (list ?? []).filter((terms) => terms.enabled).map((terms) => terms.vcId);
}

/**
 * The coin the screen shows: the one chosen elsewhere in the app while it trades contracts,
 * otherwise the first coin that does and has a price; null when none does.
 */
export function contractCoinToShow(
  selected: number | null,
  coinIds: readonly number[],
  priced: ReadonlySet<number>,
): number | null {
  if (selected !== null && coinIds.includes(selected) && priced.has(selected)) return selected;
  return coinIds.find((id) => priced.has(id)) ?? null;
}

/** Minor units of a decimal string at `scale`; null when it is missing or cannot be read there. */
export function minorOf(text: string | null | undefined, scale: number): bigint | null {
  if (text === null || text === undefined) return null;
  const parsed = parseDecimal(text.trim(), scale);
  return parsed.ok ? parsed.minor : null;
}

/** The most decimals any of `texts` is written with, and at least `floor`. */
function finest(texts: readonly (string | null | undefined)[], floor: number): number {
  let decimals = floor;
  for (const text of texts) if (text) decimals = Math.max(decimals, decimalsOf(text.trim()));
  return decimals;
}

/** A basis-point figure from a wire fraction ("0.5571" -> 5,571); null when it cannot be read. */
export function fractionPoints(text: string | null | undefined): bigint | null {
  if (!text) return null;
  return minorOf(truncateDecimal(text.trim(), FRACTION_DECIMALS), FRACTION_DECIMALS);
}

/** The forced-close level in basis points (from `forcedCloseLevel`, "0.9000" -> 9,000). */
export function forcedLevelOf(levels: ContractLevels): bigint | null {
  return fractionPoints(levels.forcedCloseLevel);
}

/** The caution level in basis points: the server's, or the spec's 50 % when it cannot be read. */
export function cautionLevelOf(levels: ContractLevels | null | undefined): bigint {
  return fractionPoints(levels?.cautionLevel) ?? CAUTION_RISK;
}

export type RiskTone = 'safe' | 'caution' | 'danger';

/** Above the caution level a risk degree is a caution; at the forced-close level, a danger. */
export function riskTone(points: bigint | null, levels: ContractLevels | null | undefined): RiskTone {
  if (points === null) return 'safe';
  const forced = levels ? forcedLevelOf(levels) : null;
  if (forced !== null && points >= forced) return 'danger';
  return points > cautionLevelOf(levels) ? 'caution' : 'safe';
}

/** The risk shown past which the ratio no longer means anything (the equity is all but gone). */
const RISK_SHOWN_MAX = 99_999n;

/** A risk degree in basis points as a percentage with 2 decimals ("55.71%"); capped when the equity is gone. */
export function riskPercent(points: bigint | null): string {
  if (points === null) return '--';
  if (points >= RISK_SHOWN_MAX) return '≥999.99%';
  return `${formatMinor(points, 2)}%`;
}

/** A level as the rules state it, without trailing zeros ("90%", "87.5%"). */
export function levelPercent(points: bigint): string {
  return `${typedFigure(formatMinor(points, 2))}%`;
}

/** The scales of every coin the account holds (and of `extra`), one set per coin. */
export type CoinScales = ReadonlyMap<number, ContractScales>;

/**
 * The scales of each coin as the risk rules need them: the rules add up a coin's positions exactly
 * and round once, so all positions of a coin (and its mark) must be read at one scale. It is the
 * finest any of its figures is written with, which changes no value, only how finely it is counted.
 */
export function coinScalesOf(
  account: ContractAccount,
  live: ReadonlyMap<number, string>,
  quote: number,
  extra?: { vcId: number; price: number; quantity: number },
): CoinScales {
  const ids = new Set(account.positions.map((p) => p.vcId));
  if (extra) ids.add(extra.vcId);
  const scales = new Map<number, ContractScales>();
  for (const id of ids) {
    const held = account.positions.filter((p) => p.vcId === id);
    const own = extra?.vcId === id ? extra : { price: 0, quantity: 0 };
    const prices = [live.get(id), ...held.flatMap((p) => [p.entryPrice, p.markPrice])];
    scales.set(id, {
      price: finest(prices, own.price),
      quantity: finest(
        held.map((p) => p.quantity),
        own.quantity,
      ),
      quote,
    });
  }
  return scales;
}

/** The decimals every amount of the account is counted at: the finest of USDT's and the account's. */
export function quoteScaleOf(account: ContractAccount | null | undefined, walletScale: number): number {
  if (!account) return walletScale;
  return finest([account.available, account.margin, ...account.positions.map((p) => p.margin)], walletScale);
}

/** The account in minor units, as `riskFigures` reads it; null when a figure cannot be read. */
export function riskAccountOf(account: ContractAccount, scales: CoinScales): RiskAccount | null {
  const quote = [...scales.values()][0]?.quote ?? decimalsOf(account.available);
  const available = minorOf(account.available, quote);
  if (available === null) return null;
  const positions: RiskPosition[] = [];
  for (const p of account.positions) {
    const coin = scales.get(p.vcId);
    if (!coin) return null;
    const quantity = minorOf(p.quantity, coin.quantity);
    const entryPrice = minorOf(p.entryPrice, coin.price);
    const margin = minorOf(p.margin, coin.quote);
    if (quantity === null || entryPrice === null || margin === null) return null;
    positions.push({ coinId: p.vcId, side: p.side, quantity, entryPrice, margin, scales: coin });
  }
  return { available, positions };
}

/**
 * Each coin's mark for the risk rules: its live price, or else the mark the server sent with its
 * positions, or else `fallback` (the open price of a coin the account does not hold yet).
 */
export function marksOf(
  account: ContractAccount,
  live: ReadonlyMap<number, string>,
  scales: CoinScales,
  fallback?: { vcId: number; price: bigint },
): Marks {
  return (coinId) => {
    const scale = scales.get(coinId)?.price ?? 0;
    const text = live.get(coinId) ?? account.positions.find((p) => p.vcId === coinId)?.markPrice;
    const mark = minorOf(text, scale);
    if (mark !== null && mark > 0n) return mark;
    if (fallback?.vcId === coinId) return fallback.price;
    throw new RangeError(`no price of coin ${coinId} to value its positions at`);
  };
}

/**
 * The largest multiple of `step` that `fits`, which must hold for every smaller quantity once it
 * fails for one (a cost that grows with the quantity); 0 when not even one step fits. Doubling
 * finds a quantity that does not fit, and halving the gap finds the last one that does.
 */
export function largestQuantity(fits: (quantity: bigint) => boolean, step: bigint): bigint {
  if (step <= 0n || !fits(step)) return 0n;
  let low = 1n;
  let high = 2n;
  // 2^70 steps is more than any amount the ledger can hold; the bound only guards the loop.
  while (high < 1n << 70n && fits(high * step)) {
    low = high;
    high *= 2n;
  }
  while (high - low > 1n) {
    const middle = (low + high) / 2n;
    if (fits(middle * step)) low = middle;
    else high = middle;
  }
  return low * step;
}

/** The step of one quantity decimal of the coin at its amount scale. */
export function stepOf(terms: ContractTerms, scales: ContractScales): bigint {
  return quantityStep(Math.min(terms.quantityDecimals, scales.quantity), scales.quantity);
}

export interface OpenFigures {
  terms: ContractTerms;
  side: ContractSide;
  kind: ContractKind;
  leverage: number;
  /** The price the order opens at: the live price at market, its limit for a limit order. */
  price: string | null | undefined;
  account: ContractAccount | null | undefined;
  levels: ContractLevels | null | undefined;
  /** Live prices by coin; a coin without one is valued at the mark its positions came with. */
  live: ReadonlyMap<number, string>;
  /** Decimals of the settlement coin's and of the coin's wallet amounts. */
  scales: { quote: number; coin: number };
}

/** Everything the estimate of an order needs, read once: scales, price, account, marks, level. */
export interface OpenContext {
  input: OpenFigures;
  coin: ContractScales;
  price: bigint;
  rate: bigint;
  account: RiskAccount | null;
  marks: Marks | null;
  level: bigint | null;
}

/** Reads the figures an order is estimated from; null while the price or the terms cannot be read. */
export function openContext(input: OpenFigures): OpenContext | null {
  const priceText = input.price?.trim() ?? '';
  const quote = quoteScaleOf(input.account, input.scales.quote);
  const vcId = input.terms.vcId;
  const extra = {
    vcId,
    price: finest([priceText], input.terms.priceDecimals),
    quantity: Math.max(input.scales.coin, input.terms.quantityDecimals),
  };
  const scales = input.account
    ? coinScalesOf(input.account, input.live, quote, extra)
    : new Map([[vcId, { price: extra.price, quantity: extra.quantity, quote }]]);
  const coin = scales.get(vcId) as ContractScales;
  const price = minorOf(priceText, coin.price);
  if (price === null || price <= 0n) return null;
  let rate: bigint;
  try {
    rate = feeRateUnits(input.terms.openFeeRate);
  } catch {
    // Terms the domain refuses (a fee rate of 1 or more) cannot be quoted; the server refuses them too.
    return null;
  }
  const account = input.account ? riskAccountOf(input.account, scales) : null;
  const marks = input.account && account ? marksOf(input.account, input.live, scales, { vcId, price }) : null;
  const level = input.levels ? forcedLevelOf(input.levels) : null;
  return { input, coin, price, rate, account, marks, level };
}

/** The account after opening `quantity`: the new position at the open price, paid from available. */
function accountAfter(
  context: OpenContext,
  quantity: bigint,
  margin: bigint,
  fee: bigint,
): RiskAccount | null {
  if (!context.account) return null;
  const position: RiskPosition = {
    coinId: context.input.terms.vcId,
    side: context.input.side,
    quantity,
    entryPrice: context.price,
    margin,
    scales: context.coin,
  };
  return {
    available: context.account.available - margin - fee,
    positions: [...context.account.positions, position],
  };
}

export interface ContractEstimate {
  /** The margin the position locks: open price × quantity / leverage, rounded up. */
  margin: string;
  /** The opening fee: the opening rate on the value, rounded up. */
  fee: string;
  /** Margin and fee together are more than the available amount (when it is known). */
  short: boolean;
  /** The account's risk degree after the trade, in basis points; null while the account is unknown. */
  risk: bigint | null;
  /** Whether that risk degree reaches the forced-close level: the server would refuse the order. */
  reaches: boolean;
  /** The coin's forced-close price after the trade; null when none (or the account is unknown). */
  forcedClose: { price: string; fires: 'below' | 'above' } | null;
}

/** The figures of opening `quantity` (minor units) in `context`; null for a quantity of nothing. */
export function estimateAt(context: OpenContext, quantity: bigint): ContractEstimate | null {
  if (quantity <= 0n) return null;
  const { coin, price } = context;
  const margin = marginOf(price, quantity, context.input.leverage, coin);
  const fee = tradeFee(price, quantity, context.rate, coin);
  const shown = { margin: formatMinor(margin, coin.quote), fee: formatMinor(fee, coin.quote) };
  const after = accountAfter(context, quantity, margin, fee);
  if (!after || !context.marks || !context.account) {
    return { ...shown, short: false, risk: null, reaches: false, forcedClose: null };
  }
  const figures = riskFigures(after, context.marks);
  const level = context.level;
  const trigger =
    level === null ? null : forcedClosePrice(after, context.input.terms.vcId, context.marks, level);
  return {
    ...shown,
    short: context.account.available < margin + fee,
    risk: figures.risk,
    reaches: level !== null && reachesLevel(figures, level),
    forcedClose: trigger ? { price: formatMinor(trigger.price, coin.price), fires: trigger.fires } : null,
  };
}

/**
 * The estimate of an order before it is sent: its margin and opening fee, the account's risk degree
 * with the new position (the account's positions at their marks and the new one at its open price,
 * the available amount less margin and fee), whether that reaches the forced-close level, and the
 * coin's forced-close price afterwards. Null while the quantity or the price cannot be read.
 */
export function contractEstimate(input: OpenFigures & { quantity: string }): ContractEstimate | null {
  const context = openContext(input);
  if (!context) return null;
  const quantity = minorOf(input.quantity, context.coin.quantity);
  if (quantity === null) return null;
  try {
    return estimateAt(context, quantity);
  } catch {
    // A figure the rules cannot value (a leverage the coin does not offer, a coin without a price).
    return null;
  }
}

/** Whether opening `quantity` is paid by the available amount and leaves the account below the level. */
function openable(context: OpenContext, quantity: bigint): boolean {
  const estimate = estimateAt(context, quantity);
  if (!estimate) return false;
  if (!context.account) return true;
  return !estimate.short && !estimate.reaches;
}

/**
 * The most the account can open at this price and leverage: the largest quantity, in steps of the
 * coin's quantity decimals, whose margin and fee the available amount pays and which leaves the
 * risk degree below the forced-close level; capped by the coin's maximum. Minor units; 0 when not
 * even one step is possible or the figures are not known.
 */
export function openableQuantity(input: OpenFigures): bigint {
  const context = openContext(input);
  if (!context?.account) return 0n;
  const step = stepOf(input.terms, context.coin);
  let most: bigint;
  try {
    most = largestQuantity((quantity) => openable(context, quantity), step);
  } catch {
    return 0n;
  }
  const cap = minorOf(input.terms.maxQuantity, context.coin.quantity);
  if (cap !== null && cap < most) most = (cap / step) * step;
  return most;
}

/**
 * The quick quantities: 25, 50, 75 and 100 % of what the account can open (`openableQuantity`),
 * each truncated to the coin's quantity decimals, never rounded up.
 */
export function quickQuantities(input: OpenFigures): { percent: number; value: string }[] {
  const most = openableQuantity(input);
  const context = most > 0n ? openContext(input) : null;
  return QUICK_SHARES.map((percent) => {
    if (!context) return { percent, value: '0' };
    const step = stepOf(input.terms, context.coin);
    const share = ((most * BigInt(percent)) / 100n / step) * step;
    return { percent, value: typedFigure(formatMinor(share, context.coin.quantity)) };
  });
}

/**
 * The quantity a margin amount opens at the order's price and leverage: the largest quantity, in
 * steps of the coin's quantity decimals, whose margin is not more than the amount (so the quantity
 * is the amount × leverage / price, truncated). Null while a figure cannot be read; "0" when the
 * amount does not reach one step.
 */
export function quantityForMargin(input: OpenFigures & { margin: string }): string | null {
  const context = openContext(input);
  if (!context) return null;
  const amount = minorOf(input.margin, context.coin.quote);
  if (amount === null || amount <= 0n) return null;
  const { price, coin } = context;
  const fits = (quantity: bigint) => marginOf(price, quantity, input.leverage, coin) <= amount;
  try {
    return typedFigure(formatMinor(largestQuantity(fits, stepOf(input.terms, coin)), coin.quantity));
  } catch {
    return null;
  }
}
