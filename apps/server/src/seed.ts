import type { Kysely } from 'kysely';
import type { Database } from './db/schema.ts';
import { seedFunding } from './modules/funding/funding-seed.ts';
import { seedDemoOpeningBalance } from './modules/funding/opening-balance-seed.ts';
import { seedMarket } from './modules/market/market-seed.ts';
import { demoOperatorHashes, seedOperators } from './modules/operators/operators-seed.ts';
import { seedPayment } from './modules/payment/payment-seed.ts';
import { seedSpot } from './modules/spot/spot-seed.ts';
import { seedContracts } from './modules/contract/contract-seed.ts';
import { seedFinance } from './modules/finance/finance-seed.ts';
import { takeSeedLock } from './modules/storage/seed-lock-repository.ts';
import { seedSystem } from './modules/system/system-seed.ts';
import { seedTiming } from './modules/timing/timing-seed.ts';
import { demoPasswordHashes, seedUsers } from './modules/users/users-seed.ts';

export { DEFAULT_CONFIG } from './modules/system/system-seed.ts';
export { DEMO_ACCOUNTS } from './modules/users/users-seed.ts';

/**
 * Demo data for a fresh database. Each module seeds its own tables; every step only inserts what is
 * missing, so running the seed again (each start does) never duplicates or overwrites what
 * operators changed. All steps share one transaction, so a failed seed leaves nothing half done.
 */
export async function seed(db: Kysely<Database>, now = Date.now()): Promise<void> {
  // Password hashing is slow, so it happens before the transaction, which then stays short.
  const [userHashes, operatorHashes] = await Promise.all([demoPasswordHashes(), demoOperatorHashes()]);
  await db.transaction().execute(async (trx) => {
    await takeSeedLock(trx);
    await seedSystem(trx, now);
    // The steps below look coins up by symbol, so the coins come first; the payment step bumps
    // cache versions, so the system step has created them before.
    await seedMarket(trx, now);
    await seedTiming(trx);
    await seedSpot(trx, now);
    await seedContracts(trx, now);
    await seedFinance(trx, now);
    await seedFunding(trx, now);
    await seedPayment(trx, now);
    await seedUsers(trx, userHashes, now);
    await seedOperators(trx, operatorHashes, now);
    // The demo member's opening balance names the member and the administrator, so it comes last.
    await seedDemoOpeningBalance(trx, now);
  });
}
