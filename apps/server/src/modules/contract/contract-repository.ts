import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { RecordedTick } from '@vela/domain';
import type {
  ContractCloseTable,
  ContractForcedTable,
  ContractOrderEndTable,
  ContractOrderTable,
  ContractPositionTable,
  ContractTermsTable,
  Database,
} from '../../db/schema.ts';
import type { Dialect } from '../../db/database.ts';
import {
  allocateIds,
  chunked,
  RowsStatement,
  rowsStatementPerDialect,
  type RowColumn,
} from '../storage/sql-batch.ts';

/** Every statement of contract trading's tables (migration 0017, decision 047). */

export type ContractOrderRow = Selectable<ContractOrderTable>;
export type ContractPositionRow = Selectable<ContractPositionTable>;
export type NewOrderEnd = Insertable<ContractOrderEndTable>;
export type NewContractClose = Insertable<ContractCloseTable>;
export type NewContractForced = Insertable<ContractForcedTable>;

/** A coin's terms with what the checks need of the coin itself. */
export interface ContractTermsRow extends ContractTermsTable {
  symbol: string;
  coin_enabled: number;
  price_scale: number;
  amount_scale: number;
}

export function contractTermsRows(db: Kysely<Database>): Promise<ContractTermsRow[]> {
  return db
    .selectFrom('contract_terms as t')
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

export async function upsertContractTerms(db: Kysely<Database>, row: ContractTermsTable): Promise<void> {
  const { vc_id: _key, ...rest } = row;
  await db
    .insertInto('contract_terms')
    .values(row)
    .onConflict((oc) => oc.column('vc_id').doUpdateSet(rest))
    .execute();
}

/** Seeds terms for coins that have none; an operator's own terms are never replaced. */
export async function insertMissingContractTerms(db: Kysely<Database>, rows: readonly ContractTermsTable[]) {
  if (rows.length === 0) return;
  await db
    .insertInto('contract_terms')
    .values([...rows])
    .onConflict((oc) => oc.column('vc_id').doNothing())
    .execute();
}

/** The system adjustment ratio in basis points; the migration's default until an operator sets one. */
export async function adjustmentBp(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('contract_levels')
    .select('adjustment_bp')
    .where('id', '=', 1)
    .executeTakeFirst();
  return row?.adjustment_bp ?? DEFAULT_ADJUSTMENT_BP;
}

/** 10 %, the spec's example: forced closing at 90 %. */
export const DEFAULT_ADJUSTMENT_BP = 1_000;

export async function saveAdjustmentBp(db: Kysely<Database>, bp: number, now: number): Promise<void> {
  await db
    .insertInto('contract_levels')
    .values({ id: 1, adjustment_bp: bp, updated_at: now })
    .onConflict((oc) => oc.column('id').doUpdateSet({ adjustment_bp: bp, updated_at: now }))
    .execute();
}

export function allocateContractOrderIds(trx: Kysely<Database>, dialect: Dialect, count: number) {
  return allocateIds(trx, dialect, 'contract_order', count);
}

/** Inserts accepted orders with their ids, each open until a fill, a refusal or a cancellation. */
export async function insertContractOrders(
  trx: Kysely<Database>,
  rows: readonly ContractOrderRow[],
): Promise<void> {
  for (const chunk of chunked(rows, 21)) await trx.insertInto('contract_order').values(chunk).execute();
  for (const chunk of chunked(rows, 1))
    await trx
      .insertInto('contract_order_open')
      .values(chunk.map((row) => ({ id: row.id })))
      .execute();
}

/**
 * Takes orders out of the open ones and answers the ids this call took: an id already gone was
 * ended by someone else first, and whoever took it alone writes its end.
 */
export async function takeOpenOrders(trx: Kysely<Database>, ids: readonly number[]): Promise<Set<number>> {
  const taken = new Set<number>();
  for (const chunk of chunked(ids, 1)) {
    const rows = await trx
      .deleteFrom('contract_order_open')
      .where('id', 'in', chunk)
      .returning('id')
      .execute();
    for (const row of rows) taken.add(Number(row.id));
  }
  return taken;
}

export async function insertOrderEnds(trx: Kysely<Database>, rows: readonly NewOrderEnd[]): Promise<void> {
  for (const chunk of chunked(rows, 10)) await trx.insertInto('contract_order_end').values(chunk).execute();
}

export async function insertPositions(trx: Kysely<Database>, rows: readonly ContractPositionTable[]) {
  for (const chunk of chunked(rows, 21)) await trx.insertInto('contract_position').values(chunk).execute();
}

/** A close's change of its position: from the quantity the engine knew to what stays open. */
export interface PositionChange {
  id: number;
  fromQuantity: bigint;
  quantity: bigint;
  margin: bigint;
  closedAt: number | null;
}

/*
 * A round's closes and forced closes are written with multi-row statements (decision 027), their
 * ids allocated first because the closes of a forced close name it: ten thousand accounts forced
 * closed in one second are a handful of statements, not three per account.
 */
const shrinkRows = rowsStatementPerDialect(
  (dialect) =>
    new RowsStatement(dialect, ['bigint', 'bigint', 'bigint', 'bigint', 'bigint'], (rows) =>
      dialect === 'postgres'
        ? `UPDATE contract_position AS p SET quantity_minor = v.quantity, margin_minor = v.margin,
             closed_at = v.closed_at
           FROM (VALUES ${rows}) AS v(id, from_quantity, quantity, margin, closed_at)
           WHERE p.id = v.id AND p.quantity_minor = v.from_quantity AND p.closed_at IS NULL`
        : `UPDATE contract_position SET quantity_minor = v.quantity, margin_minor = v.margin,
             closed_at = v.closed_at
           FROM (SELECT column1 AS id, column2 AS from_quantity, column3 AS quantity, column4 AS margin,
             column5 AS closed_at FROM (VALUES ${rows})) AS v
           WHERE contract_position.id = v.id AND contract_position.quantity_minor = v.from_quantity
             AND contract_position.closed_at IS NULL`,
    ),
);

/**
 * Shrinks (or closes) positions by closes, each from the quantity the engine knew: answers how many
 * rows changed. Fewer than asked means a row was no longer as the engine knew it (another node's
 * engine closed it first), and the caller gives up.
 */
export async function shrinkPositions(
  trx: Kysely<Database>,
  dialect: Dialect,
  changes: readonly PositionChange[],
): Promise<number> {
  const results = await shrinkRows(dialect).run(trx, changes, (c, values) =>
    values.push(c.id, c.fromQuantity, c.quantity, c.margin, c.closedAt),
  );
  return results.reduce((sum, result) => sum + Number(result.numAffectedRows ?? 0n), 0);
}

const CLOSE_COLUMNS = [
  'id',
  'position_id',
  'user_id',
  'reason',
  'order_id',
  'forced_id',
  'quantity_minor',
  'price_minor',
  'tick_id',
  'tick_time_ms',
  'profit_minor',
  'fee_minor',
  'margin_minor',
  'closed_at',
] as const;

const FORCED_COLUMNS = [
  'id',
  'user_id',
  'settle_vc_id',
  'time_ms',
  'risk_bp',
  'margin_minor',
  'equity_minor',
  'available_minor',
  'freed_minor',
  'profit_minor',
  'fee_minor',
  'shortfall_minor',
  'positions',
  'created_at',
] as const;

const closeRows = rowsStatementPerDialect(
  (dialect) =>
    new RowsStatement(
      dialect,
      columnTypes(CLOSE_COLUMNS, ['reason']),
      (rows) => `INSERT INTO contract_close (${CLOSE_COLUMNS.join(', ')}) VALUES ${rows}`,
    ),
);

const forcedRows = rowsStatementPerDialect(
  (dialect) =>
    new RowsStatement(
      dialect,
      columnTypes(FORCED_COLUMNS, []),
      (rows) => `INSERT INTO contract_forced (${FORCED_COLUMNS.join(', ')}) VALUES ${rows}`,
    ),
);

/** Every column is a bigint to PostgreSQL but the text ones named. */
function columnTypes(columns: readonly string[], text: readonly string[]): RowColumn[] {
  return columns.map((column) => (text.includes(column) ? 'plain' : 'bigint'));
}

export type NewClose = NewContractClose & { id: number };
export type NewForced = NewContractForced & { id: number };

export function allocateCloseIds(trx: Kysely<Database>, dialect: Dialect, count: number) {
  return allocateIds(trx, dialect, 'contract_close', count);
}

export function allocateForcedIds(trx: Kysely<Database>, dialect: Dialect, count: number) {
  return allocateIds(trx, dialect, 'contract_forced', count);
}

export async function insertCloses(trx: Kysely<Database>, dialect: Dialect, rows: readonly NewClose[]) {
  await closeRows(dialect).run(trx, rows, (row, values) => {
    for (const column of CLOSE_COLUMNS) values.push(row[column] ?? null);
  });
}

export async function insertForced(trx: Kysely<Database>, dialect: Dialect, rows: readonly NewForced[]) {
  await forcedRows(dialect).run(trx, rows, (row, values) => {
    for (const column of FORCED_COLUMNS) values.push(row[column]);
  });
}

export async function setTargets(
  trx: Kysely<Database>,
  target: { id: number; userId: number; takeProfit: bigint | null; stopLoss: bigint | null },
): Promise<boolean> {
  const result = await trx
    .updateTable('contract_position')
    .set({ take_profit_minor: target.takeProfit, stop_loss_minor: target.stopLoss })
    .where('id', '=', target.id)
    .where('user_id', '=', target.userId)
    .where('closed_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export function openPositions(db: Kysely<Database>, userId?: number): Promise<ContractPositionRow[]> {
  let query = db.selectFrom('contract_position').selectAll().where('closed_at', 'is', null);
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  return query.orderBy('id').execute();
}

export function findPosition(db: Kysely<Database>, id: number): Promise<ContractPositionRow | undefined> {
  return db.selectFrom('contract_position').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The open orders: every user's or one user's, all or those above an id. */
export function openOrders(
  db: Kysely<Database>,
  filter: { userId?: number; afterId?: number },
): Promise<ContractOrderRow[]> {
  let query = db
    .selectFrom('contract_order as o')
    .innerJoin('contract_order_open as p', 'p.id', 'o.id')
    .selectAll('o');
  if (filter.userId !== undefined) query = query.where('o.user_id', '=', filter.userId);
  if (filter.afterId !== undefined) query = query.where('o.id', '>', filter.afterId);
  return query.orderBy('o.id').execute();
}

/** An order with how it ended (nulls while open). */
export type ContractOrderView = ContractOrderRow & {
  open_id: number | null;
  state: 'filled' | 'cancelled' | 'refused' | null;
  reason: string | null;
  tick_id: number | null;
  tick_time_ms: number | null;
  price_minor: bigint | null;
  margin_minor: bigint | null;
  fee_minor: bigint | null;
  profit_minor: bigint | null;
  ended_at: number | null;
  symbol: string;
};

function orderViews(db: Kysely<Database>) {
  return db
    .selectFrom('contract_order as o')
    .innerJoin('vc', 'vc.id', 'o.vc_id')
    .leftJoin('contract_order_open as p', 'p.id', 'o.id')
    .leftJoin('contract_order_end as e', 'e.order_id', 'o.id')
    .selectAll('o')
    .select([
      'p.id as open_id',
      'e.state',
      'e.reason',
      'e.tick_id',
      'e.tick_time_ms',
      'e.price_minor',
      'e.margin_minor',
      'e.fee_minor',
      'e.profit_minor',
      'e.ended_at',
      'vc.symbol as symbol',
    ]);
}

export async function userContractOrders(
  db: Kysely<Database>,
  filter: { userId: number; scope: 'open' | 'history'; before?: number; limit: number },
): Promise<ContractOrderView[]> {
  let query = orderViews(db).where('o.user_id', '=', filter.userId);
  query = filter.scope === 'open' ? query.where('p.id', 'is not', null) : query.where('p.id', 'is', null);
  if (filter.before !== undefined) query = query.where('o.id', '<', filter.before);
  return (await query.orderBy('o.id', 'desc').limit(filter.limit).execute()) as ContractOrderView[];
}

export async function contractOrderView(
  db: Kysely<Database>,
  id: number,
): Promise<ContractOrderView | undefined> {
  return (await orderViews(db).where('o.id', '=', id).executeTakeFirst()) as ContractOrderView | undefined;
}

export type ContractCloseView = Selectable<ContractCloseTable> & {
  vc_id: number;
  symbol: string;
  side: 'long' | 'short';
  leverage: number;
  entry_price_minor: bigint;
  price_scale: number;
  quantity_scale: number;
  settle_scale: number;
};

export async function userCloses(
  db: Kysely<Database>,
  filter: { userId: number; before?: number; limit: number },
): Promise<ContractCloseView[]> {
  let query = db
    .selectFrom('contract_close as c')
    .innerJoin('contract_position as p', 'p.id', 'c.position_id')
    .innerJoin('vc', 'vc.id', 'p.vc_id')
    .selectAll('c')
    .select([
      'p.vc_id',
      'vc.symbol as symbol',
      'p.side',
      'p.leverage',
      'p.entry_price_minor',
      'p.price_scale',
      'p.quantity_scale',
      'p.settle_scale',
    ])
    .where('c.user_id', '=', filter.userId);
  if (filter.before !== undefined) query = query.where('c.id', '<', filter.before);
  return query.orderBy('c.id', 'desc').limit(filter.limit).execute();
}

/** The last recorded second the engine has run; null before its first round. */
export async function readCursor(db: Kysely<Database>): Promise<number | null> {
  const row = await db.selectFrom('contract_cursor').select('time_ms').where('id', '=', 1).executeTakeFirst();
  return row ? Number(row.time_ms) : null;
}

/**
 * Moves the cursor from `from` to `to`, and only from there: false when another engine has moved
 * it since this one read it, and the caller's round, applied already by that engine, is rolled back.
 */
export async function advanceCursor(
  trx: Kysely<Database>,
  from: number | null,
  to: number,
): Promise<boolean> {
  if (from === null) {
    const inserted = await trx
      .insertInto('contract_cursor')
      .values({ id: 1, time_ms: to })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .execute();
    return inserted.length === 1;
  }
  const result = await trx
    .updateTable('contract_cursor')
    .set({ time_ms: to })
    .where('id', '=', 1)
    .where('time_ms', '=', from)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** The ticks of `coins` recorded after `afterMs`, by time then coin, at most `limit`. */
export async function ticksOfCoinsAfter(
  db: Kysely<Database>,
  coins: readonly number[],
  afterMs: number,
  limit: number,
): Promise<(RecordedTick & { coinId: number })[]> {
  if (coins.length === 0) return [];
  const rows = await db
    .selectFrom('price_tick')
    .select(['id', 'vc_id', 'time_ms', 'price_minor'])
    .where('vc_id', 'in', [...coins])
    .where('time_ms', '>', afterMs)
    .orderBy('time_ms')
    .orderBy('vc_id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    coinId: Number(row.vc_id),
    timeMs: Number(row.time_ms),
    priceMinor: BigInt(row.price_minor),
  }));
}

/** Each coin's latest tick at or before `atMs` (or the latest of all). */
export async function marksAt(
  db: Kysely<Database>,
  coins: readonly number[],
  atMs = Number.MAX_SAFE_INTEGER,
): Promise<Map<number, RecordedTick>> {
  const marks = new Map<number, RecordedTick>();
  for (const coinId of coins) {
    const row = await db
      .selectFrom('price_tick')
      .select(['id', 'time_ms', 'price_minor'])
      .where('vc_id', '=', coinId)
      .where('time_ms', '<=', atMs)
      .orderBy('time_ms', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (row)
      marks.set(coinId, {
        id: Number(row.id),
        timeMs: Number(row.time_ms),
        priceMinor: BigInt(row.price_minor),
      });
  }
  return marks;
}

/**
 * The newest recorded second of any coin: the newest tick of each coin, read through the
 * (coin, time) index, since a maximum over the whole table would read all of it.
 */
export async function newestSecond(db: Kysely<Database>): Promise<number | null> {
  const coins = await db.selectFrom('vc').select('id').execute();
  let newest: number | null = null;
  for (const { id } of coins) {
    const row = await db
      .selectFrom('price_tick')
      .select('time_ms')
      .where('vc_id', '=', id)
      .orderBy('time_ms', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (row && (newest === null || Number(row.time_ms) > newest)) newest = Number(row.time_ms);
  }
  return newest;
}

/**
 * The users whose contract account moved after posting `afterId` (a transfer, an order, a fill, on
 * any node), and the last posting id read: the engine reads their balances again.
 */
export async function contractAccountsMovedAfter(
  db: Kysely<Database>,
  afterId: number,
): Promise<{ users: number[]; lastId: number }> {
  const rows = await db
    .selectFrom('journal_posting as p')
    .innerJoin('ledger_account as a', 'a.id', 'p.account_id')
    .select(['p.id', 'p.user_id'])
    .where('p.id', '>', afterId)
    .where('a.kind', '=', 'contract')
    .orderBy('p.id')
    .limit(50_000)
    .execute();
  const users = [...new Set(rows.map((row) => Number(row.user_id)))];
  return { users, lastId: rows.length === 0 ? afterId : Number(rows[rows.length - 1]?.id) };
}

export async function lastPostingId(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('journal_posting')
    .select((eb) => eb.fn.max('id').as('last'))
    .executeTakeFirst();
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last);
}

/** Each user's contract balance in the settlement coin (0 when they have no account yet). */
export async function contractBalances(
  db: Kysely<Database>,
  userIds: readonly number[],
  settleVcId: number,
): Promise<Map<number, bigint>> {
  const balances = new Map<number, bigint>(userIds.map((id) => [id, 0n]));
  for (const chunk of chunked(userIds, 1)) {
    const rows = await db
      .selectFrom('ledger_account')
      .select(['user_id', 'balance_minor'])
      .where('kind', '=', 'contract')
      .where('vc_id', '=', settleVcId)
      .where('user_id', 'in', chunk)
      .execute();
    for (const row of rows) balances.set(Number(row.user_id), BigInt(row.balance_minor));
  }
  return balances;
}

/**
 * A user's contract account balance in the settlement coin, and what its resting limit opens set
 * aside: the margin account (the open positions' margins and those holds) less the positions'
 * margins. One statement, so both figures come from the same moment even while the engine commits.
 */
export async function availableAndHeld(
  db: Kysely<Database>,
  userId: number,
  settleVcId: number,
): Promise<{ available: bigint; held: bigint }> {
  const balance = (kind: string) =>
    sql<bigint>`(SELECT balance_minor FROM ledger_account
      WHERE user_id = ${userId} AND vc_id = ${settleVcId} AND kind = ${kind})`;
  // Money columns end in _minor, so the results plugin keeps them bigints (integer-results-plugin.ts).
  const result = await sql<{
    available_minor: bigint | null;
    margin_minor: bigint | null;
    positions_minor: bigint | null;
  }>`
    SELECT ${balance('contract')} AS available_minor, ${balance('margin')} AS margin_minor,
      (SELECT SUM(margin_minor) FROM contract_position
        WHERE user_id = ${userId} AND closed_at IS NULL) AS positions_minor`.execute(db);
  const row = result.rows[0];
  const held = (row?.margin_minor ?? 0n) - (row?.positions_minor ?? 0n);
  if (held < 0n) throw new Error(`contract account of user ${userId}: margins above the margin account`);
  return { available: row?.available_minor ?? 0n, held };
}

/** The users with open positions, with their names (the console's risk view). */
export async function usersWithPositions(db: Kysely<Database>): Promise<{ id: number; username: string }[]> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('id', 'in', (eb) =>
      eb.selectFrom('contract_position').select('user_id').where('closed_at', 'is', null),
    )
    .execute();
  return rows.map((row) => ({ id: Number(row.id), username: row.username }));
}

export async function forcedLog(db: Kysely<Database>, filter: { before?: number; limit: number }) {
  let query = db
    .selectFrom('contract_forced as f')
    .innerJoin('users as u', 'u.id', 'f.user_id')
    .selectAll('f')
    .select('u.username');
  if (filter.before !== undefined) query = query.where('f.id', '<', filter.before);
  return query.orderBy('f.id', 'desc').limit(filter.limit).execute();
}

/** The insurance account's balance in the settlement coin (0 before its first shortfall). */
export async function insuranceBalance(db: Kysely<Database>, settleVcId: number): Promise<bigint> {
  const row = await db
    .selectFrom('ledger_account')
    .select('balance_minor')
    .where('user_id', 'is', null)
    .where('kind', '=', 'insurance')
    .where('vc_id', '=', settleVcId)
    .executeTakeFirst();
  return row ? BigInt(row.balance_minor) : 0n;
}

/** The earliest second the engine still needs ticks from: its cursor, when it has open work. */
export async function earliestContractCursor(db: Kysely<Database>): Promise<number | undefined> {
  const order = await db.selectFrom('contract_order_open').select('id').limit(1).executeTakeFirst();
  const position = order
    ? undefined
    : await db
        .selectFrom('contract_position')
        .select('id')
        .where('closed_at', 'is', null)
        .limit(1)
        .executeTakeFirst();
  if (!order && !position) return undefined;
  return (await readCursor(db)) ?? undefined;
}
