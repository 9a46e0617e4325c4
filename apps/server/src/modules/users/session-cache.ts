import type { AuthSession } from '../../http/contract-routes.ts';

/** A live session as this node last read it. */
export interface CachedSession {
  session: AuthSession;
  expiresAt: number;
  lastSeenAt: number;
  /** When the row was last read from the database. */
  checkedAt: number;
}

/**
 * The live sessions this node read recently, so a signed-in request does not read its session row
 * every time (decision 004). An entry is trusted for `recheckMs` after it was read, never past the
 * session's expiry. Logout and password changes on this node forget their sessions at once; one
 * revoked on another node stops working here within `recheckMs`.
 *
 * Entries are keyed by the token itself, which only ever lives in memory: hashing it is the cost the
 * cache saves.
 */
export class SessionCache {
  private readonly entries = new Map<string, CachedSession>();
  /**
   * Counts the revocations on this node. A read that a revocation overtook (the row was read as
   * live, the revocation committed and forgot, then the read came back) must not be kept.
   */
  private revocations = 0;

  constructor(
    private readonly recheckMs: number,
    private readonly capacity = 100_000,
  ) {}

  /** The session of `token` if it was read within `recheckMs` and has not expired. */
  get(token: string, now: number): CachedSession | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (now - entry.checkedAt < this.recheckMs && now < entry.expiresAt) return entry;
    this.entries.delete(token);
    return undefined;
  }

  /** Where the revocations stand: taken before reading a session row, handed to `remember`. */
  get epoch(): number {
    return this.revocations;
  }

  /** Keeps a session read as live, unless a revocation on this node happened since `epoch`. */
  remember(token: string, entry: CachedSession, epoch: number): void {
    if (this.recheckMs <= 0 || epoch !== this.revocations) return;
    // Maps iterate in insertion order, so the first key is the entry read longest ago.
    if (this.entries.size >= this.capacity && !this.entries.has(token)) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(token, entry);
  }

  /** Forgets one session (logout). */
  forgetSession(sessionId: number): void {
    this.forgetWhere((session) => session.sessionId === sessionId);
  }

  /** Forgets every session of a user but `keepSessionId` (a password change). */
  forgetUserSessions(userId: number, keepSessionId: number): void {
    this.forgetWhere((session) => session.userId === userId && session.sessionId !== keepSessionId);
  }

  /** Revocations are rare, so a scan of every entry is cheaper than a second index kept per request. */
  private forgetWhere(matches: (session: AuthSession) => boolean): void {
    this.revocations += 1;
    for (const [token, entry] of this.entries) if (matches(entry.session)) this.entries.delete(token);
  }
}
