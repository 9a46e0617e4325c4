import { useState } from 'react';
import { PullToRefresh, SearchBar } from 'antd-mobile';
import { StarFill, StarOutline } from 'antd-mobile-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import type { Ticker } from '@vela/contract';
import { formatCompact } from '@vela/domain';
import type { MessageKey } from '@vela/i18n';
import { CoinIcon } from '../../components/coin-icon.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { ChangeValue, LivePrice } from '../../components/live-price.tsx';
import { useT } from '../../lib/i18n.ts';
import { usePreferences } from '../../stores/preferences-store.ts';
import { isSignedIn, useSession } from '../../stores/session-store.ts';
import { useLiveMarket } from '../../system/live-market.ts';
import { chooseVc, marketKeys, useFavouriteList, useTickers } from '../../system/market-queries.ts';
import {
  MARKET_TABS,
  marketRows,
  nextSort,
  type MarketTab,
  type SortKey,
  type SortState,
} from './market-list.ts';
import { useToggleFavourite } from './use-favourites.ts';
import './market.css';

const TAB_LABELS: Record<MarketTab, MessageKey> = {
  favourites: 'market.tab.favourites',
  all: 'market.tab.all',
  spot: 'market.tab.spot',
  volume: 'market.tab.volume',
};

const COLUMNS: { key: SortKey; label: MessageKey }[] = [
  { key: 'name', label: 'market.col.name' },
  { key: 'price', label: 'market.col.price' },
  { key: 'change', label: 'market.col.change' },
];

function SortIcon({ direction }: { direction: 'asc' | 'desc' | null }) {
  return (
    <svg className="sort-icon" viewBox="0 0 8 12" aria-hidden>
      <path d="M4 0 8 4.5H0z" className={direction === 'asc' ? 'sort-icon__on' : undefined} />
      <path d="M4 12 0 7.5h8z" className={direction === 'desc' ? 'sort-icon__on' : undefined} />
    </svg>
  );
}

function MarketRow({
  ticker,
  favourite,
  busy,
  onOpen,
  onStar,
}: {
  ticker: Ticker;
  favourite: boolean;
  busy: boolean;
  onOpen(): void;
  onStar(): void;
}) {
  const t = useT();
  return (
    <div className="market-row" data-testid="market-row" data-vc-id={ticker.a} data-symbol={ticker.c}>
      <button
        type="button"
        className={`market-row__star${favourite ? ' market-row__star--on' : ''}`}
        onClick={onStar}
        disabled={busy}
        aria-pressed={favourite}
        aria-label={t(favourite ? 'market.removeFavourite' : 'market.addFavourite')}
        data-testid="favourite-star"
      >
        {favourite ? <StarFill /> : <StarOutline />}
      </button>
      <button type="button" className="market-row__main" onClick={onOpen} data-testid="market-row-open">
        <span className="market-row__coin">
          <CoinIcon symbol={ticker.c} />
          <span className="market-row__names">
            <span className="market-row__title">
              <span className="market-row__symbol">{ticker.c}</span>
              <span className="market-row__name">{ticker.name}</span>
            </span>
            <span className="market-row__turnover">
              {t('market.turnover', { value: formatCompact(ticker.turnover) })}
            </span>
          </span>
        </span>
        <LivePrice
          price={ticker.g}
          direction={ticker.l}
          precision={ticker.precision}
          className="market-row__price"
          testId="market-price"
        />
        <span className="market-row__change">
          <ChangeValue percent={ticker.changePer} pill testId="market-change" />
        </span>
      </button>
    </div>
  );
}

function SkeletonRows() {
  return (
    <div aria-busy="true" data-testid="market-skeleton">
      {Array.from({ length: 8 }, (_, i) => (
        <div key={i} className="market-row market-row--skeleton">
          <span className="skeleton-line" style={{ width: '38%' }} />
          <span className="skeleton-line" style={{ width: '22%' }} />
          <span className="skeleton-line" style={{ width: '18%' }} />
        </div>
      ))}
    </div>
  );
}

/** The market list, `/currency` (spec point 2): favourites, all, spot and 24H volume. */
export default function MarketPage() {
  const t = useT();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: MarketTab = (MARKET_TABS as readonly string[]).includes(tabParam ?? '')
    ? (tabParam as MarketTab)
    : 'all';
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<SortState>(null);
  const tickers = useTickers();
  const favouriteList = useFavouriteList();
  const favourites = usePreferences((s) => s.favourites);
  const signedIn = useSession(isSignedIn);
  const { toggle, pending } = useToggleFavourite(`/currency?tab=${tab}`);
  useLiveMarket();

  const rows = marketRows(tickers.data ?? [], { tab, query, sort, favourites });

  const open = (vcId: number) => {
    if (chooseVc(vcId)) void navigate('/trade');
  };

  const refresh = async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: marketKeys.tickers() }),
      signedIn ? favouriteList.refetch() : Promise.resolve(),
    ]);
  };

  let body;
  if (tickers.isPending) body = <SkeletonRows />;
  else if (tickers.isError && !tickers.data) {
    body = <EmptyState kind="loadFailed" onRetry={() => void tickers.refetch()} />;
  } else if (tab === 'favourites' && !signedIn) {
    body = <EmptyState kind="noData" message={t('market.loginForFavourites')} />;
  } else if (tab === 'favourites' && favourites.length === 0 && !query) {
    body = <EmptyState kind="noData" message={t('market.noFavourites')} />;
  } else if (rows.length === 0) {
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
    <div className="market">
      <div className="market__top">
        <header className="market__header">
          <h1 className="market__title">{t('route.currency')}</h1>
        </header>
        <div className="market__search">
          <SearchBar
            placeholder={t('market.searchPlaceholder')}
            value={query}
            onChange={setQuery}
            onClear={() => setQuery('')}
          />
        </div>
        <div className="market__tabs" role="tablist">
          {MARKET_TABS.map((key) => (
            <button
              key={key}
              type="button"
              role="tab"
              aria-selected={tab === key}
              className={`market__tab${tab === key ? ' market__tab--active' : ''}`}
              onClick={() => setParams({ tab: key }, { replace: true })}
              data-testid={`market-tab-${key}`}
            >
              {t(TAB_LABELS[key])}
            </button>
          ))}
        </div>
        <div className="market-head" role="row">
          {COLUMNS.map((column) => {
            const direction = sort?.key === column.key ? sort.direction : null;
            return (
              <button
                key={column.key}
                type="button"
                role="columnheader"
                aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none'}
                className={`market-head__${column.key}${direction ? ' market-head--sorted' : ''}`}
                onClick={() => setSort((current) => nextSort(current, column.key))}
                data-testid={`sort-${column.key}`}
              >
                {t(column.label)}
                <SortIcon direction={direction} />
              </button>
            );
          })}
        </div>
      </div>
      <PullToRefresh
        onRefresh={refresh}
        pullingText={t('common.pullToRefresh')}
        canReleaseText={t('common.releaseToRefresh')}
        refreshingText={t('common.refreshing')}
        completeText={t('common.refreshed')}
      >
        <div className="market__list" data-testid="market-list">
          {body}
        </div>
      </PullToRefresh>
    </div>
  );
}
