import { adjustmentEntry } from '@vela/domain';
import type { Storage } from '../../apps/server/src/db/database.ts';
import { migrateToLatest } from '../../apps/server/src/db/migrate.ts';
import { seed } from '../../apps/server/src/seed.ts';
import { createMoney, type Money } from '../../apps/server/src/modules/ledger/money.ts';

/**
 * `count` users named `<prefix><n>`, inserted 500 at a time, each funded with `amountMinor` of the
 * coin by an audited adjustment written in bulk, 2,000 at a time: the benchmarks' traders. Answers
 * their ids in order.
 */
export async function fundedBenchUsers(
  storage: Storage,
  money: Money,
  options: { count: number; prefix: string; vcId: number; amountMinor: bigint },
): Promise<number[]> {
  const { count, prefix, vcId, amountMinor } = options;
  const now = Date.now();
  const users: number[] = [];
  for (let i = 0; i < count; i += 500) {
    const rows = Array.from({ length: Math.min(500, count - i) }, (_, j) => ({
      username: `${prefix}${i + j}`,
      username_key: `${prefix}${i + j}`,
      login_pwd_hash: 'x',
      user_type: 1,
      register_way: 'bench',
      nickname: `${prefix}${i + j}`,
      created_at: now,
    }));
    users.push(
      ...(await storage.db.insertInto('users').values(rows).returning('id').execute()).map((r) => r.id),
    );
  }
  for (let i = 0; i < users.length; i += 2_000) {
    const slice = users.slice(i, i + 2_000);
    await storage.db.transaction().execute(async (trx) => {
      const rows = await trx
        .insertInto('balance_adjustment')
        .values(
          slice.map((userId) => ({
            user_id: userId,
            vc_id: vcId,
            operator_id: 0,
            delta_minor: amountMinor,
            reason: 'bench',
            created_at: now,
          })),
        )
        .returning(['id', 'user_id'])
        .execute();
      await money.ledger.post(
        trx,
        rows.map((row) =>
          adjustmentEntry({ refType: 'adjustment', refId: row.id }, row.user_id, vcId, amountMinor),
        ),
      );
    });
  }
  return users;
}

/** A migrated, seeded database with funded traders: what the database benchmarks start from. */
export interface BenchStage {
  storage: Storage;
  money: Money;
  users: number[];
  usdtId: number;
  btcId: number;
}

/** Migrates and seeds `storage`, then funds `count` traders named `<prefix><n>` in USDT. */
export async function benchStage(
  storage: Storage,
  traders: { count: number; prefix: string; amountMinor: bigint },
): Promise<BenchStage> {
  await migrateToLatest(storage);
  await seed(storage.db);
  const money = createMoney(storage);
  const coin = async (symbol: string) =>
    (await storage.db.selectFrom('vc').select('id').where('symbol', '=', symbol).executeTakeFirstOrThrow())
      .id;
  const usdtId = await coin('USDT');
  const users = await fundedBenchUsers(storage, money, { ...traders, vcId: usdtId });
  return { storage, money, users, usdtId, btcId: await coin('BTC') };
}
