import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  ACCOUNT_NUMBER_PATTERN,
  CCI_PATTERN,
  DOCUMENT_NUMBER_PATTERN,
  KATAKANA_PATTERN,
  UPLOAD_LIMITS,
  bankCardChangesSchema,
  walletAddressChangesSchema,
  zskAccountChangesSchema,
  type Bank,
  type BankCard,
  type BankCardChanges,
  type BankCardRecord,
  type Chain,
  type ParsedBodyOf,
  type PaymentMethodKind,
  type PaymentMethodRecord,
  type RealNameInfo,
  type RealNameStatus,
  type Upload,
  type UploadMimeType,
  type UploadPurpose,
  type VerificationRecord,
  type VerificationStatus,
  type WalletAddress,
  type WalletAddressRecord,
  type ZskAccount,
  type ZskAccountRecord,
  type endpoints,
} from '@vela/contract';
import type { Database } from '../../db/schema.ts';
import { AppError, fieldError } from '../../errors.ts';
import { BodyValidationError } from '../../http/validation.ts';
import { cacheVersion, VersionedAnswer } from '../system/cache-versions.ts';
import { getConfigValue } from '../system/system-repository.ts';
import type { AccountService } from '../users/account-service.ts';
import { checkAddress } from './address-formats.ts';
import { intakeImage } from './image-intake.ts';
import {
  countUploadsSince,
  decideVerification,
  deleteUnusedUploads,
  findBank,
  findBankCard,
  findChain,
  findUpload,
  findUploadInfo,
  findVerificationRecord,
  findWalletAddress,
  findZskAccount,
  getUserRealNameStatus,
  insertBankCard,
  insertUploadWithinCap,
  insertVerification,
  insertWalletAddress,
  insertZskAccount,
  latestVerification,
  listBankCards,
  listBanks,
  listChains,
  listVerificationRecords,
  listWalletAddresses,
  listZskAccounts,
  markUploadUsed,
  METHOD_TABLES,
  openVerificationOfDocument,
  setUserRealNameStatus,
  updateMethod,
  type BankCardRow,
  type MethodListOptions,
  type UploadInfoRow,
} from './payment-repository.ts';
import {
  toBankCard,
  toBankCardRecord,
  toVerification,
  toVerificationRecord,
  toWalletAddress,
  toWalletAddressRecord,
  toZskAccount,
  toZskAccountRecord,
} from './payment-view.ts';
import { isUniqueViolation } from '../../db/errors.ts';

type PaymentApi = typeof endpoints.payment;
type Db = Kysely<Database>;

export interface PaymentServiceDeps {
  db: Db;
  accounts: Pick<AccountService, 'verifyCredentials'>;
  now?: () => number;
}

/** Who may read an upload: its owner, or any operator (the console checks the operator's role). */
export type UploadViewer = { userId: number } | { operator: true };

export interface StoredUpload extends Upload {
  userId: number;
  fileName: string | null;
  createdAt: number;
  usedAt: number | null;
  usedBy: string | null;
  content: Buffer;
}

/** The field a duplicate is reported on, per kind: the one that makes two methods the same. */
const DUPLICATE_FIELD: Record<PaymentMethodKind, string> = {
  BANK_CARD: 'cardNumber',
  WALLET_ADDRESS: 'vcAccount',
  ZSK_ACCOUNT: 'zskId',
};

const DAY_MS = 86_400_000;
/** Uploads nothing took within a week are abandoned (a closed form, a replaced photo). */
const UNUSED_UPLOAD_TTL_MS = 7 * DAY_MS;

/** Runs `work` in the caller's transaction, or in a new one when given the plain database. */
function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/** A blank optional text is no text. */
const given = (value: string | null | undefined): string | null =>
  value === undefined || value === null || value.trim() === '' ? null : value.trim();

const validationError = (field: string, messageKey: Parameters<typeof fieldError>[2]) =>
  fieldError('VALIDATION_FAILED', field, messageKey);

/** The bank card's fields after the rules that depend on the bank and the configuration. */
interface BankCardFields {
  bank_id: number;
  card_number: string;
  holder_name: string;
  branch_address: string | null;
  branch_code: string | null;
  id_card_number: string;
  cci: string | null;
  katakana: string | null;
  zsk_id: string | null;
}

