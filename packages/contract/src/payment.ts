import { z } from 'zod';
import { operatorReasonField, rowIdField } from './admin.ts';
import { emptyBody, endpoint } from './endpoint.ts';
import { REAL_NAME_STATUSES } from './enums.ts';
import { googleCodeField, msg, preHashedPasswordField } from './fields.ts';
import { vcIdField } from './market.ts';

/**
 * Payment methods (bank cards, wallet addresses, fast-payment accounts), real-name verification and
 * image uploads (decisions 014 and 015; docs/product.md, "Deposits and withdrawals" and "Identity
 * check").
 *
 * Users add methods and submit their identity; they never change or delete them (customer service
 * does, through the operators' console). Every add and every submission is confirmed with the fund
 * password, and with a Google code once an authenticator is bound.
 */

/** The three kinds of payment method a user can bind; withdrawals pay out to one of them. */
export const PAYMENT_METHOD_KINDS = ['BANK_CARD', 'WALLET_ADDRESS', 'ZSK_ACCOUNT'] as const;
export type PaymentMethodKind = (typeof PAYMENT_METHOD_KINDS)[number];

/** Identity documents accepted for real-name verification; labels are `payment.certType.<value>`. */
export const CERT_TYPES = ['ID_CARD', 'PASSPORT', 'DRIVING_LICENCE', 'RESIDENCE_PERMIT'] as const;
export type CertType = (typeof CERT_TYPES)[number];

/** The states of one submission. The user's `realNameStatus` is NONE until the first one. */
export const VERIFICATION_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** What an uploaded image is for; an upload serves exactly that purpose, once. */
export const UPLOAD_PURPOSES = ['voucher', 'idFront', 'idBack', 'idHandheld'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

export const UPLOAD_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type UploadMimeType = (typeof UPLOAD_MIME_TYPES)[number];

/**
 * Limits of an uploaded image (decision 015). The body limit of the upload route (8 MiB) leaves room
 * for `maxBytes` in base64 (a third more) plus the rest of the JSON. Bigger photos are stored scaled
 * down to `storedMaxSidePx`, which keeps an identity document readable.
 */
export const UPLOAD_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  maxSidePx: 10_000,
  maxPixels: 40_000_000,
  minSidePx: 64,
  storedMaxSidePx: 2560,
  bodyLimitBytes: 8 * 1024 * 1024,
  /** Uploads a user may make in 24 hours; enough for many retries, not for filling the disk. */
  perDay: 60,
} as const;

// ---- fields -------------------------------------------------------------------------------------

const idField = (key: Parameters<typeof msg>[0]) =>
  z.number(msg(key)).int(msg(key)).positive(msg(key)).max(2_147_483_647, msg(key));

/** Free text a person types: trimmed, within a length, without control characters. */
const textField = (min: number, max: number) =>
  z
    .string(msg('validation.required'))
    .trim()
    .min(min, msg('validation.required'))
    .max(max, msg('validation.textTooLong'))
    .regex(/^\P{Cc}*$/u, msg('validation.invalidValue'));

/** An optional text: absent and blank both mean "not given". */
const optionalText = (max: number) =>
  z
    .string(msg('validation.invalidValue'))
    .trim()
    .max(max, msg('validation.textTooLong'))
    .regex(/^\P{Cc}*$/u, msg('validation.invalidValue'))
    .optional();

/**
 * Card and account numbers are written with spaces or dashes between groups; what counts is the
 * letters and digits (an IBAN has letters), 6 to 34 of them.
 */
export const ACCOUNT_NUMBER_PATTERN = /^[0-9A-Z]{6,34}$/;
const accountNumberField = z
  .string(msg('validation.required'))
  .overwrite((value) => value.replace(/[\s-]/g, '').toUpperCase())
  .min(1, msg('validation.required'))
  .regex(ACCOUNT_NUMBER_PATTERN, msg('validation.cardNumber'));

/** Identity and certificate numbers: 4 to 32 letters, digits or dashes. */
export const DOCUMENT_NUMBER_PATTERN = /^[0-9A-Za-z-]{4,32}$/;
const documentNumberField = z
  .string(msg('validation.required'))
  .overwrite((value) => value.replace(/\s/g, '').toUpperCase())
  .min(1, msg('validation.required'))
  .regex(DOCUMENT_NUMBER_PATTERN, msg('validation.documentNumber'));

