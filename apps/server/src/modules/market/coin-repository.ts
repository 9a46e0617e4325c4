import { sql, type Insertable, type Kysely } from 'kysely';
import type { RecordedTick } from '@vela/domain';
import type { LocaleCode } from '@vela/i18n';
import type { Database, NewVc, VcNameRow, VcRow } from '../../db/schema.ts';
import { bumpCacheVersion } from '../system/cache-versions.ts';

/**
 * Coins and the timed-trade configuration. Every function takes `db` first, so a transaction passes
 * straight through. Writers bump the cache versions of what they change (VC, VC_TIMING_TRADE_CONFIG)
 * in the same transaction, so clients and the in-memory caches of every node see the change.
 */

export function listCoins(db: Kysely<Database>): Promise<VcRow[]> {
  return db.selectFrom('vc').selectAll().orderBy('sort').orderBy('id').execute();
}

/** The ids of the coins with these symbols; a symbol not in the database is left out. */
export async function coinIdsBySymbol(
  db: Kysely<Database>,
  symbols: readonly string[],
): Promise<Map<string, number>> {
  if (symbols.length === 0) return new Map();
  const coins = await db.selectFrom('vc').select(['id', 'symbol']).where('symbol', 'in', symbols).execute();
  return new Map(coins.map((coin) => [coin.symbol, coin.id]));
}

/** Every coin's names per language (decision 025); a few hundred short rows, read whole. */
export function listCoinNames(db: Kysely<Database>): Promise<VcNameRow[]> {
  return db.selectFrom('vc_name').selectAll().execute();
}

/**
 * Sets a coin's name in one language, or removes it (`null`) so the coin's default name shows in
 * that language. Bumps VC: the lists that carry names are answered anew.
 */
export async function setCoinName(
  db: Kysely<Database>,
  vcId: number,
  locale: LocaleCode,
  name: string | null,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (name === null) {
      await trx.deleteFrom('vc_name').where('vc_id', '=', vcId).where('language_code', '=', locale).execute();
    } else {
      await trx
        .insertInto('vc_name')
        .values({ vc_id: vcId, language_code: locale, name })
        .onConflict((oc) => oc.columns(['vc_id', 'language_code']).doUpdateSet({ name }))
        .execute();
    }
    await bumpCacheVersion(trx, 'VC');
  });
}

export function findCoin(db: Kysely<Database>, id: number): Promise<VcRow | undefined> {
  return db.selectFrom('vc').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface TimingConfigRow {
  vcId: number;
  settleVcId: number;
  enabled: boolean;
  periods: {
    seconds: number;
    payoutRate: string;
    minAmount: string;
    maxAmount: string | null;
    enabled: boolean;
  }[];
}

/**
 * The enabled configurations of enabled tradable coins, in configuration order, each with its
 * enabled periods in their sort order. A configuration without any enabled period is left out: it
 * offers nothing to trade.
 */
export async function listTimingConfigs(db: Kysely<Database>): Promise<TimingConfigRow[]> {
  const configs = await db
    .selectFrom('vc_timing_config as tc')
    .innerJoin('vc', 'vc.id', 'tc.vc_id')
    .select(['tc.vc_id', 'tc.sort'])
    .where('tc.enabled', '=', 1)
    .where('vc.enabled', '=', 1)
    .where('vc.settle_vc', '=', 0)
    .orderBy('tc.sort')
    .orderBy('tc.vc_id')
    .execute();
  const periods = await db
    .selectFrom('vc_timing_period')
    .selectAll()
    .where('enabled', '=', 1)
    .orderBy('vc_id')
    .orderBy('sort')
    .orderBy('seconds')
    .execute();
  const byCoin = new Map<number, TimingConfigRow['periods']>();
  for (const period of periods) {
    let list = byCoin.get(period.vc_id);
    if (!list) byCoin.set(period.vc_id, (list = []));
    list.push({
      seconds: period.seconds,
      payoutRate: period.payout_rate,
      minAmount: period.min_amount,
      maxAmount: period.max_amount,
      enabled: true,
    });
  }
  // Every timed trade is staked and paid in the settlement coin.
  const settle = await db
    .selectFrom('vc')
    .select('id')
    .where('settle_vc', '=', 1)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return configs
    .map((config) => ({
      vcId: config.vc_id,
      settleVcId: settle.id,
      enabled: true,
      periods: byCoin.get(config.vc_id) ?? [],
    }))
    .filter((config) => config.periods.length > 0);
}

/** Adds a coin (the admin console's future "add coin"); answers its id. Bumps VC. */
export async function insertCoin(db: Kysely<Database>, coin: NewVc): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.insertInto('vc').values(coin).returning('id').executeTakeFirstOrThrow();
    await bumpCacheVersion(trx, 'VC');
    return row.id;
  });
}

/**
 * Enables or disables a coin. The currency list and the timed-trade configuration both leave out
 * disabled coins, so both versions move.
 */
