import { useNavigate } from 'react-router';
import { CoinIcon } from '../../components/coin-icon.tsx';
import { useT } from '../../lib/i18n.ts';
import { QUICK_DEPOSIT_COINS, QUICK_MENUS } from './quick-menu-logic.ts';
import { useQuickMenu } from './use-quick-menu.ts';

function CoinBadge({ symbol }: { symbol: string }) {
  return (
    <span className="coin-badge" aria-hidden>
      <CoinIcon symbol={symbol} size="sm" />
    </span>
  );
}

/** The poster that leads to the deposit page, with the coins most users deposit. */
export function QuickDeposit() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="deposit-poster"
      onClick={() => void navigate('/recharge')}
      data-testid="quick-deposit"
    >
      <div>
        <div className="deposit-poster__title">{t('home.quickDeposit')}</div>
        <div className="deposit-poster__hint">
          {t('home.quickDepositHint', { coins: QUICK_DEPOSIT_COINS.join(' / ') })}
        </div>
      </div>
      <div className="deposit-poster__coins">
        {QUICK_DEPOSIT_COINS.map((symbol) => (
          <CoinBadge key={symbol} symbol={symbol} />
        ))}
      </div>
    </button>
  );
}

/** The row of quick menus, each an icon above its label. */
export function QuickMenus() {
  const t = useT();
  const openMenu = useQuickMenu();
  return (
    <nav className="quick-menus">
      {QUICK_MENUS.map((menu) => (
        <button
          key={menu.path}
          type="button"
          className="quick-menu"
          onClick={() => openMenu(menu.path)}
          data-testid={menu.testId}
        >
          <svg
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            aria-hidden
          >
            <path d={menu.icon} />
          </svg>
          <span>{t(menu.labelKey)}</span>
        </button>
      ))}
    </nav>
  );
}
