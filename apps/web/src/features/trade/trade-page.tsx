import { useEffect, useState } from 'react';
import { EmptyState } from '../../components/empty-state.tsx';
import { useT } from '../../lib/i18n.ts';
import { usePreferences } from '../../stores/preferences-store.ts';
import { isSignedIn, useSession } from '../../stores/session-store.ts';
import { useLiveMarket } from '../../system/live-market.ts';
import { chooseCoin, configuredCoinIds, useTickers, useTimingConfig } from '../../system/market-api.ts';
import { CoinPicker } from './coin-picker.tsx';
import { IndicatorPopup } from './indicator-popup.tsx';
import { OpenOrders } from './timing-open-orders.tsx';
import { TimingPanel } from './timing-panel.tsx';
import { useChartSettings } from './trade-api.ts';
import { coinToShow } from './trade-logic.ts';
import { ChartSection, ChartSkeleton, OrdersSection, TradeHead, type OrderTab } from './trade-sections.tsx';
import './trade.css';

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
  const [pickerOpen, setPickerOpen] = useState(false);
  const [indicatorsOpen, setIndicatorsOpen] = useState(false);
  const [orderTab, setOrderTab] = useState<OrderTab>('timing');
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
      <TradeHead ticker={ticker} onOpenPicker={() => setPickerOpen(true)} />
      <ChartSection
        ticker={ticker}
        chartSettings={chartSettings}
        onOpenIndicators={() => setIndicatorsOpen(true)}
      />
      <OrdersSection
        tab={orderTab}
        onTab={setOrderTab}
        signedIn={signedIn}
        panel={<TimingPanel ticker={ticker} config={config.data} />}
      />
      {timing ? <OpenOrders tickers={list} /> : null}
      <CoinPicker
        visible={pickerOpen}
        tickers={list}
        selected={ticker.a}
        onSelect={(id) => {
          if (chooseCoin(id)) setPickerOpen(false);
        }}
        onClose={() => setPickerOpen(false)}
      />
      <IndicatorPopup
        visible={indicatorsOpen}
        settings={chartSettings.settings}
        scope={chartSettings.scope}
        onChange={chartSettings.update}
        onClose={() => setIndicatorsOpen(false)}
      />
    </div>
  );
}
