import type { OperatorRole } from '@vela/contract';

/** Something only some roles see (a page, a panel); absent roles: every operator. */
export interface RoleRestricted {
  roles?: readonly OperatorRole[];
}

export function allowed(item: RoleRestricted, role: OperatorRole): boolean {
  return !item.roles || item.roles.includes(role);
}
