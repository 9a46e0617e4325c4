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

/**
 * Ids for `count` new rows of `table`, allocated before the rows are written, because other rows
 * refer to them in the same statements and a multi-row INSERT ... RETURNING does not promise to
 * answer ids in row order. PostgreSQL: from the table's sequence. SQLite: after the largest id, which
 * is safe because the write transaction excludes every other writer.
 */
export async function allocateIds(
  db: Pick<Kysely<never>, 'executeQuery'>,
  dialect: Dialect,
  table:
    'journal_entry' | 'timing_order' | 'spot_order' | 'contract_order' | 'contract_close' | 'contract_forced',
  count: number,
): Promise<number[]> {
  const batch = new SqlBatch(dialect);
  if (dialect === 'postgres') {
    const result = await batch.run<{ id: bigint | string }>(
      db,
      `SELECT nextval(pg_get_serial_sequence('${table}', 'id')) AS id FROM generate_series(1, ${batch.bind(count)}::int)`,
    );
    return result.rows.map((r) => Number(r.id));
  }
  const result = await batch.run<{ last: number | bigint | null }>(
    db,
    `SELECT max(id) AS last FROM ${table}`,
  );
  // An empty table has no largest id (NULL): its first ids start at 1.
  const last = Number(result.rows[0]?.last ?? 0);
  return Array.from({ length: count }, (_, i) => last + 1 + i);
}

/** A column of a multi-row statement: `bigint` when PostgreSQL needs the type spelled out. */
export type RowColumn = 'bigint' | 'plain';

/**
 * A statement over many rows whose text depends only on how many rows it carries: a multi-row
 * INSERT, an UPDATE ... FROM (VALUES ...), a WHERE ... IN list. Its text is built once per row
 * count and kept, and the values go straight into one flat array, so a batch of a hundred thousand
 * rows builds no SQL text at all; the texts are also the keys of the SQLite statement cache, which
 * then finds them without hashing a new string each time. `leading` values (bound before the rows,
 * such as a time in a SET clause) come first in the array.
 */
export class RowsStatement {
  private readonly texts = new Map<number, string>();
  private readonly rowsPerChunk: number;

  constructor(
    private readonly dialect: Dialect,
    private readonly columns: readonly RowColumn[],
    /** The whole statement around the rows' placeholders, e.g. `rows => INSERT ... VALUES ${rows}`. */
    private readonly around: (rows: string) => string,
    /**
     * `leading`: how many values are bound before the rows. `flat`: the rows are single values in a
     * list (`IN (?, ?, ?)`) rather than parenthesised tuples.
     */
    private readonly options: { leading?: number; flat?: boolean } = {},
  ) {
    this.rowsPerChunk = Math.max(1, Math.floor(8_000 / columns.length));
  }

  /** Runs the statement over `rows`, a chunk at a time, answering each chunk's result in order. */
  async run<Item, Result = unknown>(
    db: Pick<Kysely<never>, 'executeQuery'>,
    rows: readonly Item[],
    fill: (item: Item, values: unknown[]) => void,
    leading: readonly unknown[] = [],
  ) {
    const results = [];
    for (let start = 0; start < rows.length; start += this.rowsPerChunk) {
      const end = Math.min(rows.length, start + this.rowsPerChunk);
      const values: unknown[] = [...leading];
      for (let i = start; i < end; i += 1) fill(rows[i] as Item, values);
      results.push(await db.executeQuery<Result>(CompiledQuery.raw(this.text(end - start), values)));
    }
    return results;
  }

  private text(count: number): string {
    let text = this.texts.get(count);
    if (text === undefined) {
      const parts: string[] = [];
      let n = this.options.leading ?? 0;
      for (let r = 0; r < count; r += 1) {
        const row = this.columns.map((column) => {
          n += 1;
          if (this.dialect !== 'postgres') return '?';
          return column === 'bigint' ? `$${n}::bigint` : `$${n}`;
        });
        parts.push(this.options.flat ? row.join(', ') : `(${row.join(', ')})`);
      }
      text = this.around(parts.join(', '));
      // Batches come in many sizes; past a few dozen texts the rarely used ones are let go.
      if (this.texts.size >= 64) this.texts.clear();
      this.texts.set(count, text);
    }
    return text;
  }
}

/**
 * A statement made once per dialect, on first use: modules that write rows keep their statements
 * at module level, where the dialect is not known yet.
 */
export function rowsStatementPerDialect(
  make: (dialect: Dialect) => RowsStatement,
): (dialect: Dialect) => RowsStatement {
  const made = new Map<Dialect, RowsStatement>();
  return (dialect) => {
    let statement = made.get(dialect);
    if (!statement) {
      statement = make(dialect);
      made.set(dialect, statement);
    }
    return statement;
  };
}
