import { SpotOrders } from './spot-orders.tsx';

/** A user's spot orders in their detail drawer (USER_PANELS), for reading. */
export default function UserSpotOrdersPanel({ userId }: { userId: number }) {
  return <SpotOrders userId={userId} compact />;
}
