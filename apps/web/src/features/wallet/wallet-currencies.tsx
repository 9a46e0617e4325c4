import type { WalletCurrency } from '@vela/contract';
import { CoinIcon } from '../../components/coin-icon.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { useT } from '../../lib/i18n.ts';
import { showAmount, showUsdt, type WalletOverview } from './wallet-logic.ts';

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

/** Each wallet currency with its amounts and USDT value, or what stands in for the list. */
export function CurrencyList({
  overview,
  pending,
  hidden,
  onRetry,
}: {
  overview: WalletOverview | undefined;
  pending: boolean;
  hidden: boolean;
  onRetry(): void;
}) {
  if (pending) return <SkeletonRows />;
  if (!overview) return <EmptyState kind="loadFailed" onRetry={onRetry} />;
  if (overview.currencies.length === 0) return <EmptyState kind="noData" />;
  return (
    <ul className="wallet-coins" data-testid="wallet-currencies">
      {overview.currencies.map((currency) => (
        <CurrencyRow key={currency.vcId} currency={currency} hidden={hidden} />
      ))}
    </ul>
  );
}
