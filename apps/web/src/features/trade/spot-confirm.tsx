import { useId } from 'react';
import { ConfirmButtons } from '../../components/confirm-buttons.tsx';
import { Popup } from '../../components/popup.tsx';
import { useT } from '../../lib/i18n.ts';
import type { SpotDraft } from './spot-api.ts';
import { KIND_LABEL, sideTone, type SpotEstimate } from './spot-logic.ts';
import { SideBadge } from './spot-parts.tsx';
import { shownAmount, shownPrice } from './timing-logic.ts';
import { Money } from './timing-parts.tsx';

/** The draft as the dialog lists it: side, kind, what it spends, its price and the estimated fee. */
function DraftRows({
  draft,
  estimate,
  symbol,
  settleSymbol,
}: {
  draft: SpotDraft;
  estimate: SpotEstimate | null;
  symbol: string;
  settleSymbol: string;
}) {
  const t = useT();
  const buy = draft.side === 'buy';
  return (
    <dl className="timing-rows timing-rows--compact">
      <div className="timing-rows__row">
        <dt>{t('timing.coin')}</dt>
        <dd data-testid="spot-confirm-symbol">{symbol}</dd>
      </div>
      <div className="timing-rows__row">
        <dt>{t('timing.direction')}</dt>
        <dd data-testid="spot-confirm-side">
          <SideBadge side={draft.side} />
        </dd>
      </div>
      <div className="timing-rows__row">
        <dt>{t('spot.kind')}</dt>
        <dd data-testid="spot-confirm-kind">{t(KIND_LABEL[draft.kind])}</dd>
      </div>
      <div className="timing-rows__row">
        <dt>{t(buy ? 'timing.amount' : 'spot.quantity')}</dt>
        <dd data-testid="spot-confirm-amount">
          <Money amount={shownAmount(draft.amount)} currency={buy ? settleSymbol : symbol} />
        </dd>
      </div>
      <div className="timing-rows__row">
        <dt>{t('spot.price')}</dt>
        <dd data-testid="spot-confirm-price">
          {draft.limitPrice === null ? (
            t('timing.opensAtNext')
          ) : (
            <bdi className="num">{shownPrice(draft.limitPrice)}</bdi>
          )}
        </dd>
      </div>
      <div className="timing-rows__row">
        <dt>{t('spot.estimatedFee')}</dt>
        <dd data-testid="spot-confirm-fee">
          <Money amount={estimate ? shownAmount(estimate.fee) : '--'} currency={settleSymbol} />
        </dd>
      </div>
    </dl>
  );
}

/**
 * The spot order's confirm dialog, before any money is set aside: the side, the kind, the amount
 * (a buy) or quantity (a sell), the limit price or "at the next recorded price" for a market order,
 * and the estimated fee. The dialog says the order fills at a recorded price, never at the one shown.
 */
export function SpotConfirm({
  draft,
  estimate,
  open,
  symbol,
  settleSymbol,
  onConfirm,
  onCancel,
}: {
  draft: SpotDraft | null;
  estimate: SpotEstimate | null;
  open: boolean;
  symbol: string;
  settleSymbol: string;
  onConfirm(): void;
  onCancel(): void;
}) {
  const t = useT();
  const titleId = useId();
  return (
    <Popup open={open} onClose={onCancel} position="center" labelledBy={titleId} testId="spot-confirm">
      {draft ? (
        <div className="timing-confirm">
          <div className="sheet__title" id={titleId}>
            {t('timing.confirmTitle')}
          </div>
          <DraftRows draft={draft} estimate={estimate} symbol={symbol} settleSymbol={settleSymbol} />
          <p className="sheet__hint timing-confirm__hint">
            {t(draft.kind === 'market' ? 'spot.marketHint' : 'spot.limitHint')}
          </p>
          <ConfirmButtons
            tone={sideTone(draft.side)}
            testId="spot-confirm"
            onCancel={onCancel}
            onConfirm={onConfirm}
          />
        </div>
      ) : null}
    </Popup>
  );
}
