/**
 * The eleven language codes the product offers, in the product's own order. `kr` (not the
 * ISO `ko`) and `zh-CN`/`zh-TW` are the product's own codes; `htmlLang` maps them to BCP 47 for the
 * document's `lang` attribute and for `Intl` formatting.
 */
export const LOCALE_CODES = ['zh-CN', 'en', 'zh-TW', 'id', 'ms', 'es', 'tr', 'ja', 'kr', 'ar', 'pt'] as const;

export type LocaleCode = (typeof LOCALE_CODES)[number];

export const FALLBACK_LOCALE: LocaleCode = 'kr';

const BCP47: Record<LocaleCode, string> = {
  'zh-CN': 'zh-CN',
  en: 'en',
  'zh-TW': 'zh-TW',
  id: 'id',
  ms: 'ms',
  es: 'es',
  tr: 'tr',
  ja: 'ja',
  kr: 'ko',
  ar: 'ar',
  pt: 'pt',
};

export function isLocaleCode(value: unknown): value is LocaleCode {
  return typeof value === 'string' && (LOCALE_CODES as readonly string[]).includes(value);
}

export function htmlLang(code: LocaleCode): string {
  return BCP47[code];
}

/** Arabic is the only right-to-left language of the eleven. */
export function isRightToLeft(code: LocaleCode): boolean {
  return code === 'ar';
}

/**
 * Reads the request's language header. Our own clients send a product code (`kr`, `zh-TW`) in
 * `lang`; browsers and other tools send `Accept-Language` ("ko-KR,ko;q=0.9"), which is mapped to the
 * closest product code. Unknown values fall back to English for API messages, the lingua franca of
 * operators reading logs and of third-party integrations.
 */
export function localeFromHeader(value: string | undefined): LocaleCode {
  if (!value) return 'en';
  for (const part of value.split(',')) {
    const tag = part.split(';')[0]?.trim() ?? '';
    if (isLocaleCode(tag)) return tag;
    const lower = tag.toLowerCase();
    if (lower === 'zh-tw' || lower === 'zh-hk' || lower === 'zh-hant') return 'zh-TW';
    if (lower.startsWith('zh')) return 'zh-CN';
    const primary = lower.split('-')[0] ?? '';
    if (primary === 'ko') return 'kr';
    if (isLocaleCode(primary)) return primary;
  }
  return 'en';
}
