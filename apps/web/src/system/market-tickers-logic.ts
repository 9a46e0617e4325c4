import type { Ticker } from '@vela/contract';
import type { RankableTicker } from '@vela/domain';

/**
 * Pure helpers over tickers shared by the home screen, the market list and the trade page.
 */

/**
 * Applies pushed tickers (only those that changed) to the list the screens show: a known coin is
 * replaced in place, an unknown one is added at the end. The list is a new array only when
 * something changed, so unchanged screens do not re-render.
 *
 * A known coin keeps the name the list had: the list is answered in the app's language, while a
 * push carries the coin's default name, the same bytes for every subscriber (decision 025).
 */
export function mergeTickers(previous: readonly Ticker[], incoming: readonly Ticker[]): Ticker[] {
  if (incoming.length === 0) return previous as Ticker[];
  const byId = new Map(incoming.map((t) => [t.a, t] as const));
  const merged = previous.map((t) => {
    const next = byId.get(t.a);
    if (!next) return t;
    byId.delete(t.a);
    // A late push must not overwrite a newer ticker (a poll answer can overtake a push).
    if (next.ts < t.ts) return t;
    return next.name === t.name ? next : { ...next, name: t.name };
  });
  return [...merged, ...byId.values()];
}

/** The domain's ranking view of a ticker. */
export function toRankable(ticker: Ticker): RankableTicker & { ticker: Ticker } {
  return {
    vcId: ticker.a,
    type: ticker.type,
    changePercent: ticker.changePer,
    turnover: ticker.turnover,
    ticker,
  };
}

/** -1, 0 or 1 by the sign of the 24 h change, for colouring. */
export function changeSign(ticker: Pick<Ticker, 'changePer'>): -1 | 0 | 1 {
  return ticker.changePer > 0 ? 1 : ticker.changePer < 0 ? -1 : 0;
}

export function changeClass(ticker: Pick<Ticker, 'changePer'>): 'up' | 'down' | 'flat' {
  const sign = changeSign(ticker);
  return sign > 0 ? 'up' : sign < 0 ? 'down' : 'flat';
}

/**
 * Which way a price flash goes when the shown price changes: by the ticker's `l` (1 up, 2 down), or
 * by comparing the two prices when `l` says nothing. Null when the price did not change.
 */
export function flashDirection(
  previousPrice: string | null,
  nextPrice: string,
  l: number,
): 'up' | 'down' | null {
  if (previousPrice === null || previousPrice === nextPrice) return null;
  if (l === 1) return 'up';
  if (l === 2) return 'down';
  const a = Number(previousPrice);
  const b = Number(nextPrice);
  if (!Number.isFinite(a) || !Number.isFinite(b) || a === b) return null;
  return b > a ? 'up' : 'down';
}

/** Case-insensitive match of a search text against the symbol and the name. */
export function matchesSearch(ticker: Pick<Ticker, 'c' | 'name'>, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return ticker.c.toLowerCase().includes(q) || ticker.name.toLowerCase().includes(q);
}

/** "BTC", "btc/usdt" and "BTCUSDT" all use the BTC icon; "EUR/USD" uses EURUSD. */
export function iconSymbol(symbol: string): string {
  const plain = symbol.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return plain.length > 4 && plain.endsWith('USDT') ? plain.slice(0, -4) : plain;
}

// Price lists are kept in local storage, so the home screen shows the last known
// prices at once, before the first answer arrives. They are kept with the language their names
// are in, and a list in another language is not shown.
export const TICKERS_STORAGE_KEY = 'vela-tickers';
const STORAGE_VERSION = 2;

interface StoredTickers {
  v: number;
  savedAt: number;
  locale: string;
  list: Ticker[];
}

function looksLikeTicker(value: unknown): value is Ticker {
  if (!value || typeof value !== 'object') return false;
  const t = value as Record<string, unknown>;
  return (
    typeof t.a === 'number' &&
    typeof t.c === 'string' &&
    typeof t.g === 'string' &&
    typeof t.changePer === 'number' &&
    typeof t.turnover === 'string' &&
    typeof t.type === 'number'
  );
}

/** The stored list, if it is well formed and its names are in `locale`. */
export function loadStoredTickers(locale: string, storage: Pick<Storage, 'getItem'> | null = safeStorage()) {
  try {
    const raw = storage?.getItem(TICKERS_STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as StoredTickers;
    if (
      parsed.v !== STORAGE_VERSION ||
      parsed.locale !== locale ||
      !Array.isArray(parsed.list) ||
      typeof parsed.savedAt !== 'number'
    ) {
      return null;
    }
    const list = parsed.list.filter(looksLikeTicker);
    return list.length > 0 ? { list, savedAt: parsed.savedAt } : null;
  } catch {
    return null;
  }
}

export function storeTickers(
  list: readonly Ticker[],
  locale: string,
  now = Date.now(),
  storage: Pick<Storage, 'setItem'> | null = safeStorage(),
): void {
  try {
    const value: StoredTickers = { v: STORAGE_VERSION, savedAt: now, locale, list: [...list] };
    storage?.setItem(TICKERS_STORAGE_KEY, JSON.stringify(value));
  } catch {
    // Storage full or disabled (private mode): the prices simply load from the server next time.
  }
}

function safeStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
