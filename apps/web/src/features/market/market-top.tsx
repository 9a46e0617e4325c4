import { SearchBar } from 'antd-mobile';
import type { MessageKey } from '@vela/i18n';
import { useT } from '../../lib/i18n.ts';
import { ariaSort, MARKET_TABS, type MarketTab, type SortKey, type SortState } from './market-list-logic.ts';

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

function MarketTabs({ tab, onTab }: { tab: MarketTab; onTab(tab: MarketTab): void }) {
  const t = useT();
  return (
    <div className="market__tabs" role="tablist">
      {MARKET_TABS.map((key) => (
        <button
          key={key}
          type="button"
          role="tab"
          aria-selected={tab === key}
          className={`market__tab${tab === key ? ' market__tab--active' : ''}`}
          onClick={() => onTab(key)}
          data-testid={`market-tab-${key}`}
        >
          {t(TAB_LABELS[key])}
        </button>
      ))}
    </div>
  );
}

/** The column headers, each of which sorts the list by its column. */
function ColumnHeads({ sort, onSort }: { sort: SortState; onSort(key: SortKey): void }) {
  const t = useT();
  return (
    <div className="market-head" role="row">
      {COLUMNS.map((column) => {
        const direction = sort?.key === column.key ? sort.direction : null;
        return (
          <button
            key={column.key}
            type="button"
            role="columnheader"
            aria-sort={ariaSort(direction)}
            className={`market-head__${column.key}${direction ? ' market-head--sorted' : ''}`}
            onClick={() => onSort(column.key)}
            data-testid={`sort-${column.key}`}
          >
            {t(column.label)}
            <SortIcon direction={direction} />
          </button>
        );
      })}
    </div>
  );
}

/** The part of the market page that stays above the list: title, search, tabs and column heads. */
export function MarketTop(props: {
  query: string;
  onQuery(query: string): void;
  tab: MarketTab;
  onTab(tab: MarketTab): void;
  sort: SortState;
  onSort(key: SortKey): void;
}) {
  const t = useT();
  return (
    <div className="market__top">
      <header className="market__header">
        <h1 className="market__title">{t('route.currency')}</h1>
      </header>
      <div className="market__search">
        <SearchBar
          placeholder={t('market.searchPlaceholder')}
          value={props.query}
          onChange={props.onQuery}
          onClear={() => props.onQuery('')}
        />
      </div>
      <MarketTabs tab={props.tab} onTab={props.onTab} />
      <ColumnHeads sort={props.sort} onSort={props.onSort} />
    </div>
  );
}
