import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import { WebSocket, type RawData } from 'ws';
import {
  klineTopicKey,
  LIVE_HEARTBEAT_MS,
  LIVE_PATH,
  type Candle,
  type ClientMessage,
  type KlineInterval,
  type ServerMessage,
  type Ticker,
} from '@vela/contract';
import type { UserEvents } from './user-events.ts';
import type { UserSessions } from './user-sessions.ts';
import { USER_SESSION_CHECK_MS, UserTopic } from './user-topic.ts';
import type { MarketEvents, MarketUpdate } from '../market/market-events.ts';
import { encodeServerMessage, parseClientMessage } from './live-protocol.ts';

/**
 * The live hub behind `GET /api/ws`: it listens to the feed engine's once-a-second `MarketUpdate`
 * and pushes it to the WebSocket clients that subscribed to each topic.
 *
 * Fan-out: every message is encoded once per topic per update (one `JSON.stringify`) and framed
 * once (one WebSocket text frame, header and payload in one Buffer), and that same Buffer is written
 * to every subscriber's connection, so an update costs one encode per topic however many clients
 * there are, and each subscriber costs one write. Compression is off for the same reason (it would be
 * per client). Every data frame the hub sends goes this way, replies included, so a client's frames
 * leave in the order the hub wrote them; the WebSocket library still sends pings and close frames,
 * whole frames on the same connection.
 *
 * Slices: with thousands of subscribers the writes of one update take tens of milliseconds (each is
 * a system call, and on loopback the kernel also does the receiver's work in it). The hub writes
 * them in publish order from an outbox and, once a slice has taken `fanOutSliceMs`, lets the event
 * loop run (HTTP answers, client messages) before going on, so a busy second does not stall the
 * node's other work for the whole fan-out. Updates never overtake each other; a client that
 * unsubscribes or is dropped meanwhile gets nothing more, and one that subscribes meanwhile has the
 * snapshot (which already holds the update) instead of the frame in flight. A reply (a pong, an
 * error) is written at once and may go out before an update frame still in the outbox.
 *
 * Backpressure: before each send the hub looks at the socket's unsent bytes; a client past
 * `maxBufferedBytes` is dropped (close 1013 "try again later", then the socket is destroyed) rather
 * than letting the server's memory grow for a reader that cannot keep up. The client reconnects and
 * resubscribes; the web app polls prices every 3 s while its socket is down (decision 011), which
 * covers the gap.
 *
 * Heartbeat: a ping every `heartbeatMs`; a client that has left two pings in a row unanswered is
 * terminated at its next beat (about 30 s with the 15 s default). Any frame from the client counts
 * as an answer. The clients are pinged in groups, one group a second, so that pings (and the pongs
 * they bring back) do not all land in the same second as thousands of others.
 *
 * On subscribing, a client gets the current state at once when the hub has seen one: every coin's
 * latest ticker (one `tickers` message) or the current candle of the kline topic.
 *
 * The user topic (decision 024, `UserTopic`): a client that subscribes with its session token gets
 * that user's own events (timed orders placed and settled, balances moved, deposits and withdrawals
 * submitted or reviewed) and nobody else's. They are few and each is for a handful of sockets, so
 * they are written at once rather than through the outbox; each is still encoded once for all of
 * its user's sockets.
 */

export const LIVE_DEFAULTS = {
  heartbeatMs: LIVE_HEARTBEAT_MS,
  /** Unsent bytes a client may have queued before it is dropped: 1 MiB (~150 s of tickers). */
  maxBufferedBytes: 1_048_576,
  maxKlineTopics: 50,
  maxClients: 20_000,
  /** Client messages: a burst of this many, refilled at `messagesPerSecond`. */
  messageBurst: 100,
  messagesPerSecond: 20,
  /** How long a dropped client's close frame gets before the socket is destroyed. */
  closeGraceMs: 1_000,
  /** Largest client frame accepted (set on the WebSocket server by `registerLive`). */
  maxPayloadBytes: 4_096,
  /** Longest stretch of fan-out writes before the event loop gets a turn. */
  fanOutSliceMs: 5,
} as const;

/** Writes between two looks at the clock while fanning out; fewer subscribers never yield. */
const WRITES_PER_CLOCK_CHECK = 64;
/** Heartbeat groups are pinged this far apart (or all at once when `heartbeatMs` is shorter). */
const HEARTBEAT_GROUP_MS = 1_000;

