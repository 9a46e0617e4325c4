import { sql, type Kysely } from 'kysely';

/**
 * Configuration items that were published to every visitor and read by nothing (decision 037): a
 * setting nobody enforces tells operators and users a rule that does not hold. The seed only adds
 * what is missing, so the rows of existing installations are deleted here, and SYS_CONFIG moves so
 * that clients drop their cached copy.
 *
 * - REGISTER `defaultUserPassword`: no endpoint creates users with it, and a password has no place
 *   in a public answer.
 * - PORTAL `registerPath`: the app's register route is fixed (/register).
 * - RECHARGE `voucherRequired`: every deposit needs a voucher (docs/product.md, "Deposits and
 *   withdrawals"); the request refuses one without it whatever the setting said.
 * - GLOBAL `platformCode`, `defaultTradeType`, `dayCountBasis`: no screen or rule used them.
 */
export const UNREAD_SETTINGS = [
  ['REGISTER', 'defaultUserPassword'],
  ['PORTAL', 'registerPath'],
  ['RECHARGE', 'voucherRequired'],
  ['GLOBAL', 'platformCode'],
  ['GLOBAL', 'defaultTradeType'],
  ['GLOBAL', 'dayCountBasis'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [group, key] of UNREAD_SETTINGS) {
    await sql`DELETE FROM sys_config WHERE config_group = ${group} AND config_key = ${key}`.execute(db);
  }
  // As bumpCacheVersion does: the version only ever moves forward. A new database has no version
  // yet (the seed writes it), and nothing to drop from clients' caches.
  await sql`UPDATE cache_version SET finish_update_time = CASE
      WHEN ${Date.now()} > finish_update_time THEN ${Date.now()} ELSE finish_update_time + 1 END
    WHERE cache_type = 'SYS_CONFIG'`.execute(db);
}
