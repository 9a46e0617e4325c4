import { useT } from '../../lib/i18n.ts';
import { useWalletAddresses } from '../../system/payment-methods-api.ts';
import { WalletAddressView } from './method-cards.tsx';
import { MethodList } from './method-list.tsx';

/** /wallet-address: the user's wallet addresses. */
export default function WalletAddressPage() {
  const t = useT();
  return (
    <MethodList
      query={useWalletAddresses()}
      emptyText={t('payment.noWalletAddresses')}
      addLabel={t('payment.addWalletAddress')}
      addPath="/add-wallet-address"
      renderItem={(address) => <WalletAddressView address={address} />}
      testId="wallet-address-list"
    />
  );
}
