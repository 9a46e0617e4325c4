import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { create } from 'zustand';
import type { KlineInterval, UserLiveEvent } from '@vela/contract';
import { routes } from '@vela/contract/routes';
import { call } from '../lib/api-client.ts';
import { usePreferences } from '../stores/preferences-store.ts';
import {
  LiveClient,
  liveUrl,
  type KlineListener,
  type LiveStatus,
  type SocketLike,
  type UserChannelStatus,
  type VisibilitySource,
} from './live-client.ts';
import { fetchTickers, writeTickers } from './market-api.ts';

/**
 * The app's one live client, shared by every screen that shows prices and by the signed-in user's
 * own channel. Screens hold it while they are mounted (`useLiveMarket`); it keeps running a short
 * while after the last one leaves, so moving between the home, market and trade tabs does not
 * reconnect. While a user is signed in, `retainLiveUser` holds it too (decision 024): the socket
 * then stays open on every screen for the user's events, and without a price screen it drops the
 * tickers instead of closing.
 */
export const RELEASE_GRACE_MS = 10_000;

export const useLiveStatus = create<{ status: LiveStatus }>(() => ({ status: 'idle' }));

/** The user channel's state; `subscribed` means the user's events arrive by push. */
export const useLiveUserChannel = create<{ status: UserChannelStatus }>(() => ({ status: 'off' }));

const documentVisibility: VisibilitySource = {
  hidden: () => typeof document !== 'undefined' && document.hidden,
  subscribe(listener) {
    document.addEventListener('visibilitychange', listener);
    return () => document.removeEventListener('visibilitychange', listener);
  },
};

let client: LiveClient | null = null;
let target: QueryClient | null = null;
/** Price screens holding the client. */
let holders = 0;
/** Signed-in users holding the client for their channel (one at a time in practice). */
let userHolders = 0;
let userEventListener: ((event: UserLiveEvent) => void) | null = null;
let stopTimer: ReturnType<typeof setTimeout> | undefined;
let unsubscribeLine: (() => void) | null = null;

function getClient(): LiveClient {
  client ??= new LiveClient({
    url: () => liveUrl(usePreferences.getState().lineUrl, window.location),
    // Read at each connect, so tests can stand in a fake socket.
    createSocket: (url) => new globalThis.WebSocket(url) as unknown as SocketLike,
    fetchTickers,
    fetchKline: async (vcId, interval) =>
      (await call(routes.market.marketKline, { vcId, interval, limit: 2 })).candles,
    onTickers: (tickers, complete) => {
      if (target) writeTickers(target, tickers, complete);
    },
    onStatus: (status) => useLiveStatus.setState({ status }),
    onUserEvent: (event) => userEventListener?.(event),
    onUserStatus: (status) => useLiveUserChannel.setState({ status }),
    visibility: documentVisibility,
  });
  return client;
}

/** Starts (or keeps) the client for a holder of either kind. */
function holdClient(): LiveClient {
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
  return live;
}

/**
 * After the last price screen, or the user's channel, let go: once the grace period has passed,
 * the client stops when nothing holds it, or keeps only the user's channel.
 */
function releaseLater(live: LiveClient): void {
  if (holders > 0) return;
  clearTimeout(stopTimer);
  stopTimer = setTimeout(() => {
    if (holders > 0) return;
    if (userHolders > 0) {
      live.watchTickers(false);
      return;
    }
    live.stop();
    unsubscribeLine?.();
    unsubscribeLine = null;
  }, RELEASE_GRACE_MS);
}

/** Starts (or keeps) the live client for one price screen; returns the release function. */
export function retainLive(queryClient: QueryClient): () => void {
  target = queryClient;
  holders += 1;
  const live = holdClient();
  live.watchTickers(true);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holders -= 1;
    releaseLater(live);
  };
}

/**
 * Starts (or keeps) the live client for the signed-in user's own events, subscribed with the
 * session token; `onEvent` hears each of them. The release (on logout, or when the token changes)
 * unsubscribes the socket at once, so nothing of that user arrives afterwards.
 */
export function retainLiveUser(token: string, onEvent: (event: UserLiveEvent) => void): () => void {
  userHolders += 1;
  userEventListener = onEvent;
  const live = holdClient();
  // Without a price screen the socket carries the user's events only.
  if (holders === 0) live.watchTickers(false);
  live.setUserToken(token);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    userHolders -= 1;
    if (userEventListener === onEvent) userEventListener = null;
    live.setUserToken(null);
    if (userHolders === 0) releaseLater(live);
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
  userHolders = 0;
  userEventListener = null;
  clearTimeout(stopTimer);
  unsubscribeLine?.();
  unsubscribeLine = null;
  useLiveStatus.setState({ status: 'idle' });
  useLiveUserChannel.setState({ status: 'off' });
}
