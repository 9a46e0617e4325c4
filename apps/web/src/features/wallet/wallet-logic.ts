import type { DataOf, Ticker, WalletCurrency, endpoints } from '@vela/contract';
import { formatMinor, formatNumber, parseDecimal } from '@vela/domain';
import { decimalsOf } from '../../lib/amount-text.ts';

/**
 * The figures of the assets screen as pure functions: re-valuing holdings at live prices, and how
 * amounts are shown (or hidden).
 */

export type WalletOverview = DataOf<(typeof endpoints.wallet)['walletOverview']>;

/** USDT values carry the settlement coin's 6 decimals, as the server sends them. */
export const USDT_SCALE = 6;

/** What every hidden figure shows while the hide-balance flag is on. */
export const HIDDEN_TEXT = '****';

/** Minor units of a decimal string at `scale`, or null when it is not one. */
function minorOf(text: string, scale: number): bigint | null {
  const parsed = parseDecimal(text, scale);
  return parsed.ok ? parsed.minor : null;
}

/**
 * `amountMinor` (at `amountScale`) times `price` in USDT, truncated toward zero to 6 decimals: the
 * server's own valuation rule (wallet-service.ts), so a live re-valuation never shows more than the
 * next answer will.
 */
export function valueInUsdt(amountMinor: bigint, amountScale: number, price: string): bigint | null {
  const priceScale = decimalsOf(price);
  const priceMinor = minorOf(price, priceScale);
  if (priceMinor === null) return null;
  const shift = amountScale + priceScale - USDT_SCALE;
  const product = amountMinor * priceMinor;
  return shift >= 0 ? product / 10n ** BigInt(shift) : product * 10n ** BigInt(-shift);
}

/** Last prices by coin id from the ticker list. */
export function pricesOf(tickers: readonly Pick<Ticker, 'a' | 'g'>[]): Map<number, string> {
  return new Map(tickers.map((t) => [t.a, t.g]));
}

/**
 * The overview re-valued at newer prices. A currency with a live price gets its `valueUsdt` (and
 * `priceUsdt`) recomputed from its spot, contract and frozen amounts; the others keep the server's
 * figures. The total is the sum again. Amounts are never touched: only the server knows balances.
 */
export function revalue(overview: WalletOverview, prices: ReadonlyMap<number, string>): WalletOverview {
  if (prices.size === 0) return overview;
  let totalMinor = 0n;
  let changed = false;
  const currencies = overview.currencies.map((currency) => {
    const price = prices.get(currency.vcId);
    const holdings = [currency.spot, currency.contract, currency.frozen].map((a) =>
      minorOf(a, currency.scale),
    );
    const value =
      price === undefined || holdings.some((h) => h === null)
        ? null
        : valueInUsdt(
            holdings.reduce<bigint>((sum, h) => sum + (h ?? 0n), 0n),
            currency.scale,
            price,
          );
    if (value === null) {
      totalMinor += minorOf(currency.valueUsdt, USDT_SCALE) ?? 0n;
      return currency;
    }
    totalMinor += value;
    const valueUsdt = formatMinor(value, USDT_SCALE);
    if (valueUsdt === currency.valueUsdt && price === currency.priceUsdt) return currency;
    changed = true;
    return { ...currency, priceUsdt: price ?? null, valueUsdt };
  });
  return changed ? { totalUsdt: formatMinor(totalMinor, USDT_SCALE), currencies } : overview;
}

/**
 * How many decimals an amount is shown with: its significant decimals, at least 2 and at most the
 * currency's scale ("69.500000" USDT -> "69.50", "0.00012300" BTC -> "0.000123"). Trailing zeros of
 * an 8-decimal scale only make a narrow column unreadable; nothing significant is ever cut.
 */
export function displayDecimals(text: string, scale: number): number {
  const fraction = text.split('.')[1] ?? '';
  const significant = fraction.replace(/0+$/, '').length;
  return Math.min(scale, Math.max(2, significant));
}

/** An amount in its currency, grouped, or `****` while balances are hidden. */
export function showAmount(text: string, scale: number, hidden: boolean): string {
  return hidden ? HIDDEN_TEXT : formatNumber(text, displayDecimals(text, scale));
}

/** A USDT valuation with 2 decimals (truncated), or `****` while balances are hidden. */
export function showUsdt(text: string, hidden: boolean): string {
  return hidden ? HIDDEN_TEXT : formatNumber(text, 2);
}

/** The amount of an account, for the transfer form: `spot` or `contract` of the currency. */
export function availableIn(currency: WalletCurrency, account: 'spot' | 'contract'): string {
  return account === 'spot' ? currency.spot : currency.contract;
}

/** A decimal string without trailing fraction zeros, as a user would type it ("69.500000" -> "69.5"). */
export function plainAmount(text: string): string {
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

/**
 * The total shown at the top of the assets screen: the USDT value (or `****`) once the overview has
 * loaded, nothing while it loads (a placeholder bar stands in), and `--` when it could not be read.
 */
export function totalText(overview: WalletOverview | undefined, pending: boolean, hidden: boolean): string {
  if (overview) return showUsdt(overview.totalUsdt, hidden);
  return pending ? '' : '--';
}

/** A transfer needs a wallet currency to move: none before the overview has loaded, or when it is empty. */
export function canTransfer(overview: WalletOverview | undefined): boolean {
  return Boolean(overview && overview.currencies.length > 0);
}
