import type {
  Candle,
  ClientMessage,
  KlineInterval,
  Ticker,
  UserLiveEvent,
  UserTopicStatus,
} from '@vela/contract';

/**
 * The live market client, free of React and of the browser's
 * globals so it is tested with fake timers, a fake socket and a fake visibility source.
 *
 * - One WebSocket to `/api/ws`. On open it subscribes to the tickers and to every kline topic a
 *   screen asked for; after a drop it reconnects with exponential backoff and subscribes again.
 * - Heartbeat: a `ping` every 15 s; a socket silent for two periods is taken as dead and replaced.
 * - While the socket is down, prices (and the subscribed candles) are polled every 3000 ms, as the
 *   spec's home screen does: a failed poll is retried after the same interval, polling pauses while
 *   the page is hidden and resumes (at once) when it is visible again, and it stops as soon as the
 *   socket is back. Tickers are watched while a price screen wants them (`watchTickers`); a client
 *   kept only for the user's own events neither subscribes to them nor polls them.
 * - The user's own channel (decision 024): with a session token (`setUserToken`) the client sends
 *   `sub user` on every open, so a reconnect subscribes again, and `unsub user` when the token is
 *   cleared (a logout). The server's answer is the channel's status; events are handed on only while
 *   subscribed. A refused token is not offered again until the token changes; when the server
 *   cannot check sessions, the client asks again after `userRetryMs`.
 */

export const POLL_MS = 3000;
export const HEARTBEAT_MS = 15_000;
export const CONNECT_TIMEOUT_MS = 10_000;
export const BACKOFF_BASE_MS = 1000;
export const BACKOFF_MAX_MS = 30_000;
/** How long after an `unavailable` answer the user topic is asked for again. */
export const USER_RETRY_MS = 30_000;

export type LiveStatus = 'idle' | 'connecting' | 'open' | 'down';

/**
 * The user channel: `off` without a token (or while the client is stopped), `pending` while the
 * socket is down or the server's answer has not come, `subscribed` while events flow, `refused`
 * when the server did not accept the token.
 */
export type UserChannelStatus = 'off' | 'pending' | 'subscribed' | 'refused';

/** The part of the browser's WebSocket the client uses. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
}

/** Whether the page is hidden, and a way to hear when that changes. */
export interface VisibilitySource {
  hidden(): boolean;
  subscribe(listener: () => void): () => void;
}

export type KlineListener = (candle: Candle) => void;

export interface LiveClientOptions {
  /** The WebSocket URL, read at every (re)connect so a change of server line applies. */
  url: () => string;
  createSocket: (url: string) => SocketLike;
  fetchTickers: () => Promise<Ticker[]>;
  /** The latest candles of one coin and interval, oldest first (a couple are enough). */
  fetchKline: (vcId: number, interval: KlineInterval) => Promise<Candle[]>;
  /** `complete`: the whole list (a poll) rather than the tickers that changed (a push). */
  onTickers: (tickers: Ticker[], complete: boolean) => void;
  onStatus?: (status: LiveStatus) => void;
  /** An event of the user topic (only while subscribed). */
  onUserEvent?: (event: UserLiveEvent) => void;
  onUserStatus?: (status: UserChannelStatus) => void;
  visibility: VisibilitySource;
  pollMs?: number;
  heartbeatMs?: number;
  connectTimeoutMs?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  userRetryMs?: number;
  /** Jitter source for the backoff; a fixed value makes the schedule exact in tests. */
  random?: () => number;
}

/**
 * Delay before reconnect attempt `attempt` (0-based): base × 2^attempt, capped, then spread by
 * ±25 % so that many clients dropped together do not come back in the same instant.
 */
export function backoffDelay(
  attempt: number,
  random: () => number = Math.random,
  baseMs = BACKOFF_BASE_MS,
  maxMs = BACKOFF_MAX_MS,
): number {
  const raw = Math.min(maxMs, baseMs * 2 ** Math.min(attempt, 30));
  return Math.round(raw * (0.75 + 0.5 * random()));
}

/**
 * The WebSocket address of a server line: '' (the origin the app came from) uses the page's own
 * host; http(s) lines become ws(s).
 */
