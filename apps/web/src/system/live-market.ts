import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { create } from 'zustand';
import type { KlineInterval } from '@vela/contract';
import { routes } from '@vela/contract/routes';
import { call } from '../lib/api-client.ts';
import { usePreferences } from '../stores/preferences-store.ts';
import {
  LiveClient,
  liveUrl,
  type KlineListener,
  type LiveStatus,
  type SocketLike,
  type VisibilitySource,
} from './live-client.ts';
import { writeTickers } from './market-queries.ts';

/**
 * The app's one live market client, shared by every screen that shows prices. Screens hold it
 * while they are mounted (`useLiveMarket`); it keeps running a short while after the last one
 * leaves, so moving between the home, market and trade tabs does not reconnect.
 */
export const RELEASE_GRACE_MS = 10_000;

export const useLiveStatus = create<{ status: LiveStatus }>(() => ({ status: 'idle' }));

const documentVisibility: VisibilitySource = {
  hidden: () => typeof document !== 'undefined' && document.hidden,
  subscribe(listener) {
    document.addEventListener('visibilitychange', listener);
    return () => document.removeEventListener('visibilitychange', listener);
  },
};

let client: LiveClient | null = null;
let target: QueryClient | null = null;
let holders = 0;
let stopTimer: ReturnType<typeof setTimeout> | undefined;
let unsubscribeLine: (() => void) | null = null;

function getClient(): LiveClient {
  client ??= new LiveClient({
    url: () => liveUrl(usePreferences.getState().lineUrl, window.location),
    // Read at each connect, so tests can stand in a fake socket.
    createSocket: (url) => new globalThis.WebSocket(url) as unknown as SocketLike,
    fetchTickers: () => call(routes.market.marketList, {}),
    fetchKline: async (vcId, interval) =>
      (await call(routes.market.marketKline, { vcId, interval, limit: 2 })).candles,
    onTickers: (tickers, complete) => {
      if (target) writeTickers(target, tickers, complete);
    },
    onStatus: (status) => useLiveStatus.setState({ status }),
    visibility: documentVisibility,
  });
  return client;
}

/** Starts (or keeps) the live client for one holder; returns the release function. */
export function retainLive(queryClient: QueryClient): () => void {
  target = queryClient;
  holders += 1;
  clearTimeout(stopTimer);
  const live = getClient();
  live.start();
  // A new server line takes effect at once: the socket reconnects to it.
  unsubscribeLine ??= usePreferences.subscribe((state, previous) => {
    if (state.lineUrl !== previous.lineUrl && live.status !== 'idle') {
      live.stop();
      live.start();
    }
  });
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holders -= 1;
    if (holders > 0) return;
    clearTimeout(stopTimer);
    stopTimer = setTimeout(() => {
      if (holders > 0) return;
      live.stop();
      unsubscribeLine?.();
      unsubscribeLine = null;
    }, RELEASE_GRACE_MS);
  };
}

/**
 * Keeps live prices flowing into the tickers query while the calling screen is mounted. (The
 * connection state is in `useLiveStatus` for a screen that wants to show it.)
 */
export function useLiveMarket(): void {
  const queryClient = useQueryClient();
  useEffect(() => retainLive(queryClient), [queryClient]);
}

/** Listens to the current candle of one coin and interval (by push, or by polling meanwhile). */
export function subscribeLiveKline(
  vcId: number,
  interval: KlineInterval,
  listener: KlineListener,
): () => void {
  return getClient().subscribeKline(vcId, interval, listener);
}

/** For tests: forgets the shared client. */
export function resetLiveMarketForTests(): void {
  client?.stop();
  client = null;
  target = null;
  holders = 0;
  clearTimeout(stopTimer);
  unsubscribeLine?.();
  unsubscribeLine = null;
  useLiveStatus.setState({ status: 'idle' });
}
