import { sql, type Insertable, type Kysely } from 'kysely';
import type { RecordedTick } from '@vela/domain';
import type { Dialect } from '../../db/database.ts';
import type {
  Database,
  SpotCancelTable,
  SpotFillTable,
  SpotOrderTable,
  SpotTermsTable,
} from '../../db/schema.ts';
import {
  allocateIds,
  chunked,
  RowsStatement,
  rowsStatementPerDialect,
  type RowColumn,
} from '../storage/sql-batch.ts';

/** Every statement of spot trading's tables (migration 0016, decision 046). */

export type NewSpotOrder = Insertable<SpotOrderTable> & { id: number };
export type NewSpotFill = Insertable<SpotFillTable>;
export type NewSpotCancel = Insertable<SpotCancelTable>;

/** A coin's terms with what the checks need of the coin itself. */
export interface SpotTermsRow extends SpotTermsTable {
  symbol: string;
  coin_enabled: number;
  price_scale: number;
  amount_scale: number;
}

export function spotTermsRows(db: Kysely<Database>): Promise<SpotTermsRow[]> {
  return db
    .selectFrom('spot_terms as t')
    .innerJoin('vc', 'vc.id', 't.vc_id')
    .selectAll('t')
    .select([
      'vc.symbol as symbol',
      'vc.enabled as coin_enabled',
      'vc.price_scale as price_scale',
      'vc.amount_scale as amount_scale',
    ])
    .orderBy('t.sort')
    .orderBy('t.vc_id')
    .execute();
}

export async function upsertSpotTerms(db: Kysely<Database>, row: SpotTermsTable): Promise<void> {
  const { vc_id: _key, ...rest } = row;
  await db
    .insertInto('spot_terms')
    .values(row)
    .onConflict((oc) => oc.column('vc_id').doUpdateSet(rest))
    .execute();
}

/** Seeds terms for coins that have none; an operator's own terms are never replaced. */
export async function insertMissingSpotTerms(db: Kysely<Database>, rows: readonly SpotTermsTable[]) {
  if (rows.length === 0) return;
  await db
    .insertInto('spot_terms')
    .values([...rows])
    .onConflict((oc) => oc.column('vc_id').doNothing())
    .execute();
}

export function allocateSpotOrderIds(trx: Kysely<Database>, dialect: Dialect, count: number) {
  return allocateIds(trx, dialect, 'spot_order', count);
}

/*
 * The statements of the hot paths (placement, and a tick's fills) are multi-row statements whose
 * text is built once per row count (decision 027): a batch of thousands of orders or fills costs a
 * handful of statements and no query building per row.
 */
const ORDER_COLUMNS: readonly RowColumn[] = [
  ...(['bigint', 'bigint', 'bigint', 'bigint'] as const), // id, user_id, vc_id, settle_vc_id
  ...(['plain', 'plain'] as const), // side, kind
  ...(['bigint', 'bigint'] as const), // held_minor, limit_price_minor
  'plain', // fee_rate
  ...(['bigint', 'bigint'] as const), // quantity_decimals, created_at
];

const orderRows = rowsStatementPerDialect(
  (dialect) =>
    new RowsStatement(
      dialect,
      ORDER_COLUMNS,
      (rows) => `INSERT INTO spot_order (id, user_id, vc_id, settle_vc_id, side, kind, held_minor,
        limit_price_minor, fee_rate, quantity_decimals, created_at) VALUES ${rows}`,
    ),
);

const openRows = rowsStatementPerDialect(
  (dialect) =>
    new RowsStatement(dialect, ['bigint'], (rows) => `INSERT INTO spot_order_open (id) VALUES ${rows}`),
);

const closeRows = rowsStatementPerDialect(
  (dialect) =>
    new RowsStatement(
      dialect,
      ['bigint'],
      (ids) => `DELETE FROM spot_order_open WHERE id IN (${ids}) RETURNING id`,
      {
        flat: true,
      },
    ),
);

const fillRows = rowsStatementPerDialect(
  (dialect) =>
    new RowsStatement(
      dialect,
      Array.from({ length: 9 }, () => 'bigint' as const),
      (
        rows,
      ) => `INSERT INTO spot_fill (order_id, tick_id, tick_time_ms, price_minor, quantity_minor, quote_minor,
        fee_minor, credit_minor, filled_at) VALUES ${rows}`,
    ),
);

