/**
 * The home screen's rankings and the coin-selection rules (docs/product.md, "Markets"), as pure
 * functions over tickers so both the server and the app use the same ordering.
 */
export const RANKING_SIZE = 5;

export interface RankableTicker {
  vcId: number;
  type: number;
  /** 24 h change in percent. */
  changePercent: number;
  /** 24 h turnover in the settlement coin, as a decimal string (exact comparison). */
  turnover: string;
}

/** Compares non-negative decimal strings exactly, without floats. */
export function compareDecimal(a: string, b: string): number {
  const [aw, af = ''] = a.split('.');
  const [bw, bf = ''] = b.split('.');
  // An empty whole part ('.5') is zero; leading zeros do not count.
  const aWhole = (aw || '0').replace(/^0+(?=\d)/, '');
  const bWhole = (bw || '0').replace(/^0+(?=\d)/, '');
  if (aWhole.length !== bWhole.length) return aWhole.length - bWhole.length;
  if (aWhole !== bWhole) return aWhole < bWhole ? -1 : 1;
  const width = Math.max(af.length, bf.length);
  const aFrac = af.padEnd(width, '0');
  const bFrac = bf.padEnd(width, '0');
  return aFrac === bFrac ? 0 : aFrac < bFrac ? -1 : 1;
}

/** Orders change percents; a missing one (NaN) ranks below every number, so the order stays total. */
function compareChange(a: number, b: number): number {
  const x = Number.isNaN(a) ? -Infinity : a;
  const y = Number.isNaN(b) ? -Infinity : b;
  return x === y ? 0 : x < y ? -1 : 1;
}

/** Rising list: at most five coins of one type, by 24 h change descending (ties by id, stable). */
export function risingList<T extends RankableTicker>(
  tickers: readonly T[],
  type: number,
  size = RANKING_SIZE,
): T[] {
  return tickers
    .filter((t) => t.type === type)
    .sort((a, b) => compareChange(b.changePercent, a.changePercent) || a.vcId - b.vcId)
    .slice(0, size);
}

/** Turnover list: at most five coins of one type, by 24 h turnover descending (ties by id). */
export function turnoverList<T extends RankableTicker>(
  tickers: readonly T[],
  type: number,
  size = RANKING_SIZE,
): T[] {
  return tickers
    .filter((t) => t.type === type)
    .sort((a, b) => compareDecimal(b.turnover, a.turnover) || a.vcId - b.vcId)
    .slice(0, size);
}

export type SelectionResult = { ok: true; vcId: number } | { ok: false; error: 'noSuchVcId' };

/**
 * Selecting a coin needs an id; an empty one is refused ('No Such vcId'). A string id must be plain
 * decimal digits ('3', not '0x3', '3e0' or '3.0'), and the id a positive safe integer.
 */
export function selectVc(vcId: number | string | null | undefined): SelectionResult {
  const id =
    typeof vcId === 'string' ? (/^\d+$/.test(vcId.trim()) ? Number(vcId.trim()) : NaN) : (vcId ?? NaN);
  return Number.isSafeInteger(id) && id > 0 ? { ok: true, vcId: id } : { ok: false, error: 'noSuchVcId' };
}

/**
 * When no coin is selected (or the selected one is no longer configured), the first
 * trade-configuration item's coin is selected. Returns null when there is no configuration.
 */
export function ensureSelectedVc(selected: number | null, configVcIds: readonly number[]): number | null {
  if (selected !== null && configVcIds.includes(selected)) return selected;
  return configVcIds[0] ?? null;
}

/** The change percent as the app shows it: a sign, two decimals and "%"; "0%" when absent. */
export function changePercentText(percent: number | null | undefined): string {
  if (percent === null || percent === undefined || !Number.isFinite(percent) || percent === 0) return '0%';
  const fixed = Math.abs(percent).toFixed(2);
  return `${percent > 0 ? '+' : '-'}${fixed}%`;
}
