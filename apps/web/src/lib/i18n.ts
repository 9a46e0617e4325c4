import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import {
  htmlLang,
  isRightToLeft,
  loadCatalogue,
  type LocaleCode,
  type MessageKey,
  type MessageParams,
} from '@vela/i18n';

/**
 * i18next holds only the catalogue in use; others load on demand when the language changes. Keys are
 * flat ("auth.login"), so key and namespace separators are off. `useT` gives screens a `t` typed by
 * the catalogue's keys, so a typo is a type error.
 */
export async function initI18n(locale: LocaleCode): Promise<void> {
  const catalogue = await loadCatalogue(locale);
  await i18next.use(initReactI18next).init({
    lng: locale,
    resources: { [locale]: { translation: catalogue } },
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  });
  applyDocumentLanguage(locale);
}

export async function changeLocale(locale: LocaleCode): Promise<void> {
  if (!i18next.hasResourceBundle(locale, 'translation')) {
    i18next.addResourceBundle(locale, 'translation', await loadCatalogue(locale));
  }
  await i18next.changeLanguage(locale);
  applyDocumentLanguage(locale);
}

/** Arabic turns the whole document right to left; numbers keep their own direction (see CSS). */
export function applyDocumentLanguage(locale: LocaleCode): void {
  document.documentElement.lang = htmlLang(locale);
  document.documentElement.dir = isRightToLeft(locale) ? 'rtl' : 'ltr';
}

export type TFunction = (key: MessageKey, params?: MessageParams) => string;

export function useT(): TFunction {
  const { t } = useTranslation();
  return t as unknown as TFunction;
}

/** For code outside React (the API client, toasts). */
export const translate: TFunction = (key, params) => i18next.t(key, params as never) as unknown as string;
