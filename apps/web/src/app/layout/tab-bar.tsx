import { useLocation, useNavigate } from 'react-router';
import type { MessageKey } from '@vela/i18n';
import { useT } from '../../lib/i18n.ts';
import { TabIcon, type TabIconName } from './tab-icons.tsx';
import './tab-bar.css';

interface Tab {
  path: string;
  labelKey: MessageKey;
  icon: TabIconName;
}

/**
 * The spec's tab pages. The bar scrolls sideways once there are more than four tabs; the active tab
 * is marked by a 3 px indicator line.
 */
export const TABS: Tab[] = [
  { path: '/home', labelKey: 'tab.home', icon: 'home' },
  { path: '/currency', labelKey: 'tab.market', icon: 'market' },
  { path: '/trade', labelKey: 'tab.trade', icon: 'trade' },
  { path: '/fund', labelKey: 'tab.assets', icon: 'assets' },
  { path: '/finance', labelKey: 'tab.finance', icon: 'finance' },
  { path: '/user-center', labelKey: 'tab.me', icon: 'me' },
];

export const TAB_SCROLL_THRESHOLD = 4;

export function TabBar() {
  const t = useT();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const scrolls = TABS.length > TAB_SCROLL_THRESHOLD;
  return (
    <nav className={`tab-bar${scrolls ? ' tab-bar--scroll' : ''}`} aria-label="main">
      {TABS.map((tab) => {
        const active = pathname === tab.path;
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
