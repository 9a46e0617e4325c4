import { describe, expect, it } from 'vitest';
import { clientMessageSchema, klineTopicKey, serverMessageSchema } from '../src/index.ts';

describe('live protocol', () => {
  it.each([
    { op: 'sub', topic: 'tickers' },
    { op: 'unsub', topic: 'tickers' },
    { op: 'sub', topic: 'kline', vcId: 2, interval: '1m' },
    { op: 'unsub', topic: 'kline', vcId: 2, interval: '1w' },
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
    'ping',
  ])('refuses %j', (message) => {
    expect(clientMessageSchema.safeParse(message).success).toBe(false);
  });

  it('describes server messages and topic keys', () => {
    expect(serverMessageSchema.safeParse({ topic: 'pong', time: 1 }).success).toBe(true);
    expect(klineTopicKey(3, '5m')).toBe('kline:3:5m');
  });
});
