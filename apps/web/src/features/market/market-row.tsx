import { StarFill, StarOutline } from 'antd-mobile-icons';
import type { Ticker } from '@vela/contract';
import { SETTLEMENT_SYMBOL } from '@vela/domain';
import { CoinIcon } from '../../components/coin-icon.tsx';
import { ChangeValue, LivePrice } from '../../components/live-price.tsx';
import { PairName } from '../../components/pair-name.tsx';
import { useCompactFigure, useT } from '../../lib/i18n.ts';

/**
 * One coin of the list: its star, then its pair, name and turnover (in the settlement coin), live
 * price and change, which open it.
 */
export function MarketRow({
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
  const compact = useCompactFigure();
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
            <PairName symbol={ticker.c} className="market-row__pair" />
            <span className="market-row__name" data-testid="market-name">
              {ticker.name}
            </span>
            <span className="market-row__turnover" data-testid="market-turnover">
              {t('market.turnover', { value: `${compact(ticker.turnover)} ${SETTLEMENT_SYMBOL}` })}
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

/** Placeholder rows while the prices load. */
export function SkeletonRows() {
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
