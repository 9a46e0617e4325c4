import { FinanceOrderTabs } from './finance-orders.tsx';

/** A user's finance orders in their detail drawer (USER_PANELS), for reading. */
export default function UserFinanceOrdersPanel({ userId }: { userId: number }) {
  return <FinanceOrderTabs userId={userId} compact />;
}
