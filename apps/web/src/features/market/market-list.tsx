import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../components/empty-state.tsx';
import { useT } from '../../lib/i18n.ts';
import { usePreferences } from '../../stores/preferences-store.ts';
import { isSignedIn, useSession } from '../../stores/session-store.ts';
import { chooseCoin, useTickers } from '../../system/market-api.ts';
import { useToggleFavourite } from './market-api.ts';
import { marketListState, marketRows, type MarketTab, type SortState } from './market-list-logic.ts';
import { MarketRow, SkeletonRows } from './market-row.tsx';

/** The coins of the tab, searched and sorted; a row opens the coin's trade page, its star (un)favours it. */
export function MarketList({ tab, query, sort }: { tab: MarketTab; query: string; sort: SortState }) {
  const t = useT();
  const navigate = useNavigate();
  const tickers = useTickers();
  const favourites = usePreferences((s) => s.favourites);
  const signedIn = useSession(isSignedIn);
  const { toggle, pending } = useToggleFavourite(`/currency?tab=${tab}`);

  const rows = marketRows(tickers.data ?? [], { tab, query, sort, favourites });
  const state = marketListState({
    pending: tickers.isPending,
    failed: tickers.isError && !tickers.data,
    tab,
    signedIn,
    favouriteCount: favourites.length,
    query,
    rowCount: rows.length,
  });

  const open = (vcId: number) => {
    if (chooseCoin(vcId)) void navigate('/trade');
  };

  let body: ReactNode;
  if (state === 'loading') body = <SkeletonRows />;
  else if (state === 'failed') body = <EmptyState kind="loadFailed" onRetry={() => void tickers.refetch()} />;
  else if (state === 'login') body = <EmptyState kind="noData" message={t('market.loginForFavourites')} />;
  else if (state === 'noFavourites') body = <EmptyState kind="noData" message={t('market.noFavourites')} />;
  else if (state === 'empty') {
    body = <EmptyState kind="noData" message={query ? t('market.noResults', { query }) : undefined} />;
  } else {
    body = rows.map((ticker) => (
      <MarketRow
        key={ticker.a}
        ticker={ticker}
        favourite={favourites.includes(ticker.a)}
        busy={pending === ticker.a}
        onOpen={() => open(ticker.a)}
        onStar={() => void toggle(ticker.a)}
      />
    ));
  }

  return (
    <div className="market__list" data-testid="market-list">
      {body}
    </div>
  );
}
