import { chainCoins } from '../../components/payment-method-picker.tsx';
import { useForm } from '../../lib/use-form.ts';
import { useSession } from '../../stores/session-store.ts';
import { useChains } from '../../system/payment-methods-api.ts';
import {
  chainAfterCoinChange,
  sameNames,
  validateWalletAddress,
  walletAddressBody,
  type WalletAddressValues,
} from './method-logic.ts';
import { useAddPaymentMethod } from './payment-methods-api.ts';

const FIELDS = ['vcId', 'vcChainNameId', 'vcAccount', 'remark', 'fundPwd', 'googleCode'] as const;

/**
 * The wallet address form: its values, the chain list with the chosen coin and chain, the choices
 * of the two pickers, and the request that adds the address.
 */
export function useWalletAddressForm(onAdded: () => void) {
  const googleBound = useSession((s) => Boolean(s.user?.googleBound));
  const chains = useChains();
  const form = useForm<WalletAddressValues>({
    initial: { vcId: '', vcChainNameId: '', vcAccount: '', remark: '', fundPwd: '', googleCode: '' },
    validate: (values) => validateWalletAddress(values, { googleBound }),
    serverFields: sameNames(FIELDS),
  });
  const all = chains.data ?? [];
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
