import { OrderList } from './order-list.tsx';

/** /recharge-order: the user's deposits with their review history. */
export default function RechargeOrderPage() {
  return <OrderList direction="recharge" />;
}