/** Inserts accepted orders and lists them as open, until a fill or a cancellation takes them out. */
export async function insertSpotOrders(
  trx: Kysely<Database>,
  dialect: Dialect,
  rows: readonly NewSpotOrder[],
): Promise<void> {
  await orderRows(dialect).run(trx, rows, (row, values) =>
    values.push(
      row.id,
      row.user_id,
      row.vc_id,
      row.settle_vc_id,
      row.side,
      row.kind,
      row.held_minor,
      row.limit_price_minor ?? null,
      row.fee_rate,
      row.quantity_decimals,
      row.created_at,
    ),
  );
  await openRows(dialect).run(trx, rows, (row, values) => values.push(row.id));
}

/**
 * Takes the orders out of the open ones and answers the ids this call took: an id already gone was
 * filled or cancelled by someone else first, and whoever took it alone writes its end.
 */
export async function closeOpenOrders(
  trx: Kysely<Database>,
  dialect: Dialect,
  ids: readonly number[],
): Promise<Set<number>> {
  const taken = new Set<number>();
  const results = await closeRows(dialect).run<number, { id: number | bigint }>(trx, ids, (id, values) =>
    values.push(id),
  );
  for (const result of results) for (const row of result.rows) taken.add(Number(row.id));
  return taken;
}

export async function insertFills(trx: Kysely<Database>, dialect: Dialect, rows: readonly NewSpotFill[]) {
  await fillRows(dialect).run(trx, rows, (row, values) =>
    values.push(
      row.order_id,
      row.tick_id,
      row.tick_time_ms,
      row.price_minor,
      row.quantity_minor,
      row.quote_minor,
      row.fee_minor,
      row.credit_minor,
      row.filled_at,
    ),
  );
}

export async function insertCancels(trx: Kysely<Database>, rows: readonly NewSpotCancel[]): Promise<void> {
  for (const chunk of chunked(rows, 3)) await trx.insertInto('spot_cancel').values(chunk).execute();
}

/** A change of one user's bought coins and their cost, added to what the holding has. */
export interface HoldingChange {
  userId: number;
  vcId: number;
  quantity: bigint;
  cost: bigint;
}

export async function addToHoldings(trx: Kysely<Database>, changes: readonly HoldingChange[]): Promise<void> {
  for (const chunk of chunked(changes, 4)) {
    await trx
      .insertInto('spot_holding')
      .values(
        chunk.map((c) => ({
          user_id: c.userId,
          vc_id: c.vcId,
          quantity_minor: c.quantity,
          cost_minor: c.cost,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['user_id', 'vc_id']).doUpdateSet({
          quantity_minor: sql`spot_holding.quantity_minor + excluded.quantity_minor`,
          cost_minor: sql`spot_holding.cost_minor + excluded.cost_minor`,
        }),
      )
      .execute();
  }
}

/** The bought coins and their cost of each (user, coin) pair asked for. */
export async function holdingsOf(
  trx: Kysely<Database>,
  pairs: readonly { userId: number; vcId: number }[],
): Promise<Map<string, { quantity: bigint; cost: bigint }>> {
  const found = new Map<string, { quantity: bigint; cost: bigint }>();
  const users = [...new Set(pairs.map((p) => p.userId))];
  for (const chunk of chunked(users, 1)) {
    const rows = await trx.selectFrom('spot_holding').selectAll().where('user_id', 'in', chunk).execute();
    for (const row of rows)
      found.set(`${row.user_id}:${row.vc_id}`, {
        quantity: BigInt(row.quantity_minor),
        cost: BigInt(row.cost_minor),
      });
  }
  return found;
}

export function userHoldings(db: Kysely<Database>, userId: number) {
  return db.selectFrom('spot_holding').selectAll().where('user_id', '=', userId).execute();
}

/** The time of the last tick every open order of each coin has been checked against. */
export async function spotCursors(db: Kysely<Database>): Promise<Map<number, number>> {
  const rows = await db.selectFrom('spot_cursor').selectAll().execute();
  return new Map(rows.map((row) => [Number(row.vc_id), Number(row.tick_time_ms)]));
}

/** Moves each coin's cursor forward (never back: another node may have gone further). */
export async function advanceCursors(trx: Kysely<Database>, cursors: ReadonlyMap<number, number>) {
  for (const [vcId, timeMs] of cursors) {
    await trx
      .insertInto('spot_cursor')
      .values({ vc_id: vcId, tick_time_ms: timeMs })
      .onConflict((oc) =>
        oc.column('vc_id').doUpdateSet({
          tick_time_ms: sql`CASE WHEN excluded.tick_time_ms > spot_cursor.tick_time_ms THEN excluded.tick_time_ms ELSE spot_cursor.tick_time_ms END`,
        }),
      )
      .execute();
  }
}

/** The earliest cursor of a coin with open orders: ticks from there on are still needed. */
export async function earliestSpotCursor(db: Kysely<Database>): Promise<number | undefined> {
  const row = await db
    .selectFrom('spot_cursor')
    .select((eb) => eb.fn.min('tick_time_ms').as('first'))
    .where('vc_id', 'in', (eb) =>
      eb.selectFrom('spot_order_open as o').innerJoin('spot_order as s', 's.id', 'o.id').select('s.vc_id'),
    )
    .executeTakeFirst();
  return row?.first === null || row?.first === undefined ? undefined : Number(row.first);
}

/** A coin's recorded ticks after `afterMs`, in time order, at most `limit` of them. */
export async function ticksAfter(
  db: Kysely<Database>,
  vcId: number,
  afterMs: number,
  limit: number,
): Promise<RecordedTick[]> {
  const rows = await db
    .selectFrom('price_tick')
    .select(['id', 'time_ms', 'price_minor'])
    .where('vc_id', '=', vcId)
    .where('time_ms', '>', afterMs)
    .orderBy('time_ms')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    timeMs: Number(row.time_ms),
    priceMinor: BigInt(row.price_minor),
  }));
}