/** Peru's interbank account code (CCI) is 20 digits. */
export const CCI_PATTERN = /^\d{20}$/;
/** Katakana as Japanese banks hold the account name: full-width katakana, long vowel marks, spaces. */
export const KATAKANA_PATTERN = /^[\u30A0-\u30FF\u3000 ]+$/;

/** A Google code, required by the server only when the user has bound an authenticator. */
const optionalGoogleCode = z.union([googleCodeField, z.literal('')]).optional();

const credentials = { fundPwd: preHashedPasswordField, googleCode: optionalGoogleCode };

// ---- answers ------------------------------------------------------------------------------------

export const bankSchema = z.object({
  id: z.number().int(),
  code: z.string().describe('Short code of the bank (SWIFT-like), unique.'),
  name: z.string(),
  country: z
    .string()
    .describe('ISO 3166 country code; Japanese banks ask for katakana, Peruvian ones for a CCI.'),
});
export type Bank = z.infer<typeof bankSchema>;

export const chainSchema = z.object({
  id: z.number().int().describe('The chain type id (`vcChainNameId` of the wallet-address form).'),
  vcId: z.number().int(),
  symbol: z.string().describe('Symbol of the coin, e.g. "USDT".'),
  chainName: z.string().describe('e.g. "TRC20", "ERC20", "Bitcoin".'),
});
export type Chain = z.infer<typeof chainSchema>;

export const bankCardSchema = z.object({
  id: z.number().int(),
  bankId: z.number().int(),
  bankName: z.string(),
  bankCountry: z.string(),
  cardNumberMasked: z.string().describe('Only the last four characters are shown ("**** 1234").'),
  name: z.string().describe('Account holder.'),
  branchAddress: z.string().nullable(),
  branchCode: z.string().nullable(),
  idCardNumberMasked: z.string(),
  cciMasked: z.string().nullable(),
  katakana: z.string().nullable(),
  zskId: z.string().nullable(),
  createdAt: z.number().int(),
});
export type BankCard = z.infer<typeof bankCardSchema>;

export const walletAddressSchema = z.object({
  id: z.number().int(),
  vcId: z.number().int(),
  symbol: z.string(),
  vcChainNameId: z.number().int(),
  chainName: z.string(),
  vcAccount: z.string().describe('The address, as the user entered it (never masked: it must be checked).'),
  remark: z.string().nullable(),
  createdAt: z.number().int(),
});
export type WalletAddress = z.infer<typeof walletAddressSchema>;

export const zskAccountSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  zskId: z.string().describe('Fast-payment (FPS) identifier, phone number or email.'),
  createdAt: z.number().int(),
});
export type ZskAccount = z.infer<typeof zskAccountSchema>;

export const verificationSchema = z.object({
  id: z.number().int(),
  certType: z.enum(CERT_TYPES),
  name: z.string(),
  certNumberMasked: z.string(),
  status: z.enum(VERIFICATION_STATUSES),
  rejectReason: z.string().nullable(),
  submittedAt: z.number().int(),
  reviewedAt: z.number().int().nullable(),
});
export type Verification = z.infer<typeof verificationSchema>;

export const realNameInfoSchema = z.object({
  status: z.enum(REAL_NAME_STATUSES),
  current: verificationSchema.nullable().describe('The latest submission, or null before the first.'),
});
export type RealNameInfo = z.infer<typeof realNameInfoSchema>;

export const uploadSchema = z.object({
  id: z.number().int().describe('Upload id, used once by its owner for its purpose.'),
  purpose: z.enum(UPLOAD_PURPOSES),
  mime: z.enum(UPLOAD_MIME_TYPES),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int().describe('Size of the stored (re-encoded) image.'),
});
export type Upload = z.infer<typeof uploadSchema>;

// ---- reference lists ----------------------------------------------------------------------------

export const bankList = endpoint({
  path: '/bank/list',
  auth: 'none',
  tag: 'payment',
  summary: 'Banks a card can belong to (cache type BANK), in display order.',
  body: emptyBody,
  data: z.array(bankSchema),
});

export const chainList = endpoint({
  path: '/portal/vc-chain/list',
  auth: 'none',
  tag: 'payment',
  summary: 'Chain types per coin for wallet addresses (cache type VC), e.g. USDT on TRC20 and ERC20.',
  body: emptyBody,
  data: z.array(chainSchema),
});

// ---- bank cards, wallet addresses, fast-payment accounts ----------------------------------------

