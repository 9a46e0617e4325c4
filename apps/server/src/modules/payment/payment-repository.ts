import { PostgresAdapter, sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type {
  Database,
  RealNameVerificationTable,
  UploadTable,
  UserBankCardTable,
  UserWalletAddressTable,
  UserZskAccountTable,
} from '../../db/schema.ts';

/**
 * Storage of the payment module. Every function takes `db` first, so a transaction passes straight
 * through. Lists of a user's methods leave out rows customer service removed unless the console
 * asks for them; lookups by id do not, so an operator (and a withdrawal made before the removal)
 * still finds them.
 */

/** Options of the lists of a user's methods; the console's list shows removed rows too. */
export interface MethodListOptions {
  includeRemoved?: boolean;
}

// ---- reference lists ----------------------------------------------------------------------------

export function listBanks(db: Kysely<Database>) {
  return db
    .selectFrom('bank')
    .select(['id', 'code', 'name', 'country'])
    .where('enabled', '=', 1)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export function findBank(db: Kysely<Database>, id: number) {
  return db.selectFrom('bank').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Enabled chains of enabled coins, in coin order then chain order. */
export function listChains(db: Kysely<Database>) {
  return db
    .selectFrom('vc_chain as c')
    .innerJoin('vc', 'vc.id', 'c.vc_id')
    .select(['c.id', 'c.vc_id', 'vc.symbol', 'c.chain_name'])
    .where('c.enabled', '=', 1)
    .where('vc.enabled', '=', 1)
    .orderBy('vc.sort')
    .orderBy('c.sort')
    .orderBy('c.id')
    .execute();
}

export function findChain(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('vc_chain as c')
    .innerJoin('vc', 'vc.id', 'c.vc_id')
    .select([
      'c.id',
      'c.vc_id',
      'vc.symbol',
      'c.chain_name',
      'c.address_format',
      'c.enabled',
      'vc.enabled as vc_enabled',
    ])
    .where('c.id', '=', id)
    .executeTakeFirst();
}

// ---- bank cards ---------------------------------------------------------------------------------

const bankCardColumns = [
  'card.id',
  'card.user_id',
  'card.bank_id',
  'bank.name as bank_name',
  'bank.country as bank_country',
  'card.card_number',
  'card.holder_name',
  'card.branch_address',
  'card.branch_code',
  'card.id_card_number',
  'card.cci',
  'card.katakana',
  'card.zsk_id',
  'card.created_at',
  'card.updated_at',
  'card.updated_reason',
  'card.removed_at',
  'card.removed_reason',
] as const;

function bankCards(db: Kysely<Database>) {
  return db
    .selectFrom('user_bank_card as card')
    .innerJoin('bank', 'bank.id', 'card.bank_id')
    .select(bankCardColumns);
}
export type BankCardRow = Awaited<ReturnType<ReturnType<typeof bankCards>['executeTakeFirstOrThrow']>>;

export function listBankCards(
  db: Kysely<Database>,
  userId: number,
  options: MethodListOptions = {},
): Promise<BankCardRow[]> {
  return bankCards(db)
    .where('card.user_id', '=', userId)
    .$if(!options.includeRemoved, (query) => query.where('card.removed_at', 'is', null))
    .orderBy('card.id')
    .execute();
}

export function findBankCard(db: Kysely<Database>, id: number): Promise<BankCardRow | undefined> {
  return bankCards(db).where('card.id', '=', id).executeTakeFirst();
}

export async function insertBankCard(
  db: Kysely<Database>,
  row: Insertable<UserBankCardTable>,
): Promise<number> {
  const inserted = await db
    .insertInto('user_bank_card')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

// ---- wallet addresses ---------------------------------------------------------------------------

function walletAddresses(db: Kysely<Database>) {
  return db
    .selectFrom('user_wallet_address as w')
    .innerJoin('vc_chain as c', 'c.id', 'w.chain_id')
    .innerJoin('vc', 'vc.id', 'w.vc_id')
    .select([
      'w.id',
      'w.user_id',
      'w.vc_id',
      'vc.symbol',
      'w.chain_id',
      'c.chain_name',
      'c.address_format',
      'w.address',
      'w.address_key',
      'w.remark',
      'w.created_at',
      'w.updated_at',
      'w.updated_reason',
      'w.removed_at',
      'w.removed_reason',
    ]);
}
export type WalletAddressRow = Awaited<
  ReturnType<ReturnType<typeof walletAddresses>['executeTakeFirstOrThrow']>
>;

export function listWalletAddresses(
  db: Kysely<Database>,
  userId: number,
  options: MethodListOptions = {},
): Promise<WalletAddressRow[]> {
  return walletAddresses(db)
    .where('w.user_id', '=', userId)
    .$if(!options.includeRemoved, (query) => query.where('w.removed_at', 'is', null))
    .orderBy('w.id')
    .execute();
}

export function findWalletAddress(db: Kysely<Database>, id: number): Promise<WalletAddressRow | undefined> {
  return walletAddresses(db).where('w.id', '=', id).executeTakeFirst();
}

export async function insertWalletAddress(
  db: Kysely<Database>,
  row: Insertable<UserWalletAddressTable>,
): Promise<number> {
  const inserted = await db
    .insertInto('user_wallet_address')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

// ---- fast-payment accounts ----------------------------------------------------------------------

export type ZskAccountRow = Selectable<UserZskAccountTable>;

export function listZskAccounts(
  db: Kysely<Database>,
  userId: number,
  options: MethodListOptions = {},
): Promise<ZskAccountRow[]> {
  return db
    .selectFrom('user_zsk_account')
    .selectAll()
    .where('user_id', '=', userId)
    .$if(!options.includeRemoved, (query) => query.where('removed_at', 'is', null))
    .orderBy('id')
    .execute();
}

export function findZskAccount(db: Kysely<Database>, id: number): Promise<ZskAccountRow | undefined> {
  return db.selectFrom('user_zsk_account').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertZskAccount(
  db: Kysely<Database>,
  row: Insertable<UserZskAccountTable>,
): Promise<number> {
  const inserted = await db
    .insertInto('user_zsk_account')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

// ---- customer service's changes ------------------------------------------------------------------

export const METHOD_TABLES = {
  BANK_CARD: 'user_bank_card',
  WALLET_ADDRESS: 'user_wallet_address',
  ZSK_ACCOUNT: 'user_zsk_account',
} as const;
type MethodTable = (typeof METHOD_TABLES)[keyof typeof METHOD_TABLES];

/** Changes a live method; answers whether a row changed (false: missing or already removed). */
export async function updateMethod<T extends MethodTable>(
  db: Kysely<Database>,
  table: T,
  id: number,
  changes: Updateable<Database[T]>,
): Promise<boolean> {
  const result = await (db as Kysely<Database>)
    .updateTable(table as MethodTable)
    .set(changes as never)
    .where('id', '=', id)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// ---- uploads ------------------------------------------------------------------------------------

export type UploadRow = Selectable<UploadTable>;
export type UploadInfoRow = Omit<UploadRow, 'content'>;

export async function insertUpload(db: Kysely<Database>, row: Insertable<UploadTable>): Promise<number> {
  const inserted = await db.insertInto('upload').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/**
 * Stores an upload unless its user already has `cap` uploads since `since`; answers the new id, or
 * null when the cap is reached. The count and the insert run in one transaction under a lock on the
 * user: PostgreSQL takes the user's row lock, so concurrent uploads of one user (on any node) count
 * one after another; SQLite's transactions take the database's write lock when they begin, which
 * already excludes every other writer. Counting outside the transaction let every concurrent upload
 * pass the same count.
 */
export async function insertUploadWithinCap(
  db: Kysely<Database>,
  row: Insertable<UploadTable>,
  limit: { since: number; cap: number },
): Promise<number | null> {
  const userId = row.user_id;
  if (typeof userId !== 'number') throw new Error('An upload needs the id of its user');
  return db.transaction().execute(async (trx) => {
    if (trx.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`.execute(trx);
    }
    if ((await countUploadsSince(trx, userId, limit.since)) >= limit.cap) return null;
    return insertUpload(trx, row);
  });
}

/** An upload without its image bytes. */
export function findUploadInfo(db: Kysely<Database>, id: number): Promise<UploadInfoRow | undefined> {
  return db
    .selectFrom('upload')
    .select([
      'id',
      'user_id',
      'purpose',
      'mime',
      'width',
      'height',
      'byte_size',
      'sha256',
      'file_name',
      'created_at',
      'used_at',
      'used_by',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findUpload(db: Kysely<Database>, id: number): Promise<UploadRow | undefined> {
  return db.selectFrom('upload').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countUploadsSince(
  db: Kysely<Database>,
  userId: number,
  since: number,
): Promise<number> {
  const row = await db
    .selectFrom('upload')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Deletes a user's uploads that nothing took and that are older than `before`. */
export async function deleteUnusedUploads(
  db: Kysely<Database>,
  userId: number,
  before: number,
): Promise<void> {
  await db
    .deleteFrom('upload')
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('created_at', '<', before)
    .execute();
}

/**
 * Marks an upload as taken, only if it is the user's, of that purpose and not taken yet. One
 * conditional UPDATE, so two requests racing for one image cannot both get it.
 */
export async function markUploadUsed(
  db: Kysely<Database>,
  use: { id: number; userId: number; purpose: string; usedBy: string; now: number },
): Promise<boolean> {
  const result = await db
    .updateTable('upload')
    .set({ used_at: use.now, used_by: use.usedBy })
    .where('id', '=', use.id)
    .where('user_id', '=', use.userId)
    .where('purpose', '=', use.purpose)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// ---- real-name verification -----------------------------------------------------------------------

export type VerificationRow = Selectable<RealNameVerificationTable>;

export function latestVerification(
  db: Kysely<Database>,
  userId: number,
): Promise<VerificationRow | undefined> {
  return db
    .selectFrom('real_name_verification')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** A pending or approved verification of this document, whoever holds it. */
export function openVerificationOfDocument(db: Kysely<Database>, certType: string, certNumber: string) {
  return db
    .selectFrom('real_name_verification')
    .select(['id', 'user_id', 'status'])
    .where('cert_type', '=', certType)
    .where('cert_number', '=', certNumber)
    .where('status', 'in', ['PENDING', 'APPROVED'])
    .executeTakeFirst();
}

export async function insertVerification(
  db: Kysely<Database>,
  row: Insertable<RealNameVerificationTable>,
): Promise<number> {
  const inserted = await db
    .insertInto('real_name_verification')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

function verificationRecords(db: Kysely<Database>) {
  return db
    .selectFrom('real_name_verification as v')
    .innerJoin('users as u', 'u.id', 'v.user_id')
    .selectAll('v')
    .select('u.username');
}
export type VerificationRecordRow = VerificationRow & { username: string };

export function findVerificationRecord(
  db: Kysely<Database>,
  id: number,
): Promise<VerificationRecordRow | undefined> {
  return verificationRecords(db).where('v.id', '=', id).executeTakeFirst();
}

/**
 * Verifications by state and user, keyset paged: oldest first (a review queue is worked from its
 * head) unless `newestFirst` (a history); `afterId` is the last id of the previous page.
 */
export function listVerificationRecords(
  db: Kysely<Database>,
  filter: {
    status?: string | undefined;
    userId?: number | undefined;
    afterId?: number | undefined;
    newestFirst?: boolean;
    limit: number;
  },
): Promise<VerificationRecordRow[]> {
  let query = verificationRecords(db);
  if (filter.status !== undefined) query = query.where('v.status', '=', filter.status);
  if (filter.userId !== undefined) query = query.where('v.user_id', '=', filter.userId);
  if (filter.afterId !== undefined) {
    query = query.where('v.id', filter.newestFirst ? '<' : '>', filter.afterId);
  }
  return query
    .orderBy('v.id', filter.newestFirst ? 'desc' : 'asc')
    .limit(filter.limit)
    .execute();
}

/** Moves a pending verification to its decision; false when it is not pending (any more). */
export async function decideVerification(
  db: Kysely<Database>,
  id: number,
  decision: { status: 'APPROVED' | 'REJECTED'; rejectReason: string | null; operatorId: number; now: number },
): Promise<boolean> {
  const result = await db
    .updateTable('real_name_verification')
    .set({
      status: decision.status,
      reject_reason: decision.rejectReason,
      reviewed_at: decision.now,
      reviewed_by: decision.operatorId,
    })
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The user's real-name status. The user must exist: asking about an unknown id throws. */
export async function getUserRealNameStatus(db: Kysely<Database>, userId: number): Promise<string> {
  const row = await db
    .selectFrom('users')
    .select('real_name_status')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.real_name_status;
}

export async function setUserRealNameStatus(
  db: Kysely<Database>,
  userId: number,
  status: string,
): Promise<void> {
  await db.updateTable('users').set({ real_name_status: status }).where('id', '=', userId).execute();
}

/** Adds the banks whose code is not in the database yet, and answers how many it added. */
export async function insertMissingBanks(
  db: Kysely<Database>,
  rows: readonly Insertable<Database['bank']>[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const result = await db
    .insertInto('bank')
    .values(rows)
    .onConflict((oc) => oc.column('code').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n);
}

/** Adds the chains a coin does not have yet (by chain name), and answers how many it added. */
export async function insertMissingChains(
  db: Kysely<Database>,
  rows: readonly Insertable<Database['vc_chain']>[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const result = await db
    .insertInto('vc_chain')
    .values(rows)
    .onConflict((oc) => oc.columns(['vc_id', 'chain_name']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n);
}
