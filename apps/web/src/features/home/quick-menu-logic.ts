import type { MessageKey } from '@vela/i18n';
import { ensureSelectedVc } from '@vela/domain';
import { builtOnly } from '../../config/built-routes.ts';

/** The coins the quick-deposit poster names and shows. */
export const QUICK_DEPOSIT_COINS = ['BTC', 'USDT', 'ETH'] as const;

export interface QuickMenu {
  path: string;
  labelKey: MessageKey;
  testId: string;
  /** The path data of the menu's 24 × 24 line icon. */
  icon: string;
}

/**
 * Quick menus: futures trading (/trade) and the help centre (/help), plus the finance
 * products, whose tab page has no button of its own in the five-tab bar. Only those whose screen is
 * built show (QUICK_MENUS).
 */
const ALL_QUICK_MENUS: readonly QuickMenu[] = [
  { path: '/trade', labelKey: 'home.futures', testId: 'menu-futures', icon: 'M4 16l5-5 4 4 7-8M15 7h5v5' },
  {
    path: '/finance',
    labelKey: 'tab.finance',
    testId: 'menu-finance',
    icon: 'M12 3v18M16.5 7.5c0-1.7-2-3-4.5-3s-4.5 1.3-4.5 3 2 2.6 4.5 3 4.5 1.3 4.5 3-2 3-4.5 3-4.5-1.3-4.5-3',
  },
  {
    path: '/help',
    labelKey: 'home.helpCentre',
    testId: 'menu-help',
    icon: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6M12 17h.01',
  },
];

export const QUICK_MENUS: readonly QuickMenu[] = builtOnly(ALL_QUICK_MENUS);

/**
 * The coin the futures menu selects before it opens the trade page: the first configured trading
 * pair when no configured coin is selected, or null when the selection can stay as it is (it is
 * configured already, or nothing is configured).
 */
export function futuresCoinToSelect(selected: number | null, configured: readonly number[]): number | null {
  const vcId = ensureSelectedVc(selected, configured);
  return vcId !== null && vcId !== selected ? vcId : null;
}
