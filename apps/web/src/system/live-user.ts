import { useEffect } from 'react';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { UserLiveEvent } from '@vela/contract';
import { useSession } from '../stores/session-store.ts';
import { retainLiveUser, useLiveUserChannel } from './live-market.ts';
import { walletKeys } from './wallet-api.ts';

/**
 * The signed-in user's own live channel (decision 024): the server pushes a hint when one of the
 * user's timed orders is placed or settled, a deposit or withdrawal is submitted or reviewed, or a
 * balance moves, and the screens showing it ask the HTTP API again. The hints carry no figures: the
 * HTTP answers stay the truth, and the push only says when to ask.
 */

/**
 * The roots of the feature-owned query keys, spelled out here because shared modules do not import
 * features (`timingKeys` of features/trade, `fundingKeys` of features/funding; a test checks they
 * agree).
 */
export const TIMING_ROOT_KEY = ['timing'] as const;
export const FUNDING_ORDERS_KEY = ['funding', 'orders'] as const;
/** The signed-in user's spot orders and holdings (`spotKeys.user` of features/trade, any token). */
export const SPOT_USER_KEY = ['spot', 'user'] as const;
/** The signed-in user's contract account, positions and orders (`contractKeys.user`, any token). */
export const CONTRACT_USER_KEY = ['contract', 'user'] as const;
/** The signed-in user's finance overview and orders (`financeKeys.user` of features/finance, any token). */
export const FINANCE_USER_KEY = ['finance', 'user'] as const;

/** The overview without the bills: what a timed order or a funding review changes besides its list. */
const OVERVIEW_KEY = ['wallet', 'overview'] as const;

/** The queries an event makes out of date. */
export function staleKeys(event: UserLiveEvent): QueryKey[] {
  switch (event.topic) {
    // Orders (lists and details) and the balance their stake and payout move.
    case 'timing':
      return [TIMING_ROOT_KEY, OVERVIEW_KEY];
    // The balances and the bills; a spot order's entries also mean it was placed, filled or
    // cancelled, and a contract entry that an order was held, opened, closed or ended or the account
    // force-closed: the only word of those the channel gives (the spot and contract screens poll too).
    case 'wallet':
      if (event.type.startsWith('spot_')) return [walletKeys.all(), SPOT_USER_KEY];
      if (event.type.startsWith('contract_')) return [walletKeys.all(), CONTRACT_USER_KEY];
      // A finance entry: an order bought, redeemed or settled (a settlement moves it to the history).
      if (event.type.startsWith('finance_')) return [walletKeys.all(), FINANCE_USER_KEY];
      return [walletKeys.all()];
    // The order lists, and the frozen amount a withdrawal holds until it is reviewed.
    case 'funding':
      return [FUNDING_ORDERS_KEY, OVERVIEW_KEY];
  }
}

/**
 * What may have changed while the channel was not subscribed (the socket dropped and came back):
 * everything the events would have said.
 */
export const RESYNC_KEYS: readonly QueryKey[] = [
  TIMING_ROOT_KEY,
  walletKeys.all(),
  FUNDING_ORDERS_KEY,
  SPOT_USER_KEY,
  CONTRACT_USER_KEY,
  FINANCE_USER_KEY,
];

/**
 * The events of one commit arrive together (a settlement's `timing` and `wallet`, a deposit's
 * `wallet` and `funding`); gathered for this long, they refresh each query once.
 */
export const INVALIDATE_DELAY_MS = 100;

/**
 * Gathers the keys of events arriving together and invalidates each once. Invalidation refetches
 * only the queries on screen; the others are marked stale and fetched when next shown.
 */
export class UserEventInvalidator {
  private readonly pending = new Map<string, QueryKey>();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly client: QueryClient,
    private readonly delayMs = INVALIDATE_DELAY_MS,
  ) {}

  add(keys: readonly QueryKey[]): void {
    for (const key of keys) this.pending.set(JSON.stringify(key), key);
    this.timer ??= setTimeout(() => this.flush(), this.delayMs);
  }

  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const keys = [...this.pending.values()];
    this.pending.clear();
    for (const queryKey of keys) void this.client.invalidateQueries({ queryKey });
  }

  /** Forgets what is pending (the user signed out: their queries are being cleared anyway). */
  dispose(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.pending.clear();
  }
}

/**
 * Follows the session: while a user is signed in the live client is subscribed to their channel
 * with the stored token, and their events refresh the queries they concern; after a logout (or a
 * forced one) the socket is unsubscribed at once. A channel that comes back after a drop refreshes
 * everything it covers, since events of the gap were lost.
 */
export function useLiveUser(): void {
  const client = useQueryClient();
  const token = useSession((s) => s.token);
  useEffect(() => {
    if (!token) return;
    const invalidator = new UserEventInvalidator(client);
    const release = retainLiveUser(token, (event) => invalidator.add(staleKeys(event)));
    let subscribedBefore = useLiveUserChannel.getState().status === 'subscribed';
    const stopWatching = useLiveUserChannel.subscribe(({ status }, previous) => {
      if (status !== 'subscribed' || previous.status === 'subscribed') return;
      // The first subscription follows the screens' own first fetch; a later one follows a gap.
      if (subscribedBefore) invalidator.add(RESYNC_KEYS);
      subscribedBefore = true;
    });
    return () => {
      stopWatching();
      release();
      invalidator.dispose();
    };
  }, [client, token]);
}
