import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { RightOutline } from 'antd-mobile-icons';
import { useQueryClient } from '@tanstack/react-query';
import type { Ticker, TimingOrder } from '@vela/contract';
import { toastInfo } from '../../lib/feedback.tsx';
import { useT } from '../../lib/i18n.ts';
import { useSession } from '../../stores/session-store.ts';
import { isolate, OUTCOME_LABEL, signedAmount } from './timing-logic.ts';
import { ActiveOrderCard, OrderDetail } from './timing-parts.tsx';
import { detailQuery, useActiveOrders, useServerNow } from './trade-api.ts';

/**
 * The trade page's strip of the user's open orders: each with its countdown and its live result
 * estimate against the current price, "in settlement" once the period is over, and gone (with a
 * toast of the result) once it has settled. The full lists are on /timing-trade-order.
 */
export function OpenOrders({ tickers }: { tickers: readonly Ticker[] }) {
  const t = useT();
  const client = useQueryClient();
  const token = useSession((s) => s.token);
  const active = useActiveOrders((ids) => {
    for (const id of ids) {
      void client
        .fetchQuery({ ...detailQuery(token, id), staleTime: 0 })
        .then((order) => {
          if (order.state !== 'settled' || !order.outcome || order.profit === null) return;
          toastInfo(
            t('timing.settledToast', {
              id: order.id,
              result: t(OUTCOME_LABEL[order.outcome]),
              profit: isolate(`${signedAmount(order.profit)} ${order.settleSymbol}`),
            }),
          );
        })
        // The history shows the result anyway; a lost answer only costs the toast.
        .catch((error: unknown) => console.warn('[timing] settled order not read', error));
    }
  });
  const orders = active.orders;
  const now = useServerNow(orders.length > 0);
  const prices = useMemo(() => new Map(tickers.map((ticker) => [ticker.a, ticker.g])), [tickers]);
  // The order stays after closing, so the sheet slides away with its content.
  const [opened, setOpened] = useState<TimingOrder | null>(null);
  const [detailOpen, setDetailOpen] = useState(false);

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
      ) : orders.length === 0 ? (
        <p className="timing-open__empty" data-testid="timing-no-open">
          {active.isPending ? '' : t('timing.noOpenOrders')}
        </p>
      ) : (
        <ul className="timing-list">
          {orders.map((order) => (
            <li key={order.id}>
              <ActiveOrderCard
                order={order}
                now={now}
                price={prices.get(order.vcId)}
                onOpen={() => {
                  setOpened(order);
                  setDetailOpen(true);
                }}
              />
            </li>
          ))}
        </ul>
      )}
      <OrderDetail order={opened} open={detailOpen} onClose={() => setDetailOpen(false)} prices={prices} />
    </section>
  );
}
