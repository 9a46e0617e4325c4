import { ReviewQueuePage } from '../../components/review-queue/index.ts';
import { depositQueue } from './deposit-queue.tsx';

/** Finance: deposits waiting for review against their vouchers, and the reviewed ones. */
export default function DepositsPage() {
  return <ReviewQueuePage config={depositQueue} />;
}
