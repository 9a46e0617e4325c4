import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/**
 * Makes integer results identical on SQLite and PostgreSQL.
 *
 * Both drivers are set to return 64-bit integers as `bigint` (better-sqlite3 `safeIntegers`, pg's
 * int8 parser), so no value is ever silently rounded. This plugin then narrows every column to
 * `number`, except money columns, whose names end in `_minor`, which stay `bigint`. A non-money
 * integer beyond 2^53 would be a bug (ids, times and counters never get there), so it throws instead
 * of losing precision.
 */
export class IntegerResultsPlugin implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    for (const row of args.result.rows) normaliseRow(row);
    return args.result;
  }
}

function normaliseRow(row: UnknownRow): void {
  for (const key of Object.keys(row)) {
    const value = row[key];
    if (key.endsWith('_minor')) {
      if (typeof value === 'number' || typeof value === 'string') row[key] = BigInt(value);
    } else if (typeof value === 'bigint') {
      if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
        throw new RangeError(`Column ${key} holds ${value}, beyond the exact range of a number`);
      }
      row[key] = Number(value);
    }
  }
}
