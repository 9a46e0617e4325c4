import { PullToRefresh } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useT } from '../../lib/i18n.ts';
import { isSignedIn, useSession } from '../../stores/session-store.ts';
import { useLiveMarket } from '../../system/live-market.ts';
import { marketKeys, useFavouriteList } from '../../system/market-api.ts';
import { MarketList } from './market-list.tsx';
import { MarketTop } from './market-top.tsx';
import { useMarketView } from './use-market-view.ts';
import './market.css';

/** The market list, `/currency`: favourites, all, spot and 24H volume. */
export default function MarketPage() {
  const t = useT();
  const client = useQueryClient();
  const view = useMarketView();
  const favouriteList = useFavouriteList();
  const signedIn = useSession(isSignedIn);
  useLiveMarket();

  const refresh = async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: marketKeys.tickers() }),
      signedIn ? favouriteList.refetch() : Promise.resolve(),
    ]);
  };

  return (
    <div className="market">
      <MarketTop
        query={view.query}
        onQuery={view.setQuery}
        tab={view.tab}
        onTab={view.showTab}
        sort={view.sort}
        onSort={view.sortBy}
      />
      <PullToRefresh
        onRefresh={refresh}
        pullingText={t('common.pullToRefresh')}
        canReleaseText={t('common.releaseToRefresh')}
        refreshingText={t('common.refreshing')}
        completeText={t('common.refreshed')}
      >
        <MarketList tab={view.tab} query={view.query} sort={view.sort} />
      </PullToRefresh>
    </div>
  );
}
