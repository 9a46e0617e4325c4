import type { ReactNode } from 'react';
import {
  ArrowDownCircleOutline,
  BillOutline,
  EyeInvisibleOutline,
  EyeOutline,
  RightOutline,
  UpCircleOutline,
} from 'antd-mobile-icons';
import { Link, useNavigate } from 'react-router';
import { leadsToBuiltScreen } from '../../config/built-routes.ts';
import { titleKeyOf } from '../../config/route-meta.ts';
import { useT } from '../../lib/i18n.ts';
import { usePreferences } from '../../stores/preferences-store.ts';
import { canTransfer, totalText, type WalletOverview } from './wallet-logic.ts';

function TransferIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      aria-hidden
    >
      <path d="M4 8h15l-4-4M20 16H5l4 4" />
    </svg>
  );
}

function Action({
  icon,
  label,
  onClick,
  testId,
  disabled,
}: {
  icon: ReactNode;
  label: string;
  onClick(): void;
  testId: string;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      className="wallet-action"
      onClick={onClick}
      disabled={disabled}
      data-testid={testId}
    >
      <span className="wallet-action__icon">{icon}</span>
      <span className="wallet-action__label">{label}</span>
    </button>
  );
}

/** The entries to deposit, withdraw, transfer (in a popup the page owns) and the bills. */
function WalletActions({ transferable, onTransfer }: { transferable: boolean; onTransfer(): void }) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <nav className="wallet-actions">
      <Action
        icon={<ArrowDownCircleOutline />}
        label={t('wallet.recharge')}
        onClick={() => void navigate('/recharge')}
        testId="wallet-recharge"
      />
      <Action
        icon={<UpCircleOutline />}
        label={t('wallet.withdraw')}
        onClick={() => void navigate('/withdraw')}
        testId="wallet-withdraw"
      />
      <Action
        icon={<TransferIcon />}
        label={t('wallet.transfer')}
        onClick={onTransfer}
        disabled={!transferable}
        testId="wallet-transfer"
      />
      <Action
        icon={<BillOutline />}
        label={t('wallet.bills')}
        onClick={() => void navigate('/user-bills')}
        testId="wallet-bills"
      />
    </nav>
  );
}

/** Where the contract account's positions and orders are; the transfer above funds that account. */
const CONTRACT_ORDERS_PATH = '/contract-trade-order';

/** The way to the contract positions and orders, under the entries, once that screen exists. */
function ContractLink() {
  const t = useT();
  if (!leadsToBuiltScreen(CONTRACT_ORDERS_PATH)) return null;
  return (
    <Link to={CONTRACT_ORDERS_PATH} className="wallet-hero__link" data-testid="wallet-contract-orders">
      <span>{t(titleKeyOf(CONTRACT_ORDERS_PATH))}</span>
      <RightOutline className="wallet-hero__chevron" aria-hidden />
    </Link>
  );
}

/**
 * The top of the assets screen: the total in USDT with the hide-balance toggle, then the entries and
 * the way to the contract positions and orders.
 */
export function WalletHero({
  overview,
  pending,
  onTransfer,
}: {
  overview: WalletOverview | undefined;
  pending: boolean;
  onTransfer(): void;
}) {
  const t = useT();
  const hidden = usePreferences((s) => s.hideBalance);
  const toggleHidden = usePreferences((s) => s.toggleHideBalance);
  const hideLabel = hidden ? t('wallet.showBalance') : t('wallet.hideBalance');
  return (
    <section className="wallet-hero">
      <div className="wallet-hero__label">
        <span>{t('wallet.totalAssets')}</span>
        <button
          type="button"
          className="wallet-hero__eye"
          onClick={toggleHidden}
          aria-label={hideLabel}
          title={hideLabel}
          aria-pressed={hidden}
          data-testid="hide-balance-toggle"
        >
          {hidden ? <EyeInvisibleOutline /> : <EyeOutline />}
        </button>
      </div>
      <div className="wallet-hero__total num" data-testid="total-assets">
        {totalText(overview, pending, hidden)}
        {pending ? <span className="skeleton-line wallet-hero__skeleton" /> : null}
      </div>
      <WalletActions transferable={canTransfer(overview)} onTransfer={onTransfer} />
      <ContractLink />
    </section>
  );
}
