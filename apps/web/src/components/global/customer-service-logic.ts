import type { Theme } from '../../stores/preferences-store.ts';

/**
 * The configured customer-service address with the app's theme added as `theme=dark|light`, so the
 * page can wear the same colours (the page this server serves does; another provider's page may
 * ignore it). The rest of the address, its query and its fragment are kept as configured.
 */
export function customerServiceAddress(url: string, theme: Theme): string {
  const hashAt = url.indexOf('#');
  const base = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  const separator = base.includes('?') ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?';
  return `${base}${separator}theme=${theme}${hash}`;
}
