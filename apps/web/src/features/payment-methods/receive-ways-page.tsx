import { useT } from '../../lib/i18n.ts';
import { useBankCards } from '../../system/payment-methods-api.ts';
import { BankCardView } from './method-cards.tsx';
import { MethodList } from './method-list.tsx';

/** /receive-ways: the user's bank cards. */
export default function ReceiveWaysPage() {
  const t = useT();
  return (
    <MethodList
      query={useBankCards()}
      emptyText={t('payment.noBankCards')}
      addLabel={t('payment.addBankCard')}
      addPath="/add-bank-card"
      renderItem={(card) => <BankCardView card={card} />}
      testId="bank-card-list"
    />
  );
}