export async function setCoinEnabled(db: Kysely<Database>, id: number, enabled: boolean): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('vc')
      .set({ enabled: enabled ? 1 : 0 })
      .where('id', '=', id)
      .execute();
    await bumpCacheVersion(trx, 'VC');
    await bumpCacheVersion(trx, 'VC_TIMING_TRADE_CONFIG');
  });
}

/** Changes a coin's type (VcTypeEnum); the currency list moves with it. */
export async function setCoinType(db: Kysely<Database>, id: number, type: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('vc').set({ type }).where('id', '=', id).execute();
    await bumpCacheVersion(trx, 'VC');
  });
}

export async function setTimingConfigEnabled(
  db: Kysely<Database>,
  vcId: number,
  enabled: boolean,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('vc_timing_config')
      .values({ vc_id: vcId, enabled: enabled ? 1 : 0, sort: 0 })
      .onConflict((oc) => oc.column('vc_id').doUpdateSet({ enabled: enabled ? 1 : 0 }))
      .execute();
    await bumpCacheVersion(trx, 'VC_TIMING_TRADE_CONFIG');
  });
}

/** Adds or changes one period of a coin's configuration (creating the configuration if needed). */
export async function saveTimingPeriod(
  db: Kysely<Database>,
  vcId: number,
  period: {
    seconds: number;
    payoutRate: string;
    minAmount: string;
    maxAmount: string | null;
    enabled: boolean;
    sort: number;
  },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('vc_timing_config')
      .values({ vc_id: vcId, enabled: 1, sort: 0 })
      .onConflict((oc) => oc.column('vc_id').doNothing())
      .execute();
    const values = {
      payout_rate: period.payoutRate,
      min_amount: period.minAmount,
      max_amount: period.maxAmount,
      enabled: period.enabled ? 1 : 0,
      sort: period.sort,
    };
    await trx
      .insertInto('vc_timing_period')
      .values({ vc_id: vcId, seconds: period.seconds, ...values })
      .onConflict((oc) => oc.columns(['vc_id', 'seconds']).doUpdateSet(values))
      .execute();
    await bumpCacheVersion(trx, 'VC_TIMING_TRADE_CONFIG');
  });
}

export async function deleteTimingPeriod(db: Kysely<Database>, vcId: number, seconds: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('vc_timing_period')
      .where('vc_id', '=', vcId)
      .where('seconds', '=', seconds)
      .execute();
    await bumpCacheVersion(trx, 'VC_TIMING_TRADE_CONFIG');
  });
}

/**
 * Adds the coins whose symbol is not in the database yet; a coin that exists keeps everything an
 * operator changed. The seed's insert, so no cache version moves.
 */
export async function insertMissingCoins(db: Kysely<Database>, rows: readonly NewVc[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('vc')
    .values(rows)
    .onConflict((oc) => oc.column('symbol').doNothing())
    .execute();
}

/** Adds the coin names that are missing; a name that exists (an operator's, say) is kept. */
export async function insertMissingCoinNames(
  db: Kysely<Database>,
  rows: readonly Insertable<Database['vc_name']>[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('vc_name')
    .values(rows)
    .onConflict((oc) => oc.columns(['vc_id', 'language_code']).doNothing())
    .execute();
}

/** The settlement coin (USDT): stakes and payouts are in it. */
export function settlementCoin(db: Kysely<Database>) {
  return db
    .selectFrom('vc')
    .select(['id', 'symbol', 'amount_scale'])
    .where('settle_vc', '=', 1)
    .orderBy('id')
    .executeTakeFirstOrThrow();
}

/**
 * The coin's latest recorded tick: a placement is refused when it is stale (the feed has stopped);
 * the order itself opens at the next one (decision 035).
 */
export function latestTick(db: Kysely<Database>, vcId: number) {
  return db
    .selectFrom('price_tick')
    .select(['id', 'time_ms', 'price_minor'])
    .where('vc_id', '=', vcId)
    .orderBy('time_ms', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * The coin's recorded ticks from `fromMs` up to and including the first one at or after `toMs` (all
 * of them when that one is not recorded yet), in time order: every tick an order expiring, or
 * accepted, between the two instants may settle or open at (`settlementTick`, `openingTick`). One
 * read serves a whole batch of orders, and the orders whose tick is recorded go ahead.
 */
export async function ticksCovering(
  db: Kysely<Database>,
  vcId: number,
  fromMs: number,
  toMs: number,
): Promise<RecordedTick[]> {
  const rows = await db
    .selectFrom('price_tick')
    .select(['id', 'time_ms', 'price_minor'])
    .where('vc_id', '=', vcId)
    .where('time_ms', '>=', fromMs)
    .where((eb) =>
      eb(
        'time_ms',
        '<=',
        eb.fn.coalesce(
          eb
            .selectFrom('price_tick')
            .select((inner) => inner.fn.min('time_ms').as('last'))
            .where('vc_id', '=', vcId)
            .where('time_ms', '>=', toMs),
          sql<number>`${Number.MAX_SAFE_INTEGER}`,
        ),
      ),
    )
    .orderBy('time_ms')
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    timeMs: Number(row.time_ms),
    priceMinor: BigInt(row.price_minor),
  }));
}
