import type { Ticker } from '@vela/contract';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageSkeleton } from '../../components/skeleton.tsx';
import { useT } from '../../lib/i18n.ts';
import { useSpotBalances, useSpotTerms } from './spot-api.ts';
import { SpotOrderForm } from './spot-form.tsx';
import { enabledTerms } from './spot-logic.ts';
import { SpotOpenOrders } from './spot-open-orders.tsx';
import './timing.css';
import './spot.css';

/** The settlement coin's decimals until the wallet overview has said (USDT has 6). */
const DEFAULT_QUOTE_SCALE = 6;

/**
 * The spot panel of the trade page, for the shown coin: the order form when the coin trades on spot
 * (its terms are enabled), otherwise a note that it does not; under it the user's open orders and
 * recent fills of this coin, and the way to the holdings.
 */
export function SpotPanel({ ticker }: { ticker: Ticker }) {
  const t = useT();
  const termsQuery = useSpotTerms();
  const terms = enabledTerms(termsQuery.data, ticker.a);
  const { quote, coin } = useSpotBalances(terms);

  if (termsQuery.isPending) return <PageSkeleton rows={3} card={false} />;
  if (termsQuery.isError && !termsQuery.data) {
    return <EmptyState kind="loadFailed" onRetry={() => void termsQuery.refetch()} />;
  }
  if (!terms) {
    return (
      <div className="trade-orders__note" data-testid="spot-closed">
        <p>{t('error.SPOT_PAIR_CLOSED')}</p>
      </div>
    );
  }
  const context = {
    terms,
    livePrice: ticker.g,
    available: { buy: quote?.spot ?? null, sell: coin?.spot ?? null },
    scales: { quote: quote?.scale ?? DEFAULT_QUOTE_SCALE, coin: coin?.scale ?? terms.quantityDecimals },
  };
  return (
    <div className="timing-panel spot-panel" data-testid="spot-panel">
      <SpotOrderForm key={ticker.a} context={context} symbol={terms.symbol} />
      <SpotOpenOrders vcId={ticker.a} />
    </div>
  );
}
