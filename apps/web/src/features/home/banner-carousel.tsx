import type { Banner } from '@vela/contract';
import { useNavigate } from 'react-router';
import { Carousel } from '../../components/carousel.tsx';
import { openExternal } from '../../lib/urls.ts';
import { bannersToShow, bannerTarget } from './banner-logic.ts';

/**
 * The banners loop and play by themselves: 3000 ms interval, 300 ms transition, a 50 px swipe threshold,
 * 7.8125rem high. A banner's url opens in a new tab when it is an external http(s) address; an
 * in-app path navigates. Banners for screens that are not built yet are left out (bannersToShow).
 */
export const CAROUSEL = { intervalMs: 3000, durationMs: 300, thresholdPx: 50, heightRem: 7.8125 } as const;

function BannerSlide({ banner, first, onOpen }: { banner: Banner; first: boolean; onOpen(): void }) {
  return (
    <button type="button" className="home-banner" onClick={onOpen} aria-label={banner.title}>
      <img
        src={banner.img || banner.image}
        alt=""
        // The first banner is the largest thing on the first screen: it is fetched first.
        fetchPriority={first ? 'high' : 'auto'}
        decoding="async"
        draggable={false}
        onError={(event) => {
          const img = event.currentTarget;
          if (banner.fallbackImg && !img.src.endsWith(banner.fallbackImg)) img.src = banner.fallbackImg;
        }}
      />
      <span className="home-banner__title">{banner.title}</span>
    </button>
  );
}

/** The banner carousel, or, while the banners load, a placeholder of the same size. */
export function BannerCarousel({ banners: all, pending }: { banners: Banner[]; pending: boolean }) {
  const navigate = useNavigate();
  if (pending) return <div className="home-banners home-banners--skeleton" aria-busy="true" />;
  const banners = bannersToShow(all);
  if (banners.length === 0) return null;
  const open = (url: string) => {
    const target = bannerTarget(url);
    if (target.kind === 'external') openExternal(target.url);
    else if (target.kind === 'screen') void navigate(target.path);
  };
  return (
    <div className="home-banners" data-testid="banner-carousel">
      <Carousel
        count={banners.length}
        slideKey={(i) => banners[i]?.id ?? i}
        renderSlide={(i) => {
          const banner = banners[i];
          return banner ? (
            <BannerSlide banner={banner} first={i === 0} onOpen={() => open(banner.url)} />
          ) : null;
        }}
        loop
        autoplay
        intervalMs={CAROUSEL.intervalMs}
        durationMs={CAROUSEL.durationMs}
        thresholdPx={CAROUSEL.thresholdPx}
      />
    </div>
  );
}
