import { useId, useState } from 'react';
import { Button } from 'antd-mobile';
import type { ContractPosition, ContractTerms } from '@vela/contract';
import { Popup } from '../../components/popup.tsx';
import { confirm } from '../../lib/feedback.tsx';
import { useT } from '../../lib/i18n.ts';
import { useIdempotencyKey } from '../../lib/use-idempotency-key.ts';
import { useClosePosition, useSaveTargets } from './contract-api.ts';
import { checkCloseQuantity, checkTargets } from './contract-checks.ts';
import {
  decimalsOf,
  errorText,
  QUICK_SHARES,
  shareOf,
  shownAmount,
  shownPrice,
  type FieldError,
  type FieldMessage,
} from './contract-figures.ts';
import { DecimalField, QuickShares } from './contract-inputs.tsx';
import { leverageText } from './contract-labels.ts';
import { SideBadge } from './contract-parts.tsx';

/** The sheets a position opens: its take-profit and stop-loss, and a close at market. */

/** The position a sheet is about, above its fields: coin, side, leverage and what is open. */
function PositionLine({ position }: { position: ContractPosition }) {
  return (
    <p className="contract-sheet__position">
      <span className="contract-card__symbol">{position.symbol}</span> <SideBadge side={position.side} />{' '}
      <bdi className="num muted">{leverageText(position.leverage)}</bdi>{' '}
      <bdi className="num">
        {shownAmount(position.quantity)} {position.symbol}
      </bdi>
    </p>
  );
}

type TargetErrors = { takeProfit: FieldError; stopLoss: FieldError };

/** The targets' fields and their save, for one position; a new one for every position opened. */
function TargetsForm({
  position,
  reference,
  priceDecimals,
  onSaved,
}: {
  position: ContractPosition;
  reference: string;
  priceDecimals: number;
  onSaved(): void;
}) {
  const t = useT();
  const [typed, setTyped] = useState({
    takeProfit: position.takeProfit ?? '',
    stopLoss: position.stopLoss ?? '',
  });
  const [errors, setErrors] = useState<TargetErrors>({ takeProfit: null, stopLoss: null });
  const save = useSaveTargets({
    onSaved,
    onRefused: (field, text) => setErrors((previous) => ({ ...previous, [field]: { text } })),
  });
  const submit = () => {
    const check = checkTargets({ side: position.side, reference, ...typed, priceDecimals });
    setErrors(check);
    if (check.takeProfit || check.stopLoss || save.isPending) return;
    save.mutate({ positionId: position.id, ...typed });
  };
  const field = (name: 'takeProfit' | 'stopLoss') => (
    <DecimalField
      name={name}
      label={t(name === 'takeProfit' ? 'contract.takeProfit' : 'contract.stopLoss')}
      value={typed[name]}
      decimals={priceDecimals}
      error={errorText(errors[name], t)}
      unit=""
      placeholder={t('contract.optional')}
      onType={(update) => {
        setTyped((previous) => ({ ...previous, [name]: update(previous[name]) }));
        setErrors((previous) => ({ ...previous, [name]: null }));
      }}
    />
  );
  return (
    <>
      <p className="sheet__hint" data-testid="targets-mark">
        {t('contract.markPrice')}: <bdi className="num">{shownPrice(reference)}</bdi>
      </p>
      {field('takeProfit')}
      {field('stopLoss')}
      <p className="sheet__hint">{t('contract.targetsHint')}</p>
      <Button block color="primary" loading={save.isPending} onClick={submit} data-testid="targets-save">
        {t('common.save')}
      </Button>
    </>
  );
}

/**
 * A position's take-profit and stop-loss in a sheet: both prefilled, either may be cleared (which
 * removes it), checked against the mark (a long's take-profit above it and stop-loss below, a
 * short's the other way round) before they are sent.
 */
export function TargetsSheet({
  position,
  open,
  livePrice,
  terms,
  onClose,
}: {
  position: ContractPosition | null;
  open: boolean;
  livePrice: string | undefined;
  terms: ContractTerms | null;
  onClose(): void;
}) {
  const t = useT();
  const titleId = useId();
  return (
    <Popup open={open} onClose={onClose} labelledBy={titleId} testId="targets-sheet">
      {position ? (
        <div className="sheet contract-sheet">
          <div className="sheet__title" id={titleId}>
            {t('contract.targetsTitle')}
          </div>
          <PositionLine position={position} />
          <TargetsForm
            key={position.id}
            position={position}
            reference={livePrice ?? position.markPrice}
            priceDecimals={terms?.priceDecimals ?? decimalsOf(position.markPrice)}
            onSaved={onClose}
          />
        </div>
      ) : null}
    </Popup>
  );
}

/** The quantity to close with its quick shares, a confirmation, then the close with its key. */
function CloseForm({
  position,
  terms,
  onClosed,
}: {
  position: ContractPosition;
  terms: ContractTerms | null;
  onClosed(): void;
}) {
  const t = useT();
  const keys = useIdempotencyKey();
  const [quantity, setQuantity] = useState('');
  const [error, setError] = useState<FieldMessage | null>(null);
  const close = useClosePosition(keys, onClosed);
  const decimals = terms?.quantityDecimals ?? decimalsOf(position.quantity);
  const submit = async () => {
    const problem = checkCloseQuantity(position, quantity, terms);
    setError(problem);
    if (problem || close.isPending) return;
    const agreed = await confirm({
      title: t('contract.closeConfirmTitle'),
      content: t('contract.closeConfirm', {
        quantity: quantity.trim(),
        symbol: position.symbol,
        id: position.id,
      }),
    });
    if (agreed) close.mutate({ positionId: position.id, quantity: quantity.trim() });
  };
  return (
    <>
      <DecimalField
        name="closeQuantity"
        label={t('contract.closeQuantity')}
        value={quantity}
        decimals={decimals}
        error={errorText(error, t)}
        unit={position.symbol}
        placeholder={t('spot.quantity')}
        onType={(update) => {
          setQuantity(update);
          setError(null);
        }}
      />
      <QuickShares
        shares={QUICK_SHARES.map((percent) => ({
          percent,
          value: shareOf(position.quantity, percent, decimals),
        }))}
        amount={quantity}
        onPick={setQuantity}
        testId="close-quick"
      />
      <p className="sheet__hint">{t('contract.marketCloseHint')}</p>
      <Button
        block
        color="danger"
        loading={close.isPending}
        onClick={() => void submit()}
        data-testid="close-submit"
      >
        {t('contract.closeAtMarket')}
      </Button>
    </>
  );
}

/** Closing all or part of a position at market, from a sheet; it closes once the close is sent. */
export function CloseSheet({
  position,
  open,
  terms,
  onClose,
}: {
  position: ContractPosition | null;
  open: boolean;
  terms: ContractTerms | null;
  onClose(): void;
}) {
  const t = useT();
  const titleId = useId();
  return (
    <Popup open={open} onClose={onClose} labelledBy={titleId} testId="close-sheet">
      {position ? (
        <div className="sheet contract-sheet">
          <div className="sheet__title" id={titleId}>
            {t('contract.closeTitle', { id: position.id })}
          </div>
          <PositionLine position={position} />
          <CloseForm key={position.id} position={position} terms={terms} onClosed={onClose} />
        </div>
      ) : null}
    </Popup>
  );
}
