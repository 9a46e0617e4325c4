import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** A user's favourite coins and chart settings. */

/** Favourites of enabled tradable coins, in the order they were added. */
export async function listFavourites(db: Kysely<Database>, userId: number): Promise<{ vcId: number }[]> {
  const rows = await db
    .selectFrom('user_favor_vc as f')
    .innerJoin('vc', 'vc.id', 'f.vc_id')
    .select('f.vc_id')
    .where('f.user_id', '=', userId)
    .where('vc.enabled', '=', 1)
    .where('vc.settle_vc', '=', 0)
    .orderBy('f.created_at')
    .orderBy('f.vc_id')
    .execute();
  return rows.map((row) => ({ vcId: row.vc_id }));
}

/**
 * Adds a favourite once; adding it again changes nothing (its place in the list stays). The order
 * key is strictly increasing per user, so two adds in the same millisecond keep their order.
 */
export async function addFavourite(db: Kysely<Database>, userId: number, vcId: number, now: number) {
  await db
    .insertInto('user_favor_vc')
    .values((eb) => ({
      user_id: userId,
      vc_id: vcId,
      created_at: eb
        .selectFrom('user_favor_vc')
        .select(
          sql<number>`case when coalesce(max(created_at), 0) >= ${now} then max(created_at) + 1 else ${now} end`.as(
            'created_at',
          ),
        )
        .where('user_id', '=', userId),
    }))
    .onConflict((oc) => oc.columns(['user_id', 'vc_id']).doNothing())
    .execute();
}

export async function deleteFavourite(db: Kysely<Database>, userId: number, vcId: number) {
  await db.deleteFrom('user_favor_vc').where('user_id', '=', userId).where('vc_id', '=', vcId).execute();
}

export async function loadChartSettings(db: Kysely<Database>, userId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('user_chart_settings')
    .select('settings')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.settings;
}

export async function saveChartSettings(db: Kysely<Database>, userId: number, json: string, now: number) {
  await db
    .insertInto('user_chart_settings')
    .values({ user_id: userId, settings: json, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ settings: json, updated_at: now }))
    .execute();
}
