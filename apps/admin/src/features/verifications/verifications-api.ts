import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { DocumentSide, VerificationStatus } from '@vela/contract';
import { routes } from '@vela/contract/routes';
import { call } from '../../lib/api.ts';

const PAGE_SIZE = 20;

/** Enough for any real history: a user submits again only after a rejection. */
const HISTORY_SIZE = 20;

/** The submissions in one status, a page at a time; read afresh each time, since reviews move them on. */
export function useVerifications(status: VerificationStatus) {
  const verifications = useInfiniteQuery({
    queryKey: ['verifications', 'status', status],
    queryFn: ({ pageParam }) =>
      call(routes.payment.adminRealNameList, {
        status,
        limit: PAGE_SIZE,
        ...(pageParam !== null ? { cursor: pageParam } : {}),
      }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });
  return { verifications, rows: verifications.data?.pages.flatMap((page) => page.list) ?? [] };
}

/** One user's submissions, the latest first. */
export function useUserVerifications(userId: number) {
  return useQuery({
    queryKey: ['verifications', 'user', userId],
    queryFn: () => call(routes.payment.adminRealNameList, { userId, limit: HISTORY_SIZE }),
  });
}

/**
 * One photo of a submission. It is dropped from the cache as soon as nobody shows it, because an
 * identity document should not linger in memory and every look at one belongs in the audit log.
 */
export function useDocumentPhoto(id: number, side: DocumentSide) {
  return useQuery({
    queryKey: ['verification-photo', id, side],
    queryFn: () => call(routes.payment.adminRealNameImage, { id, side }),
    staleTime: Infinity,
    gcTime: 0,
  });
}

export function approveVerification(id: number) {
  return call(routes.payment.adminRealNameApprove, { id });
}

/** Rejects a submission; the user reads `reason` and may submit again with new photos. */
export function rejectVerification(id: number, reason: string) {
  return call(routes.payment.adminRealNameReject, { id, reason });
}
