import { useQuery } from '@tanstack/react-query';
import { routes } from '@vela/contract/routes';
import { call } from './api.ts';

/** Ends the operator's session on the server; the caller ends it here whatever the answer. */
export function sendLogout() {
  return call(routes.admin.operatorLogout, {});
}

/** The signed-in operator as the server knows them now, which may differ from the stored one. */
export function useCurrentOperator() {
  return useQuery({ queryKey: ['me'], queryFn: () => call(routes.admin.operatorMe, {}) });
}
