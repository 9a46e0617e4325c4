import type { Query, QueryClient } from '@tanstack/react-query';
import { isLocaleCode, type LocaleCode } from '@vela/i18n';
import { changeLocale } from '../lib/i18n.ts';
import { usePreferences } from '../stores/preferences-store.ts';

/**
 * A language change without reloading the page: the catalogue and the document's
 * language and direction first, then the stored language, which every request from then on carries
 * in its `lang` header, and then the server data reloads in the new language (the system
 * configuration and its dictionaries, notices, banners, the currency list, the trade configuration,
 * prices and coin names, and whatever else is on screen).
 *
 * Queries whose key holds a language (`['SYS_CONFIG', 'en']`) are one cache entry per language: the
 * screens move to the new language's entry as they re-render, and the new entry is reloaded when
 * they do. The entries of other languages are left alone: refetching one now, while its screen
 * still shows it, would fill the English entry with an Arabic answer, which would then be shown
 * as English after switching back.
 */
export function reloadsForLanguage(query: Pick<Query, 'queryKey'>, locale: LocaleCode): boolean {
  const languages = query.queryKey.filter(isLocaleCode);
  return languages.length === 0 || languages.includes(locale);
}

export async function switchLanguage(client: QueryClient, locale: LocaleCode): Promise<void> {
  await changeLocale(locale);
  usePreferences.getState().setLocale(locale);
  // Not awaited: the popup closes at once and each screen shows its data as it arrives.
  void client.invalidateQueries({ predicate: (query) => reloadsForLanguage(query, locale) });
}
