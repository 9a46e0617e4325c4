import { useState } from 'react';
import { Popup, SearchBar } from 'antd-mobile';
import type { Ticker } from '@vela/contract';
import { useT } from '../lib/i18n.ts';
import { matchesSearch } from '../system/market-tickers-logic.ts';
import { CoinIcon } from './coin-icon.tsx';
import { EmptyState } from './empty-state.tsx';
import { ChangeValue, LivePrice } from './live-price.tsx';
import './coin-picker.css';

/**
 * The currency picker of the trading screens (the trade page, contract trading): search and choose
 * the coin to trade among `tickers`.
 */
export function CoinPicker({
  visible,
  tickers,
  selected,
  onSelect,
  onClose,
}: {
  visible: boolean;
  tickers: readonly Ticker[];
  selected: number | null;
  onSelect(vcId: number): void;
  onClose(): void;
}) {
  const t = useT();
  const [query, setQuery] = useState('');
  const rows = tickers.filter((ticker) => matchesSearch(ticker, query));
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      afterClose={() => setQuery('')}
      bodyStyle={{
        height: '72vh',
        borderRadius: '0.75rem 0.75rem 0 0',
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      <div className="coin-picker" data-testid="coin-picker">
        <h2 className="sheet__title">{t('trade.chooseCoin')}</h2>
        <div className="coin-picker__search">
          <SearchBar
            placeholder={t('market.searchPlaceholder')}
            value={query}
            onChange={setQuery}
            onClear={() => setQuery('')}
          />
        </div>
        <div className="coin-picker__list">
          {rows.length === 0 ? (
            <EmptyState kind="noData" message={query ? t('market.noResults', { query }) : undefined} />
          ) : (
            rows.map((ticker) => (
              <button
                key={ticker.a}
                type="button"
                className={`coin-picker__row${ticker.a === selected ? ' coin-picker__row--on' : ''}`}
                aria-current={ticker.a === selected ? 'true' : undefined}
                onClick={() => onSelect(ticker.a)}
                data-testid="coin-picker-row"
                data-symbol={ticker.c}
              >
                <span className="coin-picker__coin">
                  <CoinIcon symbol={ticker.c} size="sm" />
                  <span className="coin-picker__symbol">{ticker.c}</span>
                  <span className="coin-picker__name">{ticker.name}</span>
                </span>
                <LivePrice price={ticker.g} direction={ticker.l} precision={ticker.precision} />
                <ChangeValue percent={ticker.changePer} className="coin-picker__change" />
              </button>
            ))
          )}
        </div>
      </div>
    </Popup>
  );
}
