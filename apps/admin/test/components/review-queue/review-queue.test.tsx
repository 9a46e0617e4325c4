import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Button, Modal } from 'antd';
import { ReviewState } from '../../../src/components/funding.tsx';
import {
  actionsColumn,
  orderColumn,
  reviewButtons,
  statusColumn,
  unlessCompact,
  userColumn,
} from '../../../src/components/review-queue/queue-columns.tsx';
import type { QueuePage, QueuePageBody } from '../../../src/components/review-queue/queue-request.ts';
import { ReviewQueue, ReviewQueuePage } from '../../../src/components/review-queue/review-queue.tsx';
import type {
  ApproveModalProps,
  QueueOrder,
  ReviewQueueConfig,
} from '../../../src/components/review-queue/review-queue-config.ts';
import { renderInConsole, setupConsoleTests } from '../../setup.tsx';

setupConsoleTests();

interface Order extends QueueOrder {
  reviewedAt: number | null;
  note: string | null;
}

function order(id: number, overrides: Partial<Order> = {}): Order {
  return {
    id,
    userId: 100 + id,
    username: `user${id}`,
    status: 'pending',
    createdAt: 1_700_000_000_000,
    reviewedAt: null,
    note: null,
    ...overrides,
  };
}

/** Approving in the test queue is one button that reports the approval. */
function ApproveModal({ order: target, onApproved, onSettled, onClose }: ApproveModalProps<Order>) {
  return (
    <Modal open title={`Approve order #${target.id}`} onCancel={onClose} footer={null}>
      <Button
        onClick={() => {
          onApproved();
          onSettled();
        }}
      >
        Confirm approval
      </Button>
    </Modal>
  );
}

function configWith(pages: QueuePage<Order>[]) {
  const fetchPage = vi.fn(
    async (body: QueuePageBody) => pages[body.cursor === undefined ? 0 : 1] ?? pages[0]!,
  );
  const send = vi.fn(async () => null);
  const config: ReviewQueueConfig<Order> = {
    noun: 'orders',
    tableTestId: 'order-table',
    fetchPage,
    columns: (view) => [
      orderColumn(),
      ...unlessCompact(view, [userColumn(view)]),
      statusColumn((row) => row.note),
      actionsColumn(view, (row) =>
        row.status === 'pending' ? reviewButtons(row, view, { noun: 'order', approveText: 'Approve' }) : null,
      ),
    ],
    reject: {
      title: (row) => `Reject order #${row.id}`,
      description: (row) => `${row.username} sees this reason.`,
      okText: 'Reject order',
      send,
      successText: (row) => `Order #${row.id} rejected`,
    },
    ApproveModal,
  };
  return { config, fetchPage, send };
}

function rowOf(id: number): HTMLElement {
  const row = document.querySelector<HTMLElement>(`[data-testid="order-table"] tr[data-row-key="${id}"]`);
  if (!row) throw new Error(`no row ${id}`);
  return row;
}

