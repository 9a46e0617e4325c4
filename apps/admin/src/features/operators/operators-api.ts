import { useQuery } from '@tanstack/react-query';
import type { OperatorRole } from '@vela/contract';
import { preHashPassword } from '@vela/domain';
import { routes } from '@vela/contract/routes';
import { call } from '../../lib/api.ts';
import type { OperatorActionKind } from './operator-actions.ts';

export function useOperators() {
  return useQuery({ queryKey: ['operators'], queryFn: () => call(routes.admin.operatorList, {}) });
}

/** A new operator account; the password leaves the browser pre-hashed like a user's (decision 004). */
export function createOperator(values: { username: string; role: OperatorRole; password: string }) {
  return call(routes.admin.operatorCreate, {
    username: values.username.trim(),
    role: values.role,
    password: preHashPassword(values.password),
  });
}

/** Issues a new authenticator secret to an operator, whose current one stops working. */
export function resetOperatorTotp(operatorId: number, reason: string) {
  return call(routes.admin.operatorResetTotp, { operatorId, reason });
}

/** Disables or enables an operator account, with the reason the audit log keeps. */
export function toggleOperator(
  kind: Exclude<OperatorActionKind, 'reset'>,
  operatorId: number,
  reason: string,
) {
  return call(kind === 'disable' ? routes.admin.operatorDisable : routes.admin.operatorEnable, {
    operatorId,
    reason,
  });
}
