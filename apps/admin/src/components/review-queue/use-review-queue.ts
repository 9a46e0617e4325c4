import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { queuePageBody, type QueueFilter } from './queue-request.ts';
import type { QueueOrder, ReviewQueueConfig } from './review-queue-config.ts';

/**
 * A queue's orders, page by page. A queue several operators work through is read fresh whenever it
 * is shown, and again after every review, or after a refusal saying someone else reviewed first;
 * the audit log, which records each review, is read again with it.
 */
export function useReviewQueue<Order extends QueueOrder>(
  config: ReviewQueueConfig<Order>,
  filter: QueueFilter,
) {
  const queryClient = useQueryClient();
  const orders = useInfiniteQuery({
    queryKey: [config.noun, filter],
    queryFn: ({ pageParam }) => config.fetchPage(queuePageBody(filter, pageParam)),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });
  const rows = orders.data?.pages.flatMap((page) => page.list) ?? [];
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: [config.noun] });
    void queryClient.invalidateQueries({ queryKey: ['audit'] });
  };
  return { orders, rows, refresh };
}