export const bankCardList = endpoint({
  path: '/user/bank-card/list',
  auth: 'user',
  tag: 'payment',
  summary: "The user's bank cards, oldest first.",
  body: emptyBody,
  data: z.array(bankCardSchema),
});

/**
 * Required: bank, card number, holder name, ID card number, fund password; the branch code when
 * GLOBAL `branchCodeEnabled` is on (otherwise it is not stored); katakana for a Japanese bank and the
 * CCI for a Peruvian one (decision 014). Once the identity check is approved, the holder name and ID
 * number are the verified ones, taken by the server, and may be left out. The ZSK id is kept for
 * older clients only: a bank payout never uses it (fast payments are their own account type).
 */
export const bankCardAdd = endpoint({
  path: '/user/bank-card/add',
  auth: 'user',
  tag: 'payment',
  sensitive: true,
  summary: 'Adds a bank card after checking the fund password (and the Google code when bound).',
  body: z
    .object({
      bankId: idField('validation.bank'),
      cardNumber: accountNumberField,
      name: textField(1, 64)
        .optional()
        .describe('Account holder; required until the identity check is approved, then the verified name.'),
      branchAddress: optionalText(128),
      branchCode: optionalText(32),
      idCardNumber: documentNumberField
        .optional()
        .describe('Required until the identity check is approved, then the verified document number.'),
      cci: optionalText(32),
      katakana: optionalText(64),
      zskId: optionalText(64),
      ...credentials,
    })
    .strict(),
  data: bankCardSchema,
});

export const walletAddressList = endpoint({
  path: '/user/wallet-address/list',
  auth: 'user',
  tag: 'payment',
  summary: "The user's wallet addresses, oldest first.",
  body: emptyBody,
  data: z.array(walletAddressSchema),
});

export const walletAddressAdd = endpoint({
  path: '/user/wallet-address/add',
  auth: 'user',
  tag: 'payment',
  sensitive: true,
  summary:
    "Adds a wallet address: the chain must belong to the coin and the address must match the chain's format.",
  body: z
    .object({
      vcId: vcIdField,
      vcChainNameId: idField('validation.chain'),
      vcAccount: z
        .string(msg('validation.required'))
        .trim()
        .min(1, msg('validation.required'))
        .max(128, msg('validation.address')),
      remark: optionalText(64),
      ...credentials,
    })
    .strict(),
  data: walletAddressSchema,
});

export const zskAccountList = endpoint({
  path: '/user/zsk-account/list',
  auth: 'user',
  tag: 'payment',
  summary: "The user's fast-payment accounts, oldest first.",
  body: emptyBody,
  data: z.array(zskAccountSchema),
});

export const zskAccountAdd = endpoint({
  path: '/user/zsk-account/add',
  auth: 'user',
  tag: 'payment',
  sensitive: true,
  summary: 'Adds a fast-payment account (name and ZSK id) after checking the fund password.',
  body: z.object({ name: textField(1, 64), zskId: textField(1, 64), ...credentials }).strict(),
  data: zskAccountSchema,
});

// ---- real-name verification ---------------------------------------------------------------------

export const realNameGet = endpoint({
  path: '/user/real-name/get',
  auth: 'user',
  tag: 'payment',
  summary: "The user's verification status and latest submission (with the reason when rejected).",
  body: emptyBody,
  data: realNameInfoSchema,
});

/**
 * A submission: allowed before the first one and after a rejection, refused while one is pending or
 * once one is approved. The three photos are upload ids of the matching purposes, each used once.
 */
export const realNameSubmit = endpoint({
  path: '/user/real-name/submit',
  auth: 'user',
  tag: 'payment',
  sensitive: true,
  summary: 'Submits real-name verification for review.',
  body: z
    .object({
      certType: z.enum(CERT_TYPES, msg('validation.certType')),
      name: textField(1, 64),
      certNumber: documentNumberField,
      frontImageId: idField('validation.image'),
      backImageId: idField('validation.image'),
      handheldImageId: idField('validation.image'),
      ...credentials,
    })
    .strict(),
  data: realNameInfoSchema,
});

// ---- image uploads ------------------------------------------------------------------------------

