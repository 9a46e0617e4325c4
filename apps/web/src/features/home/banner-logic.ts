import type { Banner } from '@vela/contract';
import { leadsToBuiltScreen } from '../../config/built-routes.ts';
import { isHttpUrl } from '../../lib/urls.ts';

/** What tapping a banner does: open an external page, open a screen of the app, or nothing. */
export type BannerTarget =
  { kind: 'external'; url: string } | { kind: 'screen'; path: string } | { kind: 'none' };

export function bannerTarget(url: string): BannerTarget {
  if (isHttpUrl(url)) return { kind: 'external', url };
  if (url.startsWith('/')) return { kind: 'screen', path: url };
  return { kind: 'none' };
}

/**
 * The banners the home screen shows: those leading to an external page, to a built screen or
 * nowhere. A banner for a screen that is not built yet waits until it is, so no banner advertises
 * what the app cannot show; the operator's row stays as it is.
 */
export function bannersToShow(banners: readonly Banner[]): Banner[] {
  return banners.filter((banner) => {
    const target = bannerTarget(banner.url);
    return target.kind !== 'screen' || leadsToBuiltScreen(target.path);
  });
}