/**
 * Payment methods, real-name verification and uploads (decisions 014 and 015).
 *
 * User requests check in a fixed order, each failure with its own code: what the request names
 * exists (bank, chain, uploads) and fits its rules (address format, required fields), then the
 * credentials (fund password, Google code when bound; failures count against the account), then
 * uniqueness, then the write. Uniqueness is also guarded by the database, so a race ends in the
 * same clear error.
 *
 * The methods for other modules and the operators' console take the database or a transaction
 * first, so a caller can write its own rows (a withdrawal, an audit-log entry) in the same
 * transaction. Operator methods take the operator's id explicitly; the console checks the role.
 */
export class PaymentService {
  private readonly db: Db;
  private readonly now: () => number;
  private readonly bankAnswer: VersionedAnswer<Bank[]>;
  private readonly chainAnswer: VersionedAnswer<Chain[]>;

  constructor(private readonly deps: PaymentServiceDeps) {
    this.db = deps.db;
    this.now = deps.now ?? Date.now;
    this.bankAnswer = new VersionedAnswer(
      async () => String(await cacheVersion(this.db, 'BANK')),
      async () => listBanks(this.db),
    );
    this.chainAnswer = new VersionedAnswer(
      async () => String(await cacheVersion(this.db, 'VC')),
      async () =>
        (await listChains(this.db)).map((row) => ({
          id: row.id,
          vcId: row.vc_id,
          symbol: row.symbol,
          chainName: row.chain_name,
        })),
    );
  }

  // ---- reference lists ------------------------------------------------------------------------

  banks(): Promise<Bank[]> {
    return this.bankAnswer.get();
  }

  chains(): Promise<Chain[]> {
    return this.chainAnswer.get();
  }

  // ---- bank cards -------------------------------------------------------------------------------

  async listBankCards(userId: number): Promise<BankCard[]> {
    return (await listBankCards(this.db, userId)).map(toBankCard);
  }

  async addBankCard(userId: number, body: ParsedBodyOf<PaymentApi['bankCardAdd']>): Promise<BankCard> {
    const fields = await this.bankCardFields({
      bank_id: body.bankId,
      card_number: body.cardNumber,
      ...(await this.cardHolder(userId, body)),
      branch_address: given(body.branchAddress),
      branch_code: given(body.branchCode),
      cci: given(body.cci),
      katakana: given(body.katakana),
      zsk_id: given(body.zskId),
    });
    await this.verifyCredentials(userId, body);
    const duplicate = (await listBankCards(this.db, userId)).some(
      (card) => card.card_number === fields.card_number,
    );
    if (duplicate) throw fieldError('PAYMENT_METHOD_DUPLICATE', 'cardNumber');
    const id = await this.insertUnique('cardNumber', () =>
      insertBankCard(this.db, { ...fields, user_id: userId, created_at: this.now() }),
    );
    return toBankCard(await this.requireRow(findBankCard(this.db, id)));
  }

  /**
   * Whose card it is. Once the user's identity check is approved (which is final), a card is in the
   * verified name and document number: the form shows them read-only, and the server takes them from
   * the verification rather than from the request, whose values are not used then. Before that, the
   * user types both and both are required.
   */
  private async cardHolder(
    userId: number,
    body: { name?: string | undefined; idCardNumber?: string | undefined },
  ): Promise<{ holder_name: string; id_card_number: string }> {
    const latest = await latestVerification(this.db, userId);
    if (latest?.status === 'APPROVED') {
      return { holder_name: latest.real_name, id_card_number: latest.cert_number };
    }
    if (!body.name) throw validationError('name', 'validation.required');
    if (!body.idCardNumber) throw validationError('idCardNumber', 'validation.required');
    return { holder_name: body.name, id_card_number: body.idCardNumber };
  }

