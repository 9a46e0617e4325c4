import { useState } from 'react';
import { App, Grid, Space, Table } from 'antd';
import { LoadMore } from '../load-more.tsx';
import { QueryError } from '../query-error.tsx';
import { ReasonModal } from '../reason-modal.tsx';
import { UserDetailDrawer } from '../user-detail-drawer.tsx';
import { PENDING_QUEUE, queueTexts, type QueueFilter } from './queue-request.ts';
import { QueueFilters } from './queue-filters.tsx';
import type { QueueOrder, QueueView, ReviewQueueConfig } from './review-queue-config.ts';
import { useReviewQueue } from './use-review-queue.ts';

interface ReviewQueueProps<Order extends QueueOrder> {
  config: ReviewQueueConfig<Order>;
  filter: QueueFilter;
  /** The version inside a user's detail (their funding panels): no user drawer of its own. */
  compact?: boolean;
}

/** A queue page: the filters, pending orders first, and the queue. */
export function ReviewQueuePage<Order extends QueueOrder>({ config }: { config: ReviewQueueConfig<Order> }) {
  const [filter, setFilter] = useState<QueueFilter>(PENDING_QUEUE);
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <QueueFilters filter={filter} onChange={setFilter} />
      <ReviewQueue config={config} filter={filter} />
    </Space>
  );
}

/** Which order each of the queue's dialogs is open for. */
function useQueueDialogs<Order>() {
  const [viewing, setViewing] = useState<Order | null>(null);
  const [approving, setApproving] = useState<Order | null>(null);
  const [rejecting, setRejecting] = useState<Order | null>(null);
  const [openUserId, setOpenUserId] = useState<number | null>(null);
  return { viewing, setViewing, approving, setApproving, rejecting, setRejecting, openUserId, setOpenUserId };
}

/**
 * Orders with their review actions, as the queue's configuration lays them out: the table, page by
 * page, the detail dialog when the queue has one, approving, and rejecting with a reason.
 */
export function ReviewQueue<Order extends QueueOrder>({
  config,
  filter,
  compact = false,
}: ReviewQueueProps<Order>) {
  const { orders, rows, refresh } = useReviewQueue(config, filter);
  const dialogs = useQueueDialogs<Order>();
  // On a desktop the actions stay in view while the table scrolls sideways; on a phone a pinned
  // column would cover the others, so the buttons stack instead and scroll with the row.
  const wide = Grid.useBreakpoint().md ?? true;
  const view: QueueView<Order> = {
    compact,
    wide,
    openUser: dialogs.setOpenUserId,
    open: dialogs.setViewing,
    approve: dialogs.setApproving,
    reject: dialogs.setRejecting,
  };
  const texts = queueTexts(config.noun, filter);
  const { DetailModal, ApproveModal } = config;

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {orders.isError ? <QueryError error={orders.error} onRetry={() => void orders.refetch()} /> : null}
      <Table<Order>
        rowKey="id"
        size={compact ? 'small' : 'middle'}
        loading={orders.isPending}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        className="console-numbers"
        data-testid={config.tableTestId}
        locale={{ emptyText: texts.empty }}
        columns={config.columns(view)}
      />
      <LoadMore query={orders} rowCount={rows.length} moreText={texts.more} endText={texts.end} />
      {DetailModal ? (
        <DetailModal
          order={dialogs.viewing}
          onClose={() => dialogs.setViewing(null)}
          onApprove={dialogs.setApproving}
          onReject={dialogs.setRejecting}
        />
      ) : null}
      {dialogs.approving ? (
        <ApproveModal
          key={dialogs.approving.id}
          order={dialogs.approving}
          onClose={() => dialogs.setApproving(null)}
          onSettled={refresh}
          onApproved={() => {
            dialogs.setApproving(null);
            dialogs.setViewing(null);
          }}
        />
      ) : null}
      <RejectModal
        config={config}
        order={dialogs.rejecting}
        onClose={() => dialogs.setRejecting(null)}
        onRejected={() => dialogs.setViewing(null)}
        refresh={refresh}
      />
      {compact ? null : (
        <UserDetailDrawer userId={dialogs.openUserId} onClose={() => dialogs.setOpenUserId(null)} />
      )}
    </Space>
  );
}

/** Rejecting with a reason; a refusal (someone else reviewed first) reads the queue again and stays open. */
function RejectModal<Order extends QueueOrder>({
  config,
  order,
  onClose,
  onRejected,
  refresh,
}: {
  config: ReviewQueueConfig<Order>;
  order: Order | null;
  onClose: () => void;
  onRejected: () => void;
  refresh: () => void;
}) {
  const { message } = App.useApp();
  const reject = async (target: Order, reason: string) => {
    try {
      await config.reject.send(target, reason);
    } catch (failure) {
      refresh();
      throw failure;
    }
    void message.success(config.reject.successText(target));
    onRejected();
    refresh();
  };
  return (
    <ReasonModal
      open={order !== null}
      title={order ? config.reject.title(order) : ''}
      description={order ? config.reject.description(order) : undefined}
      okText={config.reject.okText}
      danger
      onSubmit={(reason) => (order ? reject(order, reason) : Promise.resolve())}
      onClose={onClose}
    />
  );
}
