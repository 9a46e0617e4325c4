import { Migrator, type Kysely, type Migration, type MigrationResultSet } from 'kysely';
import type { Storage } from './database.ts';
import * as foundation from './migrations/0001-foundation.ts';
import * as markets from './migrations/0002-markets.ts';
import * as ledger from './migrations/0003-ledger.ts';
import * as paymentIdentity from './migrations/0004-payment-identity.ts';
import * as operators from './migrations/0005-operators.ts';
import * as funding from './migrations/0006-funding.ts';
import * as timing from './migrations/0007-timing.ts';
import * as settlementBatches from './migrations/0008-settlement-batches.ts';
import * as coinNames from './migrations/0009-coin-names.ts';
import * as openOrders from './migrations/0010-open-orders.ts';
import * as feedSecrets from './migrations/0011-feed-secrets.ts';
import * as openingTicks from './migrations/0012-opening-ticks.ts';
import * as unreadSettings from './migrations/0013-unread-settings.ts';
import * as openingOnRead from './migrations/0014-opening-on-read.ts';
import * as depositTxHash from './migrations/0015-deposit-tx-hash.ts';
import * as spot from './migrations/0016-spot.ts';
import * as contracts from './migrations/0017-contracts.ts';
import * as finance from './migrations/0018-finance.ts';
import * as teams from './migrations/0019-teams.ts';

/**
 * The one list of migrations, applied in name order on both dialects. A migration is never edited
 * once released; a change is a new file.
 */
const MIGRATIONS = {
  '0001-foundation': foundation,
  '0002-markets': markets,
  '0003-ledger': ledger,
  '0004-payment-identity': paymentIdentity,
  '0005-operators': operators,
  '0006-funding': funding,
  '0007-timing': timing,
  '0008-settlement-batches': settlementBatches,
  '0009-coin-names': coinNames,
  '0010-open-orders': openOrders,
  '0011-feed-secrets': feedSecrets,
  '0012-opening-ticks': openingTicks,
  '0013-unread-settings': unreadSettings,
  '0014-opening-on-read': openingOnRead,
  '0015-deposit-tx-hash': depositTxHash,
  '0016-spot': spot,
  '0017-contracts': contracts,
  '0018-finance': finance,
  '0019-teams': teams,
} satisfies Record<string, { up(db: Kysely<unknown>, dialect: Storage['dialect']): Promise<void> }>;

export function migrateToLatest(storage: Storage): Promise<string[]> {
  return migrate(storage, (migrator) => migrator.migrateToLatest());
}

/**
 * Applies the migrations up to and including `name`, and no further: the tests of a migration that
 * converts data build the data in the shape the previous migration left.
 */
export function migrateTo(storage: Storage, name: keyof typeof MIGRATIONS): Promise<string[]> {
  return migrate(storage, (migrator) => migrator.migrateTo(name));
}

async function migrate(
  storage: Storage,
  run: (migrator: Migrator) => Promise<MigrationResultSet>,
): Promise<string[]> {
  const migrations: Record<string, Migration> = {};
  for (const [name, migration] of Object.entries(MIGRATIONS)) {
    migrations[name] = { up: (db) => migration.up(db, storage.dialect) };
  }
  const migrator = new Migrator({
    db: storage.db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await run(migrator);
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
