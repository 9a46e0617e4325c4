import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { RightOutline } from 'antd-mobile-icons';
import { useQueryClient } from '@tanstack/react-query';
import type { Ticker, TimingOrder } from '@vela/contract';
import { useT } from '../../lib/i18n.ts';
import { useSession } from '../../stores/session-store.ts';
import { ActiveOrderCard, OrderDetail, ResultCard } from './timing-parts.tsx';
import { detailQuery, useActiveOrders, useServerNow } from './trade-api.ts';
import { useSettledResults } from './use-settled-results.ts';

/**
 * The trade page's strip of the user's open orders: each with its countdown and its live result
 * estimate against the current price, "in settlement" once the period is over, and once it has
 * settled, its result card for a few seconds (with the way to its receipt) before it leaves the
 * strip. The full lists are on /timing-trade-order.
 */
export function OpenOrders({ tickers }: { tickers: readonly Ticker[] }) {
  const t = useT();
  const client = useQueryClient();
  const token = useSession((s) => s.token);
  const settled = useSettledResults();
  const active = useActiveOrders((ids) => {
    for (const id of ids) {
      void client
        .fetchQuery({ ...detailQuery(token, id), staleTime: 0 })
        .then((order) => {
          if (order.state === 'settled') settled.add(order);
        })
        // The history shows the result anyway; a lost answer only costs the result card.
        .catch((error: unknown) => console.warn('[timing] settled order not read', error));
    }
  });
  const orders = active.orders;
  const results = settled.results.filter((result) => !orders.some((order) => order.id === result.id));
  const now = useServerNow(orders.length > 0);
  const prices = useMemo(() => new Map(tickers.map((ticker) => [ticker.a, ticker.g])), [tickers]);
  // The order stays after closing, so the sheet slides away with its content.
  const [opened, setOpened] = useState<TimingOrder | null>(null);
  const [detailOpen, setDetailOpen] = useState(false);
  const open = (order: TimingOrder) => {
    setOpened(order);
    setDetailOpen(true);
  };

  return (
    <section className="timing-open" data-testid="timing-open-orders">
      <div className="timing-open__head">
        <h3 className="timing-open__title">
          {t('timing.openOrders')}
          {orders.length > 0 ? (
            <span className="timing-open__count num" data-testid="timing-open-count">
              {orders.length}
            </span>
          ) : null}
        </h3>
        <Link to="/timing-trade-order" className="timing-open__all" data-testid="timing-all-orders">
          {t('timing.allOrders')}
          <RightOutline className="timing-chevron" aria-hidden />
        </Link>
      </div>
      {active.isError && !active.data ? (
        <button type="button" className="timing-open__empty" onClick={() => void active.refetch()}>
          {t('empty.loadFailed')}
        </button>
      ) : orders.length === 0 && results.length === 0 ? (
        <p className="timing-open__empty" data-testid="timing-no-open">
          {active.isPending ? '' : t('timing.noOpenOrders')}
        </p>
      ) : (
        <ul className="timing-list">
          {results.map((order) => (
            <li key={`result-${order.id}`}>
              <ResultCard order={order} onOpenReceipt={() => open(order)} />
            </li>
          ))}
          {orders.map((order) => (
            <li key={order.id}>
              <ActiveOrderCard
                order={order}
                now={now}
                price={prices.get(order.vcId)}
                onOpen={() => open(order)}
              />
            </li>
          ))}
        </ul>
      )}
      <OrderDetail order={opened} open={detailOpen} onClose={() => setDetailOpen(false)} prices={prices} />
    </section>
  );
}
