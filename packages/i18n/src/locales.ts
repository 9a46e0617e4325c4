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
 * The product code for one language tag (BCP 47, any case: "ko-KR", "zh-Hant-TW", "pt-BR"), or
 * undefined when none of the eleven is that language. Chinese is told apart by script or region:
 * traditional characters (Hant, or Taiwan, Hong Kong and Macau) read zh-TW, any other Chinese zh-CN.
 * A script subtag decides before a region (zh-Hans-HK is simplified).
 * Korean's ISO code `ko` is the product's `kr`; every other language matches on its first subtag.
 */
export function localeOfTag(tag: string): LocaleCode | undefined {
  const trimmed = tag.trim();
  if (isLocaleCode(trimmed)) return trimmed;
  const subtags = trimmed.toLowerCase().split(/[-_]/);
  const primary = subtags[0] ?? '';
  if (primary === 'zh') {
    if (subtags.includes('hans')) return 'zh-CN';
    const traditional = subtags.some((part) => ['hant', 'tw', 'hk', 'mo'].includes(part));
    return traditional ? 'zh-TW' : 'zh-CN';
  }
  if (primary === 'ko') return 'kr';
  return isLocaleCode(primary) ? primary : undefined;
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
    const code = localeOfTag(part.split(';')[0] ?? '');
    if (code) return code;
  }
  return 'en';
}