export const CLOSE_CODES = {
  goingAway: 1001,
  policyViolation: 1008,
  tryAgainLater: 1013,
} as const;

/** The user topic's sources: the events to send and the sessions to check tokens against. */
export interface LiveUserOptions {
  events: UserEvents;
  sessions: UserSessions;
}

export interface LiveHubOptions {
  heartbeatMs?: number;
  maxBufferedBytes?: number;
  maxKlineTopics?: number;
  maxClients?: number;
  messageBurst?: number;
  messagesPerSecond?: number;
  closeGraceMs?: number;
  fanOutSliceMs?: number;
  /** Called when a fan-out has written its last frame: its duration from the publish, and turns. */
  onFanOut?: (durationMs: number, slices: number) => void;
  /** Enables the user topic; without it `sub user` is answered `unavailable`. */
  user?: LiveUserOptions;
  /** How often the user topic's sessions are checked again for a logout or revocation. */
  userSessionCheckMs?: number;
  /** Clock for pong times and the message budget (tests). */
  now?: () => number;
}

export interface LiveHubStats {
  clients: number;
  tickerSubscribers: number;
  /** Kline topics with at least one subscriber. */
  klineTopics: number;
  /** Kline subscriptions summed over clients. */
  klineSubscriptions: number;
  updates: number;
  /** Broadcast encodes (one per topic per update with subscribers). */
  encodes: number;
  /** Frames handed to sockets by broadcasts. */
  messagesSent: number;
  droppedSlow: number;
  droppedHeartbeat: number;
  droppedAbuse: number;
  refusedFull: number;
  /** Frames waiting in the outbox (a fan-out in progress). */
  pendingFrames: number;
  /** The last fan-out: from its publish to its last write, and in how many event-loop turns. */
  lastFanOutMs: number;
  lastFanOutSlices: number;
  /** Clients subscribed to their user's events. */
  userSubscribers: number;
  /** User-event frames written. */
  userEventsSent: number;
}

const TICKERS_TOPIC = 'tickers';

interface LatestCandle {
  vcId: number;
  interval: KlineInterval;
  candle: Candle;
}

/** One frame on its way to the clients that subscribed to its topic when it was published. */
interface Delivery {
  topic: string;
  frame: Buffer;
  recipients: LiveClient[];
  next: number;
}

class LiveClient {
  tickers = false;
  readonly klines = new Set<string>();
  unansweredPings = 0;
  /** Which heartbeat group pings this client. */
  heartbeatGroup = 0;
  dropped = false;
  graceTimer: NodeJS.Timeout | null = null;
  tokens: number;
  tokensAt: number;

  constructor(
    readonly socket: WebSocket,
    /** The connection under the WebSocket, where the hub writes its framed messages. */
    readonly stream: Duplex,
    burst: number,
    now: number,
  ) {
    this.tokens = burst;
    this.tokensAt = now;
  }
}

export class LiveHub {
  private readonly options: Required<Omit<LiveHubOptions, 'onFanOut' | 'user'>>;
  private readonly onFanOut: LiveHubOptions['onFanOut'];
  private readonly user: LiveUserOptions | undefined;
  private readonly userTopic: UserTopic<LiveClient> | null;
  private unsubscribeUserEvents: (() => void) | null = null;
  private sessionCheckTimer: NodeJS.Timeout | null = null;
  private readonly clients = new Set<LiveClient>();
  private readonly topics = new Map<string, Set<LiveClient>>();
  private readonly latestTickers = new Map<number, Ticker>();
  private readonly latestCandles = new Map<string, LatestCandle>();
  private tickerSnapshot: Buffer | null = null;
  private unsubscribe: (() => void) | null = null;
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private readonly heartbeatGroups: number;
  private heartbeatBeat = 0;
  private attached = 0;
  private readonly outbox: Delivery[] = [];
  private outboxTurn: NodeJS.Immediate | null = null;
  private fanOutStartedAt = 0;
  private fanOutSlices = 0;
  private lastFanOut = { ms: 0, slices: 0 };
  private stopped = false;
  private readonly counters = {
    updates: 0,
    encodes: 0,
    messagesSent: 0,
    droppedSlow: 0,
    droppedHeartbeat: 0,
    droppedAbuse: 0,
    refusedFull: 0,
  };

