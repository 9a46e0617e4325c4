import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button, Input } from 'antd-mobile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { FundingChannel } from '@vela/contract';
import { routes } from '@vela/contract/routes';
import { preHashPassword, sanitizeAmountTyping } from '@vela/domain';
import { CredentialFields, credentialBody } from '../../components/credential-fields.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { FormField } from '../../components/form-field.tsx';
import { SubmitButton } from '../../components/form-inputs.tsx';
import {
  MethodSummary,
  PaymentMethodPicker,
  type PickedMethod,
} from '../../components/payment-method-picker.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { ApiError, call, errorMessage } from '../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../lib/feedback.tsx';
import { useT } from '../../lib/i18n.ts';
import { useForm } from '../../lib/use-form.ts';
import { useIdempotencyKey, type IdempotencyKeys } from '../../lib/use-idempotency-key.ts';
import { useSession } from '../../stores/session-store.ts';
import { useAmountDecimals, useConfigValue } from '../../system/system-queries.ts';
import {
  firstUnmet,
  useBankCards,
  useGatePrompt,
  useRealName,
  useWalletAddresses,
  useZskAccounts,
  type GatePrompt,
} from '../../system/payment-methods.ts';
import { ChannelPicker, ChannelTerms, ConfirmSheet, RangeHint, type Row } from './channel-parts.tsx';
import { FigureText, Money } from './figure-text.tsx';
import { showErrors } from './form-errors.ts';
import {
  allAmount,
  chosenPayout,
  hasErrors,
  PAYOUT_OF_METHOD,
  payoutCandidates,
  shownAmount,
  validateWithdraw,
  withdrawPreview,
  type WithdrawValues,
} from './funding-figures.ts';
import { useOverviewQuery, walletKeys } from '../../system/wallet-overview.ts';
import { afterSubmit, useChannels } from './funding-queries.ts';
import './funding.css';

const EMPTY: WithdrawValues = { amount: '', targetId: '', fundPwd: '', googleCode: '' };
const FIELDS = Object.keys(EMPTY) as (keyof WithdrawValues)[];

/** What stops a withdrawal, in the screen's place of the form: the prompt's text and the way there. */
function GateCard({ prompt }: { prompt: GatePrompt }) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <section
      className="funding-card funding-gate"
      data-testid="withdraw-gate"
      data-requirement={prompt.requirement}
    >
      <p className="funding-gate__text">{t(prompt.message)}</p>
      <Button
        block
        color="primary"
        className="funding-gate__go"
        onClick={() => void navigate(prompt.target)}
        data-testid="withdraw-gate-go"
      >
        {t('gate.goNow')}
      </Button>
    </section>
  );
}

/**
 * The withdrawal form of one channel: the amount (with "all" and the range), the live fee and payout,
 * the bound method it goes to, the fund password and the Google code when bound; then a confirmation,
 * and the request with one idempotency key per attempt.
 */
