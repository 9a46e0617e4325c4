import type { UserLiveEvent } from '@vela/contract';
import type { BalanceChange } from '../ledger/balance-changes.ts';
import type { FundingOrderChange } from '../funding/funding-service.ts';

/** An event of the user topic and the user whose sockets it is for. */
export interface UserEvent {
  userId: number;
  event: UserLiveEvent;
}

/**
 * `local`: made on this node, after its own commit. `relay`: made on another API node and brought
 * here by Redis (scale-out); it must not be relayed again.
 */
export type UserEventOrigin = 'local' | 'relay';

export type UserEventListener = (events: readonly UserEvent[], origin: UserEventOrigin) => void;

/** A timed order as the events name it. */
export interface OrderOfUser {
  id: number;
  userId: number;
}

/**
 * The users' own events (decision 024): services and the settler tell this publisher, after their
 * transaction has committed, that a user's timed order was placed or settled, that a deposit or
 * withdrawal was submitted or reviewed, or that a balance moved; the live hub sends each event to that user's sockets, and in scale-out the Redis relay
 * carries it to the other API nodes.
 *
 * Events are invalidation hints, so they are small and may be merged: what is published in one
 * turn of the event loop (a group commit's units, a settlement batch of thousands) goes to the
 * listeners as one batch after the turn, with repeats removed, so a burst costs one pass of the hub
 * and one Redis message, not one per order.
 */
export class UserEvents {
  private readonly listeners = new Set<UserEventListener>();
  private pending: UserEvent[] = [];
  private flushQueued = false;

  subscribe(listener: UserEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A timed order of the user was placed (its stake committed); it opens at the next tick. */
  orderPlaced(order: OrderOfUser): void {
    this.publish([{ userId: order.userId, event: { topic: 'timing', id: order.id, state: 'opening' } }]);
  }

  /** Timed orders opened at their tick (the settler's committed opening batch). */
  ordersOpened(orders: readonly OrderOfUser[]): void {
    this.publish(
      orders.map((order) => ({
        userId: order.userId,
        event: { topic: 'timing', id: order.id, state: 'open' },
      })),
    );
  }

  /** Timed orders were settled (the settler's committed batch). */
  ordersSettled(orders: readonly OrderOfUser[]): void {
    this.publish(
      orders.map((order) => ({
        userId: order.userId,
        event: { topic: 'timing', id: order.id, state: 'settled' },
      })),
    );
  }

  /** Balances moved (the ledger's committed postings, see `Money.balanceChanges`). */
  balancesChanged(changes: readonly BalanceChange[]): void {
    this.publish(
      changes.map((change) => ({
        userId: change.userId,
        event: { topic: 'wallet', vcId: change.vcId, type: change.entryType },
      })),
    );
  }

  /** A deposit or withdrawal order was submitted or reviewed (the funding service's commit). */
  fundingOrderChanged(change: FundingOrderChange): void {
    this.publish([
      {
        userId: change.userId,
        event: { topic: 'funding', kind: change.kind, id: change.id, status: change.status },
      },
    ]);
  }

  /** Events another API node published (the Redis relay): told to the listeners, not queued. */
  deliverRelayed(events: readonly UserEvent[]): void {
    if (events.length > 0) this.notify(events, 'relay');
  }

  private publish(events: readonly UserEvent[]): void {
    if (events.length === 0) return;
    this.pending.push(...events);
    if (this.flushQueued) return;
    this.flushQueued = true;
    // After the current turn: the rest of a batch's announcements join this one.
    setImmediate(() => this.flush());
  }

  private flush(): void {
    this.flushQueued = false;
    const events = withoutRepeats(this.pending);
    this.pending = [];
    this.notify(events, 'local');
  }

  private notify(events: readonly UserEvent[], origin: UserEventOrigin): void {
    for (const listener of this.listeners) {
      try {
        listener(events, origin);
      } catch (error) {
        // One failing consumer (a relay without Redis) must not keep the events from the others.
        console.error('[live] a user-event listener failed', error);
      }
    }
  }
}

/** The events in their first order, each (user, event) once: a repeat says nothing new. */
function withoutRepeats(events: readonly UserEvent[]): UserEvent[] {
  const seen = new Set<string>();
  const unique: UserEvent[] = [];
  for (const item of events) {
    const { event } = item;
    const key =
      event.topic === 'timing'
        ? `${item.userId}:t:${event.id}:${event.state}`
        : event.topic === 'wallet'
          ? `${item.userId}:w:${event.vcId}:${event.type}`
          : `${item.userId}:f:${event.kind}:${event.id}:${event.status}`;
    if (seen.has(key)) continue;
    seen.add(key);
    unique.push(item);
  }
  return unique;
}
