import { Swiper } from 'antd-mobile';
import type { Banner } from '@vela/contract';
import { useNavigate } from 'react-router';
import { isHttpUrl, openExternal } from '../../lib/urls.ts';

/**
 * Spec point 9: loop and autoplay on, 3000 ms interval, 300 ms transition, 7.8125rem high. A banner's
 * url opens in a new tab when it is an external http(s) address; an in-app path navigates.
 */
export const CAROUSEL = { intervalMs: 3000, durationMs: 300, heightRem: 7.8125 } as const;

export function BannerCarousel({ banners }: { banners: Banner[] }) {
  const navigate = useNavigate();
  if (banners.length === 0) return null;
  const open = (url: string) => {
    if (isHttpUrl(url)) openExternal(url);
    else if (url.startsWith('/')) void navigate(url);
  };
  return (
    <div className="home-banners" data-testid="banner-carousel">
      <Swiper
        loop
        autoplay
        autoplayInterval={CAROUSEL.intervalMs}
        style={
          {
            '--height': `${CAROUSEL.heightRem}rem`,
            '--border-radius': 'var(--radius)',
            '--track-padding': '0',
          } as React.CSSProperties
        }
        indicatorProps={{
          style: {
            '--dot-color': 'rgba(255,255,255,.35)',
            '--active-dot-color': '#fff',
          } as React.CSSProperties,
        }}
      >
        {banners.map((banner) => (
          <Swiper.Item key={banner.id}>
            <button
              type="button"
              className="home-banner"
              onClick={() => open(banner.url)}
              aria-label={banner.title}
            >
              <img
                src={banner.img || banner.image}
                alt=""
                onError={(event) => {
                  const img = event.currentTarget;
                  if (banner.fallbackImg && !img.src.endsWith(banner.fallbackImg))
                    img.src = banner.fallbackImg;
                }}
              />
              <span className="home-banner__title">{banner.title}</span>
            </button>
          </Swiper.Item>
        ))}
      </Swiper>
    </div>
  );
}
