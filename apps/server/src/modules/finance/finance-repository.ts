import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import type {
  Database,
  FinanceOrderEndTable,
  FinanceOrderTable,
  FinanceProductTable,
} from '../../db/schema.ts';
import { RowsStatement, rowsStatementPerDialect } from '../storage/sql-batch.ts';

/** Pledge finance's SQL (decision 048): products, their texts, orders, their ends and batches. */

export type FinanceProductRow = Selectable<FinanceProductTable>;
export type FinanceOrderRow = Selectable<FinanceOrderTable>;
export type FinanceEndRow = Selectable<FinanceOrderEndTable>;

/** An order with how it ended (the end columns are null while it is held). */
export interface FinanceOrderWithEnd extends FinanceOrderRow {
  state: 'redeemed' | 'settled' | null;
  fee_minor: bigint | null;
  refund_minor: bigint | null;
  settle_tick_id: number | null;
  settle_tick_time_ms: number | null;
  settle_price_minor: bigint | null;
  payout_vc_id: number | null;
  payout_minor: bigint | null;
  income_minor: bigint | null;
  ended_at: number | null;
}

export async function financeProducts(db: Kysely<Database>): Promise<FinanceProductRow[]> {
  return db.selectFrom('finance_product').selectAll().orderBy('sort').orderBy('id').execute();
}

/** Whether any product exists (the demo products are seeded only into an empty table). */
export async function hasFinanceProducts(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom('finance_product').select('id').limit(1).execute()).length > 0;
}

