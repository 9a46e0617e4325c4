import type { ComponentType } from 'react';
import type { TableColumnsType } from 'antd';
import type { FundingStatus } from '@vela/contract';
import type { QueuePage, QueuePageBody } from './queue-request.ts';

/** What every order in a review queue has: who asked, when, and where its review stands. */
export interface QueueOrder {
  id: number;
  userId: number;
  username: string;
  status: FundingStatus;
  createdAt: number;
}

/** What a queue's columns and dialogs can do to the queue around them. */
export interface QueueView<Order> {
  /** The version inside a user's detail: no columns naming the user, fewer actions. */
  compact: boolean;
  /** A desktop-wide screen, where the actions column stays pinned while the table scrolls. */
  wide: boolean;
  openUser: (userId: number) => void;
  /** Opens the order's detail dialog, for queues that have one. */
  open: (order: Order) => void;
  approve: (order: Order) => void;
  reject: (order: Order) => void;
}

export interface ApproveModalProps<Order> {
  order: Order;
  onClose: () => void;
  /** The order is approved: its dialogs close. */
  onApproved: () => void;
  /** The attempt is over, approved or refused: the queue is read again. */
  onSettled: () => void;
}

export interface DetailModalProps<Order> {
  order: Order | null;
  onClose: () => void;
  onApprove: (order: Order) => void;
  onReject: (order: Order) => void;
}

/** Rejecting an order: always with a reason, which the user sees beside the order. */
export interface QueueRejection<Order> {
  title: (order: Order) => string;
  /** What the rejection does, above the reason field. */
  description: (order: Order) => string;
  okText: string;
  send: (order: Order, reason: string) => Promise<unknown>;
  successText: (order: Order) => string;
}

/** One review queue (deposits, withdrawals): where its orders come from, how they show, how they are decided. */
export interface ReviewQueueConfig<Order extends QueueOrder> {
  /** The query key's root, read again after every review, and the plural noun of the queue's texts. */
  noun: string;
  tableTestId: string;
  fetchPage: (body: QueuePageBody) => Promise<QueuePage<Order>>;
  columns: (view: QueueView<Order>) => TableColumnsType<Order>;
  reject: QueueRejection<Order>;
  ApproveModal: ComponentType<ApproveModalProps<Order>>;
  DetailModal?: ComponentType<DetailModalProps<Order>>;
}
