import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Ticker } from '@vela/contract';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageSkeleton } from '../../components/skeleton.tsx';
import { useT } from '../../lib/i18n.ts';
import { usePreferences } from '../../stores/preferences-store.ts';
import { isSignedIn, useSession } from '../../stores/session-store.ts';
import { useLiveMarket } from '../../system/live-market.ts';
import { chooseCoin, configuredCoinIds, useTickers, useTimingConfig } from '../../system/market-api.ts';
import { useChartSettings, type ChartSettingsState } from './trade-api.ts';
import { coinToShow } from './trade-logic.ts';
import { ChartSection, ChartSkeleton, OrdersSection, TradeHead, type OrderTab } from './trade-sections.tsx';
import './trade.css';

/*
 * What only a signed-in user or a tap needs loads when it is needed, not with the screen: the order
 * panels (timed and spot) and the open orders (a visitor is asked to log in instead), and the coin and indicator
 * pickers with the sliding sheet they open in. A visit that opens on /trade then downloads and runs
 * the price and the chart first (decision 044).
 */
const TimingPanel = lazy(() => import('./timing-panel.tsx').then((m) => ({ default: m.TimingPanel })));
const SpotPanel = lazy(() => import('./spot-panel.tsx').then((m) => ({ default: m.SpotPanel })));
const OpenOrders = lazy(() => import('./timing-open-orders.tsx').then((m) => ({ default: m.OpenOrders })));
const CoinPicker = lazy(() =>
  import('../../components/coin-picker.tsx').then((m) => ({ default: m.CoinPicker })),
);
const IndicatorPopup = lazy(() =>
  import('./indicator-popup.tsx').then((m) => ({ default: m.IndicatorPopup })),
);

/** Which sheet is open; `null` until one has been, so that neither is loaded before a tap. */
type Sheet = 'coins' | 'indicators' | 'none' | null;

/** The coin and indicator sheets, mounted from the first tap on and kept so they can slide closed. */
function TradeSheets({
  sheet,
  onSheet,
  ticker,
  tickers,
  chartSettings,
}: {
  sheet: Sheet;
  onSheet(sheet: Sheet): void;
  ticker: Ticker;
  tickers: Ticker[];
  chartSettings: ChartSettingsState;
}) {
  if (sheet === null) return null;
  const close = () => onSheet('none');
  return (
    <Suspense fallback={null}>
      <CoinPicker
        visible={sheet === 'coins'}
        tickers={tickers}
        selected={ticker.a}
        onSelect={(id) => {
          if (chooseCoin(id)) close();
        }}
        onClose={close}
      />
      <IndicatorPopup
        visible={sheet === 'indicators'}
        settings={chartSettings.settings}
        scope={chartSettings.scope}
        onChange={chartSettings.update}
        onClose={close}
      />
    </Suspense>
  );
}

/**
 * The coin the page shows (see `coinToShow`), once the prices and the trade configuration are in;
 * the choice is saved as the selected coin, so the other screens show the same one.
 */
function useShownCoin() {
  const tickers = useTickers();
  const config = useTimingConfig();
  const selected = usePreferences((s) => s.selectedCoinId);
  const list = tickers.data ?? [];
  const configReady = !config.isPending;
  const coinId = configReady ? coinToShow(selected, list, configuredCoinIds(config.data)) : null;
  useEffect(() => {
    if (coinId !== null && coinId !== selected) chooseCoin(coinId);
  }, [coinId, selected]);
  const ticker = list.find((item) => item.a === coinId) ?? null;
  return { tickers, config, list, configReady, ticker };
}

function TradeLoading() {
  return (
    <div className="trade">
      <div className="trade-top">
        <span className="skeleton-line" style={{ width: '40%', height: '1.25rem' }} />
      </div>
      <ChartSkeleton />
    </div>
  );
}

export default function TradePage() {
  const t = useT();
  const { tickers, config, list, configReady, ticker } = useShownCoin();
  const signedIn = useSession(isSignedIn);
  const chartSettings = useChartSettings();
  const [sheet, setSheet] = useState<Sheet>(null);
  // The tab is in the address, so the home's futures menu can open the spot tab and Back keeps it.
  const [params, setParams] = useSearchParams();
  const orderTab: OrderTab = params.get('tab') === 'futures' ? 'futures' : 'timing';
  const setOrderTab = (tab: OrderTab) => setParams(tab === 'futures' ? { tab } : {}, { replace: true });
  useLiveMarket();

  if (tickers.isPending || !configReady) return <TradeLoading />;
  if (!ticker) {
    return (
      <div className="trade">
        {tickers.isError ? (
          <EmptyState kind="loadFailed" onRetry={() => void tickers.refetch()} />
        ) : (
          <EmptyState kind="noData" message={t('trade.noPairs')} />
        )}
      </div>
    );
  }

  const timing = signedIn && orderTab === 'timing';
  return (
    <div className="trade" data-testid="trade-page" data-vc-id={ticker.a}>
      <TradeHead ticker={ticker} onOpenPicker={() => setSheet('coins')} />
      <ChartSection
        ticker={ticker}
        chartSettings={chartSettings}
        onOpenIndicators={() => setSheet('indicators')}
      />
      <OrdersSection
        tab={orderTab}
        onTab={setOrderTab}
        signedIn={signedIn}
        panels={{
          timing: (
            <Suspense fallback={<PageSkeleton rows={3} card={false} />}>
              <TimingPanel ticker={ticker} config={config.data} />
            </Suspense>
          ),
          futures: (
            <Suspense fallback={<PageSkeleton rows={3} card={false} />}>
              <SpotPanel ticker={ticker} />
            </Suspense>
          ),
        }}
      />
      {timing ? (
        <Suspense fallback={null}>
          <OpenOrders tickers={list} />
        </Suspense>
      ) : null}
      <TradeSheets
        sheet={sheet}
        onSheet={setSheet}
        ticker={ticker}
        tickers={list}
        chartSettings={chartSettings}
      />
    </div>
  );
}
