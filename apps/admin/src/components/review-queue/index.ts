/** The shared review queue: a queue is a configuration (`ReviewQueueConfig`) of these parts. */
export {
  ActionButtons,
  actionsColumn,
  orderColumn,
  reviewButtons,
  statusColumn,
  unlessCompact,
  userColumn,
} from './queue-columns.tsx';
export type { QueueFilter } from './queue-request.ts';
export { ReviewQueue, ReviewQueuePage } from './review-queue.tsx';
export type {
  ApproveModalProps,
  DetailModalProps,
  QueueOrder,
  QueueView,
  ReviewQueueConfig,
} from './review-queue-config.ts';