// antd's tables and modals take a while to draw in jsdom on a busy machine.
describe('ReviewQueue', { timeout: 20_000 }, () => {
  it('lists the pending orders of the first page with their review buttons', async () => {
    const { config, fetchPage } = configWith([{ list: [order(1), order(2)], nextCursor: null }]);
    renderInConsole(<ReviewQueuePage config={config} />);

    expect(await screen.findByText('#1')).toBeTruthy();
    expect(fetchPage).toHaveBeenCalledWith({ limit: 20, status: 'pending' });
    expect(within(rowOf(2)).getByTestId('order-approve').textContent).toBe('Approve');
    expect(within(rowOf(2)).getByTestId('order-reject').textContent).toBe('Reject');
    expect(screen.getByText('No more orders.')).toBeTruthy();
  });

  it('says when nothing waits for review', async () => {
    const { config } = configWith([{ list: [], nextCursor: null }]);
    renderInConsole(<ReviewQueuePage config={config} />);
    expect(await screen.findByText('No orders are waiting for review.')).toBeTruthy();
  });

  it('reads the next page from the cursor', async () => {
    const { config, fetchPage } = configWith([
      { list: [order(3)], nextCursor: 3 },
      { list: [order(2)], nextCursor: null },
    ]);
    renderInConsole(<ReviewQueuePage config={config} />);

    fireEvent.click(await screen.findByRole('button', { name: 'Load more orders' }));

    expect(await screen.findByText('#2')).toBeTruthy();
    expect(fetchPage).toHaveBeenLastCalledWith({ limit: 20, status: 'pending', cursor: 3 });
  });

  it('rejects with the reason given, says so and reads the queue again', async () => {
    const { config, fetchPage, send } = configWith([{ list: [order(1)], nextCursor: null }]);
    renderInConsole(<ReviewQueuePage config={config} />);

    fireEvent.click(within(await findRow(1)).getByTestId('order-reject'));
    const dialog = await screen.findByRole('dialog', { name: 'Reject order #1' });
    expect(within(dialog).getByText('user1 sees this reason.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Reason'), {
      target: { value: '  No transfer arrived  ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject order' }));

    await waitFor(() => expect(send).toHaveBeenCalledWith(order(1), 'No transfer arrived'));
    expect(await screen.findByText('Order #1 rejected')).toBeTruthy();
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(2));
  });

  it('keeps the reason dialog open with the refusal when the rejection fails', async () => {
    const { config, send } = configWith([{ list: [order(1)], nextCursor: null }]);
    send.mockRejectedValueOnce(new Error('Already reviewed by another operator'));
    renderInConsole(<ReviewQueuePage config={config} />);

    fireEvent.click(within(await findRow(1)).getByTestId('order-reject'));
    const dialog = await screen.findByRole('dialog', { name: 'Reject order #1' });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'No transfer arrived' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject order' }));

    expect(await within(dialog).findByText('Already reviewed by another operator')).toBeTruthy();
  });

  it("opens the queue's approval dialog for the order and reads the queue again after it", async () => {
    const { config, fetchPage } = configWith([{ list: [order(1)], nextCursor: null }]);
    renderInConsole(<ReviewQueuePage config={config} />);

    fireEvent.click(within(await findRow(1)).getByTestId('order-approve'));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm approval' }));

    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(2));
  });

  it('shows a reviewed order with its note and no review buttons', async () => {
    const reviewed = order(4, { status: 'approved', reviewedAt: 1_700_000_100_000, note: 'TX-77' });
    const { config } = configWith([{ list: [reviewed], nextCursor: null }]);
    renderInConsole(<ReviewQueue config={config} filter={{ status: undefined, userId: 104 }} compact />);

    const row = await findRow(4);
    expect(within(row).getByText('TX-77')).toBeTruthy();
    expect(within(row).queryByTestId('order-approve')).toBeNull();
    // Inside a user's detail the user column would only repeat the user.
    expect(within(row).queryByText('user4')).toBeNull();
  });

  it('asks the server for the filter it is given', async () => {
    const { config, fetchPage } = configWith([{ list: [], nextCursor: null }]);
    renderInConsole(<ReviewQueue config={config} filter={{ status: 'rejected', userId: 9 }} />);
    expect(await screen.findByText('No orders.')).toBeTruthy();
    expect(fetchPage).toHaveBeenCalledWith({ limit: 20, status: 'rejected', userId: 9 });
  });
});

async function findRow(id: number): Promise<HTMLElement> {
  await screen.findByText(`#${id}`);
  return rowOf(id);
}

// The shared status cell is what every queue shows for a reviewed order.
describe('ReviewState', () => {
  it('shows the status, when it was reviewed and the note', () => {
    renderInConsole(<ReviewState status="rejected" reviewedAt={null} note="Wrong amount" />);
    expect(screen.getByText('Rejected')).toBeTruthy();
    expect(screen.getByText('Wrong amount')).toBeTruthy();
  });
});