  /**
   * The rules of a card that depend on its bank and the configuration: the branch code is required
   * when GLOBAL `branchCodeEnabled` is on and not kept when it is off; a Japanese bank requires the
   * holder's name in katakana and a Peruvian bank the 20-digit CCI, which other banks do not keep.
   */
  private async bankCardFields(input: BankCardFields, db: Db = this.db): Promise<BankCardFields> {
    const bank = await findBank(db, input.bank_id);
    if (!bank || bank.enabled !== 1) throw fieldError('BANK_NOT_FOUND', 'bankId');
    if (!ACCOUNT_NUMBER_PATTERN.test(input.card_number))
      throw validationError('cardNumber', 'validation.cardNumber');
    if (!DOCUMENT_NUMBER_PATTERN.test(input.id_card_number))
      throw validationError('idCardNumber', 'validation.documentNumber');
    const branchCodeEnabled = (await getConfigValue(db, 'GLOBAL', 'branchCodeEnabled')) === 'true';
    let branchCode: string | null = null;
    if (branchCodeEnabled) {
      if (!input.branch_code) throw validationError('branchCode', 'validation.required');
      if (!/^[0-9A-Za-z-]{1,32}$/.test(input.branch_code))
        throw validationError('branchCode', 'validation.branchCode');
      branchCode = input.branch_code;
    }
    let katakana: string | null = null;
    if (bank.country === 'JP') {
      if (!input.katakana) throw validationError('katakana', 'validation.required');
      if (!KATAKANA_PATTERN.test(input.katakana)) throw validationError('katakana', 'validation.katakana');
      katakana = input.katakana;
    }
    let cci: string | null = null;
    if (bank.country === 'PE') {
      cci = input.cci?.replace(/[\s-]/g, '') ?? null;
      if (!cci) throw validationError('cci', 'validation.required');
      if (!CCI_PATTERN.test(cci)) throw validationError('cci', 'validation.cci');
    }
    return { ...input, branch_code: branchCode, katakana, cci };
  }

  // ---- wallet addresses -------------------------------------------------------------------------

  async listWalletAddresses(userId: number): Promise<WalletAddress[]> {
    return (await listWalletAddresses(this.db, userId)).map(toWalletAddress);
  }

  async addWalletAddress(
    userId: number,
    body: ParsedBodyOf<PaymentApi['walletAddressAdd']>,
  ): Promise<WalletAddress> {
    const { chainId, addressKey } = await this.walletAddressFields(
      body.vcId,
      body.vcChainNameId,
      body.vcAccount,
    );
    await this.verifyCredentials(userId, body);
    const duplicate = (await listWalletAddresses(this.db, userId)).some(
      (address) => address.chain_id === chainId && address.address_key === addressKey,
    );
    if (duplicate) throw fieldError('PAYMENT_METHOD_DUPLICATE', 'vcAccount');
    const id = await this.insertUnique('vcAccount', () =>
      insertWalletAddress(this.db, {
        user_id: userId,
        vc_id: body.vcId,
        chain_id: chainId,
        address: body.vcAccount,
        address_key: addressKey,
        remark: given(body.remark),
        created_at: this.now(),
      }),
    );
    return toWalletAddress(await this.requireRow(findWalletAddress(this.db, id)));
  }

  /** The chain must be an enabled chain of the coin, and the address valid on it. */
  private async walletAddressFields(vcId: number, chainId: number, address: string, db: Db = this.db) {
    const chain = await findChain(db, chainId);
    if (!chain || chain.enabled !== 1 || chain.vc_enabled !== 1 || chain.vc_id !== vcId) {
      throw fieldError('CHAIN_NOT_FOUND', 'vcChainNameId');
    }
    const check = checkAddress(chain.address_format, address);
    if (!check.ok) {
      throw new AppError('ADDRESS_INVALID', {
        params: { chain: `${chain.symbol} ${chain.chain_name}` },
        data: { field: 'vcAccount' },
      });
    }
    return { chainId: chain.id, addressKey: check.key };
  }

  // ---- fast-payment accounts --------------------------------------------------------------------

  async listZskAccounts(userId: number): Promise<ZskAccount[]> {
    return (await listZskAccounts(this.db, userId)).map(toZskAccount);
  }

  async addZskAccount(userId: number, body: ParsedBodyOf<PaymentApi['zskAccountAdd']>): Promise<ZskAccount> {
    const key = zskKey(body.zskId);
    await this.verifyCredentials(userId, body);
    const duplicate = (await listZskAccounts(this.db, userId)).some((account) => account.zsk_key === key);
    if (duplicate) throw fieldError('PAYMENT_METHOD_DUPLICATE', 'zskId');
    const id = await this.insertUnique('zskId', () =>
      insertZskAccount(this.db, {
        user_id: userId,
        holder_name: body.name,
        zsk_id: body.zskId,
        zsk_key: key,
        created_at: this.now(),
      }),
    );
    return toZskAccount(await this.requireRow(findZskAccount(this.db, id)));
  }

  // ---- real-name verification -------------------------------------------------------------------