export function liveUrl(lineUrl: string, page: { protocol: string; host: string }): string {
  if (!lineUrl) return `${page.protocol === 'https:' ? 'wss' : 'ws'}://${page.host}/api/ws`;
  const base = lineUrl.replace(/\/+$/, '');
  return `${base.replace(/^http(s?):\/\//i, (_, s: string) => `ws${s.toLowerCase()}://`)}/api/ws`;
}

const klineKey = (vcId: number, interval: string) => `kline:${vcId}:${interval}`;

interface KlineSubscription {
  vcId: number;
  interval: KlineInterval;
  listeners: Set<KlineListener>;
}

const OPEN = 1;

type OptionalCallbacks = 'onStatus' | 'onUserEvent' | 'onUserStatus';

export class LiveClient {
  private readonly o: Required<Omit<LiveClientOptions, OptionalCallbacks>> &
    Pick<LiveClientOptions, OptionalCallbacks>;
  private socket: SocketLike | null = null;
  private state: LiveStatus = 'idle';
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private connectTimer: ReturnType<typeof setTimeout> | undefined;
  private heartbeatTimer: ReturnType<typeof setInterval> | undefined;
  private lastMessageAt = 0;
  private polling = false;
  private pollTimer: ReturnType<typeof setTimeout> | undefined;
  private pollInFlight = false;
  private unsubscribeVisibility: (() => void) | null = null;
  private readonly klines = new Map<string, KlineSubscription>();
  private tickersWatched = true;
  private userToken: string | null = null;
  /** The token the server refused; not offered again (a new login brings a new one). */
  private refusedToken: string | null = null;
  private userState: UserChannelStatus = 'off';
  private userRetryTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(options: LiveClientOptions) {
    this.o = {
      pollMs: POLL_MS,
      heartbeatMs: HEARTBEAT_MS,
      connectTimeoutMs: CONNECT_TIMEOUT_MS,
      backoffBaseMs: BACKOFF_BASE_MS,
      backoffMaxMs: BACKOFF_MAX_MS,
      userRetryMs: USER_RETRY_MS,
      random: Math.random,
      ...options,
    };
  }

  get status(): LiveStatus {
    return this.state;
  }

  /** Whether prices currently come from polling (the socket is down and the page visible). */
  get isPolling(): boolean {
    return this.polling;
  }

  get userStatus(): UserChannelStatus {
    return this.userState;
  }

  start(): void {
    if (this.state !== 'idle') return;
    this.unsubscribeVisibility = this.o.visibility.subscribe(() => this.onVisibilityChange());
    this.connect();
    this.subscribeUser();
  }

  stop(): void {
    if (this.state === 'idle') return;
    clearTimeout(this.reconnectTimer);
    this.dropSocket();
    this.stopPolling();
    this.unsubscribeVisibility?.();
    this.unsubscribeVisibility = null;
    this.attempt = 0;
    this.setUserStatus('off');
    this.setStatus('idle');
  }

  /**
   * Whether prices are wanted: on, the socket subscribes to the tickers and the poll fetches them;
   * off, neither (the client runs for the user's events, or a chart's candles, alone).
   */
  watchTickers(on: boolean): void {
    if (this.tickersWatched === on) return;
    this.tickersWatched = on;
    this.send({ op: on ? 'sub' : 'unsub', topic: 'tickers' });
    if (!on && this.klines.size === 0) this.stopPolling();
    else if (on && this.isRecovering()) this.startPolling();
  }

  /**
   * The session token of the signed-in user, or null after a logout: subscribes the socket to the
   * user's events (now if it is open, else on the next open) or unsubscribes it.
   */
  setUserToken(token: string | null): void {
    if (token === this.userToken) return;
    const wasListening = this.userToken !== null && this.userToken !== this.refusedToken;
    this.userToken = token;
    clearTimeout(this.userRetryTimer);
    if (token === null) {
      if (wasListening) this.send({ op: 'unsub', topic: 'user' });
      this.setUserStatus('off');
      return;
    }
    this.subscribeUser();
  }

