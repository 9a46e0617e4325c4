import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDialectConfig,
} from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';
import { IntegerResultsPlugin } from './integer-results-plugin.ts';
import { withStatementCache } from './statement-cache.ts';
import { COMMIT_CHECKPOINT_PAGES, startWalCheckpointer } from './wal-checkpointer.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface Storage {
  db: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

/**
 * The dialect a handle (or a transaction of it) speaks, for code that is handed only the handle,
 * such as the seed. openStorage opens no other kind of database.
 */
export function dialectOf(db: Kysely<Database>): Dialect {
  const adapter = db.getExecutor().adapter;
  if (adapter instanceof PostgresAdapter) return 'postgres';
  if (adapter instanceof SqliteAdapter) return 'sqlite';
  throw new Error(`No dialect is known for the database adapter ${adapter.constructor.name}`);
}

export interface StorageOptions {
  sqlitePath: string;
  databaseUrl?: string | undefined;
}

/**
 * Opens the database: PostgreSQL when a URL is given, otherwise the embedded SQLite file.
 *
 * SQLite runs in WAL mode with `synchronous=FULL`, so a committed transaction survives a power cut,
 * not only a process crash; foreign keys are on because SQLite leaves them off by default; the log
 * is checkpointed by a background thread (wal-checkpointer.ts) rather than inside commits.
 * Temporary storage stays in memory: every unit of a group commit runs under a savepoint, whose
 * journal of the pages it changes would otherwise spill past 64 KiB into a temporary file created
 * and deleted for nearly every batch of orders (decision 027).
 */
export function openStorage(options: StorageOptions): Storage {
  const plugins = [new IntegerResultsPlugin()];
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection can be cut by the server (a restart, a failover, an administrator). pg then
    // emits 'error' on the pool; without a listener that would crash the process. The pool drops the
    // broken connection and opens a new one on the next query, so logging is all that is needed.
    pool.on('error', (error) => console.error(`[db] idle PostgreSQL connection closed: ${error.message}`));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  fs.mkdirSync(path.dirname(options.sqlitePath), { recursive: true });
  const sqlite = new SqliteDatabase(options.sqlitePath);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('temp_store = MEMORY');
  sqlite.pragma(`wal_autocheckpoint = ${COMMIT_CHECKPOINT_PAGES}`);
  sqlite.defaultSafeIntegers(true);
  const checkpointer = startWalCheckpointer(options.sqlitePath, {
    onError: (message) => console.error(`[db] background checkpoint failed: ${message}`),
  });
  const db = new Kysely<Database>({
    dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }),
    plugins,
  });
  return {
    db,
    dialect: 'sqlite',
    close: async () => {
      await checkpointer.stop();
      await db.destroy();
    },
  };
}

// pg returns int8 (bigint columns, count(*)) as strings by default; read them as exact bigints.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => BigInt(value));

/**
 * SQLite transactions that take the write lock when they begin (`BEGIN IMMEDIATE`). Kysely begins a
 * deferred transaction, which reads first and asks for the lock at its first write; if another
 * process (an operator's command, a second server during a hand-over, a test's feed) committed in
 * between, that upgrade fails at once with "database is locked", without waiting for the busy
 * timeout. Taken at the start, the lock is waited for like any other. The server's transactions all
 * write (or are the checker's reads, which lose nothing by waiting).
 */
class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly settings: SqliteDialectConfig) {
    super(settings);
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.settings);
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}
