import { useEffect, useRef } from 'react';
import { CREDENTIAL_LABELS } from '../../components/credential-fields.tsx';
import { chainCoins } from '../../components/payment-method-picker.tsx';
import { useForm } from '../../lib/use-form.ts';
import { useSession } from '../../stores/session-store.ts';
import { useChains } from '../../system/payment-methods-api.ts';
import {
  chainAfterCoinChange,
  preselectedChain,
  sameNames,
  type AddMethodParams,
  validateWalletAddress,
  walletAddressBody,
  type WalletAddressValues,
} from './method-logic.ts';
import { useAddPaymentMethod } from './payment-methods-api.ts';

const FIELDS = ['vcId', 'vcChainNameId', 'vcAccount', 'remark', 'fundPwd', 'googleCode'] as const;

/** The form's labels, so an empty field is reported as "<label> is required". */
const LABELS = {
  vcId: 'field.vcId',
  vcChainNameId: 'field.vcChainNameId',
  vcAccount: 'field.vcAccount',
  ...CREDENTIAL_LABELS,
} as const;

/**
 * The wallet address form: its values, the chain list with the chosen coin and chain, the choices
 * of the two pickers, and the request that adds the address. The coin and network a link asks for
 * (`preset`) are selected once the chain list is there, unless the user has chosen already.
 */
export function useWalletAddressForm(onAdded: () => void, preset: Pick<AddMethodParams, 'coinId' | 'chain'>) {
  const googleBound = useSession((s) => Boolean(s.user?.googleBound));
  const chains = useChains();
  const form = useForm<WalletAddressValues>({
    initial: { vcId: '', vcChainNameId: '', vcAccount: '', remark: '', fundPwd: '', googleCode: '' },
    validate: (values) => validateWalletAddress(values, { googleBound }),
    serverFields: sameNames(FIELDS),
    labels: LABELS,
  });
  const all = chains.data ?? [];
  usePreset(chains.data, preset, form);
  const coin = chainCoins(all).find((c) => String(c.vcId) === form.values.vcId) ?? null;
  const chain = all.find((c) => String(c.id) === form.values.vcChainNameId) ?? null;

  const add = useAddPaymentMethod('walletAddresses', {
    success: 'toast.walletAddressAdded',
    onAdded,
    onError: form.showError,
  });
  const send = (values: WalletAddressValues) => add.mutate(walletAddressBody(values, googleBound));

  const chooseCoin = (vcId: number) => {
    const nextChain = chainAfterCoinChange(all, form.values.vcId, vcId);
    if (nextChain === null) return;
    form.set('vcId')(String(vcId));
    form.set('vcChainNameId')(nextChain);
  };
  const chooseChain = (id: number) => form.set('vcChainNameId')(String(id));

  return { form, chains, all, coin, chain, add, send, chooseCoin, chooseChain };
}

/** Selects the linked coin and network once, when the chain list first arrives. */
function usePreset(
  chains: Parameters<typeof preselectedChain>[0] | undefined,
  preset: Pick<AddMethodParams, 'coinId' | 'chain'>,
  form: { values: WalletAddressValues; set(field: keyof WalletAddressValues): (value: string) => void },
) {
  const applied = useRef(false);
  const { coinId, chain } = preset;
  const { set } = form;
  const untouched = form.values.vcId === '';
  useEffect(() => {
    if (applied.current || !chains) return;
    applied.current = true;
    const chosen = untouched ? preselectedChain(chains, { coinId, chain }) : null;
    if (!chosen) return;
    set('vcId')(chosen.vcId);
    set('vcChainNameId')(chosen.vcChainNameId);
  }, [chains, coinId, chain, untouched, set]);
}