export const uploadImage = endpoint({
  path: '/upload/image',
  auth: 'user',
  tag: 'payment',
  sensitive: true,
  summary:
    'Uploads a JPEG, PNG or WebP image as base64 (at most 5 MiB, 10,000 px a side, 40 megapixels). The type is read from the content, never the name; the image is re-encoded without metadata.',
  body: z
    .object({
      purpose: z.enum(UPLOAD_PURPOSES, msg('validation.uploadPurpose')),
      // The size is checked after decoding, with its own error code; the route's body limit caps it.
      data: z
        .string(msg('validation.required'))
        .min(1, msg('validation.required'))
        .regex(/^[A-Za-z0-9+/]+={0,2}$/, msg('validation.base64')),
      fileName: optionalText(255).describe('Kept for operators; never used to tell the type.'),
    })
    .strict(),
  data: uploadSchema,
});

export const uploadGet = endpoint({
  path: '/upload/get',
  auth: 'user',
  tag: 'payment',
  summary: "One of the caller's own uploads with its image as base64.",
  body: z.object({ id: idField('validation.image') }).strict(),
  data: uploadSchema.extend({ data: z.string().describe('The stored image, base64.') }),
});

// ---- for the operators' console -----------------------------------------------------------------

/**
 * What operators see of a payment method: the full numbers (payouts need them) and what customer
 * service last did to it. The console's endpoints answer these; the payment service produces them.
 */
const supportColumns = {
  userId: z.number().int(),
  updatedAt: z.number().int().nullable(),
  updatedReason: z.string().nullable(),
  removedAt: z.number().int().nullable(),
  removedReason: z.string().nullable(),
};

export const bankCardRecordSchema = bankCardSchema.extend({
  ...supportColumns,
  kind: z.literal('BANK_CARD'),
  cardNumber: z.string(),
  idCardNumber: z.string(),
  cci: z.string().nullable(),
});
export type BankCardRecord = z.infer<typeof bankCardRecordSchema>;

export const walletAddressRecordSchema = walletAddressSchema.extend({
  ...supportColumns,
  kind: z.literal('WALLET_ADDRESS'),
});
export type WalletAddressRecord = z.infer<typeof walletAddressRecordSchema>;

export const zskAccountRecordSchema = zskAccountSchema.extend({
  ...supportColumns,
  kind: z.literal('ZSK_ACCOUNT'),
});
export type ZskAccountRecord = z.infer<typeof zskAccountRecordSchema>;

export type PaymentMethodRecord = BankCardRecord | WalletAddressRecord | ZskAccountRecord;

/**
 * Changes customer service may make to a method, one schema per kind: the add form's fields, each
 * optional, without the credentials (an operator acts with a reason instead).
 */
export const bankCardChangesSchema = bankCardAdd.body
  .omit({ fundPwd: true, googleCode: true })
  .partial()
  .strict();
export type BankCardChanges = z.output<typeof bankCardChangesSchema>;

export const walletAddressChangesSchema = walletAddressAdd.body
  .omit({ fundPwd: true, googleCode: true, vcId: true })
  .partial()
  .strict();
export type WalletAddressChanges = z.output<typeof walletAddressChangesSchema>;

export const zskAccountChangesSchema = zskAccountAdd.body
  .omit({ fundPwd: true, googleCode: true })
  .partial()
  .strict();
export type ZskAccountChanges = z.output<typeof zskAccountChangesSchema>;

export const verificationRecordSchema = verificationSchema.extend({
  userId: z.number().int(),
  username: z.string(),
  certNumber: z.string(),
  frontImageId: z.number().int(),
  backImageId: z.number().int(),
  handheldImageId: z.number().int(),
  reviewedBy: z.number().int().nullable().describe('The operator who approved or rejected it.'),
});
export type VerificationRecord = z.infer<typeof verificationRecordSchema>;

/** Any of the three, as the console's endpoints answer a single method. */
export const paymentMethodRecordSchema = z.discriminatedUnion('kind', [
  bankCardRecordSchema,
  walletAddressRecordSchema,
  zskAccountRecordSchema,
]);

// ---- operators ----------------------------------------------------------------------------------

/**
 * Customer service and identity reviews (decisions 014 and 016): support's work, which
 * administrators may also do; finance does not see identity documents or bound methods here.
 */
const SUPPORT = ['administrator', 'support'] as const;

/** The three photos of a verification, as `/admin/real-name/image` names them. */
export const DOCUMENT_SIDES = ['front', 'back', 'handheld'] as const;
export type DocumentSide = (typeof DOCUMENT_SIDES)[number];

