import { useState, type ReactNode } from 'react';
import {
  ArrowDownCircleOutline,
  BillOutline,
  EyeInvisibleOutline,
  EyeOutline,
  UpCircleOutline,
} from 'antd-mobile-icons';
import { useNavigate } from 'react-router';
import type { WalletCurrency } from '@vela/contract';
import { CoinIcon } from '../../components/coin-icon.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { PullToRefresh } from '../../components/pull-to-refresh.tsx';
import { useT } from '../../lib/i18n.ts';
import { usePreferences } from '../../stores/preferences-store.ts';
import { useLiveMarket } from '../../system/live-market.ts';
import { TransferPopup } from './transfer-popup.tsx';
import { showAmount, showUsdt } from './wallet-figures.ts';
import { useWalletOverview } from './wallet-queries.ts';
import './wallet.css';

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

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="wallet-coin__figure">
      <span className="wallet-coin__figure-label">{label}</span>
      <span className="wallet-coin__figure-value num" data-testid={testId}>
        {value}
      </span>
    </div>
  );
}

function CurrencyRow({ currency, hidden }: { currency: WalletCurrency; hidden: boolean }) {
  const t = useT();
  return (
    <li className="wallet-coin" data-testid="wallet-currency" data-symbol={currency.symbol}>
      <div className="wallet-coin__head">
        <CoinIcon symbol={currency.symbol} />
        <span className="wallet-coin__names">
          <span className="wallet-coin__symbol">{currency.symbol}</span>
          <span className="wallet-coin__name">{currency.name}</span>
        </span>
        <span className="wallet-coin__value" data-testid="currency-value">
          {hidden
            ? showUsdt(currency.valueUsdt, true)
            : t('wallet.valuation', { value: showUsdt(currency.valueUsdt, false) })}
        </span>
      </div>
      <div className="wallet-coin__figures">
        <Figure
          label={t('wallet.available')}
          value={showAmount(currency.spot, currency.scale, hidden)}
          testId="currency-spot"
        />
        <Figure
          label={t('wallet.contract')}
          value={showAmount(currency.contract, currency.scale, hidden)}
          testId="currency-contract"
        />
        <Figure
          label={t('wallet.frozen')}
          value={showAmount(currency.frozen, currency.scale, hidden)}
          testId="currency-frozen"
        />
      </div>
    </li>
  );
}

function SkeletonRows() {
  return (
    <ul className="wallet-coins" aria-busy="true" data-testid="wallet-skeleton">
      {Array.from({ length: 5 }, (_, i) => (
        <li key={i} className="wallet-coin wallet-coin--skeleton">
          <span className="skeleton-line" style={{ width: '40%' }} />
          <span className="skeleton-line" style={{ width: '90%' }} />
        </li>
      ))}
    </ul>
  );
}

/**
 * /fund, the assets tab: the total in USDT (valued at live prices between fetches), the
 * hide-balance toggle, the entries to deposit, withdraw, transfer and the bills, and each wallet
 * currency's available, contract and frozen amounts with its USDT value.
 */
export default function FundPage() {
  const t = useT();
  const navigate = useNavigate();
  const hidden = usePreferences((s) => s.hideBalance);
  const toggleHidden = usePreferences((s) => s.toggleHideBalance);
  const overview = useWalletOverview();
  const [transferOpen, setTransferOpen] = useState(false);
  useLiveMarket();

  const data = overview.data;
  const hideLabel = hidden ? t('wallet.showBalance') : t('wallet.hideBalance');

  let list: ReactNode;
  if (overview.isPending) list = <SkeletonRows />;
  else if (!data) list = <EmptyState kind="loadFailed" onRetry={() => void overview.refetch()} />;
  else if (data.currencies.length === 0) list = <EmptyState kind="noData" />;
  else {
    list = (
      <ul className="wallet-coins" data-testid="wallet-currencies">
        {data.currencies.map((currency) => (
          <CurrencyRow key={currency.vcId} currency={currency} hidden={hidden} />
        ))}
      </ul>
    );
  }

  return (
    <div className="wallet">
      <header className="wallet__header">
        <h1 className="wallet__title">{t('route.fund')}</h1>
      </header>
      <PullToRefresh onRefresh={() => overview.refetch()}>
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
            {data ? showUsdt(data.totalUsdt, hidden) : overview.isPending ? '' : '--'}
            {overview.isPending ? <span className="skeleton-line wallet-hero__skeleton" /> : null}
          </div>
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
              onClick={() => {
                // The form checks amounts against the balances, so they should be current.
                void overview.refetch();
                setTransferOpen(true);
              }}
              disabled={!data || data.currencies.length === 0}
              testId="wallet-transfer"
            />
            <Action
              icon={<BillOutline />}
              label={t('wallet.bills')}
              onClick={() => void navigate('/user-bills')}
              testId="wallet-bills"
            />
          </nav>
        </section>
        {list}
      </PullToRefresh>
      <TransferPopup
        open={transferOpen}
        onClose={() => setTransferOpen(false)}
        currencies={data?.currencies ?? []}
        initialVcId={null}
      />
    </div>
  );
}
