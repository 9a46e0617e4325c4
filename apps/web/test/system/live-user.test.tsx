import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Ticker, UserLiveEvent } from '@vela/contract';
import { fundingKeys } from '../../src/features/funding/funding-api.ts';
import {
  detailRefreshMs,
  LIVE_SAFETY_MS,
  nextRefreshMs,
  SETTLING_POLL_MS,
} from '../../src/features/trade/timing-logic.ts';
import { timingKeys } from '../../src/features/trade/trade-api.ts';
import { spotKeys } from '../../src/features/trade/spot-api.ts';
import { contractKeys } from '../../src/features/contract/contract-api.ts';
import { financeKeys } from '../../src/features/finance/finance-api.ts';
import { useSession } from '../../src/stores/session-store.ts';
import {
  LiveClient,
  POLL_MS,
  USER_RETRY_MS,
  type SocketLike,
  type UserChannelStatus,
  type VisibilitySource,
} from '../../src/system/live-client.ts';
import {
  RELEASE_GRACE_MS,
  resetLiveMarketForTests,
  retainLive,
  retainLiveUser,
  useLiveStatus,
  useLiveUserChannel,
} from '../../src/system/live-market.ts';
import {
  CONTRACT_USER_KEY,
  FINANCE_USER_KEY,
  FUNDING_ORDERS_KEY,
  INVALIDATE_DELAY_MS,
  SPOT_USER_KEY,
  staleKeys,
  TIMING_ROOT_KEY,
  useLiveUser,
  UserEventInvalidator,
} from '../../src/system/live-user.ts';
import { walletKeys } from '../../src/system/wallet-api.ts';
import { makeOrder } from '../support/timing-fixtures.ts';
import { mockApi } from '../setup.tsx';

/** A WebSocket stand-in the test opens, feeds and closes by hand (also as the global WebSocket). */
class FakeSocket implements SocketLike {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({});
  }
  push(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

const latest = () => FakeSocket.all[FakeSocket.all.length - 1]!;

const visibility: VisibilitySource = { hidden: () => false, subscribe: () => () => undefined };

function setup() {
  const events: UserLiveEvent[] = [];
  const statuses: UserChannelStatus[] = [];
  const fetchTickers = vi.fn(async (): Promise<Ticker[]> => []);
  const client = new LiveClient({
    url: () => 'ws://test/api/ws',
    createSocket: (url) => new FakeSocket(url),
    fetchTickers,
    fetchKline: async () => [],
    onTickers: () => undefined,
    onUserEvent: (event) => events.push(event),
    onUserStatus: (status) => statuses.push(status),
    visibility,
    random: () => 0.5,
  });
  return { client, events, statuses, fetchTickers };
}

const settled: UserLiveEvent = { topic: 'timing', id: 7, state: 'settled' };
const credited: UserLiveEvent = { topic: 'wallet', vcId: 1, type: 'deposit' };

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
});

