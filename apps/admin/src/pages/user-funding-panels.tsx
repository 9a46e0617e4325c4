import { DepositQueue } from './deposits-page.tsx';
import { WithdrawalQueue } from './withdrawals-page.tsx';

/**
 * A user's deposits and withdrawals in their detail drawer (USER_PANELS): every status, newest
 * first, with the same review actions as the queues, without the columns that name the user.
 */
export function UserDepositsPanel({ userId }: { userId: number }) {
  return <DepositQueue filter={{ status: undefined, userId }} compact />;
}

export function UserWithdrawalsPanel({ userId }: { userId: number }) {
  return <WithdrawalQueue filter={{ status: undefined, userId }} compact />;
}
