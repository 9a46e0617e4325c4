import { useId, type ReactNode } from 'react';
import type { ContractLevels, ContractTerms } from '@vela/contract';
import { ConfirmButtons } from '../../components/confirm-buttons.tsx';
import { Popup } from '../../components/popup.tsx';
import { useT } from '../../lib/i18n.ts';
import type { ContractDraft } from './contract-checks.ts';
import { ForcedPrice, RiskValue } from './contract-fields.tsx';
import { shownAmount, shownPrice } from './contract-figures.ts';
import { Money } from './contract-inputs.tsx';
import { KIND_LABEL, leverageText, sideTone } from './contract-labels.ts';
import type { ContractEstimate } from './contract-logic.ts';
import { SideBadge } from './contract-parts.tsx';

function Row({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <div className="contract-rows__row">
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

const num = (text: string) => <bdi className="num">{text}</bdi>;
const price = (text: string | null) => num(text === null ? '--' : shownPrice(text));

/** The draft as the dialog lists it: what opens, at what price, with which targets. */
function DraftRows({ draft, terms }: { draft: ContractDraft; terms: ContractTerms }) {
  const t = useT();
  return (
    <>
      <Row label={t('timing.coin')} testId="contract-confirm-symbol">
        {terms.symbol}
      </Row>
      <Row label={t('timing.direction')} testId="contract-confirm-side">
        <SideBadge side={draft.side} />
      </Row>
      <Row label={t('spot.kind')} testId="contract-confirm-kind">
        {t(KIND_LABEL[draft.kind])}
      </Row>
      <Row label={t('contract.leverage')} testId="contract-confirm-leverage">
        {num(leverageText(draft.leverage))}
      </Row>
      <Row label={t('spot.quantity')} testId="contract-confirm-quantity">
        <Money amount={shownAmount(draft.quantity)} currency={terms.symbol} />
      </Row>
      <Row label={t('spot.price')} testId="contract-confirm-price">
        {draft.limitPrice === null ? t('timing.opensAtNext') : price(draft.limitPrice)}
      </Row>
      <Row label={t('contract.takeProfit')} testId="contract-confirm-take-profit">
        {price(draft.takeProfit)}
      </Row>
      <Row label={t('contract.stopLoss')} testId="contract-confirm-stop-loss">
        {price(draft.stopLoss)}
      </Row>
    </>
  );
}

/** The estimate as it stood when the order was confirmed. */
function EstimateRows({
  estimate,
  terms,
  levels,
}: {
  estimate: ContractEstimate | null;
  terms: ContractTerms;
  levels: ContractLevels | undefined;
}) {
  const t = useT();
  const money = (text: string | undefined) => (
    <Money amount={text === undefined ? '--' : shownAmount(text)} currency={terms.settleSymbol} />
  );
  return (
    <>
      <Row label={t('contract.margin')} testId="contract-confirm-margin">
        {money(estimate?.margin)}
      </Row>
      <Row label={t('contract.openFee')} testId="contract-confirm-fee">
        {money(estimate?.fee)}
      </Row>
      <Row label={t('contract.riskAfter')} testId="contract-confirm-risk-row">
        <RiskValue points={estimate?.risk ?? null} levels={levels} testId="contract-confirm-risk" />
      </Row>
      <Row label={t('contract.forcedCloseAfter')} testId="contract-confirm-forced">
        <ForcedPrice figure={estimate?.forcedClose ?? null} />
      </Row>
    </>
  );
}

/**
 * The contract order's confirm dialog, before any money moves: the coin, side, kind, leverage,
 * quantity, the limit price or "at the next recorded price", the targets and the estimate. The
 * dialog says the order opens at a recorded price, never at the one shown.
 */
export function ContractConfirm({
  draft,
  estimate,
  open,
  terms,
  levels,
  onConfirm,
  onCancel,
}: {
  draft: ContractDraft | null;
  estimate: ContractEstimate | null;
  open: boolean;
  terms: ContractTerms;
  levels: ContractLevels | undefined;
  onConfirm(): void;
  onCancel(): void;
}) {
  const t = useT();
  const titleId = useId();
  return (
    <Popup open={open} onClose={onCancel} position="center" labelledBy={titleId} testId="contract-confirm">
      {draft ? (
        <div className="contract-confirm">
          <div className="sheet__title" id={titleId}>
            {t('timing.confirmTitle')}
          </div>
          <dl className="contract-rows contract-rows--compact">
            <DraftRows draft={draft} terms={terms} />
            <EstimateRows estimate={estimate} terms={terms} levels={levels} />
          </dl>
          <p className="sheet__hint contract-confirm__hint">
            {t(draft.kind === 'market' ? 'contract.marketHint' : 'contract.limitHint')}
          </p>
          <ConfirmButtons
            tone={sideTone(draft.side)}
            testId="contract-confirm"
            onCancel={onCancel}
            onConfirm={onConfirm}
          />
        </div>
      ) : null}
    </Popup>
  );
}
