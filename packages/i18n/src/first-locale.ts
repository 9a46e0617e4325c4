import { FALLBACK_LOCALE, localeOfTag, type LocaleCode } from './locales.ts';

/**
 * The language a first visit opens in. The app decides it on the device (the preferences store);
 * the server decides it the same way from the request's host and Accept-Language header to name
 * that language's catalogue in the page it sends, so the catalogue downloads with the page.
 */

/**
 * The brand map: hosts of the brand's markets start in their market's language. The first matching
 * rule wins.
 */
const HOST_RULES: { pattern: RegExp; locale: LocaleCode }[] = [
  { pattern: /(^|\.)(tw|hk)\.|\.tw$|\.hk$/, locale: 'zh-TW' },
  { pattern: /(^|\.)(en|global|www-en)\.|\.com\.au$|\.co\.uk$/, locale: 'en' },
  { pattern: /(^|\.)ar\.|\.ae$|\.sa$/, locale: 'ar' },
  { pattern: /(^|\.)(pt|br)\.|\.br$|\.pt$/, locale: 'pt' },
  { pattern: /(^|\.)kr\.|\.kr$/, locale: 'kr' },
];

/** The language the brand map gives the host, or undefined for a host it does not name. */
export function localeForHost(hostname: string): LocaleCode | undefined {
  const host = hostname.toLowerCase();
  return HOST_RULES.find((rule) => rule.pattern.test(host))?.locale;
}

/**
 * The first of the device's preferred languages (`navigator.languages`, most preferred first) that
 * is one of the eleven, or undefined when none is.
 */
export function localeForDevice(languages: readonly string[]): LocaleCode | undefined {
  for (const tag of languages) {
    const code = localeOfTag(tag);
    if (code) return code;
  }
  return undefined;
}

/**
 * The language a first visit opens in: the host's market language, else the device's language,
 * else the brand's own, Korean. A brand host means its market, whatever language the visitor's
 * phone speaks; on other hosts an English phone should not be greeted in Korean. A user's saved
 * choice beats all of these (the preferences store persists it).
 */
export function defaultLocale(hostname: string, languages: readonly string[]): LocaleCode {
  return localeForHost(hostname) ?? localeForDevice(languages) ?? FALLBACK_LOCALE;
}
