import { useState } from 'react';
import { CoinIcon } from '../../components/coin-icon.tsx';
import { CredentialFields } from '../../components/credential-fields.tsx';
import { FormFields, SubmitButton } from '../../components/form-inputs.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { useT } from '../../lib/i18n.ts';
import { usePromptOnEntry } from '../../system/payment-methods-api.ts';
import { CoinChainPickers } from './coin-chain-pickers.tsx';
import { WALLET_ADDRESS_ACCOUNT_FIELDS, WALLET_ADDRESS_REMARK_FIELDS } from './method-logic.ts';
import { useAfterAdd } from './use-after-add.ts';
import { useWalletAddressForm } from './use-wallet-address-form.ts';
import './payment-methods.css';

/**
 * /add-wallet-address: currency, then one of its chain types, then the address (checked by the
 * server against the chain's format), an optional remark and the fund password. A link may choose
 * the coin and network (`?coinId=&chain=`) and where to go once saved (`&returnTo=`), as the
 * withdrawal screen does for the channel the user picked.
 */
export default function AddWalletAddressPage() {
  const t = useT();
  const { params, goBack, afterAdd } = useAfterAdd('/wallet-address');
  usePromptOnEntry('fundPassword', goBack);
  const { form, chains, all, coin, chain, add, send, chooseCoin, chooseChain } = useWalletAddressForm(
    afterAdd,
    params,
  );
  const [picker, setPicker] = useState<'currency' | 'chain' | null>(null);

  if (chains.isError) return <EmptyState kind="loadFailed" onRetry={() => void chains.refetch()} />;
  return (
    <form className="form-page" onSubmit={form.submit(send)} noValidate>
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
      <FormFields form={form} fields={WALLET_ADDRESS_ACCOUNT_FIELDS} />
      <p className="form-hint form-hint--warning">{t('payment.addressWarning')}</p>
      <FormFields form={form} fields={WALLET_ADDRESS_REMARK_FIELDS} />
      <CredentialFields form={form} />
      <SubmitButton loading={add.isPending} testId="submit-add-wallet-address">
        {t('common.submit')}
      </SubmitButton>
      <CoinChainPickers
        open={picker}
        chains={all}
        vcId={coin?.vcId ?? null}
        chainId={chain?.id ?? null}
        onCoin={chooseCoin}
        onChain={chooseChain}
        onClose={() => setPicker(null)}
      />
    </form>
  );
}
