import { useState } from 'react';
import type { SpotOrder, SpotOrderSide, SpotTerms } from '@vela/contract';
import type { SpotKind } from '@vela/domain';
import { useT } from '../../lib/i18n.ts';
import { useIdempotencyKey } from '../../lib/use-idempotency-key.ts';
import { usePlaceSpotOrder, type FieldRefusal, type SpotDraft } from './spot-api.ts';
import { SpotConfirm } from './spot-confirm.tsx';
import {
  DecimalField,
  DepositLink,
  errorText,
  KindSwitch,
  QuickShares,
  SideSwitch,
  SpotSummary,
  SubmitButton,
  type FieldError,
} from './spot-fields.tsx';
import {
  amountOverLimit,
  checkSpotOrder,
  prefilledPrice,
  quickAmounts,
  sideDecimals,
  spotEstimate,
  spotRangeHint,
  type SpotEstimate,
} from './spot-logic.ts';
import { isInsufficientBalance } from './timing-logic.ts';

/** What the form needs to know besides its terms: the coin, its live price and what is available. */
export interface SpotFormContext {
  terms: SpotTerms;
  /** The live price; a market order's estimate uses it, and a limit price starts from it. */
  livePrice: string | undefined;
  /** Available to spend: USDT for a buy, the coin for a sell; null while unknown. */
  available: Record<SpotOrderSide, string | null>;
  /** Decimals of the settlement coin's and the coin's amounts. */
  scales: { quote: number; coin: number };
}

interface FormErrors {
  amount: FieldError;
  price: FieldError;
}

const NO_ERRORS: FormErrors = { amount: null, price: null };

/** The form's state: side, kind, typed figures and the errors to show, with the changes it allows. */
function useSpotFormState(context: SpotFormContext, initialSide: SpotOrderSide) {
  const [side, setSide] = useState<SpotOrderSide>(initialSide);
  const [kind, setKind] = useState<SpotKind>('market');
  const [amount, setAmount] = useState('');
  const [limitPrice, setLimitPrice] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  return {
    side,
    kind,
    amount,
    limitPrice,
    errors,
    setErrors,
    // A side spends another currency: the typed figure meant something else.
    chooseSide: (next: SpotOrderSide) => {
      if (next === side) return;
      setSide(next);
      setAmount('');
      setErrors(NO_ERRORS);
    },
    // A limit order starts from the live price, cut to the price decimals, until the user types one.
    chooseKind: (next: SpotKind) => {
      setKind(next);
      setErrors((previous) => ({ ...previous, price: null }));
      if (next === 'limit' && limitPrice === '') {
        setLimitPrice(prefilledPrice(context.livePrice, context.terms.priceDecimals));
      }
    },
    typeAmount: (update: (previous: string) => string) => {
      setAmount(update);
      setErrors((previous) => ({ ...previous, amount: null }));
    },
    typePrice: (update: (previous: string) => string) => {
      setLimitPrice(update);
      setErrors((previous) => ({ ...previous, price: null }));
    },
    clearAmount: () => setAmount(''),
  };
}

type FormState = ReturnType<typeof useSpotFormState>;

/** The figures the form shows for its state: the amount's error while typing and the estimate. */
function formFigures(context: SpotFormContext, form: FormState) {
  const { terms, available, scales } = context;
  const input = {
    terms,
    side: form.side,
    kind: form.kind,
    amount: form.amount,
    limitPrice: form.limitPrice,
    available: available[form.side],
  };
  const amountError = form.errors.amount ?? amountOverLimit(input);
  const price = form.kind === 'market' ? context.livePrice : form.limitPrice;
  const estimate: SpotEstimate | null =
    amountError || form.errors.price
      ? null
      : spotEstimate({
          terms,
          side: form.side,
          amount: form.amount,
          price,
          quoteScale: scales.quote,
          coinScale: scales.coin,
        });
  return { input, amountError, estimate };
}

/**
 * Sending an order: the form's checks, then the confirm dialog with the draft, then the request
 * with the form's idempotency key. A refusal of a field is shown under that field.
 */
