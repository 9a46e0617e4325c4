import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';
import { IntegerResultsPlugin } from './integer-results-plugin.ts';
import { withStatementCache } from './statement-cache.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface Storage {
  db: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

export interface StorageOptions {
  sqlitePath: string;
  databaseUrl?: string | undefined;
}

/**
 * Opens the database: PostgreSQL when a URL is given, otherwise the embedded SQLite file.
 *
 * SQLite runs in WAL mode with `synchronous=FULL`, so a committed transaction survives a power cut,
 * not only a process crash; foreign keys are on because SQLite leaves them off by default.
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
  sqlite.defaultSafeIntegers(true);
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    plugins,
  });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

// pg returns int8 (bigint columns, count(*)) as strings by default; read them as exact bigints.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => BigInt(value));
