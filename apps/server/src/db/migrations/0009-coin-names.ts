import type { Kysely } from 'kysely';

/**
 * Coin names per language (decision 025). `vc.name` stays the coin's default name, used for a
 * language that has none here; symbols are never translated. One row per coin and language code
 * (the app's own codes: `kr`, `zh-TW`…), read whole into memory with the coin list, so the primary
 * key is the only index needed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('vc_name')
    .addColumn('vc_id', 'bigint', (c) => c.notNull().references('vc.id'))
    .addColumn('language_code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('vc_name_pk', ['vc_id', 'language_code'])
    .execute();
}
