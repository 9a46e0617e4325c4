import { useState } from 'react';
import { Link } from 'react-router';
import { RightOutline } from 'antd-mobile-icons';
import { useT } from '../../lib/i18n.ts';
import { useIdempotencyKey } from '../../lib/use-idempotency-key.ts';
import { usePlaceContractOrder } from './contract-api.ts';
import { checkContractOrder, optionalPrice, termsRange, type ContractDraft } from './contract-checks.ts';
import { ContractConfirm } from './contract-confirm.tsx';
import {
  EstimateBox,
  KindSwitch,
  LeveragePicker,
  ModeSwitch,
  SideSwitch,
  SubmitButton,
} from './contract-fields.tsx';
import {
  formFigures,
  useContractFormState,
  type ContractFormContext,
  type FormState,
} from './contract-form-state.ts';
import { errorText, messageText, shownAmount } from './contract-figures.ts';
import { DecimalField, Money, QuickShares } from './contract-inputs.tsx';
import { forcedLevelOf, levelPercent, type ContractEstimate } from './contract-logic.ts';

type Figures = ReturnType<typeof formFigures>;

/**
 * Sending an order: the form's checks, then the confirm dialog with the draft and its estimate,
 * then the request with the form's idempotency key. A refusal of a field is shown under it.
 */
function useSubmission(context: ContractFormContext, form: FormState, figures: Figures) {
  const keys = useIdempotencyKey();
  const [draft, setDraft] = useState<{ order: ContractDraft; estimate: ContractEstimate | null } | null>(
    null,
  );
  const [confirmOpen, setConfirmOpen] = useState(false);
  const place = usePlaceContractOrder(keys, form.refused, form.clear);
  const submit = () => {
    if (place.isPending) return;
    const check = checkContractOrder(figures.input);
    // A margin amount needs a price to open anything: without one, say so rather than send nothing.
    const unpriced = figures.quantity === '' ? { key: 'error.PRICE_UNAVAILABLE' as const } : null;
    const amount = check.amount ?? unpriced ?? (figures.estimate?.short ? figures.typing : null);
    form.setErrors({ amount, price: check.price, takeProfit: check.takeProfit, stopLoss: check.stopLoss });
    if (amount || check.price || check.takeProfit || check.stopLoss || figures.estimate?.reaches) return;
    const order: ContractDraft = {
      vcId: context.terms.vcId,
      side: form.side,
      kind: form.kind,
      leverage: form.leverage,
      quantity: figures.quantity,
      limitPrice: form.kind === 'limit' ? form.limitPrice.trim() : null,
      takeProfit: optionalPrice(form.takeProfit),
      stopLoss: optionalPrice(form.stopLoss),
    };
    setDraft({ order, estimate: figures.estimate });
    setConfirmOpen(true);
  };
  const confirm = () => {
    if (!draft || !confirmOpen) return;
    setConfirmOpen(false);
    place.mutate(draft.order);
  };
  return { draft, confirmOpen, busy: place.isPending, submit, confirm, cancel: () => setConfirmOpen(false) };
}

/** The way to move money into the contract account, under "Insufficient balance". */
function TransferLink() {
  const t = useT();
  return (
    <Link to="/fund" className="contract-link" data-testid="contract-transfer">
      {t('wallet.transfer')}
      <RightOutline className="contract-chevron" aria-hidden />
    </Link>
  );
}

/** The limit price (a limit order), then the quantity or the margin with what it opens. */
function AmountFields({
  context,
  form,
  figures,
}: {
  context: ContractFormContext;
  form: FormState;
  figures: Figures;
}) {
  const t = useT();
  const { terms } = context;
  const margin = form.mode === 'margin';
  const amountError = form.errors.amount ?? figures.typing;
  const short =
    amountError !== null && 'key' in amountError && amountError.key === 'error.INSUFFICIENT_BALANCE';
  return (
    <>
      {form.kind === 'limit' ? (
        <DecimalField
          name="limitPrice"
          label={t('spot.limitPrice')}
          value={form.limitPrice}
          decimals={terms.priceDecimals}
          error={errorText(form.errors.price, t)}
          unit={terms.settleSymbol}
          placeholder={t('spot.pricePlaceholder')}
          onType={form.typePrice}
        />
      ) : null}
      <ModeSwitch mode={form.mode} onMode={form.chooseMode} />
      <DecimalField
        name={margin ? 'margin' : 'quantity'}
        label={t(margin ? 'contract.marginAmount' : 'spot.quantity')}
        value={form.amount}
        decimals={margin ? context.marginDecimals : terms.quantityDecimals}
        error={errorText(amountError, t)}
        unit={margin ? terms.settleSymbol : terms.symbol}
        placeholder={margin ? t('wallet.amountPlaceholder') : (errorText(termsRange(terms), t) ?? '')}
        onType={form.typeAmount}
      />
      {margin && figures.marginQuantity !== null ? (
        <p className="contract-opens muted" data-testid="contract-margin-quantity">
          {t('contract.opensQuantity', { quantity: figures.marginQuantity, symbol: terms.symbol })}
        </p>
      ) : null}
      {short ? <TransferLink /> : null}
    </>
  );
}

