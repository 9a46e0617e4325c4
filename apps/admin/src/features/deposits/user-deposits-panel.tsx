import { DepositQueue } from './deposit-queue.tsx';

/**
 * A user's deposits in their detail drawer (USER_PANELS): every status, newest first, with the
 * review actions of the queue, without the columns that name the user.
 */
export default function UserDepositsPanel({ userId }: { userId: number }) {
  return <DepositQueue filter={{ status: undefined, userId }} compact />;
}
