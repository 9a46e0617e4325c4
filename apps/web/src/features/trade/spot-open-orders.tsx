import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { RightOutline } from 'antd-mobile-icons';
import type { SpotOrder } from '@vela/contract';
import { confirm } from '../../lib/feedback.tsx';
import { useT } from '../../lib/i18n.ts';
import { spotOrdersOf, useCancelSpotOrder, useOpenSpotOrders, useSpotOrders } from './spot-api.ts';
import { SpotOrderCard, SpotOrderDetail } from './spot-parts.tsx';

/** How many of the latest fills the panel shows; the rest are in the holdings page's history. */
export const RECENT_FILLS = 5;

/** The opened order's sheet: the order stays after closing, so the sheet slides away with it. */
export function useOpenedOrder() {
  const [opened, setOpened] = useState<SpotOrder | null>(null);
  const [detailOpen, setDetailOpen] = useState(false);
  return {
    opened,
    detailOpen,
    open: (order: SpotOrder) => {
      setOpened(order);
      setDetailOpen(true);
    },
    close: () => setDetailOpen(false),
  };
}

/** Asks before cancelling, then cancels; what the order set aside comes back whole. */
function useCancelWithConfirm() {
  const t = useT();
  const cancel = useCancelSpotOrder();
  return async (order: SpotOrder) => {
    const agreed = await confirm({
      title: t('spot.cancelTitle'),
      content: t('spot.cancelConfirm', { id: order.id }),
    });
    if (agreed && !cancel.isPending) cancel.mutate(order.id);
  };
}

function OrdersBlock({
  title,
  testId,
  orders,
  empty,
  onOpen,
  onCancel,
}: {
  title: string;
  testId: string;
  orders: readonly SpotOrder[];
  empty: string;
  onOpen(order: SpotOrder): void;
  onCancel?: (order: SpotOrder) => void;
}) {
  return (
    <div className="spot-block" data-testid={testId}>
      <h4 className="spot-block__title">
        {title}
        {orders.length > 0 ? <span className="timing-open__count num">{orders.length}</span> : null}
      </h4>
      {orders.length === 0 ? (
        <p className="timing-open__empty">{empty}</p>
      ) : (
        <ul className="timing-list">
          {orders.map((order) => (
            <li key={order.id}>
              <SpotOrderCard
                order={order}
                onOpen={() => onOpen(order)}
                onCancel={onCancel ? () => void onCancel(order) : undefined}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * Under the spot form: the user's open orders of this coin, each with its cancel button, and its
 * latest fills. Open orders are asked for every 3 s while shown, besides the live wallet events;
 * one that leaves them has filled or been cancelled, which refreshes the fills and the balances; the way to the holdings and the whole history.
 */
export function SpotOpenOrders({ vcId }: { vcId: number }) {
  const t = useT();
  const open = useOpenSpotOrders(vcId);
  const history = useSpotOrders('history', vcId);
  const openOrders = open.orders;
  const fills = useMemo(
    () =>
      spotOrdersOf(history.data)
        .filter((order) => order.state === 'filled')
        .slice(0, RECENT_FILLS),
    [history.data],
  );
  const sheet = useOpenedOrder();
  const cancel = useCancelWithConfirm();
  return (
    <section className="timing-open spot-open" data-testid="spot-open-orders">
      <div className="timing-open__head">
        <h3 className="timing-open__title">{t('spot.myOrders')}</h3>
        <Link to="/spot-holding" className="timing-open__all" data-testid="spot-holdings-link">
          {t('spot.holdings')}
          <RightOutline className="timing-chevron" aria-hidden />
        </Link>
      </div>
      {open.isError && !open.data ? (
        <button type="button" className="timing-open__empty" onClick={() => void open.refetch()}>
          {t('empty.loadFailed')}
        </button>
      ) : (
        <OrdersBlock
          title={t('timing.openOrders')}
          testId="spot-open-list"
          orders={openOrders}
          empty={open.isPending ? '' : t('timing.noOpenOrders')}
          onOpen={sheet.open}
          onCancel={cancel}
        />
      )}
      <OrdersBlock
        title={t('spot.recentFills')}
        testId="spot-fills"
        orders={fills}
        empty={history.isPending ? '' : t('spot.noFills')}
        onOpen={sheet.open}
      />
      <SpotOrderDetail order={sheet.opened} open={sheet.detailOpen} onClose={sheet.close} />
    </section>
  );
}
