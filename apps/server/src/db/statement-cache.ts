import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/**
 * The SQLite handle Kysely is given, with its prepared statements kept for reuse. Kysely prepares
 * every query it runs, and preparing (parsing and planning the SQL) costs as much as running a
 * short statement; the same texts come back all the time (each query shape, and the ledger's
 * multi-row statements chunk after chunk). A statement is reused only for the same text, with its
 * values bound afresh, so the answers are the same. The least recently used are dropped past
 * `capacity`, which bounds memory however many shapes there are.
 *
 * Kysely never runs two statements at once on this single connection, and streams no results, so
 * a cached statement is never asked for while it is still executing.
 */
export function withStatementCache(sqlite: BetterSqlite3.Database, capacity = 500): SqliteDatabase {
  const cache = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => {
      cache.clear();
      sqlite.close();
    },
    prepare: (sql: string) => {
      let statement = cache.get(sql);
      if (statement) {
        // Re-inserted, so the Map's order is the order of last use.
        cache.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        if (cache.size >= capacity) {
          const oldest = cache.keys().next();
          if (!oldest.done) cache.delete(oldest.value);
        }
      }
      cache.set(sql, statement);
      return statement as unknown as ReturnType<SqliteDatabase['prepare']>;
    },
  };
}
