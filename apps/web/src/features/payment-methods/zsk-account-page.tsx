import { useT } from '../../lib/i18n.ts';
import { useZskAccounts } from '../../system/payment-methods-api.ts';
import { ZskAccountView } from './method-cards.tsx';
import { MethodList } from './method-list.tsx';

/** /zsk-account: the user's fast-payment (ZSK) accounts. */
export default function ZskAccountPage() {
  const t = useT();
  return (
    <MethodList
      query={useZskAccounts()}
      emptyText={t('payment.noZskAccounts')}
      addLabel={t('payment.addZskAccount')}
      addPath="/add-zsk-account"
      renderItem={(account) => <ZskAccountView account={account} />}
      testId="zsk-account-list"
    />
  );
}