/** An order with how it ended (if it has) and what its answer names. */
export function spotOrderQuery(db: Kysely<Database>) {
  return db
    .selectFrom('spot_order as o')
    .innerJoin('vc as c', 'c.id', 'o.vc_id')
    .innerJoin('vc as s', 's.id', 'o.settle_vc_id')
    .leftJoin('spot_order_open as open', 'open.id', 'o.id')
    .leftJoin('spot_fill as f', 'f.order_id', 'o.id')
    .leftJoin('spot_cancel as x', 'x.order_id', 'o.id')
    .selectAll('o')
    .select([
      'c.symbol as symbol',
      'c.price_scale as price_scale',
      'c.amount_scale as quantity_scale',
      's.symbol as settle_symbol',
      's.amount_scale as settle_scale',
      'open.id as open_id',
      'f.tick_id as fill_tick_id',
      'f.tick_time_ms as fill_tick_time_ms',
      'f.price_minor as fill_price_minor',
      'f.quantity_minor as fill_quantity_minor',
      'f.quote_minor as fill_quote_minor',
      'f.fee_minor as fill_fee_minor',
      'f.credit_minor as fill_credit_minor',
      'f.filled_at as filled_at',
      'x.reason as cancel_reason',
      'x.cancelled_at as cancelled_at',
    ]);
}

export type SpotOrderRow = Awaited<ReturnType<ReturnType<typeof spotOrderQuery>['executeTakeFirstOrThrow']>>;

/** One user's orders, newest first: the open ones, or the closed ones. */
export function userSpotOrders(
  db: Kysely<Database>,
  userId: number,
  options: { open: boolean; vcId?: number | undefined; beforeId?: number | undefined; limit: number },
): Promise<SpotOrderRow[]> {
  let query = spotOrderQuery(db)
    .where('o.user_id', '=', userId)
    .where('open.id', options.open ? 'is not' : 'is', null);
  if (options.vcId !== undefined) query = query.where('o.vc_id', '=', options.vcId);
  if (options.beforeId !== undefined) query = query.where('o.id', '<', options.beforeId);
  return query.orderBy('o.id', 'desc').limit(options.limit).execute();
}

export function spotOrdersByIds(db: Kysely<Database>, ids: readonly number[]): Promise<SpotOrderRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return spotOrderQuery(db)
    .where('o.id', 'in', [...ids])
    .orderBy('o.id')
    .execute();
}

/** The ids of open orders above `afterId`, in id order, a page at a time. */
export async function openSpotOrderIdsAfter(db: Kysely<Database>, afterId: number, limit: number) {
  const rows = await db
    .selectFrom('spot_order_open')
    .select('id')
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => Number(row.id));
}

/** A wallet coin with the scales its spot terms must fit. */
export function spotCoin(db: Kysely<Database>, vcId: number) {
  return db
    .selectFrom('vc')
    .select(['id', 'settle_vc', 'price_scale', 'amount_scale', 'sort'])
    .where('id', '=', vcId)
    .where('wallet', '=', 1)
    .executeTakeFirst();
}
