import { useQueryClient } from '@tanstack/react-query';
import { PullToRefresh } from '../../components/pull-to-refresh.tsx';
import { useLiveMarket } from '../../system/live-market.ts';
import { marketKeys } from '../../system/market-api.ts';
import { useBanners, useNotices } from '../../system/system-api.ts';
import { BannerCarousel } from './banner-carousel.tsx';
import { HomeHeader } from './home-header.tsx';
import { HotCoins, Rankings } from './market-sections.tsx';
import { NoticeTicker } from './notice-ticker.tsx';
import { QuickDeposit, QuickMenus } from './quick-entries.tsx';
import { SystemNoticeDialog } from './system-notice-dialog.tsx';
import './home.css';

/**
 * /home: the banners, the notices, the hot coins, the quick entries and the rankings. Pulling down
 * reads the notices, banners and prices again.
 */
export default function HomePage() {
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

  return (
    <div className="home">
      <HomeHeader />
      <PullToRefresh onRefresh={refresh}>
        <BannerCarousel banners={banners.data ?? []} pending={banners.isPending} />
        <NoticeTicker notices={notices.data ?? []} pending={notices.isPending} />
        <HotCoins />
        <QuickDeposit />
        <QuickMenus />
        <Rankings />
      </PullToRefresh>
      <SystemNoticeDialog notices={notices.data ?? []} />
    </div>
  );
}