function useSubmission(
  context: SpotFormContext,
  form: FormState,
  figures: ReturnType<typeof formFigures>,
  onPlaced?: (order: SpotOrder) => void,
) {
  const keys = useIdempotencyKey();
  const [draft, setDraft] = useState<{ order: SpotDraft; estimate: SpotEstimate | null } | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const refused = (refusal: FieldRefusal) =>
    form.setErrors((previous) => ({ ...previous, [refusal.field]: { text: refusal.text } }));
  const place = usePlaceSpotOrder(keys, refused, (order) => {
    form.clearAmount();
    onPlaced?.(order);
  });
  const submit = () => {
    if (place.isPending) return;
    const check = checkSpotOrder(figures.input);
    form.setErrors({ amount: check.amount, price: check.price });
    if (check.amount || check.price) return;
    const order: SpotDraft = {
      vcId: context.terms.vcId,
      side: form.side,
      kind: form.kind,
      amount: form.amount.trim(),
      limitPrice: form.kind === 'limit' ? form.limitPrice.trim() : null,
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

/** The limit price (a limit order) and the amount or quantity, with the way to deposit when short. */
function FigureFields({
  context,
  form,
  amountError,
  symbol,
}: {
  context: SpotFormContext;
  form: FormState;
  amountError: FieldError;
  symbol: string;
}) {
  const t = useT();
  const { terms } = context;
  const buy = form.side === 'buy';
  const short = buy && amountError !== null && !('text' in amountError) && isInsufficientBalance(amountError);
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
      <DecimalField
        name={buy ? 'amount' : 'quantity'}
        label={t(buy ? 'timing.amount' : 'spot.quantity')}
        value={form.amount}
        decimals={sideDecimals(terms, form.side)}
        error={errorText(amountError, t)}
        unit={buy ? terms.settleSymbol : symbol}
        placeholder={errorText(spotRangeHint(terms, form.side), t) ?? ''}
        onType={form.typeAmount}
      />
      {short ? <DepositLink /> : null}
    </>
  );
}

/**
 * The spot order form: side (unless fixed), market or limit, the limit price, the amount (a buy, in
 * USDT) or quantity (a sell, in the coin) with its quick shares, what is available, the limits, the
 * estimated fee and what the order gives; a confirm dialog before sending. Each submission has one
 * idempotency key, kept for a retry while its outcome is unknown.
 */
export function SpotOrderForm({
  context,
  symbol,
  fixedSide,
  onPlaced,
}: {
  context: SpotFormContext;
  symbol: string;
  fixedSide?: SpotOrderSide;
  onPlaced?: (order: SpotOrder) => void;
}) {
  const form = useSpotFormState(context, fixedSide ?? 'buy');
  const figures = formFigures(context, form);
  const sending = useSubmission(context, form, figures, onPlaced);
  const { terms } = context;
  const settleSymbol = terms.settleSymbol;
  const buy = form.side === 'buy';
  const available = context.available[form.side];
  return (
    <div className="spot-form" data-testid="spot-form" data-side={form.side}>
      {fixedSide ? null : <SideSwitch side={form.side} onSide={form.chooseSide} />}
      <KindSwitch kind={form.kind} onKind={form.chooseKind} />
      <FigureFields context={context} form={form} amountError={figures.amountError} symbol={symbol} />
      <QuickShares
        shares={quickAmounts(available, sideDecimals(terms, form.side))}
        amount={form.amount}
        onPick={(value) => form.typeAmount(() => value)}
      />
      <SpotSummary
        figures={{
          available,
          availableUnit: buy ? settleSymbol : symbol,
          hint: spotRangeHint(terms, form.side),
          estimate: figures.estimate,
          settleSymbol,
          receiveUnit: buy ? symbol : settleSymbol,
        }}
      />
      <SubmitButton side={form.side} symbol={symbol} busy={sending.busy} onSubmit={sending.submit} />
      <SpotConfirm
        draft={sending.draft?.order ?? null}
        estimate={sending.draft?.estimate ?? null}
        open={sending.confirmOpen}
        symbol={symbol}
        settleSymbol={settleSymbol}
        onConfirm={sending.confirm}
        onCancel={sending.cancel}
      />
    </div>
  );
}
