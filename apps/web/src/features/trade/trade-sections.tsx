import { lazy, Suspense, useState } from 'react';
import { Button } from 'antd-mobile';
import { DownFill, FilterOutline, RightOutline } from 'antd-mobile-icons';
import { Link, useNavigate } from 'react-router';
import { KLINE_INTERVALS, type ChartSettings, type Ticker } from '@vela/contract';
import { formatCompact, formatNumber } from '@vela/domain';
import type { MessageKey } from '@vela/i18n';
import { CoinIcon } from '../../components/coin-icon.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { PairName } from '../../components/pair-name.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { ChangeValue, LivePrice } from '../../components/live-price.tsx';
import { leadsToBuiltScreen } from '../../config/built-routes.ts';
import { useT } from '../../lib/i18n.ts';
import { changeClass } from '../../system/market-tickers-logic.ts';
import { withInterval } from './chart-settings-logic.ts';
import type { ChartLoad } from './kline-chart.tsx';
import { chartStatus, signedChange } from './trade-logic.ts';
import { usePrefetchCandles, type ChartSettingsState } from './trade-api.ts';
import { useScrolledPast } from './use-scrolled-past.ts';

/** The sections of the trade page: the coin button, the day's figures, the chart and the orders. */

// klinecharts is the largest dependency of the app; it loads with the chart, after the page shows.
const KlineChart = lazy(() => import('./kline-chart.tsx'));

export type OrderTab = 'timing' | 'futures';

const ORDER_TABS: { key: OrderTab; label: MessageKey }[] = [
  { key: 'timing', label: 'trade.tab.timing' },
  { key: 'futures', label: 'trade.tab.futures' },
];

export function ChartSkeleton() {
  return <div className="kline-chart kline-chart--skeleton" aria-busy="true" data-testid="chart-skeleton" />;
}

/**
 * The coin bar and the day's figures. The bar sticks to the top; once the large price starts to
 * scroll away under it (the user is filling an order further down), it shows the price and change too.
 */
export function TradeHead({ ticker, onOpenPicker }: { ticker: Ticker; onOpenPicker(): void }) {
  const { target, bar, past } = useScrolledPast<HTMLDivElement, HTMLDivElement>();
  return (
    <>
      <CoinButton ticker={ticker} onOpen={onOpenPicker} barRef={bar} showPrice={past} />
      <TradeStats ticker={ticker} priceRef={target} />
    </>
  );
}

/** The live price and change, small, for the sticky bar. */
function BarPrice({ ticker }: { ticker: Ticker }) {
  const tone = changeClass(ticker);
  return (
    <div className="trade-top__price" data-testid="trade-bar-price">
      <LivePrice
        price={ticker.g}
        direction={ticker.l}
        precision={ticker.precision}
        className={`trade-top__last change-text--${tone}`}
      />
      <ChangeValue percent={ticker.changePer} className="trade-top__change" />
    </div>
  );
}

/** The shown coin; tapping it opens the coin picker. */
function CoinButton({
  ticker,
  onOpen,
  barRef,
  showPrice,
}: {
  ticker: Ticker;
  onOpen(): void;
  barRef: React.Ref<HTMLDivElement>;
  showPrice: boolean;
}) {
  return (
    <div className="trade-top" ref={barRef}>
      <button
        type="button"
        className="trade-coin"
        onClick={onOpen}
        aria-haspopup="dialog"
        data-testid="open-coin-picker"
      >
        <CoinIcon symbol={ticker.c} />
        <span className="trade-coin__symbol" data-testid="trade-symbol">
          <PairName symbol={ticker.c} />
        </span>
        <span className="trade-coin__name">{ticker.name}</span>
        <DownFill className="trade-coin__caret" />
      </button>
      {showPrice ? <BarPrice ticker={ticker} /> : null}
    </div>
  );
}