  /**
   * Listens to the current candle of one coin and interval; returns the unsubscribe function.
   * The topic is subscribed on the socket while anyone listens.
   */
  subscribeKline(vcId: number, interval: KlineInterval, listener: KlineListener): () => void {
    const key = klineKey(vcId, interval);
    let sub = this.klines.get(key);
    if (!sub) {
      sub = { vcId, interval, listeners: new Set() };
      this.klines.set(key, sub);
      this.send({ op: 'sub', topic: 'kline', vcId, interval });
      if (this.isRecovering()) this.startPolling();
    }
    sub.listeners.add(listener);
    const current = sub;
    return () => {
      current.listeners.delete(listener);
      if (current.listeners.size === 0 && this.klines.get(key) === current) {
        this.klines.delete(key);
        this.send({ op: 'unsub', topic: 'kline', vcId, interval });
      }
    };
  }

  private setStatus(status: LiveStatus): void {
    if (this.state === status) return;
    this.state = status;
    this.o.onStatus?.(status);
  }

  /** Between a drop and the next open (down, or connecting again): the time polling covers. */
  private isRecovering(): boolean {
    return this.state !== 'idle' && this.state !== 'open' && this.attempt > 0;
  }

  private setUserStatus(status: UserChannelStatus): void {
    if (this.userState === status) return;
    this.userState = status;
    this.o.onUserStatus?.(status);
  }

  /**
   * Offers the token to the server if the socket is open; otherwise it waits, `pending`, for the
   * next open (which calls this again).
   */
  private subscribeUser(): void {
    const token = this.userToken;
    if (token === null || this.state === 'idle') return;
    if (token === this.refusedToken) {
      this.setUserStatus('refused');
      return;
    }
    this.setUserStatus('pending');
    this.send({ op: 'sub', topic: 'user', token });
  }

  private onUserAnswer(status: UserTopicStatus): void {
    if (this.userToken === null) return;
    if (status === 'subscribed') {
      this.setUserStatus('subscribed');
    } else if (status === 'unauthorized') {
      this.refusedToken = this.userToken;
      this.setUserStatus('refused');
    } else {
      // The server cannot check sessions now: events come by polling meanwhile, and it is asked again.
      this.setUserStatus('pending');
      clearTimeout(this.userRetryTimer);
      this.userRetryTimer = setTimeout(() => this.subscribeUser(), this.o.userRetryMs);
    }
  }

  private send(message: ClientMessage): void {
    if (this.state === 'open' && this.socket && this.socket.readyState === OPEN) {
      this.socket.send(JSON.stringify(message));
    }
  }

  private connect(): void {
    this.setStatus('connecting');
    let socket: SocketLike;
    try {
      socket = this.o.createSocket(this.o.url());
    } catch (error) {
      console.warn('[live] cannot open the socket', error);
      this.onDown();
      return;
    }
    this.socket = socket;
    this.connectTimer = setTimeout(() => {
      if (this.socket === socket && this.state === 'connecting') this.onDown();
    }, this.o.connectTimeoutMs);
    socket.onopen = () => {
      if (this.socket === socket) this.onOpen();
    };
    socket.onmessage = (event) => {
      if (this.socket === socket) this.onMessage(event.data);
    };
    socket.onerror = () => {
      // A close event follows an error; `onclose` handles both. Some environments skip the close
      // event after a failed handshake, so an error before the socket opened counts as a drop too.
      if (this.socket === socket && this.state === 'connecting') this.onDown();
    };
    socket.onclose = () => {
      if (this.socket === socket) this.onDown();
    };
  }

  private onOpen(): void {
    clearTimeout(this.connectTimer);
    this.attempt = 0;
    this.lastMessageAt = Date.now();
    this.setStatus('open');
    this.stopPolling();
    if (this.tickersWatched) this.send({ op: 'sub', topic: 'tickers' });
    for (const sub of this.klines.values()) {
      this.send({ op: 'sub', topic: 'kline', vcId: sub.vcId, interval: sub.interval });
    }
    // The server keeps nothing of a closed socket: the user's events are asked for again.
    this.subscribeUser();
    clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = setInterval(() => this.heartbeat(), this.o.heartbeatMs);
  }

  private heartbeat(): void {
    if (Date.now() - this.lastMessageAt > 2 * this.o.heartbeatMs) {
      console.warn('[live] the socket went silent; reconnecting');
      this.onDown();
      return;
    }
    this.send({ op: 'ping' });
  }

