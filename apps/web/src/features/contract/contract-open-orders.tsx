import { useState } from 'react';
import { Link } from 'react-router';
import { RightOutline } from 'antd-mobile-icons';
import type { ContractOrder } from '@vela/contract';
import { confirm } from '../../lib/feedback.tsx';
import { useT } from '../../lib/i18n.ts';
import { rowsOf, useCancelContractOrder, useContractOrders } from './contract-api.ts';
import { OrderCard, OrderDetail } from './contract-records.tsx';

/** The record a detail sheet shows: it stays after closing, so the sheet slides away with it. */
export function useOpened<T>() {
  const [opened, setOpened] = useState<T | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  return {
    opened,
    isOpen,
    open: (item: T) => {
      setOpened(item);
      setIsOpen(true);
    },
    close: () => setIsOpen(false),
  };
}

/** Asks before cancelling, then cancels; what a limit order set aside comes back whole. */
export function useCancelWithConfirm() {
  const t = useT();
  const cancel = useCancelContractOrder();
  return async (order: ContractOrder) => {
    const agreed = await confirm({
      title: t('spot.cancelTitle'),
      content: t('contract.cancelConfirm', { id: order.id }),
    });
    if (agreed && !cancel.isPending) cancel.mutate(order.id);
  };
}

/**
 * Under the contract form: the open orders (limit opens waiting for their price, market orders
 * waiting for their tick), each with its cancel button, asked for every 3 s while shown; and the
 * way to every order, the close receipts and the history.
 */
export function ContractOpenOrders({ settleSymbol }: { settleSymbol: string }) {
  const t = useT();
  const query = useContractOrders('open');
  const orders = rowsOf(query.data);
  const sheet = useOpened<ContractOrder>();
  const cancel = useCancelWithConfirm();
  return (
    <section className="contract-block" data-testid="contract-open-orders">
      <div className="contract-block__head">
        <h3 className="contract-section-title contract-block__title">
          {t('timing.openOrders')}
          {orders.length > 0 ? <span className="contract-count num">{orders.length}</span> : null}
        </h3>
        <Link
          to="/contract-trade-order"
          className="contract-link contract-block__all"
          data-testid="contract-orders-link"
        >
          {t('route.contractTradeOrder')}
          <RightOutline className="contract-chevron" aria-hidden />
        </Link>
      </div>
      {query.isError && !query.data ? (
        <button type="button" className="contract-block__empty" onClick={() => void query.refetch()}>
          {t('empty.loadFailed')}
        </button>
      ) : orders.length === 0 ? (
        <p className="contract-block__empty">{query.isPending ? '' : t('timing.noOpenOrders')}</p>
      ) : (
        <ul className="contract-list contract-list--page">
          {orders.map((order) => (
            <li key={order.id}>
              <OrderCard
                order={order}
                settleSymbol={settleSymbol}
                onOpen={() => sheet.open(order)}
                onCancel={() => void cancel(order)}
              />
            </li>
          ))}
        </ul>
      )}
      <OrderDetail
        order={sheet.opened}
        open={sheet.isOpen}
        settleSymbol={settleSymbol}
        onClose={sheet.close}
      />
    </section>
  );
}
