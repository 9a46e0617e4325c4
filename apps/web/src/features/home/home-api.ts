import type { QueryClient } from '@tanstack/react-query';
import type { LocaleCode } from '@vela/i18n';
import { tickersQuery } from '../../system/market-api.ts';
import { bannersQuery, configQuery, noticesQuery } from '../../system/system-api.ts';

/**
 * The server reads the home screen shows on its first render: the prices (hot coins and rankings),
 * the configuration whose dictionary names the rankings' coin types, the notices and the banners.
 * The app starts them with the page's code (router.tsx, `preloadPage`), so that the screen renders
 * once with its content instead of once with placeholders and again as each answer arrives; each
 * is a function that starts the read, so the app can start them one task apart.
 */
export function homeReads(client: QueryClient, locale: LocaleCode): (() => Promise<void>)[] {
  return [
    () => client.prefetchQuery(tickersQuery()),
    () => client.prefetchQuery(configQuery(locale)),
    () => client.prefetchQuery(noticesQuery(locale)),
    () => client.prefetchQuery(bannersQuery(locale)),
  ];
}
