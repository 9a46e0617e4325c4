import type { Kysely } from 'kysely';
import type { Storage } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { FeedLog } from './feed-engine.ts';
import { releaseFeedLeaderLock, tryFeedLeaderLock } from './feed-lock-repository.ts';

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
 * Exactly one process records the feed (README.md, "Scale-out mode"): two engines on one database
 * would both write every second. With SQLite the database belongs to one process by design, so that
 * process leads.
 * With PostgreSQL the leader holds a session advisory lock on a connection of its own for as long as
 * it runs; the other nodes stand by and try again every few seconds, so one of them takes over
 * within seconds when the leader dies (its connection closes and PostgreSQL releases the lock).
 */
export async function startFeedLeadership(
  storage: Storage,
  options: FeedLeadershipOptions,
): Promise<FeedLeadership> {
  if (storage.dialect === 'sqlite') return leadAlone(options);
  return leadByLock(storage.db, options);
}

/** The only process on its database leads from the start. */
async function leadAlone(options: FeedLeadershipOptions): Promise<FeedLeadership> {
  await options.lead();
  let leading = true;
  let stopped = false;
  return {
    get leading() {
      return leading;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      leading = false;
      await options.resign();
    },
  };
}

/**
 * Tries to take the lock on a connection of its own and, when it did, keeps that connection until
 * `released` settles. `acquired` tells whether the lock was taken; `held` settles once the connection
 * is given back.
 */
function holdLeaderLock(
  db: Kysely<Database>,
  released: Promise<void>,
  log: FeedLog,
): { acquired: Promise<boolean>; held: Promise<void> } {
  let answer!: (value: boolean) => void;
  const acquired = new Promise<boolean>((resolve) => (answer = resolve));
  const held = db
    .connection()
    .execute(async (connection) => {
      if (!(await tryFeedLeaderLock(connection))) {
        answer(false);
        return;
      }
      answer(true);
      await released;
      await releaseFeedLeaderLock(connection);
    })
    .catch((error: unknown) => {
      answer(false);
      log.error('feed leader lock failed', { error: String(error) });
    });
  return { acquired, held };
}

/** Leads while holding the advisory lock; stands by and retries while another node holds it. */
async function leadByLock(db: Kysely<Database>, options: FeedLeadershipOptions): Promise<FeedLeadership> {
  let leading = false;
  let stopped = false;
  let started = false;
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let holder: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;

  const tryLead = async (): Promise<void> => {
    if (stopped) return;
    const attempt = holdLeaderLock(db, released, options.log);
    holder = attempt.held;
    if (await attempt.acquired) {
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
    // The documented default interval applies when the caller names none.
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
