import { describe, expect, it } from 'vitest';
import {
  parseUserIdSearch,
  PENDING_QUEUE,
  QUEUE_PAGE_SIZE,
  queuePageBody,
  queueTexts,
  statusChoiceOf,
  withStatusChoice,
} from '../../../src/components/review-queue/queue-request.ts';

describe('queuePageBody', () => {
  it('asks for the first page of pending orders by default', () => {
    expect(queuePageBody(PENDING_QUEUE, null)).toEqual({ limit: QUEUE_PAGE_SIZE, status: 'pending' });
  });

  it('adds the user and the cursor when set, and leaves out an absent status', () => {
    expect(queuePageBody({ status: undefined, userId: 42 }, 300)).toEqual({
      limit: QUEUE_PAGE_SIZE,
      userId: 42,
      cursor: 300,
    });
  });
});

describe('queueTexts', () => {
  it('says whether nothing is waiting or there is nothing at all', () => {
    expect(queueTexts('deposits', PENDING_QUEUE).empty).toBe('No deposits are waiting for review.');
    expect(queueTexts('deposits', { status: 'approved', userId: undefined }).empty).toBe('No deposits.');
  });

  it('names the footer after the queue', () => {
    expect(queueTexts('withdrawals', PENDING_QUEUE)).toMatchObject({
      more: 'Load more withdrawals',
      end: 'No more withdrawals.',
    });
  });
});

describe('parseUserIdSearch', () => {
  it('reads a user id, trimmed', () => {
    expect(parseUserIdSearch(' 1024 ')).toEqual({ userId: 1024 });
  });

  it('reads an empty search as every user', () => {
    expect(parseUserIdSearch('  ')).toEqual({ userId: undefined });
  });

  it('refuses what is not an id', () => {
    expect(parseUserIdSearch('0')).toBe('invalid');
    expect(parseUserIdSearch('alice')).toBe('invalid');
    expect(parseUserIdSearch('1'.repeat(17))).toBe('invalid');
  });
});

describe('status choice', () => {
  it('shows every status as "all"', () => {
    expect(statusChoiceOf({ status: undefined, userId: 1 })).toBe('all');
    expect(statusChoiceOf(PENDING_QUEUE)).toBe('pending');
  });

  it('keeps the user when the status changes', () => {
    expect(withStatusChoice({ status: 'pending', userId: 7 }, 'all')).toEqual({
      status: undefined,
      userId: 7,
    });
    expect(withStatusChoice({ status: undefined, userId: 7 }, 'rejected')).toEqual({
      status: 'rejected',
      userId: 7,
    });
  });
});
