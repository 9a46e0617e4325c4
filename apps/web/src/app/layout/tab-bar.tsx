import { useLocation, useNavigate } from 'react-router';
import type { MessageKey } from '@vela/i18n';
import { builtOnly } from '../../config/built-routes.ts';
import { useT } from '../../lib/i18n.ts';
import { TabIcon, type TabIconName } from './tab-icons.tsx';
import './tab-bar.css';

interface Tab {
  path: string;
  labelKey: MessageKey;
  icon: TabIconName;
  /** Other tab pages this tab stands for: finance products belong with the assets. */
  alsoActiveOn?: string[];
}

/**
 * The five tabs (home, market, trade, assets, me). /finance is a tab page too (tab
 * bar shown, no back control) but not a sixth button: a sixth would push "Me" off a phone screen.
 * The bar scrolls sideways once there are more than four tabs; the active tab is marked by a 3 px
 * indicator line.
 */
const ALL_TABS: Tab[] = [
  { path: '/home', labelKey: 'tab.home', icon: 'home' },
  { path: '/currency', labelKey: 'tab.market', icon: 'market' },
  { path: '/trade', labelKey: 'tab.trade', icon: 'trade' },
  { path: '/fund', labelKey: 'tab.assets', icon: 'assets', alsoActiveOn: ['/finance'] },
  { path: '/user-center', labelKey: 'tab.me', icon: 'me' },
];

/** The tabs whose screen is built: a tab never leads to a placeholder page. */
export const TABS: Tab[] = builtOnly(ALL_TABS);

export const TAB_SCROLL_THRESHOLD = 4;

export function TabBar() {
  const t = useT();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const scrolls = TABS.length > TAB_SCROLL_THRESHOLD;
  return (
    <nav className={`tab-bar${scrolls ? ' tab-bar--scroll' : ''}`} aria-label="main">
      {TABS.map((tab) => {
        const active = pathname === tab.path || (tab.alsoActiveOn?.includes(pathname) ?? false);
        return (
          <button
            key={tab.path}
            type="button"
            className={`tab-bar__item${active ? ' tab-bar__item--active' : ''}`}
            aria-current={active ? 'page' : undefined}
            onClick={() => navigate(tab.path)}
          >
            <TabIcon name={tab.icon} />
            <span className="tab-bar__label">{t(tab.labelKey)}</span>
            {active ? <span className="tab-bar__indicator" data-testid="tab-indicator" /> : null}
          </button>
        );
      })}
    </nav>
  );
}
