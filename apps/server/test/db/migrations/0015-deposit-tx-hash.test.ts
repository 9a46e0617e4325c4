import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { isUniqueViolation } from '../../../src/db/errors.ts';
import { migrateTo } from '../../../src/db/migrate.ts';
import { createTestStorage, EXPECTED_DIALECT, type TestStorage } from '../../helpers/test-app.ts';

/**
 * Migration 0015 gives deposits their transaction hash, unique among deposits, and makes the
 * payer optional (crypto deposits have none). Deposits made before keep every column. Runs on SQLite
 * and on PostgreSQL.
 */
describe(`migration 0015: deposits name their transaction (${EXPECTED_DIALECT})`, () => {
  let ts: TestStorage;
  beforeAll(async () => {
    ts = await createTestStorage();
    await migrateTo(ts.storage, '0014-opening-on-read');
  });
  afterAll(async () => {
    await ts.dispose();
  });

  it('keeps earlier deposits, allows a deposit without a payer, and refuses a hash twice', async () => {
    const db = ts.storage.db as unknown as Kysely<unknown>;
    const now = 1_790_000_000_000;
    const id = async (query: ReturnType<typeof sql<{ id: number }>>) => {
      const row = (await query.execute(db)).rows[0];
      if (!row) throw new Error('no row');
      return Number(row.id);
    };
    const userId = await id(sql`
      INSERT INTO users (username, username_key, login_pwd_hash, user_type, nickname, register_way, created_at)
      VALUES ('payer', 'payer', 'x', 1, 'payer', 'test', ${now}) RETURNING id`);
    const vcId = await id(sql`
      INSERT INTO vc (symbol, name, type, enabled, settle_vc, price_scale, volume_scale, display_precision,
        icon, sort, sim_start_price_minor, sim_volatility, sim_drift, sim_volume_per_second, created_at,
        wallet, amount_scale)
      VALUES ('USDT', 'Tether', 1, 1, 1, 4, 2, 4, '', 0, 10000, '0', '0', '0', ${now}, 1, 6) RETURNING id`);
    const channelId = await id(sql`
      INSERT INTO funding_channel (direction, method, vc_id, pay_currency, pay_scale, name, chain_name,
        min_amount, fee_rate, rate, created_at)
      VALUES ('recharge', 'chain', ${vcId}, 'USDT', 6, 'USDT · TRC20', 'TRC20', '10', '0', '1', ${now})
      RETURNING id`);
    const earlier = await id(sql`
      INSERT INTO recharge_order (user_id, channel_id, vc_id, pay_amount_minor, fee_minor, receive_minor,
        payer_name, payer_mobile, voucher_upload_id, status, created_at)
      VALUES (${userId}, ${channelId}, ${vcId}, 100000000, 0, 100000000, 'Ana Lima', '+5511912345678', 1,
        'pending', ${now}) RETURNING id`);

    expect(await migrateTo(ts.storage, '0015-deposit-tx-hash')).toEqual(['0015-deposit-tx-hash']);

    const kept = await ts.storage.db
      .selectFrom('recharge_order')
      .selectAll()
      .where('id', '=', earlier)
      .executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ payer_name: 'Ana Lima', payer_mobile: '+5511912345678', tx_hash: null });
    expect(Number(kept.pay_amount_minor)).toBe(100_000_000);

    const insert = (txHash: string | null) =>
      ts.storage.db
        .insertInto('recharge_order')
        .values({
          user_id: userId,
          channel_id: channelId,
          vc_id: vcId,
          pay_amount_minor: 1n,
          fee_minor: 0n,
          receive_minor: 1n,
          credited_minor: null,
          payer_name: null,
          payer_mobile: null,
          voucher_upload_id: 2,
          status: 'pending',
          created_at: now,
          tx_hash: txHash,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const first = await insert('a'.repeat(64));
    // A new deposit takes the next id after the kept one.
    expect(Number(first.id)).toBeGreaterThan(earlier);
    await insert(null);
    await insert(null);
    const twice = await insert('a'.repeat(64)).then(
      () => null,
      (error: unknown) => error,
    );
    expect(isUniqueViolation(twice)).toBe(true);
  });
});
