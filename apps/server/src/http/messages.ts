import {
  LOCALE_CODES,
  loadCatalogue,
  localeFromHeader,
  translate,
  type Catalogue,
  type LocaleCode,
  type MessageKey,
  type MessageParams,
} from '@vela/i18n';

/** All catalogues, loaded once at start; a request picks one by its language header. */
export class Messages {
  private constructor(private readonly catalogues: Map<LocaleCode, Catalogue>) {}

  static async load(): Promise<Messages> {
    const entries = await Promise.all(
      LOCALE_CODES.map(async (code) => [code, await loadCatalogue(code)] as const),
    );
    return new Messages(new Map(entries));
  }

  catalogue(locale: LocaleCode): Catalogue {
    const catalogue = this.catalogues.get(locale) ?? this.catalogues.get('en');
    if (!catalogue) throw new Error('The English catalogue is missing');
    return catalogue;
  }

  t(locale: LocaleCode, key: MessageKey, params?: MessageParams): string {
    return translate(this.catalogue(locale), key, params);
  }

  has(key: string): key is MessageKey {
    return key in this.catalogue('en');
  }
}

/**
 * The app sends its language in the `lang` header on every call (decision 005); other clients get
 * their `Accept-Language` honoured.
 */
export function requestLocale(headers: Record<string, string | string[] | undefined>): LocaleCode {
  const lang = headers['lang'];
  const accept = headers['accept-language'];
  const value = (Array.isArray(lang) ? lang[0] : lang) ?? (Array.isArray(accept) ? accept[0] : accept);
  return localeFromHeader(value);
}
