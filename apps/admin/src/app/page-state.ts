import type { OperatorRole } from '@vela/contract';
import { ROLE_LABELS } from '../lib/labels.ts';
import { allowed, type RoleRestricted } from '../lib/roles.ts';

interface PageEntry extends RoleRestricted {
  path: string;
  label: string;
}

/**
 * What the shell shows at a path: the page, nothing yet (the root, which moves on to the first
 * page the role may open), no such page, or a page the role may not open.
 */
export type PageState<Page> =
  { kind: 'page'; page: Page } | { kind: 'root' } | { kind: 'missing' } | { kind: 'forbidden'; page: Page };

export function pageStateAt<Page extends PageEntry>(
  path: string,
  pages: readonly Page[],
  role: OperatorRole,
): PageState<Page> {
  const page = pages.find((candidate) => candidate.path === path);
  if (!page) return path === '/' ? { kind: 'root' } : { kind: 'missing' };
  return allowed(page, role) ? { kind: 'page', page } : { kind: 'forbidden', page };
}

/** Why a page is closed to the operator: "Audit log is for Administrator, Support operators." */
export function forbiddenText(page: PageEntry): string {
  return `${page.label} is for ${(page.roles ?? []).map((role) => ROLE_LABELS[role]).join(', ')} operators.`;
}
