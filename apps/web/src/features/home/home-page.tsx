import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { MessageKey } from '@vela/i18n';
import { CoinIcon } from '../../components/coin-icon.tsx';
import { PullToRefresh } from '../../components/pull-to-refresh.tsx';
import { useT } from '../../lib/i18n.ts';
import { ensureSelectedVc } from '@vela/domain';
import { useLiveMarket } from '../../system/live-market.ts';
import { chooseVc, configuredVcIds, marketKeys, timingConfigQuery } from '../../system/market-queries.ts';
import { useBanners, useNotices } from '../../system/system-queries.ts';
import { usePreferences } from '../../stores/preferences-store.ts';
import { BannerCarousel } from './banner-carousel.tsx';
import { HomeHeader } from './home-header.tsx';
import { HotCoins, Rankings } from './market-sections.tsx';
import { NoticeTicker } from './notice-ticker.tsx';
import { SystemNoticeDialog } from './system-notice-dialog.tsx';
import './home.css';

const QUICK_DEPOSIT_COINS = ['BTC', 'USDT', 'ETH'] as const;

/**
 * Quick menus of spec point 2: futures trading (/trade) and the help centre (/help), plus the finance
 * products, whose tab page has no button of its own in the five-tab bar.
 */
const QUICK_MENUS: { path: string; labelKey: MessageKey; testId: string; icon: string }[] = [
  { path: '/trade', labelKey: 'home.futures', testId: 'menu-futures', icon: 'M4 16l5-5 4 4 7-8M15 7h5v5' },
  {
    path: '/finance',
    labelKey: 'tab.finance',
    testId: 'menu-finance',
    icon: 'M12 3v18M16.5 7.5c0-1.7-2-3-4.5-3s-4.5 1.3-4.5 3 2 2.6 4.5 3 4.5 1.3 4.5 3-2 3-4.5 3-4.5-1.3-4.5-3',
  },
  {
    path: '/help',
    labelKey: 'home.helpCentre',
    testId: 'menu-help',
    icon: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6M12 17h.01',
  },
];

function CoinBadge({ symbol }: { symbol: string }) {
  return (
    <span className="coin-badge" aria-hidden>
      <CoinIcon symbol={symbol} size="sm" />
    </span>
  );
}

export default function HomePage() {
  const t = useT();
  const navigate = useNavigate();
  const client = useQueryClient();
  const notices = useNotices();
  const banners = useBanners();
  useLiveMarket();

  const refresh = async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: ['SYS_NOTICE'] }),
      client.invalidateQueries({ queryKey: ['SYS_BANNER'] }),
      client.invalidateQueries({ queryKey: marketKeys.tickers() }),
    ]);
  };

  /**
   * The futures menu first selects the first configured trading pair when no (configured) coin is
   * selected (spec point 2), then opens the trade page.
   */
  const openFutures = async () => {
    try {
      const config = await client.fetchQuery(timingConfigQuery());
      const selected = usePreferences.getState().selectedVcId;
      const vcId = ensureSelectedVc(selected, configuredVcIds(config));
      if (vcId !== null && vcId !== selected) chooseVc(vcId);
    } catch (error) {
      // The trade page loads the configuration itself and selects the pair there.
      console.warn('[home] trade configuration unavailable', error);
    }
    void navigate('/trade');
  };

  const openMenu = (path: string) => {
    if (path === '/trade') void openFutures();
    else void navigate(path);
  };

  return (
    <div className="home">
      <HomeHeader />
      <PullToRefresh onRefresh={refresh}>
        <BannerCarousel banners={banners.data ?? []} pending={banners.isPending} />
        <NoticeTicker notices={notices.data ?? []} pending={notices.isPending} />
        <HotCoins />

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
          {QUICK_MENUS.map((menu) => (
            <button
              key={menu.path}
              type="button"
              className="quick-menu"
              onClick={() => openMenu(menu.path)}
              data-testid={menu.testId}
            >
              <svg
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
                aria-hidden
              >
                <path d={menu.icon} />
              </svg>
              <span>{t(menu.labelKey)}</span>
            </button>
          ))}
        </nav>

        <Rankings />
      </PullToRefresh>
      <SystemNoticeDialog notices={notices.data ?? []} />
    </div>
  );
}
