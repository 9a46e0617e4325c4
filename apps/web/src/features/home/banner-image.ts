import type { Banner } from '@vela/contract';

/** The picture a banner shows: its `img`, or `image` where an older record has only that. */
export function bannerImage(banner: Banner): string {
  return banner.img || banner.image;
}

/**
 * Starts downloading the first banner's picture, the largest thing on the home screen, as soon as
 * the banners are known: it then arrives while the screen renders instead of after it.
 */
export function preloadFirstBanner(banners: readonly Banner[] | undefined, doc: Document = document): void {
  const first = banners?.[0];
  const href = first ? bannerImage(first) : '';
  const preloaded = [...doc.head.querySelectorAll('link[rel="preload"]')].some(
    (link) => link.getAttribute('href') === href,
  );
  if (!href || preloaded) return;
  const link = doc.createElement('link');
  link.setAttribute('rel', 'preload');
  link.setAttribute('as', 'image');
  link.setAttribute('href', href);
  link.setAttribute('fetchpriority', 'high');
  doc.head.append(link);
}
