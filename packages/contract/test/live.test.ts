import { describe, expect, it } from 'vitest';
import { clientMessageSchema, klineTopicKey, serverMessageSchema } from '../src/index.ts';

describe('live protocol', () => {
  it.each([
    { op: 'sub', topic: 'tickers' },
    { op: 'unsub', topic: 'tickers' },
    { op: 'sub', topic: 'kline', vcId: 2, interval: '1m' },
    { op: 'unsub', topic: 'kline', vcId: 2, interval: '1w' },
    { op: 'sub', topic: 'user', token: 'opaque-session-token' },
    { op: 'unsub', topic: 'user' },
    { op: 'ping' },
  ])('accepts %j', (message) => {
    expect(clientMessageSchema.safeParse(message).success).toBe(true);
  });

  it.each([
    { op: 'sub' },
    { op: 'sub', topic: 'kline', vcId: 2 },
    { op: 'sub', topic: 'kline', vcId: 0, interval: '1m' },
    { op: 'sub', topic: 'kline', vcId: 2, interval: '2m' },
    { op: 'jump' },
    { op: 'sub', topic: 'user' },
    { op: 'sub', topic: 'user', token: '' },
    { op: 'sub', topic: 'user', token: 'x'.repeat(257) },
    'ping',
  ])('refuses %j', (message) => {
    expect(clientMessageSchema.safeParse(message).success).toBe(false);
  });

  it('describes server messages and topic keys', () => {
    expect(serverMessageSchema.safeParse({ topic: 'pong', time: 1 }).success).toBe(true);
    expect(klineTopicKey(3, '5m')).toBe('kline:3:5m');
  });

  it.each([
    { topic: 'user', status: 'subscribed' },
    { topic: 'user', status: 'unauthorized' },
    { topic: 'timing', id: 7, state: 'settled' },
    { topic: 'wallet', vcId: 1, type: 'deposit' },
    { topic: 'funding', kind: 'withdraw', id: 3, status: 'approved' },
  ])('describes the user event %j', (message) => {
    expect(serverMessageSchema.safeParse(message).success).toBe(true);
  });

  it.each([
    { topic: 'user', status: 'maybe' },
    // `settling` is the client's to derive from the expiry, never announced.
    { topic: 'timing', id: 7, state: 'settling' },
    { topic: 'wallet', vcId: 1, type: 'gift' },
    { topic: 'funding', kind: 'loan', id: 3, status: 'approved' },
  ])('refuses the user event %j', (message) => {
    expect(serverMessageSchema.safeParse(message).success).toBe(false);
  });
});
