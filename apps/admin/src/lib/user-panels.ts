import { createContext, useContext, type ComponentType, type LazyExoticComponent } from 'react';
import type { RoleRestricted } from './roles.ts';

/**
 * A section of the user detail drawer below the profile (the user's deposits, bound methods,
 * identity documents...): a lazily loaded default export taking the user's id. The features own
 * the panels and the app lists them (app/registry.tsx); the drawer, a shared component, gets the
 * list through this context, so it never imports a feature.
 */
export interface UserPanel extends RoleRestricted {
  key: string;
  label: string;
  component: LazyExoticComponent<ComponentType<{ userId: number }>>;
}

export const UserPanelsContext = createContext<readonly UserPanel[]>([]);

export function useUserPanels(): readonly UserPanel[] {
  return useContext(UserPanelsContext);
}
