import { FALLBACK_LOCALE, type LocaleCode } from '@vela/i18n';

/**
 * The brand map: the default language comes from the host name. The brand's own
 * default is Korean; hosts of its other markets start in their language. The first matching rule
 * wins; a user's saved choice always beats this default.
 */
const HOST_RULES: { pattern: RegExp; locale: LocaleCode }[] = [
  { pattern: /(^|\.)(tw|hk)\.|\.tw$|\.hk$/, locale: 'zh-TW' },
  { pattern: /(^|\.)(en|global|www-en)\.|\.com\.au$|\.co\.uk$/, locale: 'en' },
  { pattern: /(^|\.)ar\.|\.ae$|\.sa$/, locale: 'ar' },
  { pattern: /(^|\.)(pt|br)\.|\.br$|\.pt$/, locale: 'pt' },
  { pattern: /(^|\.)kr\.|\.kr$/, locale: 'kr' },
];

export function defaultLocaleForHost(hostname: string): LocaleCode {
  const host = hostname.toLowerCase();
  return HOST_RULES.find((rule) => rule.pattern.test(host))?.locale ?? FALLBACK_LOCALE;
}