/** A product's openness and sales as they are now, inside the caller's transaction. */
export async function productSales(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('finance_product')
    .select(['enabled', 'quota_minor', 'sold_minor'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

export async function financeProductTexts(db: Kysely<Database>) {
  return db.selectFrom('finance_product_text').selectAll().execute();
}

export async function insertFinanceProduct(
  trx: Kysely<Database>,
  row: Insertable<FinanceProductTable>,
): Promise<number> {
  const inserted = await trx
    .insertInto('finance_product')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function updateFinanceProduct(
  trx: Kysely<Database>,
  id: number,
  row: Partial<Insertable<FinanceProductTable>>,
): Promise<void> {
  await trx.updateTable('finance_product').set(row).where('id', '=', id).execute();
}

/** Replaces a product's texts with `texts` (language code -> name and remark). */
export async function replaceProductTexts(
  trx: Kysely<Database>,
  productId: number,
  texts: ReadonlyMap<string, { name: string; remark: string }>,
): Promise<void> {
  await trx.deleteFrom('finance_product_text').where('product_id', '=', productId).execute();
  const rows = [...texts].map(([language_code, text]) => ({ product_id: productId, language_code, ...text }));
  if (rows.length > 0) await trx.insertInto('finance_product_text').values(rows).execute();
}

/**
 * Adds `amountMinor` to what has been sold of an open product, only if it stays within the quota:
 * the one statement that decides the quota, so two purchases racing for its last part cannot both
 * have it. Answers whether it did.
 */
export async function takeQuota(
  trx: Kysely<Database>,
  productId: number,
  amountMinor: bigint,
): Promise<boolean> {
  const result = await trx
    .updateTable('finance_product')
    .set((eb) => ({
      sold_minor: eb('sold_minor', '+', amountMinor),
      order_count: eb('order_count', '+', 1),
    }))
    .where('id', '=', productId)
    .where('enabled', '=', 1)
    .where(sql<boolean>`sold_minor + ${amountMinor} <= quota_minor`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertFinanceOrder(
  trx: Kysely<Database>,
  row: Insertable<FinanceOrderTable>,
): Promise<number> {
  const inserted = await trx
    .insertInto('finance_order')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(inserted.id);
  await trx.insertInto('finance_order_open').values({ id, end_at: row.end_at }).execute();
  return id;
}

const END_COLUMNS = [
  'e.state',
  'e.fee_minor',
  'e.refund_minor',
  'e.settle_tick_id',
  'e.settle_tick_time_ms',
  'e.settle_price_minor',
  'e.payout_vc_id',
  'e.payout_minor',
  'e.income_minor',
  'e.ended_at',
] as const;

function ordersWithEnds(db: Kysely<Database>) {
  return db
    .selectFrom('finance_order as o')
    .leftJoin('finance_order_end as e', 'e.order_id', 'o.id')
    .selectAll('o')
    .select(END_COLUMNS);
}

export async function financeOrderById(
  db: Kysely<Database>,
  id: number,
): Promise<FinanceOrderWithEnd | undefined> {
  return ordersWithEnds(db).where('o.id', '=', id).executeTakeFirst();
}

/** A page of one user's orders, newest first: the holding ones or the ended ones. */
export async function userFinanceOrders(
  db: Kysely<Database>,
  userId: number,
  scope: 'holding' | 'history',
  page: { cursor?: number | undefined; limit: number },
): Promise<FinanceOrderWithEnd[]> {
  let query = ordersWithEnds(db).where('o.user_id', '=', userId);
  query =
    scope === 'holding' ? query.where('e.order_id', 'is', null) : query.where('e.order_id', 'is not', null);
  if (page.cursor !== undefined) query = query.where('o.id', '<', page.cursor);
  return query
    .orderBy('o.id', 'desc')
    .limit(page.limit + 1)
    .execute();
}

/** Every order of a user still held (the overview sums them; a user holds few). */
export async function heldFinanceOrders(db: Kysely<Database>, userId: number): Promise<FinanceOrderRow[]> {
  return db
    .selectFrom('finance_order as o')
    .innerJoin('finance_order_open as p', 'p.id', 'o.id')
    .selectAll('o')
    .where('o.user_id', '=', userId)
    .execute();
}

/** The income of a user's settled orders, per payout currency. */
export async function settledIncome(
  db: Kysely<Database>,
  userId: number,
): Promise<{ vc_id: number; income: bigint }[]> {
  const rows = await db
    .selectFrom('finance_order_end as e')
    .innerJoin('finance_order as o', 'o.id', 'e.order_id')
    .select([
      'e.payout_vc_id as vc_id',
      (eb) => eb.fn.sum<bigint | number | string>('e.income_minor').as('income'),
    ])
    .where('o.user_id', '=', userId)
    .where('e.state', '=', 'settled')
    .groupBy('e.payout_vc_id')
    .execute();
  return rows.map((row) => ({ vc_id: Number(row.vc_id), income: BigInt(row.income ?? 0) }));
}

/** The console's page of orders: held ones by end instant, ended ones newest first. */
export async function consoleFinanceOrders(
  db: Kysely<Database>,
  scope: 'holding' | 'history',
  page: { userId?: number | undefined; cursor?: number | undefined; limit: number },
) {
  let query = ordersWithEnds(db).innerJoin('users as u', 'u.id', 'o.user_id').select('u.username');
  if (page.userId !== undefined) query = query.where('o.user_id', '=', page.userId);
  if (scope === 'holding') {
    query = query.where('e.order_id', 'is', null);
    // The cursor of the holding list is an offset: it is ordered by end instant, not by id.
    return query
      .orderBy('o.end_at')
      .orderBy('o.id')
      .offset(page.cursor ?? 0)
      .limit(page.limit + 1)
      .execute();
  }
  query = query.where('e.order_id', 'is not', null);
  if (page.cursor !== undefined) query = query.where('o.id', '<', page.cursor);
  return query
    .orderBy('o.id', 'desc')
    .limit(page.limit + 1)
    .execute();
}

export async function financeSettlements(
  db: Kysely<Database>,
  page: { cursor?: number | undefined; limit: number },
) {
  let query = db.selectFrom('finance_settlement').selectAll();
  if (page.cursor !== undefined) query = query.where('id', '<', page.cursor);
  return query
    .orderBy('id', 'desc')
    .limit(page.limit + 1)
    .execute();
}

/**
 * The held orders ended by `now`, whole, in end order, after (`endAt`, `id`): the settler's page of
 * due orders, read through the index by end instant.
 */
export async function dueOrders(
  db: Kysely<Database>,
  now: number,
  after: { endAt: number; id: number },
  limit: number,
): Promise<FinanceOrderRow[]> {
  let query = db
    .selectFrom('finance_order_open as p')
    .innerJoin('finance_order as o', 'o.id', 'p.id')
    .selectAll('o')
    .where('p.end_at', '<=', now);
  if (after.endAt !== -Infinity)
    query = query.where((eb) =>
      eb.or([
        eb('p.end_at', '>', after.endAt),
        eb.and([eb('p.end_at', '=', after.endAt), eb('p.id', '>', after.id)]),
      ]),
    );
  return query.orderBy('p.end_at').orderBy('p.id').limit(limit).execute();
}

/** The earliest end of a held order, or null when none is held. */
export async function earliestEnd(db: Kysely<Database>): Promise<number | null> {
  const row = await db
    .selectFrom('finance_order_open')
    .select((eb) => eb.fn.min('end_at').as('first'))
    .executeTakeFirst();
  return row?.first === null || row?.first === undefined ? null : Number(row.first);
}

/**
 * Takes orders out of the held ones and answers the ids this call took: an id already gone was
 * redeemed or settled first, and whoever took it alone writes its end and moves its money.
 */
export async function closeHeldOrders(
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

const closeRows = rowsStatementPerDialect(
  (dialect) =>
    new RowsStatement(
      dialect,
      ['bigint'],
      (ids) => `DELETE FROM finance_order_open WHERE id IN (${ids}) RETURNING id`,
      {
        flat: true,
      },
    ),
);

export type NewFinanceEnd = Insertable<FinanceOrderEndTable>;

const END_FIELDS = [
  'order_id',
  'state',
  'fee_minor',
  'refund_minor',
  'settle_batch_id',
  'settle_tick_id',
  'settle_tick_time_ms',
  'settle_price_minor',
  'payout_vc_id',
  'payout_minor',
  'income_minor',
  'ended_at',
] as const;

const endRows = rowsStatementPerDialect(
  (dialect) =>
    new RowsStatement(
      dialect,
      [
        'bigint',
        'plain',
        'bigint',
        'bigint',
        'bigint',
        'bigint',
        'bigint',
        'bigint',
        'bigint',
        'bigint',
        'bigint',
        'bigint',
      ],
      (rows) => `INSERT INTO finance_order_end (${END_FIELDS.join(', ')}) VALUES ${rows}`,
    ),
);

export async function insertEnds(
  trx: Kysely<Database>,
  dialect: Dialect,
  rows: readonly NewFinanceEnd[],
): Promise<void> {
  await endRows(dialect).run(trx, rows, (row, values) => {
    for (const field of END_FIELDS) values.push(row[field] ?? null);
  });
}

export async function insertFinanceSettlement(
  trx: Kysely<Database>,
  row: Insertable<Database['finance_settlement']>,
): Promise<number> {
  const inserted = await trx
    .insertInto('finance_settlement')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}
