import { PullToRefresh } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useT } from '../../lib/i18n.ts';
import { useBanners, useNotices } from '../../system/system-queries.ts';
import { BannerCarousel } from './banner-carousel.tsx';
import { HomeHeader } from './home-header.tsx';
import { NoticeTicker } from './notice-ticker.tsx';
import { SystemNoticeDialog } from './system-notice-dialog.tsx';
import './home.css';

const QUICK_DEPOSIT_COINS = ['BTC', 'USDT', 'ETH'] as const;

function CoinBadge({ symbol }: { symbol: string }) {
  return (
    <span className={`coin-badge coin-badge--${symbol.toLowerCase()}`} aria-hidden>
      {symbol.slice(0, 1)}
    </span>
  );
}

export default function HomePage() {
  const t = useT();
  const navigate = useNavigate();
  const client = useQueryClient();
  const notices = useNotices();
  const banners = useBanners();

  const refresh = async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: ['SYS_NOTICE'] }),
      client.invalidateQueries({ queryKey: ['SYS_BANNER'] }),
    ]);
  };

  return (
    <div className="home">
      <HomeHeader />
      <PullToRefresh
        onRefresh={refresh}
        pullingText={t('common.pullToRefresh')}
        canReleaseText={t('common.releaseToRefresh')}
        refreshingText={t('common.refreshing')}
        completeText={t('common.refreshed')}
      >
        <BannerCarousel banners={banners.data ?? []} />
        {banners.isPending ? <div className="home-banners home-banners--skeleton" /> : null}
        <NoticeTicker notices={notices.data ?? []} />

        <button
          type="button"
          className="deposit-poster"
          onClick={() => void navigate('/recharge')}
          data-testid="quick-deposit"
        >
          <div>
            <div className="deposit-poster__title">{t('home.quickDeposit')}</div>
            <div className="deposit-poster__hint">
              {t('home.quickDepositHint', { coins: QUICK_DEPOSIT_COINS.join(' / ') })}
            </div>
          </div>
          <div className="deposit-poster__coins">
            {QUICK_DEPOSIT_COINS.map((symbol) => (
              <CoinBadge key={symbol} symbol={symbol} />
            ))}
          </div>
        </button>

        <nav className="quick-menus">
          <button
            type="button"
            className="quick-menu"
            onClick={() => void navigate('/trade')}
            data-testid="menu-futures"
          >
            <svg
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
              aria-hidden
            >
              <path d="M4 16l5-5 4 4 7-8M15 7h5v5" />
            </svg>
            <span>{t('home.futures')}</span>
          </button>
          <button
            type="button"
            className="quick-menu"
            onClick={() => void navigate('/help')}
            data-testid="menu-help"
          >
            <svg
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
              aria-hidden
            >
              <circle cx="12" cy="12" r="9" />
              <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6M12 17h.01" />
            </svg>
            <span>{t('home.helpCentre')}</span>
          </button>
        </nav>
      </PullToRefresh>
      <SystemNoticeDialog notices={notices.data ?? []} />
    </div>
  );
}
