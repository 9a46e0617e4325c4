import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@vela/contract/routes';
import { preHashPassword } from '@vela/domain';
import { CoinIcon } from '../../components/coin-icon.tsx';
import { CredentialFields, credentialBody } from '../../components/credential-fields.tsx';
import { SubmitButton, TextField } from '../../components/form-inputs.tsx';
import { ChainPicker, chainCoins, CurrencyPicker } from '../../components/payment-method-picker.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { call } from '../../lib/api-client.ts';
import { toastSuccess } from '../../lib/feedback.tsx';
import { useT } from '../../lib/i18n.ts';
import { useForm } from '../../lib/use-form.ts';
import { useGoBack } from '../../lib/use-go-back.ts';
import { useSession } from '../../stores/session-store.ts';
import { paymentKeys, useChains, usePromptOnEntry } from '../../system/payment-methods.ts';
import { optional, sameNames, validateWalletAddress, type WalletAddressValues } from './method-forms.ts';
import './payment-methods.css';

const FIELDS = ['vcId', 'vcChainNameId', 'vcAccount', 'remark', 'fundPwd', 'googleCode'] as const;

/**
 * /add-wallet-address: currency, then one of its chain types, then the address (checked by the
 * server against the chain's format), an optional remark and the fund password.
 */
export default function AddWalletAddressPage() {
  const t = useT();
  const client = useQueryClient();
  const goBack = useGoBack('/wallet-address');
  usePromptOnEntry('fundPassword', goBack);
  const googleBound = useSession((s) => Boolean(s.user?.googleBound));
  const token = useSession((s) => s.token);
  const chains = useChains();
  const [picker, setPicker] = useState<'currency' | 'chain' | null>(null);

  const form = useForm<WalletAddressValues>({
    initial: { vcId: '', vcChainNameId: '', vcAccount: '', remark: '', fundPwd: '', googleCode: '' },
    validate: (values) => validateWalletAddress(values, { googleBound }),
    serverFields: sameNames(FIELDS),
  });
  const all = chains.data ?? [];
  const coin = chainCoins(all).find((c) => String(c.vcId) === form.values.vcId) ?? null;
  const chain = all.find((c) => String(c.id) === form.values.vcChainNameId) ?? null;

  const add = useMutation({
    mutationFn: (v: WalletAddressValues) =>
      call(routes.payment.walletAddressAdd, {
        vcId: Number(v.vcId),
        vcChainNameId: Number(v.vcChainNameId),
        vcAccount: v.vcAccount.trim(),
        remark: optional(v.remark),
        ...credentialBody(v, googleBound, preHashPassword),
      }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: paymentKeys.walletAddresses(token) });
      toastSuccess(t('toast.walletAddressAdded'));
      goBack();
    },
    onError: (error) => form.showError(error),
  });

  if (chains.isError) return <EmptyState kind="loadFailed" onRetry={() => void chains.refetch()} />;
  return (
    <form className="form-page" onSubmit={form.submit((values) => add.mutate(values))} noValidate>
      <p className="form-hint">{t('payment.addHint')}</p>
      <SelectField
        name="vcId"
        label={t('field.vcId')}
        placeholder={t('placeholder.chooseCurrency')}
        display={
          coin ? (
            <span className="select-coin">
              <CoinIcon symbol={coin.symbol} size="sm" /> {coin.symbol}
            </span>
          ) : null
        }
        error={form.errors.vcId}
        disabled={chains.isPending}
        onOpen={() => setPicker('currency')}
      />
      <SelectField
        name="vcChainNameId"
        label={t('field.vcChainNameId')}
        placeholder={t('placeholder.chooseChain')}
        display={chain?.chainName ?? null}
        error={form.errors.vcChainNameId}
        disabled={!coin}
        onOpen={() => setPicker('chain')}
      />
      <TextField
        form={form}
        name="vcAccount"
        label={t('field.vcAccount')}
        placeholder={t('placeholder.address')}
        autoComplete="off"
        maxLength={128}
      />
      <p className="form-hint form-hint--warning">{t('payment.addressWarning')}</p>
      <TextField
        form={form}
        name="remark"
        label={t('field.remark')}
        placeholder={t('placeholder.remark')}
        maxLength={64}
      />
      <CredentialFields form={form} />
      <SubmitButton loading={add.isPending} testId="submit-add-wallet-address">
        {t('common.submit')}
      </SubmitButton>
      <CurrencyPicker
        open={picker === 'currency'}
        chains={all}
        selected={coin?.vcId ?? null}
        onSelect={(vcId) => {
          if (String(vcId) !== form.values.vcId) {
            form.set('vcId')(String(vcId));
            // A chain belongs to one coin: the first chain of the new coin is the likely choice.
            const first = all.find((c) => c.vcId === vcId);
            form.set('vcChainNameId')(first ? String(first.id) : '');
          }
          setPicker(null);
        }}
        onClose={() => setPicker(null)}
      />
      <ChainPicker
        open={picker === 'chain'}
        chains={all}
        vcId={coin?.vcId ?? null}
        selected={chain?.id ?? null}
        onSelect={(chosen) => {
          form.set('vcChainNameId')(String(chosen.id));
          setPicker(null);
        }}
        onClose={() => setPicker(null)}
      />
    </form>
  );
}