  private onMessage(raw: unknown): void {
    this.lastMessageAt = Date.now();
    if (typeof raw !== 'string') return;
    let message: {
      topic?: unknown;
      data?: unknown;
      vcId?: unknown;
      interval?: unknown;
      message?: unknown;
      status?: unknown;
    };
    try {
      message = JSON.parse(raw) as typeof message;
    } catch {
      return;
    }
    if (message.topic === 'timing' || message.topic === 'wallet' || message.topic === 'funding') {
      // An event still in flight after an `unsub` (a logout) is not handed on.
      if (this.userState === 'subscribed') this.o.onUserEvent?.(message as UserLiveEvent);
    } else if (message.topic === 'user' && typeof message.status === 'string') {
      this.onUserAnswer(message.status as UserTopicStatus);
    } else if (message.topic === 'tickers' && Array.isArray(message.data)) {
      if (message.data.length > 0) this.o.onTickers(message.data as Ticker[], false);
    } else if (message.topic === 'kline' && message.data && typeof message.vcId === 'number') {
      const sub = this.klines.get(klineKey(message.vcId, String(message.interval)));
      for (const listener of sub?.listeners ?? []) listener(message.data as Candle);
    } else if (message.topic === 'error') {
      console.warn('[live] server error:', message.message);
    }
  }

  /** The socket failed, closed or went silent: poll meanwhile and try again later. */
  private onDown(): void {
    if (this.state === 'idle') return;
    this.dropSocket();
    clearTimeout(this.userRetryTimer);
    // Until the next open answers again: the events of the gap come by the screens' own refetches.
    if (this.userState === 'subscribed') this.setUserStatus('pending');
    this.setStatus('down');
    this.startPolling();
    clearTimeout(this.reconnectTimer);
    const delay = backoffDelay(this.attempt, this.o.random, this.o.backoffBaseMs, this.o.backoffMaxMs);
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => this.connect(), delay);
  }

  private dropSocket(): void {
    clearTimeout(this.connectTimer);
    clearInterval(this.heartbeatTimer);
    const socket = this.socket;
    this.socket = null;
    if (!socket) return;
    socket.onopen = null;
    socket.onmessage = null;
    socket.onerror = null;
    socket.onclose = null;
    try {
      socket.close();
    } catch {
      // Closing a socket that never opened may throw in some environments; it is gone either way.
    }
  }

  private startPolling(): void {
    if (this.polling) return;
    // Nothing to poll: the user's own screens refetch on their own while the socket is down.
    if (!this.tickersWatched && this.klines.size === 0) return;
    this.polling = true;
    this.schedulePoll(0);
  }

  private stopPolling(): void {
    this.polling = false;
    clearTimeout(this.pollTimer);
    this.pollTimer = undefined;
  }

  private schedulePoll(delay: number): void {
    clearTimeout(this.pollTimer);
    this.pollTimer = undefined;
    if (!this.polling || this.o.visibility.hidden()) return;
    this.pollTimer = setTimeout(() => void this.poll(), delay);
  }

  private async poll(): Promise<void> {
    this.pollTimer = undefined;
    if (!this.polling || this.pollInFlight) return;
    this.pollInFlight = true;
    try {
      if (this.tickersWatched) {
        const tickers = await this.o.fetchTickers();
        if (this.polling) this.o.onTickers(tickers, true);
      }
      await Promise.all(
        [...this.klines.values()].map(async (sub) => {
          const candles = await this.o.fetchKline(sub.vcId, sub.interval);
          if (!this.polling) return;
          for (const candle of candles) for (const listener of sub.listeners) listener(candle);
        }),
      );
    } catch (error) {
      console.warn('[live] polling failed; retrying', error);
    } finally {
      this.pollInFlight = false;
    }
    this.schedulePoll(this.o.pollMs);
  }

  private onVisibilityChange(): void {
    if (!this.polling) return;
    if (this.o.visibility.hidden()) {
      clearTimeout(this.pollTimer);
      this.pollTimer = undefined;
    } else if (!this.pollTimer && !this.pollInFlight) {
      this.schedulePoll(0);
    }
  }
}
