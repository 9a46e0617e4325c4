import { sql } from 'kysely';
import type { Storage } from '../../db/database.ts';
import type { FeedLog } from './feed-engine.ts';

/** The advisory lock key of the feed leader ("VELAFEED" folded into 32 bits). */
export const FEED_LEADER_LOCK = 0x7e1af33d;

export interface FeedLeadership {
  /** True while this process holds the lead (and runs the engine). */
  readonly leading: boolean;
  stop(): Promise<void>;
}

export interface FeedLeadershipOptions {
  /** Starts the engine; called once, when this process becomes the leader. */
  lead(): Promise<void>;
  /** Stops the engine; called by `stop()` if it was started. */
  resign(): Promise<void>;
  log: FeedLog;
  /** How often a standby tries to take the lead (ms, default 5000). */
  retryMs?: number;
}

/**
 * Exactly one process records the feed (DESIGN §3): two engines on one database would both write
 * every second. With SQLite the database belongs to one process by design, so that process leads.
 * With PostgreSQL the leader holds a session advisory lock on a connection of its own for as long as
 * it runs; the other nodes stand by and try again every few seconds, so one of them takes over
 * within seconds when the leader dies (its connection closes and PostgreSQL releases the lock).
 */
export async function startFeedLeadership(
  storage: Storage,
  options: FeedLeadershipOptions,
): Promise<FeedLeadership> {
  let leading = false;
  let stopped = false;
  let started = false;
  if (storage.dialect === 'sqlite') {
    await options.lead();
    started = true;
    leading = true;
    return {
      get leading() {
        return leading;
      },
      async stop() {
        if (stopped) return;
        stopped = true;
        leading = false;
        if (started) await options.resign();
      },
    };
  }

  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let holder: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;

  /** Tries to take the lock; on success keeps its connection until `released`. */
  const attempt = async (): Promise<boolean> => {
    let acquired!: (value: boolean) => void;
    const outcome = new Promise<boolean>((resolve) => (acquired = resolve));
    holder = storage.db
      .connection()
      .execute(async (connection) => {
        const result = await sql<{
          locked: boolean;
        }>`select pg_try_advisory_lock(${FEED_LEADER_LOCK}) as locked`.execute(connection);
        if (!result.rows[0]?.locked) {
          acquired(false);
          return;
        }
        acquired(true);
        await released;
        await sql`select pg_advisory_unlock(${FEED_LEADER_LOCK})`.execute(connection);
      })
      .catch((error: unknown) => {
        acquired(false);
        options.log.error('feed leader lock failed', { error: String(error) });
      });
    return outcome;
  };

  const tryLead = async (): Promise<void> => {
    if (stopped) return;
    if (await attempt()) {
      if (stopped) return release();
      leading = true;
      options.log.info('this node records the price feed (leader)');
      try {
        await options.lead();
        started = true;
      } catch (error) {
        leading = false;
        release();
        throw error;
      }
      return;
    }
    options.log.info('another node records the price feed; standing by');
    timer = setTimeout(() => {
      tryLead().catch((error: unknown) =>
        options.log.error('taking over the price feed failed', { error: String(error) }),
      );
    }, options.retryMs ?? 5000);
  };

  await tryLead();
  return {
    get leading() {
      return leading;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      if (timer) clearTimeout(timer);
      if (started) await options.resign();
      leading = false;
      release();
      await holder;
    },
  };
}
