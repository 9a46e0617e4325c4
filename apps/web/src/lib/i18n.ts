import { useSyncExternalStore } from 'react';
import { formatCompactIn } from '@vela/domain';
import {
  htmlLang,
  interpolate,
  isRightToLeft,
  loadCatalogue,
  type Catalogue,
  type LocaleCode,
  type MessageKey,
  type MessageParams,
} from '@vela/i18n';

/**
 * The app's translator: the catalogue in use, others loaded on demand when the language changes.
 * Keys are flat ("auth.login") and `{{name}}` placeholders are filled by `@vela/i18n`'s
 * `interpolate`, the server's own syntax. It replaces i18next, whose ~15 KiB (gzipped, with
 * react-i18next) bought nothing the app used, on the first load. `useT` gives screens a `t` typed by
 * the catalogue's keys, so a typo is a type error; a key missing from the catalogue shows as itself.
 */
type Listener = () => void;
const catalogues = new Map<LocaleCode, Catalogue>();
const listeners = new Set<Listener>();
let current: { language: LocaleCode | undefined; t: TFunction } = {
  language: undefined,
  t: (key) => key,
};

function setLanguage(locale: LocaleCode): void {
  const catalogue = catalogues.get(locale);
  current = {
    language: locale,
    t: (key, params) => {
      const template = catalogue?.[key];
      return typeof template === 'string' ? interpolate(template, params) : key;
    },
  };
  for (const listener of listeners) listener();
}

/** The translator's state, for code and tests outside React. */
export const i18n = {
  get language(): LocaleCode | undefined {
    return current.language;
  },
  hasResourceBundle(locale: LocaleCode): boolean {
    return catalogues.has(locale);
  },
  addResourceBundle(locale: LocaleCode, catalogue: Catalogue): void {
    catalogues.set(locale, catalogue);
  },
  async changeLanguage(locale: LocaleCode): Promise<void> {
    setLanguage(locale);
  },
};

export async function initI18n(locale: LocaleCode): Promise<void> {
  if (!i18n.hasResourceBundle(locale)) i18n.addResourceBundle(locale, await loadCatalogue(locale));
  setLanguage(locale);
  applyDocumentLanguage(locale);
}

export async function changeLocale(locale: LocaleCode): Promise<void> {
  if (!i18n.hasResourceBundle(locale)) {
    i18n.addResourceBundle(locale, await loadCatalogue(locale));
  }
  await i18n.changeLanguage(locale);
  applyDocumentLanguage(locale);
}

/** Arabic turns the whole document right to left; numbers keep their own direction (see CSS). */
export function applyDocumentLanguage(locale: LocaleCode): void {
  document.documentElement.lang = htmlLang(locale);
  document.documentElement.dir = isRightToLeft(locale) ? 'rtl' : 'ltr';
}

export type TFunction = (key: MessageKey, params?: MessageParams) => string;

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A screen's `t`; it changes (and the screen re-renders) when the language does. */
export function useT(): TFunction {
  return useSyncExternalStore(
    subscribe,
    () => current.t,
    () => current.t,
  );
}

/** For code outside React (the API client, toasts). */
export const translate: TFunction = (key, params) => current.t(key, params);

/**
 * Large figures in the reading language's compact form ("2.55B", "25.59억"); the screen re-renders
 * with the new form when the language changes.
 */
export function useCompactFigure(): (value: string) => string {
  const language = useSyncExternalStore(
    subscribe,
    () => current.language,
    () => current.language,
  );
  if (language === undefined) throw new Error('The language is set before the first screen renders.');
  return (value) => formatCompactIn(value, htmlLang(language));
}