  constructor(
    private readonly events: MarketEvents,
    options: LiveHubOptions = {},
  ) {
    this.options = {
      heartbeatMs: options.heartbeatMs ?? LIVE_DEFAULTS.heartbeatMs,
      maxBufferedBytes: options.maxBufferedBytes ?? LIVE_DEFAULTS.maxBufferedBytes,
      maxKlineTopics: options.maxKlineTopics ?? LIVE_DEFAULTS.maxKlineTopics,
      maxClients: options.maxClients ?? LIVE_DEFAULTS.maxClients,
      messageBurst: options.messageBurst ?? LIVE_DEFAULTS.messageBurst,
      messagesPerSecond: options.messagesPerSecond ?? LIVE_DEFAULTS.messagesPerSecond,
      closeGraceMs: options.closeGraceMs ?? LIVE_DEFAULTS.closeGraceMs,
      fanOutSliceMs: options.fanOutSliceMs ?? LIVE_DEFAULTS.fanOutSliceMs,
      userSessionCheckMs: options.userSessionCheckMs ?? USER_SESSION_CHECK_MS,
      now: options.now ?? Date.now,
    };
    this.onFanOut = options.onFanOut;
    this.heartbeatGroups = Math.max(1, Math.floor(this.options.heartbeatMs / HEARTBEAT_GROUP_MS));
    this.user = options.user;
    this.userTopic = options.user
      ? new UserTopic<LiveClient>({
          sessions: options.user.sessions,
          frame: (message) => textFrame(encodeServerMessage(message)),
          send: (client, frame) => void this.send(client, frame),
          isGone: (client) => client.dropped,
          now: this.options.now,
          onError: (error) => console.error('[live] checking a session failed', error),
        })
      : null;
  }

  /** Subscribes to the market events and starts the heartbeat. Idempotent. */
  start(): void {
    if (this.unsubscribe || this.stopped) return;
    this.unsubscribe = this.events.subscribe((update) => this.publish(update));
    this.heartbeatTimer = setInterval(
      () => this.heartbeat(),
      this.options.heartbeatMs / this.heartbeatGroups,
    );
    this.heartbeatTimer.unref();
    if (this.user && this.userTopic) {
      const topic = this.userTopic;
      // Events made here and, in scale-out, those relayed from the other nodes alike.
      this.unsubscribeUserEvents = this.user.events.subscribe((events) => topic.deliver(events));
      this.sessionCheckTimer = setInterval(
        () =>
          void this.recheckUserSessions().catch((error: unknown) => {
            console.error('[live] re-checking sessions failed', error);
          }),
        this.options.userSessionCheckMs,
      );
      this.sessionCheckTimer.unref();
    }
  }

  /**
   * Checks the sessions of the user-topic subscribers now (the hub does so on its own timer) and
   * tells those whose session has ended.
   */
  recheckUserSessions(): Promise<void> {
    return this.userTopic?.recheck() ?? Promise.resolve();
  }

  /** Stops listening and closes every client with 1001 "going away". */
  stop(): void {
    this.stopped = true;
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.unsubscribeUserEvents?.();
    this.unsubscribeUserEvents = null;
    if (this.sessionCheckTimer) clearInterval(this.sessionCheckTimer);
    this.sessionCheckTimer = null;
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = null;
    if (this.outboxTurn) clearImmediate(this.outboxTurn);
    this.outboxTurn = null;
    this.outbox.length = 0;
    for (const client of [...this.clients]) {
      this.closeClient(client, CLOSE_CODES.goingAway, 'server shutting down');
    }
  }

  /** Takes over a freshly upgraded socket; `stream` is its connection (the upgrade request's socket). */
  attach(socket: WebSocket, stream: Duplex): void {
    if (this.stopped) {
      socket.close(CLOSE_CODES.goingAway, 'server shutting down');
      return;
    }
    if (this.clients.size >= this.options.maxClients) {
      this.counters.refusedFull += 1;
      socket.close(CLOSE_CODES.tryAgainLater, 'try again later');
      return;
    }
    const client = new LiveClient(socket, stream, this.options.messageBurst, this.options.now());
    client.heartbeatGroup = this.attached % this.heartbeatGroups;
    this.attached += 1;
    this.clients.add(client);
    socket.on('message', (data, isBinary) => this.onMessage(client, data, isBinary));
    socket.on('pong', () => {
      client.unansweredPings = 0;
    });
    socket.on('close', () => this.detach(client));
    // Protocol errors (bad frames, oversized messages) are followed by 'close'; without a listener
    // the error would be thrown.
    socket.on('error', () => socket.terminate());
  }