/** The optional take-profit and stop-loss prices. */
function TargetFields({ context, form }: { context: ContractFormContext; form: FormState }) {
  const t = useT();
  const { terms } = context;
  const field = (name: 'takeProfit' | 'stopLoss', type: FormState['typeTakeProfit']) => (
    <DecimalField
      name={name}
      label={t(name === 'takeProfit' ? 'contract.takeProfit' : 'contract.stopLoss')}
      value={form[name]}
      decimals={terms.priceDecimals}
      error={errorText(form.errors[name], t)}
      unit={terms.settleSymbol}
      placeholder={t('contract.optional')}
      onType={type}
    />
  );
  return (
    <div className="contract-targets">
      {field('takeProfit', form.typeTakeProfit)}
      {field('stopLoss', form.typeStopLoss)}
    </div>
  );
}

/** What is available in the contract account and the coin's quantity limits. */
function AvailableRows({ context }: { context: ContractFormContext }) {
  const t = useT();
  const available = context.account?.available ?? null;
  return (
    <dl className="contract-summary">
      <div>
        <dt>{t('wallet.available')}</dt>
        <dd data-testid="contract-available">
          <Money
            amount={available === null ? '--' : shownAmount(available)}
            currency={context.terms.settleSymbol}
          />
        </dd>
      </div>
      <div>
        <dt>{t('timing.limits')}</dt>
        <dd data-testid="contract-range">{messageText(termsRange(context.terms), t)}</dd>
      </div>
    </dl>
  );
}

/** The rule that forbids the order, stated where the button is off. */
function RiskRule({ context }: { context: ContractFormContext }) {
  const t = useT();
  const level = context.levels ? forcedLevelOf(context.levels) : null;
  return (
    <p className="contract-rule" role="alert" data-testid="contract-risk-rule">
      {messageText(
        {
          key: 'error.CONTRACT_RISK_TOO_HIGH',
          params: { level: level === null ? '--' : levelPercent(level) },
        },
        t,
      )}
    </p>
  );
}

/**
 * The contract order form: long or short, market or limit, the leverage, the quantity (or the
 * margin to open with) with its quick shares, the optional take-profit and stop-loss, what is
 * available and the limits, and the estimate (margin, fee, risk degree and forced-close price
 * after the trade). An order that would reach the forced-close level cannot be sent, and says why.
 */
export function ContractOrderForm({ context }: { context: ContractFormContext }) {
  const form = useContractFormState(context);
  const figures = formFigures(context, form);
  const sending = useSubmission(context, form, figures);
  const { terms } = context;
  const reaches = figures.estimate?.reaches ?? false;
  return (
    <div className="contract-form" data-testid="contract-form" data-side={form.side}>
      <SideSwitch side={form.side} onSide={form.chooseSide} />
      <KindSwitch kind={form.kind} onKind={form.chooseKind} />
      <LeveragePicker leverages={terms.leverages} leverage={form.leverage} onLeverage={form.chooseLeverage} />
      <AmountFields context={context} form={form} figures={figures} />
      <QuickShares
        shares={figures.quick}
        amount={form.amount}
        onPick={(value) => form.typeAmount(() => value)}
        testId="contract-quick"
      />
      <TargetFields context={context} form={form} />
      <AvailableRows context={context} />
      <EstimateBox estimate={figures.estimate} levels={context.levels} settleSymbol={terms.settleSymbol} />
      {reaches ? <RiskRule context={context} /> : null}
      <SubmitButton
        side={form.side}
        symbol={terms.symbol}
        disabled={sending.busy || reaches}
        onSubmit={sending.submit}
      />
      <ContractConfirm
        draft={sending.draft?.order ?? null}
        estimate={sending.draft?.estimate ?? null}
        open={sending.confirmOpen}
        terms={terms}
        levels={context.levels}
        onConfirm={sending.confirm}
        onCancel={sending.cancel}
      />
    </div>
  );
}
