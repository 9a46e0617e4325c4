import { z } from 'zod';
import { FUNDING_STATUSES } from './funding.ts';
import { candleSchema, intervalField, tickerSchema } from './market.ts';
import { BILL_TYPES } from './wallet.ts';

/**
 * The WebSocket at `/api/ws` (JSON text frames). The client subscribes to topics; the server pushes
 * each update once per second at most, encoding a message once and sending the same bytes to every
 * subscriber. The server pings every 15 s and drops a client that does not answer in 30 s, and it
 * drops a client whose unsent data passes a buffered-bytes cap instead of letting memory grow; the
 * client then reconnects, resubscribes, and polls meanwhile.
 *
 * Public topics: `tickers` (every coin's ticker as it changes) and `kline` (the current candle of one
 * coin and interval). They need no login.
 *
 * The user's own topic, `user` (decision 024): `{op:'sub', topic:'user', token}` with the same opaque
 * session token the HTTP API takes in its Authorization header. The server checks the session when
 * the message arrives and answers `{topic:'user', status}`:
 * - `subscribed`: from now on the socket receives that user's `timing`, `wallet` and `funding`
 *   events, and no one else's. A second `sub` with another token replaces the first.
 * - `unauthorized`: the token is unknown, expired or revoked; the socket receives no user events. The
 *   same answer arrives unasked when a subscribed session ends (its expiry passes, a logout or a
 *   password change revokes it): the server re-checks subscribed sessions periodically (every 30 s)
 *   and before each event against the session's expiry, and stops sending at once.
 * - `unavailable`: the server cannot check sessions now (or has no user channel); the client may ask
 *   again later and polls meanwhile.
 * `{op:'unsub', topic:'user'}` stops the events (no answer). The web client unsubscribes when the
 * user logs out and subscribes again with the new token after a login; after a reconnect it
 * subscribes again, since the server keeps nothing of a closed socket.
 *
 * User events are invalidation hints, not data: they say what changed, and the client asks the HTTP
 * endpoints for the new state, which stay the truth. An event lost while the socket was down is made
 * good by the client's refetch when it subscribes again, and by its slow safety refetches.
 */
export const LIVE_PATH = '/api/ws';
export const LIVE_HEARTBEAT_MS = 15_000;

/** Longest session token the `user` topic accepts (the server issues 43 characters). */
const LIVE_TOKEN_MAX_LENGTH = 256;

// A plain union: `sub` and `unsub` each have several shapes (by topic), which a union discriminated
// on `op` cannot express.
export const clientMessageSchema = z.union([
  z.object({ op: z.literal('sub'), topic: z.literal('tickers') }),
  z.object({ op: z.literal('unsub'), topic: z.literal('tickers') }),
  z.object({
    op: z.literal('sub'),
    topic: z.literal('kline'),
    vcId: z.number().int().positive(),
    interval: intervalField,
  }),
  z.object({
    op: z.literal('unsub'),
    topic: z.literal('kline'),
    vcId: z.number().int().positive(),
    interval: intervalField,
  }),
  z.object({
    op: z.literal('sub'),
    topic: z.literal('user'),
    token: z.string().min(1).max(LIVE_TOKEN_MAX_LENGTH),
  }),
  z.object({ op: z.literal('unsub'), topic: z.literal('user') }),
  z.object({ op: z.literal('ping') }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

/** The server's answers to `sub user`, and what it says when a subscribed session ends. */
export const USER_TOPIC_STATUSES = ['subscribed', 'unauthorized', 'unavailable'] as const;
export type UserTopicStatus = (typeof USER_TOPIC_STATUSES)[number];

/**
 * The states a `timing` event announces: `opening` when an order was placed, `open` when it opened
 * at its tick, `settled` when its settlement committed. `settling` is never announced: it is the time between expiry and
 * settlement, which the client derives from `expiresAt` on its own.
 */
export const TIMING_EVENT_STATES = ['opening', 'open', 'settled'] as const;

const timingEventSchema = z.object({
  topic: z.literal('timing'),
  /** The order's id (`/user/vc-timing-trade/detail` answers the rest). */
  id: z.number().int(),
  state: z.enum(TIMING_EVENT_STATES),
});

const walletEventSchema = z.object({
  topic: z.literal('wallet'),
  /** The currency whose balance changed. */
  vcId: z.number().int(),
  /** Why: the journal entry's type, as the bills name it (`/wallet/bills` answers the lines). */
  type: z.enum(BILL_TYPES),
});

/** The deposit and withdrawal lists a `funding` event is about. */
export const FUNDING_EVENT_KINDS = ['recharge', 'withdraw'] as const;

/**
 * A deposit or withdrawal order of the user was submitted or reviewed. Its own event because a
 * review does not always move the user's balance: a rejected deposit moves nothing, and a paid-out
 * withdrawal moves money from clearing, not from the user, yet both change what the order lists and
 * the frozen amount show.
 */
const fundingEventSchema = z.object({
  topic: z.literal('funding'),
  kind: z.enum(FUNDING_EVENT_KINDS),
  /** The order's id in its list (`/recharge/order/list`, `/withdraw/order/list`). */
  id: z.number().int(),
  status: z.enum(FUNDING_STATUSES),
});

export const serverMessageSchema = z.discriminatedUnion('topic', [
  /** Tickers that changed in the last second. */
  z.object({ topic: z.literal('tickers'), data: z.array(tickerSchema) }),
  /** The current (possibly still open) candle of one coin and interval. */
  z.object({
    topic: z.literal('kline'),
    vcId: z.number().int(),
    interval: intervalField,
    data: candleSchema,
  }),
  /** The state of the socket's user topic (see above). */
  z.object({ topic: z.literal('user'), status: z.enum(USER_TOPIC_STATUSES) }),
  /** One of the subscribed user's timed orders was placed or settled. */
  timingEventSchema,
  /** One of the subscribed user's balances changed. */
  walletEventSchema,
  /** One of the subscribed user's deposits or withdrawals was submitted or reviewed. */
  fundingEventSchema,
  z.object({ topic: z.literal('pong'), time: z.number().int() }),
  z.object({ topic: z.literal('error'), message: z.string() }),
]);
export type ServerMessage = z.infer<typeof serverMessageSchema>;

/** The events of the user topic: what the server sends to one user's sockets only. */
export type UserLiveEvent =
  z.infer<typeof timingEventSchema> | z.infer<typeof walletEventSchema> | z.infer<typeof fundingEventSchema>;

/** The topic key of a kline subscription, shared by client and server. */
export const klineTopicKey = (vcId: number, interval: string) => `kline:${vcId}:${interval}`;
