import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Ticker } from '@vela/contract';
import {
  RELEASE_GRACE_MS,
  resetLiveMarketForTests,
  retainLive,
  useLiveStatus,
} from '../../src/system/live-market.ts';
import { marketKeys, writeTickers } from '../../src/system/market-api.ts';
import { loadStoredTickers } from '../../src/system/market-tickers-logic.ts';
import { usePreferences } from '../../src/stores/preferences-store.ts';
import { makeTicker, MARKET } from '../support/market-fixtures.ts';
import { IdleSocket, stubWebSocket } from '../support/live-stubs.ts';
import { mockApi } from '../setup.tsx';

beforeEach(() => {
  vi.useFakeTimers();
  stubWebSocket();
  mockApi({ '/vc/market/list': () => MARKET });
  localStorage.clear();
});

afterEach(() => {
  resetLiveMarketForTests();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  usePreferences.setState({ lineUrl: '' });
});

describe('tickers in the query cache', () => {
  it('a poll replaces the list, a push is merged into it, and the list is kept in storage', () => {
    const client = new QueryClient();
    vi.setSystemTime(1_000_000);
    writeTickers(client, MARKET, true);
    expect(client.getQueryData(marketKeys.tickers())).toEqual(MARKET);
    expect(loadStoredTickers(usePreferences.getState().locale)?.list).toEqual(MARKET);

    const moved = makeTicker({ a: 1, c: 'BTC', g: '64100', ts: MARKET[0]!.ts + 1 });
    writeTickers(client, [moved], false);
    const list = client.getQueryData<Ticker[]>(marketKeys.tickers())!;
    expect(list).toHaveLength(MARKET.length);
    expect(list[0]!.g).toBe('64100');
    // Storage is written at most every 5 s.
    expect(loadStoredTickers(usePreferences.getState().locale)?.list[0]!.g).toBe(MARKET[0]!.g);
    vi.setSystemTime(1_006_000);
    writeTickers(client, [{ ...moved, g: '64200', ts: moved.ts + 1 }], false);
    expect(loadStoredTickers(usePreferences.getState().locale)?.list[0]!.g).toBe('64200');
  });
});

describe('a push before the list', () => {
  it('waits for the list, whose names are in the app language, instead of starting one', () => {
    const client = new QueryClient();
    writeTickers(client, [makeTicker({ a: 1, c: 'BTC', name: 'Bitcoin' })], false);
    expect(client.getQueryData(marketKeys.tickers())).toBeUndefined();
    expect(loadStoredTickers(usePreferences.getState().locale)).toBeNull();
  });
});

describe('the shared live client', () => {
  it('opens one socket for every holder and closes it a while after the last one leaves', async () => {
    const api = mockApi({ '/vc/market/list': () => MARKET });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const client = new QueryClient();
    const releaseA = retainLive(client);
    const releaseB = retainLive(client);
    expect(IdleSocket.opened).toEqual(['ws://localhost:3000/api/ws']);
    expect(useLiveStatus.getState().status).toBe('connecting');
    releaseA();
    releaseB();
    await vi.advanceTimersByTimeAsync(RELEASE_GRACE_MS - 1);
    expect(useLiveStatus.getState().status).not.toBe('idle');
    // Coming back within the grace period keeps the connection.
    const releaseC = retainLive(client);
    await vi.advanceTimersByTimeAsync(RELEASE_GRACE_MS * 2);
    expect(useLiveStatus.getState().status).not.toBe('idle');
    // The idle socket never opened: after the handshake timeout, prices were polled meanwhile.
    expect(api.callsTo('/vc/market/list').length).toBeGreaterThan(0);
    releaseC();
    await vi.advanceTimersByTimeAsync(RELEASE_GRACE_MS);
    expect(useLiveStatus.getState().status).toBe('idle');
    const polls = api.callsTo('/vc/market/list').length;
    await vi.advanceTimersByTimeAsync(RELEASE_GRACE_MS);
    expect(api.callsTo('/vc/market/list')).toHaveLength(polls);
  });

  it('reconnects to a newly chosen server line', () => {
    const release = retainLive(new QueryClient());
    usePreferences.getState().setLineUrl('https://line2.example');
    expect(IdleSocket.opened).toEqual(['ws://localhost:3000/api/ws', 'wss://line2.example/api/ws']);
    release();
  });
});
