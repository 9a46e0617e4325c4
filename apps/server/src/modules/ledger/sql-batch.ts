import { CompiledQuery, type Kysely } from 'kysely';
import type { Dialect } from '../../db/database.ts';

/**
 * Multi-row statements built as SQL text with bound parameters and run without Kysely's query
 * compiler. The ledger writes thousands of rows per commit when it settles or posts in batches; at
 * that size compiling a query tree per chunk costs more than running it. Values are always bound,
 * never spliced into the text.
 */
export class SqlBatch {
  readonly params: unknown[] = [];

  constructor(private readonly dialect: Dialect) {}

  /** Binds a value and returns its placeholder. */
  bind(value: unknown): string {
    this.params.push(value);
    return this.dialect === 'postgres' ? `$${this.params.length}` : '?';
  }

  /** Binds a bigint column value; PostgreSQL needs the type spelled out inside VALUES lists. */
  bindBigint(value: bigint | number | null): string {
    const placeholder = this.bind(value);
    return this.dialect === 'postgres' ? `${placeholder}::bigint` : placeholder;
  }

  run<Row>(db: Pick<Kysely<never>, 'executeQuery'>, text: string) {
    return db.executeQuery<Row>(CompiledQuery.raw(text, this.params));
  }
}

/**
 * Rows per statement: both databases limit bound parameters (SQLite 32,766, PostgreSQL 65,535), and
 * beyond a few hundred rows a bigger statement is no faster.
 */
export function chunked<T>(items: readonly T[], columns: number, maxParams = 8_000): T[][] {
  const size = Math.max(1, Math.floor(maxParams / columns));
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}
