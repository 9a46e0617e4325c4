import { useInfiniteQuery } from '@tanstack/react-query';
import { routes } from '@vela/contract/routes';
import { call } from '../../lib/api.ts';
import type { AuditQuery } from './audit-query.ts';

const PAGE_SIZE = 50;

/** The log entries matching `filter`, newest first, a page at a time; never served from an old read. */
export function useAuditLog(filter: AuditQuery) {
  const log = useInfiniteQuery({
    queryKey: ['audit', filter],
    queryFn: ({ pageParam }) =>
      call(routes.admin.auditPage, {
        ...filter,
        limit: PAGE_SIZE,
        ...(pageParam !== null ? { before: pageParam } : {}),
      }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextBefore,
    staleTime: 0,
  });
  return { log, rows: log.data?.pages.flatMap((page) => page.list) ?? [] };
}