  async realNameInfo(userId: number, db: Db = this.db): Promise<RealNameInfo> {
    const latest = await latestVerification(db, userId);
    const status = await getUserRealNameStatus(db, userId);
    return {
      status: status as RealNameStatus,
      current: latest ? toVerification(latest) : null,
    };
  }

  /**
   * A submission: refused while one is pending or once one is approved (submitted identity data
   * cannot be changed); allowed first and after a rejection. The photos are the user's own unused
   * uploads of the matching purposes; they are taken in the same transaction as the row is written.
   */
  async submitRealName(
    userId: number,
    body: ParsedBodyOf<PaymentApi['realNameSubmit']>,
  ): Promise<RealNameInfo> {
    await this.assertCanSubmit(userId);
    const photos = [
      { id: body.frontImageId, purpose: 'idFront', field: 'frontImageId' },
      { id: body.backImageId, purpose: 'idBack', field: 'backImageId' },
      { id: body.handheldImageId, purpose: 'idHandheld', field: 'handheldImageId' },
    ] as const;
    for (const photo of photos) await this.checkUpload(this.db, { ...photo, userId });
    await this.verifyCredentials(userId, body);
    await this.assertDocumentFree(userId, body.certType, body.certNumber);

    const now = this.now();
    try {
      await this.db.transaction().execute(async (trx) => {
        const id = await insertVerification(trx, {
          user_id: userId,
          cert_type: body.certType,
          real_name: body.name,
          cert_number: body.certNumber,
          front_upload_id: body.frontImageId,
          back_upload_id: body.backImageId,
          handheld_upload_id: body.handheldImageId,
          status: 'PENDING',
          reject_reason: null,
          submitted_at: now,
          reviewed_at: null,
          reviewed_by: null,
        });
        for (const photo of photos) {
          await this.consumeUpload(trx, { ...photo, userId, usedBy: `verification:${id}` });
        }
        await setUserRealNameStatus(trx, userId, 'PENDING');
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Another submission won a race: say which rule it hit, as the checks above would have.
      await this.assertCanSubmit(userId);
      await this.assertDocumentFree(userId, body.certType, body.certNumber);
      throw error;
    }
    return this.realNameInfo(userId);
  }

  private async assertCanSubmit(userId: number): Promise<void> {
    const latest = await latestVerification(this.db, userId);
    if (latest?.status === 'PENDING') throw new AppError('REAL_NAME_PENDING');
    if (latest?.status === 'APPROVED') throw new AppError('REAL_NAME_APPROVED');
  }

  /** One document verifies one account: it may not be pending or approved for another user. */
  private async assertDocumentFree(userId: number, certType: string, certNumber: string): Promise<void> {
    const open = await openVerificationOfDocument(this.db, certType, certNumber);
    if (open && open.user_id !== userId) throw fieldError('IDENTITY_IN_USE', 'certNumber');
  }

  // ---- uploads ----------------------------------------------------------------------------------

  async uploadImage(userId: number, body: ParsedBodyOf<PaymentApi['uploadImage']>): Promise<Upload> {
    const now = this.now();
    await deleteUnusedUploads(this.db, userId, now - UNUSED_UPLOAD_TTL_MS);
    const limit = { since: now - DAY_MS, cap: UPLOAD_LIMITS.perDay };
    // A quick refusal before the image is decoded; the count that decides is taken again below,
    // with the insert, under the user's lock.
    if ((await countUploadsSince(this.db, userId, limit.since)) >= limit.cap) {
      throw new AppError('UPLOAD_LIMIT_REACHED');
    }
    const image = await intakeImage(Buffer.from(body.data, 'base64'));
    const id = await insertUploadWithinCap(
      this.db,
      {
        user_id: userId,
        purpose: body.purpose,
        mime: image.mime,
        width: image.width,
        height: image.height,
        byte_size: image.content.length,
        sha256: createHash('sha256').update(image.content).digest('hex'),
        file_name: given(body.fileName),
        content: image.content,
        created_at: now,
        used_at: null,
        used_by: null,
      },
      limit,
    );
    if (id === null) throw new AppError('UPLOAD_LIMIT_REACHED');
    return {
      id,
      purpose: body.purpose,
      mime: image.mime,
      width: image.width,
      height: image.height,
      bytes: image.content.length,
    };
  }

  /**
   * One upload with its image, for its owner or an operator. Another user's upload answers exactly
   * as a missing one does, so ids cannot be probed.
   */
  async readUpload(id: number, viewer: UploadViewer, db: Db = this.db): Promise<StoredUpload> {
    const row = await findUpload(db, id);
    if (!row || ('userId' in viewer && row.user_id !== viewer.userId)) {
      throw fieldError('UPLOAD_NOT_FOUND', 'id');
    }
    return {
      id: row.id,
      userId: row.user_id,
      purpose: row.purpose as UploadPurpose,
      mime: row.mime as UploadMimeType,
      width: row.width,
      height: row.height,
      bytes: row.byte_size,
      fileName: row.file_name,
      createdAt: row.created_at,
      usedAt: row.used_at,
      usedBy: row.used_by,
      content: row.content,
    };
  }

  /**
   * Checks, without taking it, that an upload can serve a request: the user's own, of this purpose,
   * not used yet. `field` names the request field that carried the id.
   */
  async checkUpload(
    db: Db,
    use: { id: number; userId: number; purpose: UploadPurpose; field: string },
  ): Promise<void> {
    const info = await findUploadInfo(db, use.id);
    const problem = uploadProblem(info, use);
    if (problem) throw fieldError(problem, use.field);
  }

  /**
   * Takes an upload for a request, inside the caller's transaction (a deposit takes its voucher,
   * a verification its photos): it must be the user's own, of this purpose and not taken before.
   * `usedBy` records what took it ("recharge:7").
   */
  async consumeUpload(
    db: Db,
    use: { id: number; userId: number; purpose: UploadPurpose; usedBy: string; field: string },
  ): Promise<void> {
    if (await markUploadUsed(db, { ...use, now: this.now() })) return;
    // Should the row read back as free although the conditional update missed it, the request is
    // still refused as if the upload were taken: refusing is the safe answer.
    const problem = uploadProblem(await findUploadInfo(db, use.id), use) ?? 'UPLOAD_USED';
    throw fieldError(problem, use.field);
  }

  // ---- for withdrawals and the operators' console ------------------------------------------------

  /**
   * A live payment method of the user, in full (a payout needs the whole account number). Another
   * user's id, a removed method and a missing one all answer PAYMENT_METHOD_NOT_FOUND ("choose a
   * correct bank card or wallet address") on `field`.
   */
  async findUserMethod(
    db: Db,
    userId: number,
    kind: PaymentMethodKind,
    id: number,
    field = 'methodId',
  ): Promise<PaymentMethodRecord> {
    const record = await this.findMethodRecord(db, kind, id);
    if (!record || record.userId !== userId || record.removedAt !== null) {
      throw fieldError('PAYMENT_METHOD_NOT_FOUND', field);
    }
    return record;
  }

  /** A method of any user, removed ones included, for the console. */
  async findMethod(db: Db, kind: PaymentMethodKind, id: number): Promise<PaymentMethodRecord> {
    const record = await this.findMethodRecord(db, kind, id);
    if (!record) throw fieldError('PAYMENT_METHOD_NOT_FOUND', 'id');
    return record;
  }

  /** All of a user's live methods (and removed ones when asked), for the console's user page. */
  async listUserMethods(
    db: Db,
    userId: number,
    options: MethodListOptions = {},
  ): Promise<{
    bankCards: BankCardRecord[];
    walletAddresses: WalletAddressRecord[];
    zskAccounts: ZskAccountRecord[];
  }> {
    const [bankCards, walletAddresses, zskAccounts] = await Promise.all([
      listBankCards(db, userId, options),
      listWalletAddresses(db, userId, options),
      listZskAccounts(db, userId, options),
    ]);
    return {
      bankCards: bankCards.map(toBankCardRecord),
      walletAddresses: walletAddresses.map(toWalletAddressRecord),
      zskAccounts: zskAccounts.map(toZskAccountRecord),
    };
  }

  /**
   * Customer service changes a user's method. `changes` are validated by the kind's changes schema
   * (the add form's fields, each optional) and the merged result by the same rules as an add.
   * Answers the method before and after, for the audit log.
   */
  async supportUpdateMethod(
    db: Db,
    operatorId: number,
    kind: PaymentMethodKind,
    id: number,
    changes: unknown,
    reason: string,
  ): Promise<{ before: PaymentMethodRecord; after: PaymentMethodRecord }> {
    const why = requireReason(reason);
    return inTransaction(db, async (trx) => {
      const before = await this.findMethod(trx, kind, id);
      if (before.removedAt !== null) throw fieldError('PAYMENT_METHOD_NOT_FOUND', 'id');
      const stamp = { updated_at: this.now(), updated_by: operatorId, updated_reason: why };
      const changed = await this.insertUnique(DUPLICATE_FIELD[kind], async () => {
        if (before.kind === 'BANK_CARD') {
          const parsed = parseChanges(bankCardChangesSchema, changes);
          const current = await this.requireRow(findBankCard(trx, id));
          const fields = await this.bankCardFields(mergeBankCard(current, parsed), trx);
          return updateMethod(trx, METHOD_TABLES.BANK_CARD, id, { ...fields, ...stamp });
        }
        if (before.kind === 'WALLET_ADDRESS') {
          const parsed = parseChanges(walletAddressChangesSchema, changes);
          const address = parsed.vcAccount ?? before.vcAccount;
          const checked = await this.walletAddressFields(
            before.vcId,
            parsed.vcChainNameId ?? before.vcChainNameId,
            address,
            trx,
          );
          return updateMethod(trx, METHOD_TABLES.WALLET_ADDRESS, id, {
            chain_id: checked.chainId,
            address,
            address_key: checked.addressKey,
            remark: parsed.remark === undefined ? before.remark : given(parsed.remark),
            ...stamp,
          });
        }
        const parsed = parseChanges(zskAccountChangesSchema, changes);
        const zskId = parsed.zskId ?? before.zskId;
        return updateMethod(trx, METHOD_TABLES.ZSK_ACCOUNT, id, {
          holder_name: parsed.name ?? before.name,
          zsk_id: zskId,
          zsk_key: zskKey(zskId),
          ...stamp,
        });
      });
      if (!changed) throw fieldError('PAYMENT_METHOD_NOT_FOUND', 'id');
      return { before, after: await this.findMethod(trx, kind, id) };
    });
  }

  /**
   * Customer service removes a user's method. The row stays (withdrawals refer to it) with the time,
   * the operator and the reason; the user no longer sees or uses it. Answers the removed method.
   */
  async supportRemoveMethod(
    db: Db,
    operatorId: number,
    kind: PaymentMethodKind,
    id: number,
    reason: string,
  ): Promise<PaymentMethodRecord> {
    const why = requireReason(reason);
    return inTransaction(db, async (trx) => {
      const removed = await updateMethod(trx, METHOD_TABLES[kind], id, {
        removed_at: this.now(),
        removed_by: operatorId,
        removed_reason: why,
      });
      if (!removed) throw fieldError('PAYMENT_METHOD_NOT_FOUND', 'id');
      return this.findMethod(trx, kind, id);
    });
  }

  /** Pending verifications, oldest first; `afterId` continues after the last one of a page. */
  async listPendingVerifications(
    db: Db,
    page: { afterId?: number | undefined; limit: number },
  ): Promise<VerificationRecord[]> {
    return (await listVerificationRecords(db, { status: 'PENDING', ...page })).map(toVerificationRecord);
  }

  /**
   * A page of verifications for the console. The pending queue alone is worked oldest first; any
   * other view (a state's history, one user's submissions) reads newest first. `cursor` is the
   * `nextCursor` of the previous page with the same filter.
   */
  async listVerifications(
    db: Db,
    filter: {
      status?: VerificationStatus | undefined;
      userId?: number | undefined;
      cursor?: number | undefined;
      limit: number;
    },
  ): Promise<{ list: VerificationRecord[]; nextCursor: number | null }> {
    const queue = filter.status === 'PENDING' && filter.userId === undefined;
    // One row more than asked tells whether another page follows.
    const rows = await listVerificationRecords(db, {
      status: filter.status,
      userId: filter.userId,
      afterId: filter.cursor,
      newestFirst: !queue,
      limit: filter.limit + 1,
    });
    const page = rows.slice(0, filter.limit);
    return {
      list: page.map(toVerificationRecord),
      nextCursor: rows.length > filter.limit ? (page[page.length - 1]?.id ?? null) : null,
    };
  }

  async getVerification(db: Db, id: number): Promise<VerificationRecord> {
    const row = await findVerificationRecord(db, id);
    if (!row) throw fieldError('VERIFICATION_NOT_FOUND', 'id');
    return toVerificationRecord(row);
  }

  /** Approves a pending verification; the user's status follows in the same transaction. */
  approveVerification(db: Db, id: number, operatorId: number): Promise<VerificationRecord> {
    return this.decide(db, id, operatorId, 'APPROVED', null);
  }

  /** Rejects a pending verification with a reason the user sees; they may then submit again. */
  async rejectVerification(
    db: Db,
    id: number,
    operatorId: number,
    reason: string,
  ): Promise<VerificationRecord> {
    return this.decide(db, id, operatorId, 'REJECTED', requireReason(reason));
  }

  private decide(
    db: Db,
    id: number,
    operatorId: number,
    status: 'APPROVED' | 'REJECTED',
    rejectReason: string | null,
  ): Promise<VerificationRecord> {
    return inTransaction(db, async (trx) => {
      const current = await this.getVerification(trx, id);
      // The conditional update decides races: of two operators deciding at once, one wins.
      const decided = await decideVerification(trx, id, {
        status,
        rejectReason,
        operatorId,
        now: this.now(),
      });
      if (!decided) throw new AppError('VERIFICATION_NOT_PENDING', { data: { field: 'id' } });
      await setUserRealNameStatus(trx, current.userId, status);
      return this.getVerification(trx, id);
    });
  }

  // ---- shared -----------------------------------------------------------------------------------

  private async findMethodRecord(
    db: Db,
    kind: PaymentMethodKind,
    id: number,
  ): Promise<PaymentMethodRecord | undefined> {
    if (kind === 'BANK_CARD') {
      const row = await findBankCard(db, id);
      return row && toBankCardRecord(row);
    }
    if (kind === 'WALLET_ADDRESS') {
      const row = await findWalletAddress(db, id);
      return row && toWalletAddressRecord(row);
    }
    const row = await findZskAccount(db, id);
    return row && toZskAccountRecord(row);
  }

  private verifyCredentials(userId: number, body: { fundPwd: string; googleCode?: string | undefined }) {
    return this.deps.accounts.verifyCredentials(
      userId,
      { fundPwd: body.fundPwd, googleCode: body.googleCode || undefined },
      { fundPwd: 'fundPwd', googleCode: 'googleCode' },
    );
  }

  /** Runs a write that a unique index guards; a violation is the duplicate it means, on `field`. */
  private async insertUnique<T>(field: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw fieldError('PAYMENT_METHOD_DUPLICATE', field);
      throw error;
    }
  }

  private async requireRow<T>(row: Promise<T | undefined>): Promise<T> {
    const value = await row;
    if (value === undefined) throw new Error('A row written a moment ago is missing');
    return value;
  }
}

/** Spaces removed and lower case: "Pay@Example.com " and "pay@example.com" are one account. */
function zskKey(zskId: string): string {
  return zskId.replace(/\s/g, '').toLowerCase();
}

function uploadProblem(
  info: UploadInfoRow | undefined,
  use: { userId: number; purpose: UploadPurpose },
): 'UPLOAD_NOT_FOUND' | 'UPLOAD_PURPOSE_MISMATCH' | 'UPLOAD_USED' | null {
  if (!info || info.user_id !== use.userId) return 'UPLOAD_NOT_FOUND';
  if (info.purpose !== use.purpose) return 'UPLOAD_PURPOSE_MISMATCH';
  if (info.used_at !== null) return 'UPLOAD_USED';
  return null;
}

/** An operator's reason: required, trimmed, at most 500 characters. */
function requireReason(reason: string): string {
  const trimmed = reason.trim();
  if (trimmed === '') throw validationError('reason', 'validation.required');
  if (trimmed.length > 500) throw validationError('reason', 'validation.textTooLong');
  return trimmed;
}

function parseChanges<T>(
  schema: {
    safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: unknown[] } };
  },
  changes: unknown,
): T {
  const result = schema.safeParse(changes);
  if (!result.success) throw new BodyValidationError(result.error.issues as never);
  return result.data;
}

function mergeBankCard(current: BankCardRow, changes: BankCardChanges): BankCardFields {
  const pick = (value: string | null | undefined, fallback: string | null) =>
    value === undefined ? fallback : given(value);
  return {
    bank_id: changes.bankId ?? current.bank_id,
    card_number: changes.cardNumber ?? current.card_number,
    holder_name: changes.name ?? current.holder_name,
    branch_address: pick(changes.branchAddress, current.branch_address),
    branch_code: pick(changes.branchCode, current.branch_code),
    id_card_number: changes.idCardNumber ?? current.id_card_number,
    cci: pick(changes.cci, current.cci),
    katakana: pick(changes.katakana, current.katakana),
    zsk_id: pick(changes.zskId, current.zsk_id),
  };
}
