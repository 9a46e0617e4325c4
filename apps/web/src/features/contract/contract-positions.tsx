import { useMemo, useState } from 'react';
import type { ContractPosition, ContractTerms } from '@vela/contract';
import { EmptyState } from '../../components/empty-state.tsx';
import { useT } from '../../lib/i18n.ts';
import { useLiveMarket } from '../../system/live-market.ts';
import { useTickers } from '../../system/market-api.ts';
import type { useContractAccount } from './contract-api.ts';
import { AccountSummary, PositionCard } from './contract-parts.tsx';
import { CloseSheet, TargetsSheet } from './contract-position-sheets.tsx';

/** The live prices by coin, from the ticker list the live feed keeps current. */
export function useLivePrices(): ReadonlyMap<number, string> {
  const tickers = useTickers();
  useLiveMarket();
  return useMemo(() => new Map((tickers.data ?? []).map((ticker) => [ticker.a, ticker.g])), [tickers.data]);
}

export function SkeletonCards({ testId }: { testId: string }) {
  return (
    <ul className="contract-list contract-list--page" aria-busy="true" data-testid={testId}>
      {Array.from({ length: 3 }, (_, i) => (
        <li key={i} className="contract-card contract-card--skeleton">
          <span className="skeleton-line" style={{ width: '45%' }} />
          <span className="skeleton-line" style={{ width: '85%' }} />
          <span className="skeleton-line" style={{ width: '60%' }} />
        </li>
      ))}
    </ul>
  );
}

/** Which sheet a position has open; the position stays after closing so the sheet slides away with it. */
function usePositionSheets() {
  const [position, setPosition] = useState<ContractPosition | null>(null);
  const [sheet, setSheet] = useState<'targets' | 'close' | null>(null);
  return {
    position,
    sheet,
    open: (next: ContractPosition, which: 'targets' | 'close') => {
      setPosition(next);
      setSheet(which);
    },
    close: () => setSheet(null),
  };
}

/**
 * The account summary and the open positions, each with its figures and the ways to edit its
 * take-profit and stop-loss and to close it, in sheets. Kept current by the account's 3 s polling
 * and the live wallet events of contract entries.
 */
export function PositionsView({
  query,
  terms,
  prices,
}: {
  query: ReturnType<typeof useContractAccount>;
  terms: readonly ContractTerms[] | undefined;
  prices: ReadonlyMap<number, string>;
}) {
  const t = useT();
  const sheets = usePositionSheets();
  if (query.isPending) return <SkeletonCards testId="contract-positions-skeleton" />;
  if (query.isError && !query.data)
    return <EmptyState kind="loadFailed" onRetry={() => void query.refetch()} />;
  const account = query.data;
  const termsOf = (position: ContractPosition | null) =>
    terms?.find((entry) => entry.vcId === position?.vcId) ?? null;
  return (
    <div className="contract-positions" data-testid="contract-positions">
      <AccountSummary account={account} />
      <h3 className="contract-section-title">
        {t('contract.positions')}
        {account.positions.length > 0 ? (
          <span className="contract-count num">{account.positions.length}</span>
        ) : null}
      </h3>
      {account.positions.length === 0 ? (
        <EmptyState kind="noData" message={t('contract.noPositions')} />
      ) : (
        <ul className="contract-list contract-list--page" data-testid="contract-position-list">
          {account.positions.map((position) => (
            <li key={position.id}>
              <PositionCard
                position={position}
                settleSymbol={account.settleSymbol}
                onTargets={() => sheets.open(position, 'targets')}
                onClose={() => sheets.open(position, 'close')}
              />
            </li>
          ))}
        </ul>
      )}
      <TargetsSheet
        position={sheets.position}
        open={sheets.sheet === 'targets'}
        livePrice={sheets.position ? prices.get(sheets.position.vcId) : undefined}
        terms={termsOf(sheets.position)}
        onClose={sheets.close}
      />
      <CloseSheet
        position={sheets.position}
        open={sheets.sheet === 'close'}
        terms={termsOf(sheets.position)}
        onClose={sheets.close}
      />
    </div>
  );
}
