import { useState } from 'react';
import { PullToRefresh } from '../../components/pull-to-refresh.tsx';
import { useT } from '../../lib/i18n.ts';
import { usePreferences } from '../../stores/preferences-store.ts';
import { useLiveMarket } from '../../system/live-market.ts';
import { TransferPopup } from './transfer-popup.tsx';
import { useWalletOverview } from './wallet-api.ts';
import { CurrencyList } from './wallet-currencies.tsx';
import { WalletHero } from './wallet-hero.tsx';
import './wallet.css';

/**
 * /fund, the assets tab: the total in USDT (valued at live prices between fetches), the
 * hide-balance toggle, the entries to deposit, withdraw, transfer and the bills, and each wallet
 * currency's available, contract and frozen amounts with its USDT value.
 */
export default function WalletPage() {
  const t = useT();
  const hidden = usePreferences((s) => s.hideBalance);
  const overview = useWalletOverview();
  const [transferOpen, setTransferOpen] = useState(false);
  useLiveMarket();

  const openTransfer = () => {
    // The form checks amounts against the balances, so they should be current.
    void overview.refetch();
    setTransferOpen(true);
  };

  return (
    <div className="wallet">
      <header className="wallet__header">
        <h1 className="wallet__title">{t('route.fund')}</h1>
      </header>
      <PullToRefresh onRefresh={() => overview.refetch()}>
        <WalletHero overview={overview.data} pending={overview.isPending} onTransfer={openTransfer} />
        <CurrencyList
          overview={overview.data}
          pending={overview.isPending}
          hidden={hidden}
          onRetry={() => void overview.refetch()}
        />
      </PullToRefresh>
      <TransferPopup
        open={transferOpen}
        onClose={() => setTransferOpen(false)}
        currencies={overview.data?.currencies ?? []}
        initialCoinId={null}
      />
    </div>
  );
}