  /**
   * Fans one market update out to the subscribers of each topic it touches: the frames are encoded
   * now and written at once, in slices when there are many subscribers (see the class comment).
   */
  publish(update: MarketUpdate): void {
    this.counters.updates += 1;
    if (this.outbox.length === 0) {
      this.fanOutStartedAt = performance.now();
      this.fanOutSlices = 0;
    }
    if (update.tickers.length > 0) {
      for (const ticker of update.tickers) this.latestTickers.set(ticker.a, ticker);
      this.tickerSnapshot = null;
      const subscribers = this.topics.get(TICKERS_TOPIC);
      if (subscribers?.size) {
        this.enqueue(TICKERS_TOPIC, subscribers, this.encode({ topic: 'tickers', data: update.tickers }));
      }
    }
    for (const { vcId, interval, candle } of update.candles) {
      const key = klineTopicKey(vcId, interval);
      this.latestCandles.set(key, { vcId, interval, candle });
      const subscribers = this.topics.get(key);
      if (subscribers?.size) {
        this.enqueue(key, subscribers, this.encode({ topic: 'kline', vcId, interval, data: candle }));
      }
    }
    if (this.outbox.length > 0 && !this.outboxTurn) this.drainOutbox();
  }

  /** Counts for tests and metrics. */
  stats(): LiveHubStats {
    let klineSubscriptions = 0;
    for (const client of this.clients) klineSubscriptions += client.klines.size;
    return {
      clients: this.clients.size,
      tickerSubscribers: this.topics.get(TICKERS_TOPIC)?.size ?? 0,
      klineTopics: this.topics.size - (this.topics.has(TICKERS_TOPIC) ? 1 : 0),
      klineSubscriptions,
      ...this.counters,
      pendingFrames: this.outbox.reduce(
        (sum, delivery) => sum + delivery.recipients.length - delivery.next,
        0,
      ),
      lastFanOutMs: this.lastFanOut.ms,
      lastFanOutSlices: this.lastFanOut.slices,
      userSubscribers: this.userTopic?.stats().subscribers ?? 0,
      userEventsSent: this.userTopic?.stats().eventsSent ?? 0,
    };
  }

  /** Subscribers of one topic: `'tickers'` or a `klineTopicKey(vcId, interval)`. */
  subscriberCount(topic: string): number {
    return this.topics.get(topic)?.size ?? 0;
  }

  // ---- sending ---------------------------------------------------------------------------------

  /** The message as one text frame, encoded and framed once for all its recipients. */
  private encode(message: ServerMessage): Buffer {
    this.counters.encodes += 1;
    return textFrame(encodeServerMessage(message));
  }

  private enqueue(topic: string, subscribers: Set<LiveClient>, frame: Buffer): void {
    // The subscribers of this moment: later ones get the snapshot instead (see `handle`).
    this.outbox.push({ topic, frame, recipients: [...subscribers], next: 0 });
  }

  /** Writes the outbox in order until it is empty or the slice is used up, then yields a turn. */
  private drainOutbox(): void {
    this.outboxTurn = null;
    this.fanOutSlices += 1;
    const sliceStart = performance.now();
    let writes = 0;
    while (this.outbox.length > 0) {
      const delivery = this.outbox[0]!;
      const tickers = delivery.topic === TICKERS_TOPIC;
      while (delivery.next < delivery.recipients.length) {
        const client = delivery.recipients[delivery.next]!;
        delivery.next += 1;
        // Whoever left the topic since the publish is skipped (the client's own flags say so, cheaper
        // than a look-up in thousands of subscribers); `send` skips dropped clients.
        const subscribed = tickers ? client.tickers : client.klines.has(delivery.topic);
        if (subscribed && this.send(client, delivery.frame)) this.counters.messagesSent += 1;
        writes += 1;
        if (
          writes % WRITES_PER_CLOCK_CHECK === 0 &&
          performance.now() - sliceStart >= this.options.fanOutSliceMs
        ) {
          this.outboxTurn = setImmediate(() => this.drainOutbox());
          return;
        }
      }
      this.outbox.shift();
    }
    this.lastFanOut = { ms: performance.now() - this.fanOutStartedAt, slices: this.fanOutSlices };
    this.onFanOut?.(this.lastFanOut.ms, this.lastFanOut.slices);
  }

