import { OrderList } from './order-list.tsx';

/** /recharge-order: the user's deposits with their review history. */
export default function DepositOrderPage() {
  return <OrderList direction="deposit" />;
}
