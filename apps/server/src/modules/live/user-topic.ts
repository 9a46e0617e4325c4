import type { ServerMessage, UserTopicStatus } from '@vela/contract';
import type { UserEvent } from './user-events.ts';
import type { LiveSession, UserSessions } from './user-sessions.ts';

/** How often the sessions of subscribed sockets are checked again for a logout or revocation. */
export const USER_SESSION_CHECK_MS = 30_000;

export interface UserTopicDeps<C> {
  sessions: UserSessions;
  /** Encodes a message once as the frame every recipient gets (the hub's framing). */
  frame(message: ServerMessage): Buffer;
  /** Writes a frame to one client (the hub's send, with its slow-client cap). */
  send(client: C, frame: Buffer): void;
  /** Whether the hub has let go of the client (closed, dropped), so an answer is not worth sending. */
  isGone(client: C): boolean;
  now(): number;
  onError?: (error: unknown) => void;
}

export interface UserTopicStats {
  /** Sockets subscribed to their user's events. */
  subscribers: number;
  /** Distinct users with at least one subscribed socket. */
  users: number;
  /** Event frames written to sockets. */
  eventsSent: number;
}

/**
 * The `user` topic of the live hub (decision 024): which socket listens for which user, and the
 * delivery of each user's events to that user's sockets only.
 *
 * A socket subscribes with its session token; the session is looked up when the message arrives,
 * and the socket is added to its user's set only if the session stands. Until then, and after an
 * unsubscribe or a refused token, it receives nothing of any user. Sessions end while sockets
 * listen (a logout, a password change revoking the others, the expiry): the expiry is compared
 * before every delivery, and `recheck` (run by the hub every `USER_SESSION_CHECK_MS`) asks the
 * database which of the held sessions still stand; a socket whose session ended is told
 * `unauthorized` and removed.
 *
 * An event is encoded once, and only when its user has a socket here: a settlement batch of
 * thousands of orders costs a map look-up per order for the users who are not connected.
 */
export class UserTopic<C extends object> {
  private readonly byClient = new Map<C, LiveSession>();
  private readonly byUser = new Map<number, Set<C>>();
  /**
   * The latest `sub` of each client still waiting for its look-up. A later `sub` or an `unsub`
   * replaces or removes it, so an earlier look-up that answers late changes nothing.
   */
  private readonly requests = new Map<C, number>();
  private requestSeq = 0;
  private eventsSent = 0;

  constructor(private readonly deps: UserTopicDeps<C>) {}

  /** Handles `{op:'sub', topic:'user', token}`: checks the session, then answers the status. */
  async subscribe(client: C, token: string): Promise<void> {
    const request = ++this.requestSeq;
    this.requests.set(client, request);
    let session: LiveSession | null;
    try {
      session = await this.deps.sessions.find(token);
    } catch (error) {
      this.deps.onError?.(error);
      if (this.isCurrent(client, request)) {
        this.requests.delete(client);
        this.answer(client, 'unavailable');
      }
      return;
    }
    if (!this.isCurrent(client, request)) return;
    this.requests.delete(client);
    // A new `sub` replaces whatever the socket listened to before, even when it is refused.
    this.remove(client);
    if (!session || session.expiresAt <= this.deps.now()) {
      this.answer(client, 'unauthorized');
      return;
    }
    this.byClient.set(client, session);
    let sockets = this.byUser.get(session.userId);
    if (!sockets) {
      sockets = new Set();
      this.byUser.set(session.userId, sockets);
    }
    sockets.add(client);
    this.answer(client, 'subscribed');
  }

  /** Handles `{op:'unsub', topic:'user'}`, and a socket that is gone: nothing more is sent to it. */
  unsubscribe(client: C): void {
    this.requests.delete(client);
    this.remove(client);
  }

  /** Sends each event to the sockets of its user, encoding it once. */
  deliver(events: readonly UserEvent[]): void {
    if (this.byUser.size === 0) return;
    const now = this.deps.now();
    for (const { userId, event } of events) {
      const sockets = this.byUser.get(userId);
      if (!sockets) continue;
      let frame: Buffer | null = null;
      for (const client of [...sockets]) {
        const session = this.byClient.get(client);
        if (!session || session.expiresAt <= now) {
          this.end(client);
          continue;
        }
        frame ??= this.deps.frame(event);
        this.deps.send(client, frame);
        this.eventsSent += 1;
      }
    }
  }

  /** Asks which held sessions still stand, and ends the subscriptions of those that do not. */
  async recheck(): Promise<void> {
    if (this.byClient.size === 0) return;
    const held = [...this.byClient];
    const live = await this.deps.sessions.stillLive([...new Set(held.map(([, s]) => s.sessionId))]);
    const now = this.deps.now();
    for (const [client, session] of held) {
      // Skipped when the socket left or subscribed again meanwhile: its new session is not this one.
      if (this.byClient.get(client) !== session) continue;
      if (!live.has(session.sessionId) || session.expiresAt <= now) this.end(client);
    }
  }

  stats(): UserTopicStats {
    return { subscribers: this.byClient.size, users: this.byUser.size, eventsSent: this.eventsSent };
  }

  /** The session ended under a listening socket: it is told so and hears nothing more. */
  private end(client: C): void {
    this.remove(client);
    this.answer(client, 'unauthorized');
  }

  private isCurrent(client: C, request: number): boolean {
    return this.requests.get(client) === request && !this.deps.isGone(client);
  }

  private answer(client: C, status: UserTopicStatus): void {
    if (this.deps.isGone(client)) return;
    this.deps.send(client, this.deps.frame({ topic: 'user', status }));
  }

  private remove(client: C): void {
    const session = this.byClient.get(client);
    if (!session) return;
    this.byClient.delete(client);
    const sockets = this.byUser.get(session.userId);
    if (!sockets) return;
    sockets.delete(client);
    if (sockets.size === 0) this.byUser.delete(session.userId);
  }
}