/** The live price with its change, and the day's high, low and volume. */
function TradeStats({ ticker, priceRef }: { ticker: Ticker; priceRef: React.Ref<HTMLDivElement> }) {
  const t = useT();
  const tone = changeClass(ticker);
  const figures: { label: MessageKey; value: string; testId: string }[] = [
    { label: 'trade.high24h', value: formatNumber(ticker.high, ticker.precision), testId: 'trade-high' },
    { label: 'trade.low24h', value: formatNumber(ticker.low, ticker.precision), testId: 'trade-low' },
    { label: 'trade.volume24h', value: formatCompact(ticker.j), testId: 'trade-volume' },
  ];
  return (
    <section className="trade-stats">
      <div className="trade-stats__main" ref={priceRef}>
        <LivePrice
          price={ticker.g}
          direction={ticker.l}
          precision={ticker.precision}
          className={`trade-stats__price change-text--${tone}`}
          testId="trade-price"
        />
        <div className="trade-stats__change">
          <span className={`num change-text--${tone}`}>{signedChange(ticker.k, ticker.precision)}</span>
          <ChangeValue percent={ticker.changePer} testId="trade-change" />
        </div>
      </div>
      <dl className="trade-stats__grid">
        {figures.map((figure) => (
          <div key={figure.testId}>
            <dt>{t(figure.label)}</dt>
            <dd className="num" data-testid={figure.testId}>
              {figure.value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The interval buttons and the way to the indicator settings. */
function ChartToolbar({
  chartSettings,
  onOpenIndicators,
}: {
  chartSettings: ChartSettingsState;
  onOpenIndicators(): void;
}) {
  const t = useT();
  const { settings } = chartSettings;
  return (
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
        onClick={onOpenIndicators}
        aria-label={t('trade.indicators')}
        data-testid="open-indicators"
      >
        <FilterOutline />
      </button>
    </div>
  );
}

/** The chart itself, once the user's settings are known, with its own loading, failed and empty states. */
function ChartFrame({
  ticker,
  settings,
  ready,
}: {
  ticker: Ticker;
  settings: ChartSettings;
  ready: boolean;
}) {
  const [chartKey, setChartKey] = useState(0);
  const [chartLoad, setChartLoad] = useState<ChartLoad | null>(null);
  usePrefetchCandles(ticker.a, settings.interval, ready);
  const status = chartStatus(chartLoad, ticker.a, settings.interval);
  const retry = () => {
    setChartLoad(null);
    setChartKey((key) => key + 1);
  };
  return (
    <div className="trade-chart__frame" data-status={status}>
      {ready ? (
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
      {status === 'loading' && ready ? (
        <div className="trade-chart__overlay trade-chart__overlay--quiet" aria-busy="true">
          <Spinner />
        </div>
      ) : null}
      {status === 'failed' ? (
        <div className="trade-chart__overlay">
          <EmptyState kind="loadFailed" onRetry={retry} />
        </div>
      ) : null}
      {status === 'empty' ? (
        <div className="trade-chart__overlay">
          <EmptyState kind="noData" />
        </div>
      ) : null}
    </div>
  );
}

export function ChartSection({
  ticker,
  chartSettings,
  onOpenIndicators,
}: {
  ticker: Ticker;
  chartSettings: ChartSettingsState;
  onOpenIndicators(): void;
}) {
  return (
    <section className="trade-chart">
      <ChartToolbar chartSettings={chartSettings} onOpenIndicators={onOpenIndicators} />
      <ChartFrame ticker={ticker} settings={chartSettings.settings} ready={chartSettings.ready} />
    </section>
  );
}

/** What stands in for the order panels while nobody is signed in: visitors are asked to log in. */
function OrdersNote() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <div className="trade-orders__note" data-testid="orders-note">
      <p>{t('trade.loginToTrade')}</p>
      <Button
        color="primary"
        className="trade-orders__login"
        onClick={() => void navigate(`/login?redirect=${encodeURIComponent('/trade')}`)}
        data-testid="trade-login"
      >
        {t('auth.login')}
      </Button>
    </div>
  );
}

/** Contract trading has a screen of its own, with its account and positions; its tab leads there. */
const CONTRACT_PATH = '/contract-trade';

/**
 * The order tabs, and under them the panel of the chosen tab (`panels`: the timed-trade panel and
 * the spot panel), or the log-in note for a visitor. Beside the two tabs, "Contract" leads to the
 * contract screen (a visitor is asked to log in there).
 */
export function OrdersSection({
  tab,
  onTab,
  signedIn,
  panels,
}: {
  tab: OrderTab;
  onTab(tab: OrderTab): void;
  signedIn: boolean;
  panels: Record<OrderTab, React.ReactNode>;
}) {
  const t = useT();
  return (
    <section className="trade-orders">
      <div className="trade-orders__tabs">
        <div className="trade-orders__tablist" role="tablist">
          {ORDER_TABS.map((item) => (
            <button
              key={item.key}
              type="button"
              role="tab"
              aria-selected={tab === item.key}
              className={`trade-orders__tab${tab === item.key ? ' trade-orders__tab--on' : ''}`}
              onClick={() => onTab(item.key)}
              data-testid={`order-tab-${item.key}`}
            >
              {t(item.label)}
            </button>
          ))}
        </div>
        {leadsToBuiltScreen(CONTRACT_PATH) ? (
          <Link
            to={CONTRACT_PATH}
            className="trade-orders__tab trade-orders__link"
            data-testid="order-tab-contract"
          >
            {t('trade.tab.contract')}
            <RightOutline className="trade-orders__chevron" aria-hidden />
          </Link>
        ) : null}
      </div>
      {signedIn ? panels[tab] : <OrdersNote />}
    </section>
  );
}
