import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Ticker } from '@vela/contract';
import { SETTLEMENT_SYMBOL } from '@vela/domain';
import { CoinIcon } from '../../components/coin-icon.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { ChangeValue, LivePrice } from '../../components/live-price.tsx';
import { PairName } from '../../components/pair-name.tsx';
import { useCompactFigure, useT } from '../../lib/i18n.ts';
import { chooseCoin, useTickers } from '../../system/market-api.ts';
import { useConfigValue, useSysConfig } from '../../system/system-api.ts';
import { hotCoins, ranking, typeTabs, type RankingKind } from './home-market-logic.ts';

/** Tapping a coin selects it and opens the trade page. */
function useOpenCoin() {
  const navigate = useNavigate();
  return (vcId: number) => {
    if (chooseCoin(vcId)) void navigate('/trade');
  };
}

function SkeletonRows({ count }: { count: number }) {
  return (
    <div aria-busy="true" data-testid="ranking-skeleton">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="ranking-row ranking-row--skeleton">
          <span className="skeleton-line" style={{ width: '35%' }} />
          <span className="skeleton-line" style={{ width: '25%' }} />
          <span className="skeleton-line" style={{ width: '20%' }} />
        </div>
      ))}
    </div>
  );
}

export function HotCoins() {
  const tickers = useTickers();
  const config = useSysConfig();
  // A configuration that failed to load chooses no coin: the most traded ones show instead.
  const chosen = useConfigValue('PORTAL', 'hotCoins') ?? '';
  const open = useOpenCoin();
  const list = hotCoins(tickers.data ?? [], chosen);
  // Waiting for the configuration too keeps the most traded coins from flashing before the chosen.
  if (tickers.isPending || config.isPending) {
    return (
      <section className="hot-coins" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <div key={i} className="hot-coin hot-coin--skeleton">
            <span className="skeleton-line" style={{ width: '50%' }} />
            <span className="skeleton-line" style={{ width: '80%', height: '1rem' }} />
            <span className="skeleton-line" style={{ width: '40%' }} />
          </div>
        ))}
      </section>
    );
  }
  if (list.length === 0) return null;
  return (
    <section className="hot-coins" data-testid="hot-coins">
      {list.map((t) => (
        <button
          key={t.a}
          type="button"
          className="hot-coin"
          onClick={() => open(t.a)}
          data-testid="hot-coin"
          data-vc-id={t.a}
        >
          <span className="hot-coin__head">
            <CoinIcon symbol={t.c} size="sm" />
            <span className="hot-coin__symbol">{t.c}</span>
          </span>
          <LivePrice
            price={t.g}
            direction={t.l}
            precision={t.precision}
            className={`hot-coin__price change-text--${t.changePer > 0 ? 'up' : t.changePer < 0 ? 'down' : 'flat'}`}
            testId="hot-coin-price"
          />
          <ChangeValue percent={t.changePer} className="hot-coin__change" />
        </button>
      ))}
    </section>
  );
}

function RankingRow({ ticker, kind, rank }: { ticker: Ticker; kind: RankingKind; rank: number }) {
  const t = useT();
  const compact = useCompactFigure();
  const open = useOpenCoin();
  return (
    <button
      type="button"
      className="ranking-row"
      onClick={() => open(ticker.a)}
      data-testid="ranking-row"
      data-vc-id={ticker.a}
      data-symbol={ticker.c}
    >
      <span className="ranking-row__coin">
        <span className="ranking-row__rank num">{rank}</span>
        <CoinIcon symbol={ticker.c} />
        <span className="ranking-row__names">
          <PairName symbol={ticker.c} className="ranking-row__symbol" />
          <span className="ranking-row__name">{ticker.name}</span>
        </span>
      </span>
      <LivePrice
        price={ticker.g}
        direction={ticker.l}
        precision={ticker.precision}
        className="ranking-row__price"
        testId="ranking-price"
      />
      <span className="ranking-row__last">
        {kind === 'rising' ? (
          <ChangeValue percent={ticker.changePer} pill />
        ) : (
          <span className="num ranking-row__turnover" aria-label={t('market.col.turnover')}>
            {compact(ticker.turnover)} <span className="ranking-row__unit">{SETTLEMENT_SYMBOL}</span>
          </span>
        )}
      </span>
    </button>
  );
}

/** The rising and turnover rankings with their coin-type tabs. */
export function Rankings() {
  const t = useT();
  const tickers = useTickers();
  const config = useSysConfig();
  const tabs = typeTabs(config.data?.dict);
  const [kind, setKind] = useState<RankingKind>('rising');
  const [chosenType, setType] = useState<number | null>(null);
  const type = chosenType ?? tabs[0]?.type ?? 1;
  const list = ranking(tickers.data ?? [], kind, type);

  let body;
  if (tickers.isPending || config.isPending) body = <SkeletonRows count={5} />;
  else if (tickers.isError && !tickers.data) {
    body = <EmptyState kind="loadFailed" onRetry={() => void tickers.refetch()} />;
  } else if (list.length === 0) body = <EmptyState kind="noData" />;
  else {
    body = list.map((ticker, i) => <RankingRow key={ticker.a} ticker={ticker} kind={kind} rank={i + 1} />);
  }

  return (
    <section className="rankings" data-testid="rankings">
      <div className="rankings__kinds" role="tablist">
        {(['rising', 'turnover'] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={kind === k}
            className={`rankings__kind${kind === k ? ' rankings__kind--active' : ''}`}
            onClick={() => setKind(k)}
            data-testid={`ranking-kind-${k}`}
          >
            {t(k === 'rising' ? 'home.risingList' : 'home.turnoverList')}
          </button>
        ))}
      </div>
      {config.isPending ? (
        // The tabs' place is kept while the dictionary loads, so the list below does not jump.
        <div className="rankings__types" aria-hidden>
          {[0, 1, 2, 3].map((i) => (
            <span key={i} className="chip rankings__type-placeholder">
              {'\u00a0'}
            </span>
          ))}
        </div>
      ) : null}
      {tabs.length > 0 ? (
        <div className="rankings__types" role="tablist">
          {tabs.map((tab) => (
            <button
              key={tab.type}
              type="button"
              role="tab"
              aria-selected={type === tab.type}
              className={`chip${type === tab.type ? ' chip--active' : ''}`}
              onClick={() => setType(tab.type)}
              data-testid={`ranking-type-${tab.type}`}
            >
              {tab.label}
            </button>
          ))}
        </div>
      ) : null}
      <div className="ranking-head">
        <span>{t('market.col.name')}</span>
        <span>{t('market.col.price')}</span>
        <span>{t(kind === 'rising' ? 'market.col.change' : 'market.col.turnover')}</span>
      </div>
      <div className="rankings__list">{body}</div>
    </section>
  );
}
