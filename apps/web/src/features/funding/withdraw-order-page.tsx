import { OrderList } from './order-list.tsx';

/** /withdraw-order: the user's withdrawals with their review history and payout references. */
export default function WithdrawOrderPage() {
  return <OrderList direction="withdraw" />;
}
