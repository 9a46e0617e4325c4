import type { Kysely } from 'kysely';
import {
  endpoints,
  type AuditTargetType,
  type DocumentSide,
  type PaymentMethodKind,
  type PaymentMethodRecord,
  type VerificationRecord,
} from '@vela/contract';
import type { Database } from '../../db/schema.ts';
import type { RouteTable } from '../../http/contract-routes.ts';
import { recordAudit } from '../operators/audit-log.ts';
import type { PaymentService } from './payment-service.ts';

const { payment } = endpoints;

/**
 * The operators' side of payment methods and real-name verification (decisions 014 and 016):
 * support reviews identities and corrects or removes bound methods. Every change and each view of an
 * identity photo commits in one transaction with its audit row, so neither exists without the other.
 * Lists are not recorded (decision 016); opening a user's detail, where the methods panel lives, is.
 */
export function addPaymentAdminRoutes(table: RouteTable, deps: AdminRouteDeps): void {
  addVerificationRoutes(table, deps);
  addMethodSupportRoutes(table, deps);
}

interface AdminRouteDeps {
  db: Kysely<Database>;
  payments: PaymentService;
}

/** The identity-check queue: list, documents (each look audited), approve and reject. */
function addVerificationRoutes(table: RouteTable, { db, payments }: AdminRouteDeps): void {
  table
    .add(payment.adminRealNameList, (body) => payments.listVerifications(db, body))
    .add(payment.adminRealNameImage, (body, ctx) =>
      db.transaction().execute(async (trx) => {
        const verification = await payments.getVerification(trx, body.id);
        const uploadId = photoOf(verification, body.side);
        const upload = await payments.readUpload(uploadId, { operator: true }, trx);
        // Identity documents are the most personal data the product holds: every look is on record.
        await recordAudit(trx, {
          operatorId: ctx.session.operatorId,
          action: 'upload.view',
          targetType: 'verification',
          targetId: verification.id,
          detail: { userId: String(verification.userId), side: body.side, uploadId: String(uploadId) },
          ip: ctx.ip,
        });
        return {
          mime: upload.mime,
          dataBase64: upload.content.toString('base64'),
          width: upload.width,
          height: upload.height,
        };
      }),
    )
    .add(payment.adminRealNameApprove, (body, ctx) =>
      db.transaction().execute(async (trx) => {
        const decided = await payments.approveVerification(trx, body.id, ctx.session.operatorId);
        await recordAudit(trx, {
          operatorId: ctx.session.operatorId,
          action: 'verification.approve',
          targetType: 'verification',
          targetId: decided.id,
          detail: verificationDetail(decided),
          ip: ctx.ip,
        });
        return decided;
      }),
    )
    .add(payment.adminRealNameReject, (body, ctx) =>
      db.transaction().execute(async (trx) => {
        const decided = await payments.rejectVerification(trx, body.id, ctx.session.operatorId, body.reason);
        await recordAudit(trx, {
          operatorId: ctx.session.operatorId,
          action: 'verification.reject',
          targetType: 'verification',
          targetId: decided.id,
          reason: body.reason,
          detail: verificationDetail(decided),
          ip: ctx.ip,
        });
        return decided;
      }),
    );
}

/** Support's view of a user's payment methods: list, correct and remove, each change audited. */
function addMethodSupportRoutes(table: RouteTable, { db, payments }: AdminRouteDeps): void {
  table
    .add(payment.adminMethodList, (body) =>
      payments.listUserMethods(db, body.userId, { includeRemoved: true }),
    )
    .add(payment.adminMethodUpdate, (body, ctx) =>
      db.transaction().execute(async (trx) => {
        const { before, after } = await payments.supportUpdateMethod(
          trx,
          ctx.session.operatorId,
          body.kind,
          body.id,
          body.changes,
          body.reason,
        );
        await recordAudit(trx, {
          operatorId: ctx.session.operatorId,
          action: 'payment_method.update',
          targetType: TARGET_OF_KIND[body.kind],
          targetId: body.id,
          reason: body.reason,
          detail: { userId: String(after.userId), ...changeDetail(before, after) },
          ip: ctx.ip,
        });
        return after;
      }),
    )
    .add(payment.adminMethodRemove, (body, ctx) =>
      db.transaction().execute(async (trx) => {
        const removed = await payments.supportRemoveMethod(
          trx,
          ctx.session.operatorId,
          body.kind,
          body.id,
          body.reason,
        );
        await recordAudit(trx, {
          operatorId: ctx.session.operatorId,
          action: 'payment_method.remove',
          targetType: TARGET_OF_KIND[body.kind],
          targetId: body.id,
          reason: body.reason,
          detail: { userId: String(removed.userId), ...methodSummary(removed) },
          ip: ctx.ip,
        });
        return removed;
      }),
    );
}

/** Each kind has its own table, so its ids need their own target type to be unambiguous. */
const TARGET_OF_KIND: Record<PaymentMethodKind, AuditTargetType> = {
  BANK_CARD: 'bank_card',
  WALLET_ADDRESS: 'wallet_address',
  ZSK_ACCOUNT: 'zsk_account',
};

function photoOf(verification: VerificationRecord, side: DocumentSide): number {
  if (side === 'front') return verification.frontImageId;
  if (side === 'back') return verification.backImageId;
  return verification.handheldImageId;
}

/**
 * The facts of a decision. The document number stays out: every role reads the audit log, and the
 * verification's own row, which the target names, holds it.
 */
function verificationDetail(verification: VerificationRecord): Record<string, string> {
  return { userId: String(verification.userId), certType: verification.certType };
}

/** Fields that follow from others (masks, the bank's name) or are the stamp of the change itself. */
const DERIVED_FIELDS = new Set([
  'updatedAt',
  'updatedReason',
  'cardNumberMasked',
  'idCardNumberMasked',
  'cciMasked',
  'bankCountry',
  'vcChainNameId',
]);

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/**
 * What an update changed, as `before.<field>` and `after.<field>` pairs in full (an operator must
 * be able to put a wrong change back from the log alone). Unchanged fields are left out.
 */
function changeDetail(before: PaymentMethodRecord, after: PaymentMethodRecord): Record<string, string> {
  const detail: Record<string, string> = {};
  const previous = before as unknown as Record<string, unknown>;
  for (const [field, value] of Object.entries(after)) {
    if (DERIVED_FIELDS.has(field) || previous[field] === value) continue;
    detail[`before.${field}`] = text(previous[field]);
    detail[`after.${field}`] = text(value);
  }
  return detail;
}

/** The removed method as the user would recognize it, so the log tells what went. */
function methodSummary(method: PaymentMethodRecord): Record<string, string> {
  switch (method.kind) {
    case 'BANK_CARD':
      return { bank: method.bankName, cardNumber: method.cardNumber, name: method.name };
    case 'WALLET_ADDRESS':
      return { chain: `${method.symbol} ${method.chainName}`, address: method.vcAccount };
    case 'ZSK_ACCOUNT':
      return { name: method.name, zskId: method.zskId };
  }
}
