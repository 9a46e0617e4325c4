import { useInfiniteQuery } from '@tanstack/react-query';
import { routes } from '@vela/contract/routes';
import { call } from '../../lib/api.ts';

const PAGE_SIZE = 50;

/** Users matching `query`, newest first, a page at a time; the next page starts before the last id seen. */
export function useUsers(query: string) {
  const users = useInfiniteQuery({
    queryKey: ['users', query],
    queryFn: ({ pageParam }) =>
      call(routes.admin.adminUserSearch, {
        query,
        limit: PAGE_SIZE,
        ...(pageParam !== null ? { before: pageParam } : {}),
      }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextBefore,
  });
  return { users, rows: users.data?.pages.flatMap((page) => page.list) ?? [] };
}
