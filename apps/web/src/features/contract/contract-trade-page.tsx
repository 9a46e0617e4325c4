import { useState } from 'react';
import { DownFill } from 'antd-mobile-icons';
import type { ContractTerms, Ticker } from '@vela/contract';
import { SETTLEMENT_SYMBOL } from '@vela/domain';
import { CoinIcon } from '../../components/coin-icon.tsx';
import { CoinPicker } from '../../components/coin-picker.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { ChangeValue, LivePrice } from '../../components/live-price.tsx';
import { PairName } from '../../components/pair-name.tsx';
import { PageSkeleton } from '../../components/skeleton.tsx';
import { useT } from '../../lib/i18n.ts';
import { usePreferences } from '../../stores/preferences-store.ts';
import { chooseCoin, useTickers } from '../../system/market-api.ts';
import { useAmountDecimals } from '../../system/system-api.ts';
import { useOverviewQuery } from '../../system/wallet-api.ts';
import { useContractAccount, useContractTerms } from './contract-api.ts';
import { ContractOrderForm } from './contract-form.tsx';
import type { ContractFormContext } from './contract-form-state.ts';
import {
  contractCoinIds,
  contractCoinToShow,
  DEFAULT_QUOTE_SCALE,
  enabledContractTerms,
} from './contract-logic.ts';
import { ContractOpenOrders } from './contract-open-orders.tsx';
import { PositionsView, useLivePrices } from './contract-positions.tsx';
import './contract.css';

/** The shown coin with its live price and change; a tap opens the picker of coins that trade contracts. */
function CoinBar({ ticker, onOpen }: { ticker: Ticker; onOpen(): void }) {
  const t = useT();
  return (
    <div className="contract-coin-bar">
      <button
        type="button"
        className="contract-coin"
        onClick={onOpen}
        aria-haspopup="dialog"
        aria-label={t('trade.chooseCoin')}
        data-testid="contract-open-picker"
      >
        <CoinIcon symbol={ticker.c} size="sm" />
        <span className="contract-coin__symbol" data-testid="contract-symbol">
          <PairName symbol={ticker.c} />
        </span>
        <DownFill className="contract-coin__caret" aria-hidden />
      </button>
      <span className="contract-coin-bar__price">
        <span className="muted">{t('timing.currentPrice')}</span>
        <LivePrice
          price={ticker.g}
          direction={ticker.l}
          precision={ticker.precision}
          testId="contract-price"
        />
        <ChangeValue percent={ticker.changePer} className="contract-coin-bar__change" />
      </span>
    </div>
  );
}

/** The decimals the form counts in: USDT's and the coin's wallet scales, from the wallet overview. */
function useFormScales(terms: ContractTerms | null) {
  const overview = useOverviewQuery();
  const currencies = overview.data?.currencies ?? [];
  const quote = currencies.find((c) => c.symbol === (terms?.settleSymbol ?? SETTLEMENT_SYMBOL))?.scale;
  const coin = currencies.find((c) => c.vcId === terms?.vcId)?.scale;
  const scales = { quote: quote ?? DEFAULT_QUOTE_SCALE, coin: coin ?? terms?.quantityDecimals ?? 0 };
  return { scales, marginDecimals: useAmountDecimals(scales.quote) };
}

/** The coin the screen shows (see `contractCoinToShow`), with the picker that changes it. */
function useShownContractCoin(terms: readonly ContractTerms[] | undefined, tickers: readonly Ticker[]) {
  const selected = usePreferences((s) => s.selectedCoinId);
  const coinIds = contractCoinIds(terms);
  const priced = new Set(tickers.map((ticker) => ticker.a));
  const vcId = contractCoinToShow(selected, coinIds, priced);
  return {
    ticker: tickers.find((ticker) => ticker.a === vcId) ?? null,
    coinTerms: enabledContractTerms(terms, vcId),
    pickable: tickers.filter((ticker) => coinIds.includes(ticker.a)),
  };
}

/**
 * /contract-trade: the coin with its live price, the order form (side, kind, leverage, quantity or
 * margin, targets, the estimate and its confirmation), and under it the contract account, the
 * open positions and the open orders, all kept current while the page is shown.
 */
export default function ContractTradePage() {
  const t = useT();
  const terms = useContractTerms();
  const tickers = useTickers();
  const prices = useLivePrices();
  const account = useContractAccount();
  const [pickerOpen, setPickerOpen] = useState(false);
  const { ticker, coinTerms, pickable } = useShownContractCoin(terms.data?.list, tickers.data ?? []);
  const { scales, marginDecimals } = useFormScales(coinTerms);

  if (terms.isPending || tickers.isPending) return <PageSkeleton rows={4} />;
  if (!terms.data || !tickers.data) {
    const retry = () => void Promise.all([terms.refetch(), tickers.refetch()]);
    return <EmptyState kind="loadFailed" onRetry={retry} />;
  }
  if (!ticker || !coinTerms) return <EmptyState kind="noData" message={t('contract.noPairs')} />;
  const context: ContractFormContext = {
    terms: coinTerms,
    livePrice: ticker.g,
    account: account.data,
    levels: account.data?.levels ?? terms.data.levels,
    live: prices,
    scales,
    marginDecimals,
  };
  return (
    <div className="contract-page" data-testid="contract-trade-page" data-vc-id={ticker.a}>
      <CoinBar ticker={ticker} onOpen={() => setPickerOpen(true)} />
      <div className="contract-panel">
        <ContractOrderForm key={ticker.a} context={context} />
      </div>
      <PositionsView query={account} terms={terms.data.list} prices={prices} />
      <ContractOpenOrders settleSymbol={coinTerms.settleSymbol} />
      <CoinPicker
        visible={pickerOpen}
        tickers={pickable}
        selected={ticker.a}
        onSelect={(id) => {
          if (chooseCoin(id)) setPickerOpen(false);
        }}
        onClose={() => setPickerOpen(false)}
      />
    </div>
  );
}
