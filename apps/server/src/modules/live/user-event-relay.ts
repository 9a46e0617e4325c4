import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { serverMessageSchema, type UserLiveEvent } from '@vela/contract';
import type { UserEvent, UserEvents } from './user-events.ts';

/**
 * Scale-out mode (decision 024): a user's sockets may be on any API node, and the order or payment
 * that makes their event may commit on any other (the settler on the engine node, a deposit
 * approved through the console's node). Every node publishes the events it makes on this Redis
 * channel and delivers those of the other nodes to its own sockets; its own come back too and are
 * recognised by the node's origin id, since it has delivered them already.
 */
export const USER_EVENTS_CHANNEL = 'vela:user:events';

/** Events per Redis message: a settlement of thousands becomes a few messages of tens of KiB. */
const EVENTS_PER_MESSAGE = 1_000;

/** The wire form: the publishing node and `[userId, event]` pairs. */
interface RelayMessage {
  origin: string;
  events: [number, UserLiveEvent][];
}

export async function startUserEventRelay(
  events: UserEvents,
  publisher: Redis,
  subscriber: Redis,
): Promise<() => Promise<void>> {
  const origin = randomUUID();
  const unsubscribeLocal = events.subscribe((batch, source) => {
    if (source !== 'local') return;
    for (let i = 0; i < batch.length; i += EVENTS_PER_MESSAGE) {
      const message: RelayMessage = {
        origin,
        events: batch.slice(i, i + EVENTS_PER_MESSAGE).map(({ userId, event }) => [userId, event]),
      };
      publisher.publish(USER_EVENTS_CHANNEL, JSON.stringify(message)).catch((error: unknown) => {
        // The user's other screens then catch up by their own refetches; nothing is lost for good.
        console.error('[live] relaying user events failed', error);
      });
    }
  });

  const onMessage = (channel: string, text: string) => {
    if (channel !== USER_EVENTS_CHANNEL) return;
    const relayed = readRelayMessage(text);
    if (!relayed) {
      console.error('[live] a relayed user-event message is unreadable');
      return;
    }
    if (relayed.origin !== origin) events.deliverRelayed(relayed.events);
  };
  subscriber.on('message', onMessage);
  await subscriber.subscribe(USER_EVENTS_CHANNEL);

  return async () => {
    unsubscribeLocal();
    subscriber.off('message', onMessage);
    // At shutdown the connection may already be closing; there is nothing left to unsubscribe then.
    await subscriber.unsubscribe(USER_EVENTS_CHANNEL).catch(() => undefined);
  };
}

/**
 * Reads a relay message, keeping only well-formed events: the channel is ours, but a message that
 * is not what the hub would send must never reach a socket.
 */
function readRelayMessage(text: string): { origin: string; events: UserEvent[] } | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof json !== 'object' || json === null) return null;
  const { origin, events } = json as { origin?: unknown; events?: unknown };
  if (typeof origin !== 'string' || !Array.isArray(events)) return null;
  const read: UserEvent[] = [];
  for (const pair of events as unknown[]) {
    if (!Array.isArray(pair) || typeof pair[0] !== 'number') continue;
    const parsed = serverMessageSchema.safeParse(pair[1]);
    if (!parsed.success) continue;
    const event = parsed.data;
    if (event.topic === 'timing' || event.topic === 'wallet' || event.topic === 'funding') {
      read.push({ userId: pair[0], event });
    }
  }
  return { origin, events: read };
}
