import { lazy, Suspense, useEffect, useState } from 'react';
import { Button, SpinLoading } from 'antd-mobile';
import { DownFill, FilterOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router';
import { KLINE_INTERVALS, type Ticker } from '@vela/contract';
import { ensureSelectedVc, formatCompact, formatNumber } from '@vela/domain';
import type { MessageKey } from '@vela/i18n';
import { CoinIcon } from '../../components/coin-icon.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { ChangeValue, LivePrice } from '../../components/live-price.tsx';
import { useT } from '../../lib/i18n.ts';
import { usePreferences } from '../../stores/preferences-store.ts';
import { isSignedIn, useSession } from '../../stores/session-store.ts';
import { useLiveMarket } from '../../system/live-market.ts';
import { chooseVc, configuredVcIds, useTickers, useTimingConfig } from '../../system/market-queries.ts';
import { changeClass } from '../../system/market-tickers.ts';
import { useChartSettings, withInterval } from './chart-settings.ts';
import { CoinPicker } from './coin-picker.tsx';
import { IndicatorPopup } from './indicator-popup.tsx';
import type { ChartLoad } from './kline-chart.tsx';
import { OpenOrders } from './timing-open-orders.tsx';
import { TimingPanel } from './timing-panel.tsx';
import './trade.css';

// klinecharts is the largest dependency of the app; it loads with the chart, after the page shows.
const KlineChart = lazy(() => import('./kline-chart.tsx'));

const ORDER_TABS: { key: 'timing' | 'futures'; label: MessageKey }[] = [
  { key: 'timing', label: 'trade.tab.timing' },
  { key: 'futures', label: 'trade.tab.futures' },
];

/**
 * Spec point 4: the trade page shows the selected coin; when none is selected (or it is gone), the
 * first pair of the trade configuration is selected, or else the first coin with a price.
 */
export function coinToShow(
  selected: number | null,
  tickers: readonly Ticker[],
  configVcIds: readonly number[],
): number | null {
  if (selected !== null && tickers.some((t) => t.a === selected)) return selected;
  return (
    ensureSelectedVc(
      null,
      configVcIds.filter((id) => tickers.some((t) => t.a === id)),
    ) ??
    tickers[0]?.a ??
    null
  );
}

function signed(value: string, precision: number): string {
  const text = formatNumber(value, precision);
  return text !== '--' && !text.startsWith('-') && Number(value) !== 0 ? `+${text}` : text;
}

function ChartSkeleton() {
  return <div className="kline-chart kline-chart--skeleton" aria-busy="true" data-testid="chart-skeleton" />;
}

export default function TradePage() {
  const t = useT();
  const navigate = useNavigate();
  const tickers = useTickers();
  const config = useTimingConfig();
  const selected = usePreferences((s) => s.selectedVcId);
  const signedIn = useSession(isSignedIn);
  const chartSettings = useChartSettings();
  const [pickerOpen, setPickerOpen] = useState(false);
  const [indicatorsOpen, setIndicatorsOpen] = useState(false);
  const [orderTab, setOrderTab] = useState<'timing' | 'futures'>('timing');
  const [chartKey, setChartKey] = useState(0);
  const [chartLoad, setChartLoad] = useState<ChartLoad | null>(null);
  useLiveMarket();

  const list = tickers.data ?? [];
  const configReady = !config.isPending;
  const vcId = configReady ? coinToShow(selected, list, configuredVcIds(config.data)) : null;
  useEffect(() => {
    if (vcId !== null && vcId !== selected) chooseVc(vcId);
  }, [vcId, selected]);
  const ticker = list.find((item) => item.a === vcId) ?? null;

  const { settings } = chartSettings;

  if (tickers.isPending || !configReady) {
    return (
      <div className="trade">
        <div className="trade-top">
          <span className="skeleton-line" style={{ width: '40%', height: '1.25rem' }} />
        </div>
        <ChartSkeleton />
      </div>
    );
  }
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

  const tone = changeClass(ticker);
  const chartStatus =
    chartLoad?.vcId !== ticker.a || chartLoad.interval !== settings.interval
      ? 'loading'
      : chartLoad.failed
        ? 'failed'
        : chartLoad.count === 0
          ? 'empty'
          : 'ready';
  return (
    <div className="trade" data-testid="trade-page" data-vc-id={ticker.a}>
      <div className="trade-top">
        <button
          type="button"
          className="trade-coin"
          onClick={() => setPickerOpen(true)}
          aria-haspopup="dialog"
          data-testid="open-coin-picker"
        >
          <CoinIcon symbol={ticker.c} />
          <span className="trade-coin__symbol" data-testid="trade-symbol">
            {ticker.c}
          </span>
          <span className="trade-coin__name">{ticker.name}</span>
          <DownFill className="trade-coin__caret" />
        </button>
      </div>

      <section className="trade-stats">
        <div className="trade-stats__main">
          <LivePrice
            price={ticker.g}
            direction={ticker.l}
            precision={ticker.precision}
            className={`trade-stats__price change-text--${tone}`}
            testId="trade-price"
          />
          <div className="trade-stats__change">
            <span className={`num change-text--${tone}`}>{signed(ticker.k, ticker.precision)}</span>
            <ChangeValue percent={ticker.changePer} testId="trade-change" />
          </div>
        </div>
        <dl className="trade-stats__grid">
          <div>
            <dt>{t('trade.high24h')}</dt>
            <dd className="num" data-testid="trade-high">
              {formatNumber(ticker.high, ticker.precision)}
            </dd>
          </div>
          <div>
            <dt>{t('trade.low24h')}</dt>
            <dd className="num" data-testid="trade-low">
              {formatNumber(ticker.low, ticker.precision)}
            </dd>
          </div>
          <div>
            <dt>{t('trade.volume24h')}</dt>
            <dd className="num" data-testid="trade-volume">
              {formatCompact(ticker.j)}
            </dd>
          </div>
        </dl>
      </section>

      <section className="trade-chart">
        <div className="trade-toolbar">
          <div className="trade-intervals" role="radiogroup" aria-label={t('trade.interval')}>
            {KLINE_INTERVALS.map((interval) => (
              <button
                key={interval}
                type="button"
                role="radio"
                aria-checked={settings.interval === interval}
                className={`trade-interval${settings.interval === interval ? ' trade-interval--on' : ''}`}
                onClick={() => chartSettings.update(withInterval(settings, interval))}
                disabled={!chartSettings.ready}
                data-testid={`interval-${interval}`}
              >
                {t(`trade.interval.${interval}`)}
              </button>
            ))}
          </div>
          <button
            type="button"
            className="trade-toolbar__indicators"
            onClick={() => setIndicatorsOpen(true)}
            aria-label={t('trade.indicators')}
            data-testid="open-indicators"
          >
            <FilterOutline />
          </button>
        </div>
        <div className="trade-chart__frame" data-status={chartStatus}>
          {chartSettings.ready ? (
            <Suspense fallback={<ChartSkeleton />}>
              <KlineChart
                key={chartKey}
                vcId={ticker.a}
                symbol={ticker.c}
                pricePrecision={ticker.precision}
                interval={settings.interval}
                main={settings.main}
                sub={settings.sub}
                onLoaded={setChartLoad}
              />
            </Suspense>
          ) : (
            <ChartSkeleton />
          )}
          {chartStatus === 'loading' && chartSettings.ready ? (
            <div className="trade-chart__overlay trade-chart__overlay--quiet" aria-busy="true">
              <SpinLoading color="primary" />
            </div>
          ) : null}
          {chartStatus === 'failed' ? (
            <div className="trade-chart__overlay">
              <EmptyState
                kind="loadFailed"
                onRetry={() => {
                  setChartLoad(null);
                  setChartKey((key) => key + 1);
                }}
              />
            </div>
          ) : null}
          {chartStatus === 'empty' ? (
            <div className="trade-chart__overlay">
              <EmptyState kind="noData" />
            </div>
          ) : null}
        </div>
      </section>

      <section className="trade-orders">
        <div className="trade-orders__tabs" role="tablist">
          {ORDER_TABS.map((tab) => (
            <button
              key={tab.key}
              type="button"
              role="tab"
              aria-selected={orderTab === tab.key}
              className={`trade-orders__tab${orderTab === tab.key ? ' trade-orders__tab--on' : ''}`}
              onClick={() => setOrderTab(tab.key)}
              data-testid={`order-tab-${tab.key}`}
            >
              {t(tab.label)}
            </button>
          ))}
        </div>
        {signedIn && orderTab === 'timing' ? (
          <TimingPanel ticker={ticker} config={config.data} />
        ) : (
          <div className="trade-orders__note" data-testid="orders-note">
            {signedIn ? (
              <p>{t('trade.ordersUnavailable')}</p>
            ) : (
              <>
                <p>{t('trade.loginToTrade')}</p>
                <Button
                  color="primary"
                  className="trade-orders__login"
                  onClick={() => void navigate(`/login?redirect=${encodeURIComponent('/trade')}`)}
                  data-testid="trade-login"
                >
                  {t('auth.login')}
                </Button>
              </>
            )}
          </div>
        )}
      </section>
      {signedIn && orderTab === 'timing' ? <OpenOrders tickers={list} /> : null}

      <CoinPicker
        visible={pickerOpen}
        tickers={list}
        selected={ticker.a}
        onSelect={(id) => {
          if (chooseVc(id)) setPickerOpen(false);
        }}
        onClose={() => setPickerOpen(false)}
      />
      <IndicatorPopup
        visible={indicatorsOpen}
        settings={settings}
        scope={chartSettings.scope}
        onChange={chartSettings.update}
        onClose={() => setIndicatorsOpen(false)}
      />
    </div>
  );
}
