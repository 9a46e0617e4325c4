import { useId } from 'react';
import type { SpotHolding } from '@vela/contract';
import { Popup } from '../../components/popup.tsx';
import { PageSkeleton } from '../../components/skeleton.tsx';
import { useT } from '../../lib/i18n.ts';
import { useSpotBalances, useSpotTerms } from './spot-api.ts';
import { SpotOrderForm, type SpotFormContext } from './spot-form.tsx';
import { enabledTerms } from './spot-logic.ts';

/** The settlement coin's decimals until the wallet overview has said (USDT has 6). */
const DEFAULT_QUOTE_SCALE = 6;

/** The sell form of one holding, once the coin's terms are known; a note when it does not trade. */
function SellForm({
  holding,
  price,
  onPlaced,
}: {
  holding: SpotHolding;
  price: string | undefined;
  onPlaced(): void;
}) {
  const t = useT();
  const termsQuery = useSpotTerms();
  const terms = enabledTerms(termsQuery.data, holding.vcId);
  const { quote } = useSpotBalances(terms);
  if (termsQuery.isPending) return <PageSkeleton rows={2} card={false} />;
  if (!terms) {
    return (
      <p className="trade-orders__note" data-testid="spot-sell-closed">
        {t('error.SPOT_PAIR_CLOSED')}
      </p>
    );
  }
  const context: SpotFormContext = {
    terms,
    livePrice: price ?? holding.price ?? undefined,
    available: { buy: null, sell: holding.available },
    scales: { quote: quote?.scale ?? DEFAULT_QUOTE_SCALE, coin: holding.scale },
  };
  return <SpotOrderForm context={context} symbol={holding.symbol} fixedSide="sell" onPlaced={onPlaced} />;
}

/**
 * Selling a holding from /spot-holding: a sheet with the spot form fixed to "sell" for that coin
 * (market or limit, the quantity with its quick shares of what is available, the confirm dialog).
 * The sheet closes once the order is placed.
 */
export function SpotSellSheet({
  holding,
  open,
  price,
  onClose,
}: {
  holding: SpotHolding | null;
  open: boolean;
  price: string | undefined;
  onClose(): void;
}) {
  const t = useT();
  const titleId = useId();
  return (
    <Popup open={open} onClose={onClose} labelledBy={titleId} testId="spot-sell-sheet">
      {holding ? (
        <div className="sheet timing-panel spot-sell">
          <div className="sheet__title" id={titleId}>
            {t('spot.sellSymbol', { symbol: holding.symbol })}
          </div>
          {/* A new form for every holding opened, so nothing typed for one coin stays for another. */}
          <SellForm key={holding.vcId} holding={holding} price={price} onPlaced={onClose} />
        </div>
      ) : null}
    </Popup>
  );
}