afterEach(() => {
  resetLiveMarketForTests();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('live client: the user channel', () => {
  it('subscribes with the token on open, hands on events while subscribed, and again after a reconnect', async () => {
    const { client, events, statuses } = setup();
    client.setUserToken('token-a');
    client.start();
    expect(client.userStatus).toBe('pending');
    latest().open();
    expect(latest().sent).toEqual([
      { op: 'sub', topic: 'tickers' },
      { op: 'sub', topic: 'user', token: 'token-a' },
    ]);
    // Before the server's answer nothing is handed on.
    latest().push(settled);
    expect(events).toEqual([]);
    latest().push({ topic: 'user', status: 'subscribed' });
    latest().push(settled);
    latest().push(credited);
    expect(events).toEqual([settled, credited]);

    latest().drop();
    expect(client.userStatus).toBe('pending');
    await vi.advanceTimersByTimeAsync(1_500);
    latest().open();
    expect(latest().sent).toContainEqual({ op: 'sub', topic: 'user', token: 'token-a' });
    latest().push({ topic: 'user', status: 'subscribed' });
    expect(statuses).toEqual(['pending', 'subscribed', 'pending', 'subscribed']);
    client.stop();
    expect(client.userStatus).toBe('off');
  });

  it('unsubscribes at logout, and ignores an event still in flight', () => {
    const { client, events } = setup();
    client.start();
    latest().open();
    client.setUserToken('token-a');
    latest().push({ topic: 'user', status: 'subscribed' });
    client.setUserToken(null);
    expect(latest().sent.at(-1)).toEqual({ op: 'unsub', topic: 'user' });
    expect(client.userStatus).toBe('off');
    latest().push(credited);
    expect(events).toEqual([]);
    // A new login subscribes the same socket with the new token.
    client.setUserToken('token-b');
    expect(latest().sent.at(-1)).toEqual({ op: 'sub', topic: 'user', token: 'token-b' });
    client.stop();
  });

  it('does not offer a refused token again, and asks again later when sessions cannot be checked', async () => {
    const { client } = setup();
    client.setUserToken('expired');
    client.start();
    latest().open();
    latest().push({ topic: 'user', status: 'unauthorized' });
    expect(client.userStatus).toBe('refused');
    latest().drop();
    await vi.advanceTimersByTimeAsync(1_500);
    latest().open();
    expect(latest().sent).toEqual([{ op: 'sub', topic: 'tickers' }]);
    expect(client.userStatus).toBe('refused');

    client.setUserToken('fresh');
    latest().push({ topic: 'user', status: 'unavailable' });
    expect(client.userStatus).toBe('pending');
    const offered = () => latest().sent.filter((m) => JSON.stringify(m).includes('"fresh"')).length;
    expect(offered()).toBe(1);
    await vi.advanceTimersByTimeAsync(USER_RETRY_MS);
    expect(offered()).toBe(2);
    client.stop();
  });

  it('kept for the user alone, neither subscribes to tickers nor polls them while down', async () => {
    const { client, fetchTickers } = setup();
    client.watchTickers(false);
    client.setUserToken('token-a');
    client.start();
    latest().open();
    expect(latest().sent).toEqual([{ op: 'sub', topic: 'user', token: 'token-a' }]);
    latest().drop();
    await vi.advanceTimersByTimeAsync(POLL_MS * 3);
    expect(fetchTickers).not.toHaveBeenCalled();
    expect(client.isPolling).toBe(false);
    // A price screen comes back: the tickers are polled while down, and subscribed on open.
    client.watchTickers(true);
    await vi.advanceTimersByTimeAsync(10);
    expect(fetchTickers).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5_000);
    latest().open();
    expect(latest().sent).toEqual([
      { op: 'sub', topic: 'tickers' },
      { op: 'sub', topic: 'user', token: 'token-a' },
    ]);
    client.stop();
  });
});

describe('what an event refreshes', () => {
  it('names the feature-owned keys the screens use', () => {
    expect(TIMING_ROOT_KEY).toEqual(timingKeys.all());
    expect(timingKeys.list('t', 'active').slice(0, 1)).toEqual([...TIMING_ROOT_KEY]);
    expect(fundingKeys.orders('deposit', 't', 'all').slice(0, 2)).toEqual([...FUNDING_ORDERS_KEY]);
    expect(staleKeys(settled)).toEqual([['timing'], ['wallet', 'overview']]);
    expect(staleKeys(credited)).toEqual([walletKeys.all()]);
    expect(spotKeys.list('t', 'open', 2).slice(0, 2)).toEqual([...SPOT_USER_KEY]);
    expect(staleKeys({ topic: 'wallet', vcId: 2, type: 'spot_fill' })).toEqual([
      walletKeys.all(),
      ['spot', 'user'],
    ]);
    expect(contractKeys.account('t').slice(0, 2)).toEqual([...CONTRACT_USER_KEY]);
    expect(contractKeys.orders('t', 'open').slice(0, 2)).toEqual([...CONTRACT_USER_KEY]);
    for (const type of ['contract_open', 'contract_close', 'contract_forced'] as const) {
      expect(staleKeys({ topic: 'wallet', vcId: 9, type })).toEqual([walletKeys.all(), ['contract', 'user']]);
    }
    expect(financeKeys.list('t', 'holding').slice(0, 2)).toEqual([...FINANCE_USER_KEY]);
    expect(financeKeys.overview('t').slice(0, 2)).toEqual([...FINANCE_USER_KEY]);
    for (const type of ['finance_buy', 'finance_redeem', 'finance_fee', 'finance_settlement'] as const) {
      expect(staleKeys({ topic: 'wallet', vcId: 1, type })).toEqual([walletKeys.all(), ['finance', 'user']]);
    }
    expect(staleKeys({ topic: 'funding', kind: 'withdraw', id: 3, status: 'approved' })).toEqual([
      ['funding', 'orders'],
      ['wallet', 'overview'],
    ]);
  });

  it('invalidates the queries of events arriving together once, after a short gathering', async () => {
    const client = new QueryClient();
    const seed = (key: QueryKey) => client.setQueryData(key, { seeded: true });
    const overview = walletKeys.overview('t');
    const bills = [...walletKeys.all(), 'bills', 't', {}];
    const active = timingKeys.list('t', 'active');
    const orders = fundingKeys.orders('withdraw', 't', 'all');
    const channels = fundingKeys.channels('withdraw', 't');
    for (const key of [overview, bills, active, orders, channels]) seed(key);
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const invalidated = (key: QueryKey) => client.getQueryState(key)?.isInvalidated ?? false;

    const invalidator = new UserEventInvalidator(client);
    invalidator.add(staleKeys(settled));
    invalidator.add(staleKeys(credited));
    expect(invalidated(active)).toBe(false);
    await vi.advanceTimersByTimeAsync(INVALIDATE_DELAY_MS);
    // ['timing'], ['wallet', 'overview'] and ['wallet'], each once.
    expect(invalidate).toHaveBeenCalledTimes(3);
    expect([overview, bills, active].map(invalidated)).toEqual([true, true, true]);
    expect([orders, channels].map(invalidated)).toEqual([false, false]);

    invalidator.add(staleKeys({ topic: 'funding', kind: 'withdraw', id: 3, status: 'approved' }));
    await vi.advanceTimersByTimeAsync(INVALIDATE_DELAY_MS);
    expect([orders, channels].map(invalidated)).toEqual([true, false]);
  });
});

describe('the shared client and the session', () => {
  beforeEach(() => {
    vi.stubGlobal('WebSocket', FakeSocket);
    mockApi({ '/vc/market/list': () => [] });
  });

  it('holds the socket for the user alone without tickers, and lets go after a logout', async () => {
    const heard: UserLiveEvent[] = [];
    const release = retainLiveUser('token-a', (event) => heard.push(event));
    expect(FakeSocket.all).toHaveLength(1);
    latest().open();
    expect(latest().sent).toEqual([{ op: 'sub', topic: 'user', token: 'token-a' }]);
    latest().push({ topic: 'user', status: 'subscribed' });
    expect(useLiveUserChannel.getState().status).toBe('subscribed');
    latest().push(credited);
    expect(heard).toEqual([credited]);

    // A price screen shares the socket and brings the tickers; when it leaves, they go after the grace.
    const releaseScreen = retainLive(new QueryClient());
    expect(latest().sent.at(-1)).toEqual({ op: 'sub', topic: 'tickers' });
    releaseScreen();
    await vi.advanceTimersByTimeAsync(RELEASE_GRACE_MS);
    expect(latest().sent.at(-1)).toEqual({ op: 'unsub', topic: 'tickers' });
    expect(useLiveStatus.getState().status).toBe('open');

    release();
    expect(latest().sent.at(-1)).toEqual({ op: 'unsub', topic: 'user' });
    expect(useLiveUserChannel.getState().status).toBe('off');
    await vi.advanceTimersByTimeAsync(RELEASE_GRACE_MS);
    expect(useLiveStatus.getState().status).toBe('idle');
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('useLiveUser: subscribes while signed in, refreshes on events and after a gap, unsubscribes at logout', async () => {
    const client = new QueryClient();
    const overview = walletKeys.overview('token-a');
    const active = timingKeys.list('token-a', 'active');
    const orders = fundingKeys.orders('deposit', 'token-a', 'all');
    const reset = () => {
      for (const key of [overview, active, orders]) client.setQueryData(key, { seeded: true });
    };
    const invalidated = (key: QueryKey) => client.getQueryState(key)?.isInvalidated ?? false;
    reset();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    renderHook(() => useLiveUser(), { wrapper });
    expect(FakeSocket.all).toHaveLength(0);

    act(() => useSession.setState({ token: 'token-a' }));
    latest().open();
    expect(latest().sent).toEqual([{ op: 'sub', topic: 'user', token: 'token-a' }]);
    act(() => latest().push({ topic: 'user', status: 'subscribed' }));
    await vi.advanceTimersByTimeAsync(INVALIDATE_DELAY_MS);
    // The first subscription follows the screens' own fetches: nothing to refresh.
    expect([overview, active, orders].map(invalidated)).toEqual([false, false, false]);

    act(() => latest().push(settled));
    await vi.advanceTimersByTimeAsync(INVALIDATE_DELAY_MS);
    expect([overview, active, orders].map(invalidated)).toEqual([true, true, false]);

    // The socket drops and comes back: events of the gap may be lost, so everything is refreshed.
    reset();
    act(() => latest().drop());
    await vi.advanceTimersByTimeAsync(1_500);
    latest().open();
    act(() => latest().push({ topic: 'user', status: 'subscribed' }));
    await vi.advanceTimersByTimeAsync(INVALIDATE_DELAY_MS);
    expect([overview, active, orders].map(invalidated)).toEqual([true, true, true]);

    act(() => useSession.getState().signOut());
    expect(latest().sent.at(-1)).toEqual({ op: 'unsub', topic: 'user' });
    expect(useLiveUserChannel.getState().status).toBe('off');
  });
});

describe('timed orders with the live channel', () => {
  const now = 1_000_000;

  it('asks for the open orders only as a slow safety net while settlements come by push', () => {
    const soon = makeOrder({ state: 'open', expiresAt: now + 12_000 });
    const waiting = makeOrder({ state: 'settling', expiresAt: now - 1 });
    expect(nextRefreshMs([soon], now, true)).toBe(12_000 + LIVE_SAFETY_MS);
    expect(nextRefreshMs([soon, waiting], now, true)).toBe(LIVE_SAFETY_MS);
    expect(nextRefreshMs([soon, waiting], now, false)).toBe(SETTLING_POLL_MS);
    expect(nextRefreshMs([], now, true)).toBe(false);
  });

  it('asks for an open detail at the same slow pace', () => {
    const order = makeOrder({ state: 'open', expiresAt: now + 5_000 });
    expect(detailRefreshMs(order, now, false)).toBe(5_000);
    expect(detailRefreshMs(order, now, true)).toBe(5_000 + LIVE_SAFETY_MS);
    expect(detailRefreshMs(order, now + 6_000, false)).toBe(SETTLING_POLL_MS);
    expect(detailRefreshMs(order, now + 6_000, true)).toBe(LIVE_SAFETY_MS);
    expect(detailRefreshMs({ ...order, state: 'settled' }, now, true)).toBe(false);
  });
});
