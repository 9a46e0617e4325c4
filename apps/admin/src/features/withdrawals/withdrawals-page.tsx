import { ReviewQueuePage } from '../../components/review-queue/index.ts';
import { withdrawalQueue } from './withdrawal-queue.tsx';

/** Finance: withdrawals to pay out or reject, and the reviewed ones. */
export default function WithdrawalsPage() {
  return <ReviewQueuePage config={withdrawalQueue} />;
}
