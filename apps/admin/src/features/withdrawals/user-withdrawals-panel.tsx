import { WithdrawalQueue } from './withdrawal-queue.tsx';

/**
 * A user's withdrawals in their detail drawer (USER_PANELS): every status, newest first, for
 * reading, without the columns that name the user.
 */
export default function UserWithdrawalsPanel({ userId }: { userId: number }) {
  return <WithdrawalQueue filter={{ status: undefined, userId }} compact />;
}
