import { useQuery } from '@tanstack/react-query';
import { routes } from '@vela/contract/routes';
import { call } from './api.ts';

/**
 * One user's detail, read while a user is open (`userId` is null otherwise). The server records
 * each read in the audit log, so nothing is asked for until a user is actually opened.
 */
export function useUserDetail(userId: number | null) {
  return useQuery({
    queryKey: ['user', userId],
    queryFn: () => call(routes.admin.adminUserDetail, { userId: userId ?? 0 }),
    enabled: userId !== null,
  });
}
