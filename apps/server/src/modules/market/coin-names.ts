import type { Coin, Ticker } from '@vela/contract';
import type { LocaleCode } from '@vela/i18n';
import type { MarketCoin } from './coin-catalog.ts';

/**
 * Coin names in the language of the request (decision 025). The market keeps one list of tickers
 * and coins with their default names; an answer in another language is a copy with the names
 * replaced, made once per list and language and then reused, so the pre-encoded answers of decision
 * 012 stay one encoding per list and language. A language whose names are all the default ones
 * answers the list itself.
 */

/** A coin's name in `locale`, or `fallback` (its default name) when it has none there. */
export function nameIn(coin: MarketCoin | undefined, locale: LocaleCode, fallback: string): string {
  return coin?.names.get(locale) ?? fallback;
}

export function coinIn(coin: MarketCoin, locale: LocaleCode): Coin {
  const name = nameIn(coin, locale, coin.coin.name);
  return name === coin.coin.name ? coin.coin : { ...coin.coin, name };
}

export function tickerIn(ticker: Ticker, coin: MarketCoin | undefined, locale: LocaleCode): Ticker {
  const name = nameIn(coin, locale, ticker.name);
  return name === ticker.name ? ticker : { ...ticker, name };
}

/**
 * Keeps one translation of a list per language for as long as the list itself is kept (a WeakMap
 * on the list), and answers the list itself when nothing in it changes.
 */
export class PerLanguage<T extends object> {
  private readonly copies = new WeakMap<T[], Map<LocaleCode, T[]>>();

  constructor(private readonly translate: (item: T, locale: LocaleCode) => T) {}

  /** The list in `locale`; callers never change the lists they hand in or get back. */
  of(list: T[], locale: LocaleCode): T[] {
    let byLocale = this.copies.get(list);
    if (!byLocale) this.copies.set(list, (byLocale = new Map()));
    let copy = byLocale.get(locale);
    if (!copy) {
      const translated = list.map((item) => this.translate(item, locale));
      copy = translated.every((item, index) => item === list[index]) ? list : translated;
      byLocale.set(locale, copy);
    }
    return copy;
  }
}