  /** Writes a framed message unless the client is gone or too far behind, in which case it is dropped. */
  private send(client: LiveClient, frame: Buffer): boolean {
    const { socket } = client;
    if (client.dropped || socket.readyState !== WebSocket.OPEN) return false;
    // The library's count: bytes queued on the connection plus any frame it holds back itself.
    if (socket.bufferedAmount > this.options.maxBufferedBytes) {
      this.counters.droppedSlow += 1;
      this.closeClient(client, CLOSE_CODES.tryAgainLater, 'try again later');
      return false;
    }
    client.stream.write(frame);
    return true;
  }

  private reply(client: LiveClient, message: ServerMessage): void {
    this.send(client, textFrame(encodeServerMessage(message)));
  }

  // ---- client messages -------------------------------------------------------------------------

  private onMessage(client: LiveClient, data: RawData, isBinary: boolean): void {
    if (client.dropped) return;
    client.unansweredPings = 0;
    if (!this.takeToken(client)) {
      this.counters.droppedAbuse += 1;
      this.closeClient(client, CLOSE_CODES.policyViolation, 'too many messages');
      return;
    }
    if (isBinary) {
      this.reply(client, { topic: 'error', message: 'Binary frames are not supported: send JSON text.' });
      return;
    }
    const parsed = parseClientMessage(rawToString(data));
    if (!parsed.ok) {
      this.reply(client, { topic: 'error', message: parsed.error });
      return;
    }
    this.handle(client, parsed.message);
  }

  private handle(client: LiveClient, message: ClientMessage): void {
    if (message.op === 'ping') {
      this.reply(client, { topic: 'pong', time: this.options.now() });
      return;
    }
    if (message.topic === 'user') {
      if (!this.userTopic) {
        if (message.op === 'sub') this.reply(client, { topic: 'user', status: 'unavailable' });
        return;
      }
      if (message.op === 'unsub') this.userTopic.unsubscribe(client);
      // The session look-up answers later; the topic sends the status when it has it.
      else void this.userTopic.subscribe(client, message.token);
      return;
    }
    if (message.topic === 'tickers') {
      if (message.op === 'unsub') {
        client.tickers = false;
        this.removeFromTopic(TICKERS_TOPIC, client);
        return;
      }
      if (client.tickers) return;
      client.tickers = true;
      this.addToTopic(TICKERS_TOPIC, client);
      const snapshot = this.tickersSnapshot();
      if (snapshot) this.send(client, snapshot);
      return;
    }
    const key = klineTopicKey(message.vcId, message.interval);
    if (message.op === 'unsub') {
      client.klines.delete(key);
      this.removeFromTopic(key, client);
      return;
    }
    if (client.klines.has(key)) return;
    if (client.klines.size >= this.options.maxKlineTopics) {
      this.reply(client, {
        topic: 'error',
        message: `Too many kline subscriptions: at most ${this.options.maxKlineTopics}; unsubscribe one first.`,
      });
      return;
    }
    client.klines.add(key);
    this.addToTopic(key, client);
    // The current candle at once, so a chart does not wait for the next second.
    const latest = this.latestCandles.get(key);
    if (latest) {
      this.reply(client, {
        topic: 'kline',
        vcId: latest.vcId,
        interval: latest.interval,
        data: latest.candle,
      });
    }
  }

  /** Every coin's latest ticker, encoded at most once per update however many clients subscribe. */
  private tickersSnapshot(): Buffer | null {
    if (this.latestTickers.size === 0) return null;
    this.tickerSnapshot ??= textFrame(
      encodeServerMessage({ topic: 'tickers', data: [...this.latestTickers.values()] }),
    );
    return this.tickerSnapshot;
  }

  private takeToken(client: LiveClient): boolean {
    const now = this.options.now();
    const refill = ((now - client.tokensAt) / 1000) * this.options.messagesPerSecond;
    client.tokens = Math.min(this.options.messageBurst, client.tokens + refill);
    client.tokensAt = now;
    if (client.tokens < 1) return false;
    client.tokens -= 1;
    return true;
  }

