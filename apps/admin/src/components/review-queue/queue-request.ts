import type { FundingStatus } from '@vela/contract';

/** What a queue shows: one status (pending by default) or every order, of everyone or one user. */
export interface QueueFilter {
  status: FundingStatus | undefined;
  userId: number | undefined;
}

export const PENDING_QUEUE: QueueFilter = { status: 'pending', userId: undefined };

/** The queue's page size: a screenful of orders, each needing a decision. */
export const QUEUE_PAGE_SIZE = 20;

/** The body of a queue's list request; the server pages by the id of the last order seen. */
export interface QueuePageBody {
  limit: number;
  status?: FundingStatus;
  userId?: number;
  cursor?: number;
}

export interface QueuePage<Order> {
  list: Order[];
  nextCursor: number | null;
}

/** The list request for one page: the filter's parts that are set, and the cursor after the first page. */
export function queuePageBody(filter: QueueFilter, cursor: number | null): QueuePageBody {
  return {
    limit: QUEUE_PAGE_SIZE,
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.userId ? { userId: filter.userId } : {}),
    ...(cursor !== null ? { cursor } : {}),
  };
}

/** The texts around a queue of `noun` ("deposits"): what an empty queue says, and its footer. */
export function queueTexts(noun: string, filter: QueueFilter) {
  return {
    empty: filter.status === 'pending' ? `No ${noun} are waiting for review.` : `No ${noun}.`,
    more: `Load more ${noun}`,
    end: `No more ${noun}.`,
  };
}

const USER_ID_PATTERN = /^[1-9][0-9]{0,15}$/;

/**
 * What the user id search means: a user, every user (an empty search), or nothing yet (an
 * incomplete id, which the field marks instead of searching).
 */
export function parseUserIdSearch(text: string): { userId: number | undefined } | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return { userId: undefined };
  return USER_ID_PATTERN.test(trimmed) ? { userId: Number(trimmed) } : 'invalid';
}

export type QueueStatusChoice = FundingStatus | 'all';

/** The status segment's value for the filter, and the filter for a chosen segment. */
export function statusChoiceOf(filter: QueueFilter): QueueStatusChoice {
  return filter.status ?? 'all';
}

export function withStatusChoice(filter: QueueFilter, choice: QueueStatusChoice): QueueFilter {
  return { ...filter, status: choice === 'all' ? undefined : choice };
}
