import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { FinanceProduct } from '@vela/contract';
import { useT } from '../../lib/i18n.ts';
import type { IdempotencyKeys } from '../../lib/use-idempotency-key.ts';
import { useAmountDecimals } from '../../system/system-api.ts';
import { useOverviewQuery } from '../../system/wallet-api.ts';
import { useBuyFinance } from './finance-api.ts';
import { checkFinanceAmount, financeScalesOf, liveOutcomes, type FieldMessage } from './finance-logic.ts';

type BuyField = 'amount' | 'fundPwd';

/**
 * The balances a purchase reads from the wallet overview every balance screen shares: the spot
 * balance of the currency paid in ('0' when the wallet has none, null while unknown), and the scale
 * of the other currency, which the payout in it is counted at.
 */
function useBuyBalances(product: FinanceProduct) {
  const overview = useOverviewQuery();
  const currencies = overview.data?.currencies ?? [];
  const paid = currencies.find((c) => c.symbol === product.buySymbol);
  const otherSymbol = product.buyType === 'coin' ? product.settleSymbol : product.symbol;
  const other = currencies.find((c) => c.symbol === otherSymbol);
  return {
    available: overview.data ? (paid?.spot ?? '0') : null,
    scales: financeScalesOf(product, other?.scale ?? null),
  };
}

/**
 * The purchase form's state: the amount and its live outcomes, the fund password, the errors under
 * each field (the form's rules and the server's refusals), and the confirm dialog. `review` checks
 * the amount and opens the dialog; `send` buys, with one idempotency key per submission (`keys`).
 */
export function useBuyForm(product: FinanceProduct, keys: IdempotencyKeys) {
  const t = useT();
  const navigate = useNavigate();
  const [amount, setAmount] = useState('');
  const [fundPwd, setFundPwd] = useState('');
  const [errors, setErrors] = useState<Partial<Record<BuyField, string>>>({});
  const [confirming, setConfirming] = useState(false);
  const { available, scales } = useBuyBalances(product);
  const decimals = useAmountDecimals(product.amountDecimals);
  const setError = (field: BuyField, text: string | null) =>
    setErrors((e) => ({ ...e, [field]: text ?? undefined }));
  const messageText = (message: FieldMessage) =>
    t(message.key, {
      ...message.params,
      ...(message.range ? { range: t(message.range.key, message.range.params) } : {}),
    });

  const buy = useBuyFinance(keys, {
    onRefused: (field, text) => {
      // The amount is on the page behind the dialog: close it so the message is seen.
      if (field === 'amount') setConfirming(false);
      setError(field, text);
    },
    onBought: () => {
      setConfirming(false);
      void navigate('/finance-orders');
    },
  });

  return {
    amount,
    fundPwd,
    errors,
    confirming,
    available,
    scales,
    decimals,
    busy: buy.isPending,
    outcomes: liveOutcomes(product, amount, scales),
    typeAmount: (update: (previous: string) => string) => {
      setAmount(update);
      setError('amount', null);
    },
    typeFundPwd: (value: string) => {
      setFundPwd(value);
      setError('fundPwd', null);
    },
    closeConfirm: () => setConfirming(false),
    review: (event: FormEvent) => {
      event.preventDefault();
      if (buy.isPending) return;
      const message = checkFinanceAmount({ product, amount, decimals, available });
      setError('amount', message ? messageText(message) : null);
      if (!message) setConfirming(true);
    },
    send: () => {
      if (buy.isPending) return;
      if (fundPwd === '')
        return setError('fundPwd', t('validation.fieldRequired', { field: t('field.fundPassword') }));
      buy.mutate({ productId: product.id, amount: amount.trim(), fundPwd });
    },
  };
}