function WithdrawForm({
  channel,
  candidates,
  available,
  keys,
  onRealNameRefused,
}: {
  channel: FundingChannel;
  candidates: readonly PickedMethod[];
  /** The spot balance of the channel's currency; null while unknown. */
  available: string | null;
  keys: IdempotencyKeys;
  onRealNameRefused(): void;
}) {
  const t = useT();
  const navigate = useNavigate();
  const client = useQueryClient();
  const token = useSession((s) => s.token);
  const googleBound = useSession((s) => Boolean(s.user?.googleBound));
  const [pickerOpen, setPickerOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const form = useForm<WithdrawValues>({
    initial: EMPTY,
    // The rules carry values ("Min 10, Max 50,000"), so they run through `showErrors` on submit.
    validate: () => ({}),
    serverFields: Object.fromEntries(FIELDS.map((field) => [field, field])),
  });
  const payout = chosenPayout(candidates, form.values.targetId);
  const preview = withdrawPreview(form.values.amount, channel);
  // What may be typed: the wallet currency's decimals, or fewer when the platform's rule says so.
  const decimals = useAmountDecimals(channel.walletScale);
  const { kind, target } = PAYOUT_OF_METHOD[channel.method];

  const submit = useMutation({
    mutationFn: (body: {
      channelId: number;
      amount: string;
      target: typeof target;
      targetId: number;
      fundPwd: string;
      googleCode?: string;
    }) => keys.run((key) => call(routes.funding.withdrawRequest, body, { idempotencyKey: key })),
    onSuccess: async () => {
      setConfirming(false);
      toastSuccess(t('funding.withdrawSubmitted'));
      await afterSubmit(client, 'withdraw');
      void navigate('/withdraw-order');
    },
    onError: (error) => {
      setConfirming(false);
      const { user, setUser } = useSession.getState();
      if (error instanceof ApiError) {
        // The stored user was out of date: correcting it brings up the matching prompt or field.
        if (error.code === 'FUND_PASSWORD_NOT_SET' && user) {
          setUser({ ...user, hasFundPassword: false });
          return;
        }
        if (error.code === 'GOOGLE_CODE_REQUIRED' && user && !user.googleBound) {
          setUser({ ...user, googleBound: true });
        }
        if (error.code === 'GOOGLE_NOT_BOUND' && user) {
          // The page then shows why and leads to the authenticator's screen.
          setUser({ ...user, googleBound: false });
        }
        if (error.code === 'REAL_NAME_REQUIRED') {
          toastError(error.message);
          onRealNameRefused();
          return;
        }
        if (error.code === 'INSUFFICIENT_BALANCE') {
          form.setFieldError('amount', error.message);
          void client.invalidateQueries({ queryKey: walletKeys.overview(token) });
          return;
        }
      }
      form.showError(error);
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submit.isPending) return;
    const errors = validateWithdraw(form.values, { channel, available, payout, googleBound, decimals });
    showErrors(form, FIELDS, errors, t);
    if (!hasErrors(errors)) setConfirming(true);
  };

  const send = () => {
    if (!payout) return;
    submit.mutate({
      channelId: channel.id,
      amount: form.values.amount.trim(),
      target,
      targetId: payout.id,
      ...credentialBody(form.values, googleBound, preHashPassword),
    });
  };

  const confirmRows: Row[] = [
    { label: t('funding.channel'), value: channel.name },
    {
      label: t('funding.amountWithdrawn'),
      value: (
        <Money
          amount={shownAmount(form.values.amount.trim() || '0', channel.walletScale)}
          currency={channel.symbol}
        />
      ),
      testId: 'confirm-amount',
    },
    {
      label: t('funding.fee'),
      value: (
        <Money amount={shownAmount(preview?.fee ?? '0', channel.walletScale)} currency={channel.symbol} />
      ),
    },
    {
      label: t('funding.receive'),
      value: (
        <Money
          amount={shownAmount(preview?.receive ?? '0', channel.payScale)}
          currency={channel.payCurrency}
        />
      ),
      testId: 'confirm-receive',
    },
    { label: t('funding.withdrawTo'), value: payout ? <MethodSummary picked={payout} /> : '--' },
  ];

  return (
    <form className="funding-form" onSubmit={onSubmit} noValidate data-testid="withdraw-form">
      <FormField
        name="amount"
        label={t('funding.withdrawAmount')}
        error={form.errors.amount}
        extra={
          <span className="funding-amount-extra">
            <span className="muted">{channel.symbol}</span>
            <button
              type="button"
              className="funding-all"
              disabled={available === null}
              onClick={() => available !== null && form.set('amount')(allAmount(available, decimals))}
              data-testid="withdraw-all"
            >
              {t('wallet.all')}
            </button>
          </span>
        }
      >
        <Input
          name="amount"
          value={form.values.amount}
          onChange={(text) => form.set('amount')(sanitizeAmountTyping(form.values.amount, text, decimals))}
          placeholder={t('wallet.amountPlaceholder')}
          inputMode="decimal"
          autoComplete="off"
        />
      </FormField>
      <div className="funding-hints">
        <span data-testid="withdraw-available">
          {available !== null ? (
            <FigureText
              k="wallet.availableAmount"
              figures={{ amount: shownAmount(available, channel.walletScale), symbol: channel.symbol }}
            />
          ) : null}
        </span>
        <span data-testid="withdraw-range">
          <RangeHint channel={channel} direction="withdraw" />
        </span>
      </div>
      <div className="funding-quote" data-testid="withdraw-quote" aria-live="polite">
        <span className="funding-quote__item">
          <span className="funding-quote__label">{t('funding.fee')}</span>
          <Money
            amount={preview ? shownAmount(preview.fee, channel.walletScale) : '--'}
            currency={channel.symbol}
            testId="quote-fee"
          />
        </span>
        <span className="funding-quote__item funding-quote__item--main">
          <span className="funding-quote__label">{t('funding.receive')}</span>
          <Money
            amount={preview ? shownAmount(preview.receive, channel.payScale) : '--'}
            currency={channel.payCurrency}
            testId="quote-receive"
          />
        </span>
      </div>
      <SelectField
        name="targetId"
        label={t('funding.withdrawTo')}
        placeholder={t('funding.chooseTarget')}
        display={payout ? <MethodSummary picked={payout} /> : null}
        error={form.errors.targetId}
        onOpen={() => setPickerOpen(true)}
      />
      <CredentialFields form={form} />
      <SubmitButton loading={submit.isPending} testId="withdraw-submit">
        {t('wallet.withdraw')}
      </SubmitButton>
      <PaymentMethodPicker
        open={pickerOpen}
        kinds={[kind]}
        {...(channel.method === 'chain'
          ? { vcId: channel.vcId, ...(channel.chainName ? { chainName: channel.chainName } : {}) }
          : {})}
        selected={payout ? { kind: payout.kind, id: payout.id } : null}
        onSelect={(picked) => {
          form.set('targetId')(String(picked.id));
          setPickerOpen(false);
        }}
        onClose={() => setPickerOpen(false)}
      />
      <ConfirmSheet
        open={confirming}
        title={t('funding.confirmWithdraw')}
        rows={confirmRows}
        busy={submit.isPending}
        onConfirm={send}
        onClose={() => setConfirming(false)}
      />
    </form>
  );
}

/**
 * /withdraw: the withdrawal channels of the WITHDRAW configuration, their terms, the balance of the
 * channel's currency and the form. The form is usable only once the server's own conditions are
 * met, checked in the server's order (funding-service.ts): a fund password, an approved real-name
 * verification, a bound Google authenticator when WITHDRAW `requireGoogleCode` is on, then a bound
 * method this channel pays out to. The first one missing replaces the
 * form with its prompt, and a dialog offers to go and fix it.
 */
export default function WithdrawPage() {
  const t = useT();
  const channels = useChannels('withdraw');
  // Kept above the form, so a retry after a lost answer reuses the key even if the form remounts.
  const keys = useIdempotencyKey();
  const [selected, setSelected] = useState<number | null>(null);
  const user = useSession((s) => s.user);
  // Refreshes the stored verification status: an operator may have decided since the last visit.
  const realName = useRealName();
  const bankCards = useBankCards();
  const walletAddresses = useWalletAddresses();
  const zskAccounts = useZskAccounts();
  const overview = useOverviewQuery();
  const prompt = useGatePrompt();
  const prompted = useRef<string | null>(null);
  const googleRequired = useConfigValue('WITHDRAW', 'requireGoogleCode') === 'true';

  const list = channels.data ?? [];
  const channel = list.find((c) => c.id === selected) ?? list[0];
  const kind = channel ? PAYOUT_OF_METHOD[channel.method].kind : null;
  const methods = { BANK_CARD: bankCards, WALLET_ADDRESS: walletAddresses, ZSK_ACCOUNT: zskAccounts };
  const methodList = kind ? methods[kind] : null;
  const candidates = channel
    ? payoutCandidates(channel, {
        bankCards: bankCards.data,
        walletAddresses: walletAddresses.data,
        zskAccounts: zskAccounts.data,
      })
    : [];
  // The gates are judged once what they depend on is known; a list that failed to load is not
  // judged (the server still refuses what it must).
  const judged = Boolean(user) && !realName.isPending && methodList !== null && !methodList.isPending;
  const unmet =
    judged && user && kind
      ? firstUnmet(
          ['fundPassword', 'realName', ...(googleRequired ? ['googleAuthenticator' as const] : []), kind],
          {
            user,
            counts: methodList?.data ? { [kind]: candidates.length } : {},
          },
        )
      : null;
  // A method prompt belongs to its channel; the others to the user, asked once per visit.
  const gateKey = unmet ? `${unmet.requirement}:${unmet.requirement === kind ? channel?.id : ''}` : null;

  useEffect(() => {
    if (!unmet || !gateKey || prompted.current === gateKey) return;
    prompted.current = gateKey;
    void prompt(unmet);
  }, [gateKey, unmet, prompt]);

  if (channels.isPending) {
    return (
      <div className="funding-loading">
        <Spinner size="lg" label={t('common.loading')} />
      </div>
    );
  }
  if (channels.isError) {
    return (
      <EmptyState
        kind="loadFailed"
        message={errorMessage(channels.error)}
        onRetry={() => void channels.refetch()}
      />
    );
  }
  if (!channel) return <EmptyState kind="noWithdrawChannel" />;

  const currency = overview.data?.currencies.find((c) => c.vcId === channel.vcId);
  const available = overview.data ? (currency?.spot ?? '0') : null;

  let body: ReactNode;
  if (!judged) {
    body = (
      <div className="funding-loading funding-loading--inline">
        <Spinner label={t('common.loading')} />
      </div>
    );
  } else if (unmet) body = <GateCard prompt={unmet} />;
  else {
    body = (
      <WithdrawForm
        key={channel.id}
        channel={channel}
        candidates={candidates}
        available={available}
        keys={keys}
        onRealNameRefused={() => void realName.refetch()}
      />
    );
  }

  return (
    <div className="funding" data-testid="withdraw-page">
      <ChannelPicker channels={list} selected={channel.id} onSelect={setSelected} />
      <ChannelTerms channel={channel} />
      {body}
    </div>
  );
}