export const adminRealNameList = endpoint({
  path: '/admin/real-name/list',
  auth: 'operator',
  roles: SUPPORT,
  tag: 'admin',
  summary:
    'Real-name submissions with their full data. Filtered by `status` alone, pending ones come oldest first (the review queue); any other filter lists newest first. Pass `nextCursor` as `cursor` for the next page.',
  body: z
    .object({
      status: z.enum(VERIFICATION_STATUSES, msg('validation.invalidValue')).optional(),
      userId: rowIdField.optional(),
      cursor: rowIdField.optional(),
      limit: z
        .number(msg('validation.pageSize'))
        .int(msg('validation.pageSize'))
        .min(1, msg('validation.pageSize'))
        .max(50, msg('validation.pageSize'))
        .default(20),
    })
    .strict(),
  data: z.object({
    list: z.array(verificationRecordSchema),
    nextCursor: z.number().int().nullable().describe('The cursor of the next page; null at the end.'),
  }),
});

export const adminRealNameImage = endpoint({
  path: '/admin/real-name/image',
  auth: 'operator',
  roles: SUPPORT,
  tag: 'admin',
  summary:
    "One photo of a verification's document (re-encoded, without metadata) as base64. Each view is recorded in the audit log.",
  body: z.object({ id: rowIdField, side: z.enum(DOCUMENT_SIDES, msg('validation.invalidValue')) }).strict(),
  // The shape of a deposit's voucher (/admin/recharge/voucher): the console shows both alike.
  data: z.object({
    mime: z.enum(UPLOAD_MIME_TYPES),
    dataBase64: z.string(),
    width: z.number().int(),
    height: z.number().int(),
  }),
});

export const adminRealNameApprove = endpoint({
  path: '/admin/real-name/approve',
  auth: 'operator',
  roles: SUPPORT,
  tag: 'admin',
  summary:
    "Approves a pending verification; the user's real-name status becomes APPROVED and the data can no longer change.",
  body: z.object({ id: rowIdField }).strict(),
  data: verificationRecordSchema,
});

export const adminRealNameReject = endpoint({
  path: '/admin/real-name/reject',
  auth: 'operator',
  roles: SUPPORT,
  tag: 'admin',
  summary: 'Rejects a pending verification with a reason the user sees; the user may then submit again.',
  body: z.object({ id: rowIdField, reason: operatorReasonField }).strict(),
  data: verificationRecordSchema,
});

/**
 * Removed methods are listed too, marked with the time and reason of the removal: support must be
 * able to answer "where did my card go", and withdrawals made before a removal still name them.
 */
export const adminMethodList = endpoint({
  path: '/admin/payment-method/list',
  auth: 'operator',
  roles: SUPPORT,
  tag: 'admin',
  summary:
    "A user's bank cards, wallet addresses and fast-payment accounts in full, oldest first, removed ones included (with `removedAt`).",
  body: z.object({ userId: rowIdField }).strict(),
  data: z.object({
    bankCards: z.array(bankCardRecordSchema),
    walletAddresses: z.array(walletAddressRecordSchema),
    zskAccounts: z.array(zskAccountRecordSchema),
  }),
});

const methodKindField = z.enum(PAYMENT_METHOD_KINDS, msg('validation.invalidValue'));

export const adminMethodUpdate = endpoint({
  path: '/admin/payment-method/update',
  auth: 'operator',
  roles: SUPPORT,
  tag: 'admin',
  summary:
    "Changes a live method of a user with a reason. `changes` holds fields of the kind's add form (the credentials excepted), checked by the same rules; the audit row keeps the values before and after.",
  body: z
    .object({
      kind: methodKindField,
      id: rowIdField,
      changes: z
        .record(z.string(), z.unknown(), msg('validation.invalidValue'))
        .refine((changes) => Object.keys(changes).length > 0, msg('validation.required'))
        .describe(
          'BANK_CARD: bankId, cardNumber, name, branchAddress, branchCode, idCardNumber, cci, katakana, zskId. WALLET_ADDRESS: vcChainNameId (a chain of the same coin), vcAccount, remark. ZSK_ACCOUNT: name, zskId.',
        ),
      reason: operatorReasonField,
    })
    .strict(),
  data: paymentMethodRecordSchema,
});

export const adminMethodRemove = endpoint({
  path: '/admin/payment-method/remove',
  auth: 'operator',
  roles: SUPPORT,
  tag: 'admin',
  summary:
    'Removes a live method of a user with a reason: the user no longer sees it or withdraws to it; the row stays for the records.',
  body: z.object({ kind: methodKindField, id: rowIdField, reason: operatorReasonField }).strict(),
  data: paymentMethodRecordSchema,
});