  // ---- bookkeeping -----------------------------------------------------------------------------

  private addToTopic(topic: string, client: LiveClient): void {
    let subscribers = this.topics.get(topic);
    if (!subscribers) {
      subscribers = new Set();
      this.topics.set(topic, subscribers);
    }
    subscribers.add(client);
  }

  private removeFromTopic(topic: string, client: LiveClient): void {
    const subscribers = this.topics.get(topic);
    if (!subscribers) return;
    subscribers.delete(client);
    if (subscribers.size === 0) this.topics.delete(topic);
  }

  private unsubscribeAll(client: LiveClient): void {
    this.userTopic?.unsubscribe(client);
    if (client.tickers) this.removeFromTopic(TICKERS_TOPIC, client);
    client.tickers = false;
    for (const key of client.klines) this.removeFromTopic(key, client);
    client.klines.clear();
  }

  /**
   * Stops sending to a client at once and asks it to close; a client that cannot even take the close
   * frame (it is not reading) is destroyed after the grace period, releasing its buffers.
   */
  private closeClient(client: LiveClient, code: number, reason: string): void {
    if (client.dropped) return;
    client.dropped = true;
    this.unsubscribeAll(client);
    try {
      client.socket.close(code, reason);
    } catch {
      client.socket.terminate();
      return;
    }
    client.graceTimer = setTimeout(() => client.socket.terminate(), this.options.closeGraceMs);
    client.graceTimer.unref();
  }

  private detach(client: LiveClient): void {
    if (client.graceTimer) clearTimeout(client.graceTimer);
    client.dropped = true;
    this.unsubscribeAll(client);
    this.clients.delete(client);
  }

  /** Pings one group of clients (each group once per `heartbeatMs`). */
  private heartbeat(): void {
    const group = this.heartbeatBeat % this.heartbeatGroups;
    this.heartbeatBeat += 1;
    for (const client of this.clients) {
      if (client.dropped || client.heartbeatGroup !== group) continue;
      if (client.unansweredPings >= 2) {
        this.counters.droppedHeartbeat += 1;
        client.dropped = true;
        this.unsubscribeAll(client);
        client.socket.terminate();
        continue;
      }
      client.unansweredPings += 1;
      try {
        client.socket.ping();
      } catch {
        // A socket that is already closing will report 'close' on its own.
      }
    }
  }
}

/**
 * An unmasked, final WebSocket text frame around UTF-8 bytes (RFC 6455 section 5.2), header and
 * payload in one Buffer so that each recipient costs a single write.
 */
export function textFrame(payload: Buffer): Buffer {
  const length = payload.length;
  const header = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(header + length);
  frame[0] = 0x81; // FIN, opcode 1 (text)
  if (length < 126) {
    frame[1] = length;
  } else if (length < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(frame, header);
  return frame;
}

function rawToString(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}

/** Adds `GET /api/ws` for the hub, starts it, and stops it when the app closes. */
export function registerLiveRoute(app: FastifyInstance, hub: LiveHub): void {
  // The upgrade request's socket is the connection the WebSocket reads and writes.
  app.get(LIVE_PATH, { websocket: true }, (socket, request) => hub.attach(socket, request.raw.socket));
  app.addHook('onClose', async () => hub.stop());
  hub.start();
}

/**
 * The whole wiring in one call: registers @fastify/websocket (once; frames capped at 4 KiB,
 * compression off), creates a hub on `events`, and adds its route. Answers the hub for metrics.
 */
export async function registerLive(
  app: FastifyInstance,
  events: MarketEvents,
  options: LiveHubOptions = {},
): Promise<LiveHub> {
  const hub = new LiveHub(events, options);
  // Before the plugin's own preClose hook, which closes every socket without a code: clients are
  // told 1001 "going away" and reconnect (to another node, or to this one once it is back).
  app.addHook('preClose', async () => hub.stop());
  if (!app.hasDecorator('websocketServer')) {
    await app.register(websocket, {
      options: { maxPayload: LIVE_DEFAULTS.maxPayloadBytes, perMessageDeflate: false },
    });
  }
  registerLiveRoute(app, hub);
  return hub;
}
