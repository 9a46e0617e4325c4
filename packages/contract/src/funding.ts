import { z } from 'zod';
import { emptyBody, endpoint } from './endpoint.ts';
import { googleCodeField, msg, preHashedPasswordField } from './fields.ts';
import { vcIdField } from './market.ts';
import { amountField } from './wallet.ts';

/**
 * Deposits (recharge orders, reviewed by an operator against the uploaded voucher) and withdrawals
 * (held at request, paid out or returned by an operator). Amounts are decimal strings: deposit
 * amounts in the channel's pay currency, withdrawal amounts in the wallet currency.
 */

/** How money arrives or leaves: a chain address, a bank transfer, a fast-payment (ZSK) account. */
export const CHANNEL_METHODS = ['chain', 'bank', 'zsk'] as const;
export type ChannelMethod = (typeof CHANNEL_METHODS)[number];

/** The user's bound method a withdrawal is paid to (see payment.ts). */
export const WITHDRAW_TARGETS = ['bank', 'wallet', 'zsk'] as const;
export type WithdrawTarget = (typeof WITHDRAW_TARGETS)[number];

/**
 * `approved` is a deposit credited or a withdrawal paid out ("Completed" on the user's screens);
 * `cancelled` is a withdrawal its user withdrew while it was pending (deposits are never cancelled).
 */
export const FUNDING_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type FundingStatus = (typeof FUNDING_STATUSES)[number];

const decimal = z.string();
const rowId = z
  .number(msg('validation.required'))
  .int(msg('validation.required'))
  .positive(msg('validation.required'))
  .max(Number.MAX_SAFE_INTEGER, msg('validation.required'));

export const fundingChannelSchema = z.object({
  id: z.number().int(),
  method: z.enum(CHANNEL_METHODS),
  vcId: z.number().int(),
  symbol: z.string().describe('The wallet currency.'),
  walletScale: z.number().int(),
  payCurrency: z.string().describe('What the user pays or is paid in: a token or a fiat currency.'),
  payScale: z.number().int(),
  name: z.string(),
  chainName: z.string().nullable(),
  /** Deposit channels: where to pay (the chain address, or the bank account). */
  address: z.string().nullable(),
  bankName: z.string().nullable(),
  accountName: z.string().nullable(),
  accountNumber: z.string().nullable(),
  min: decimal.describe('Deposits: in the pay currency. Withdrawals: in the wallet currency.'),
  max: decimal.nullable().describe('Null: uncapped.'),
  feeRate: decimal.describe('Fraction of the wallet amount ("0.005" is 0.5 %).'),
  rate: decimal.describe('Pay units per wallet unit.'),
});
export type FundingChannel = z.infer<typeof fundingChannelSchema>;

const timelineSchema = z.array(
  z.object({
    state: z.enum(['submitted', 'approved', 'rejected', 'cancelled']),
    at: z.number().int(),
    note: z.string().nullable().describe("The operator's reason or payout reference."),
  }),
);

export const rechargeOrderSchema = z.object({
  id: z.number().int(),
  channelId: z.number().int(),
  method: z.enum(CHANNEL_METHODS),
  vcId: z.number().int(),
  symbol: z.string(),
  payCurrency: z.string(),
  payAmount: decimal,
  fee: decimal,
  receiveAmount: decimal.describe('Quoted at submission; the credited amount is what the operator approved.'),
  creditedAmount: decimal.nullable(),
  chainName: z.string().nullable().describe("Crypto deposits: the channel's network."),
  txHash: z
    .string()
    .nullable()
    .describe('Crypto deposits: the transaction hash (TxID) the user named, as stored (hex in lower case).'),
  payerName: z.string().nullable().describe('Bank and fast-payment deposits: who paid.'),
  payerMobile: z.string().nullable(),
  status: z.enum(FUNDING_STATUSES),
  rejectReason: z.string().nullable(),
  createdAt: z.number().int(),
  reviewedAt: z.number().int().nullable(),
  timeline: timelineSchema,
});
export type RechargeOrder = z.infer<typeof rechargeOrderSchema>;

export const withdrawOrderSchema = z.object({
  id: z.number().int(),
  channelId: z.number().int(),
  method: z.enum(CHANNEL_METHODS),
  vcId: z.number().int(),
  symbol: z.string(),
  amount: decimal.describe('Taken from the spot account.'),
  fee: decimal,
  payCurrency: z.string(),
  payoutAmount: decimal.describe('What is paid out, in the pay currency.'),
  target: z.enum(WITHDRAW_TARGETS),
  targetLabel: z.string().describe('The destination as the user bound it, masked.'),
  chainName: z.string().nullable().describe("Crypto withdrawals: the channel's network."),
  status: z.enum(FUNDING_STATUSES),
  rejectReason: z.string().nullable(),
  payoutReference: z.string().nullable(),
  createdAt: z.number().int(),
  reviewedAt: z.number().int().nullable(),
  timeline: timelineSchema,
});
export type WithdrawOrder = z.infer<typeof withdrawOrderSchema>;

const pageBody = z
  .object({
    status: z.enum(FUNDING_STATUSES).optional(),
    cursor: rowId.optional(),
    limit: z.number().int().min(1).max(50).default(20),
  })
  .strict();

function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), nextCursor: z.number().int().nullable() });
}

/**
 * A crypto deposit's transaction hash. Its form depends on the channel's network (`checkTxHash` in
 * packages/domain), which the server checks once it knows the channel; this only bounds the text.
 */
const txHashField = z
  .string(msg('validation.txHash.general'))
  .trim()
  .max(200, msg('validation.txHash.general'));

const payerNameField = z
  .string(msg('validation.payerName'))
  .trim()
  .min(2, msg('validation.payerName'))
  .max(64, msg('validation.payerName'))
  .regex(/^[\p{L}\p{M}][\p{L}\p{M} .'-]*$/u, msg('validation.payerName'));
const payerMobileField = z
  .string(msg('validation.payerMobile'))
  .trim()
  .regex(/^\+?[0-9][0-9 -]{5,19}$/, msg('validation.payerMobile'));

export const rechargeChannels = endpoint({
  path: '/recharge/channel/list',
  auth: 'user',
  tag: 'funding',
  summary: 'Enabled deposit channels (RECHARGE config), in display order.',
  body: emptyBody,
  data: z.array(fundingChannelSchema),
});

export const rechargeRequest = endpoint({
  path: '/recharge/request',
  auth: 'user',
  tag: 'funding',
  idempotent: true,
  summary:
    "Submits a deposit with its payment voucher; it waits for review. A crypto (chain) channel takes the transaction hash `txHash` (valid for its network, used by no other deposit); bank and fast-payment channels take the payer's name and mobile.",
  body: z
    .object({
      channelId: rowId,
      amount: amountField,
      txHash: txHashField.optional(),
      payerName: payerNameField.optional(),
      payerMobile: payerMobileField.optional(),
      voucherUploadId: z
        .number(msg('validation.voucher'))
        .int(msg('validation.voucher'))
        .positive(msg('validation.voucher')),
    })
    .strict(),
  data: rechargeOrderSchema,
});

export const rechargeOrders = endpoint({
  path: '/recharge/order/list',
  auth: 'user',
  tag: 'funding',
  summary: "The user's deposits, newest first, with their review timeline.",
  body: pageBody,
  data: pageOf(rechargeOrderSchema),
});

export const withdrawChannels = endpoint({
  path: '/withdraw/channel/list',
  auth: 'user',
  tag: 'funding',
  summary: 'Enabled withdrawal channels (WITHDRAW config), in display order.',
  body: emptyBody,
  data: z.array(fundingChannelSchema),
});

export const withdrawRequest = endpoint({
  path: '/withdraw/request',
  auth: 'user',
  tag: 'funding',
  idempotent: true,
  sensitive: true,
  summary:
    'Requests a withdrawal to a bound bank card, wallet address or fast-payment account; the amount is held at once.',
  body: z
    .object({
      channelId: rowId,
      amount: amountField,
      target: z.enum(WITHDRAW_TARGETS, msg('validation.withdrawTarget')),
      targetId: z
        .number(msg('validation.withdrawTarget'))
        .int(msg('validation.withdrawTarget'))
        .positive(msg('validation.withdrawTarget')),
      fundPwd: preHashedPasswordField,
      googleCode: googleCodeField.optional(),
    })
    .strict(),
  data: withdrawOrderSchema,
});

/** A deposit's voucher image, re-encoded without metadata, as base64. */
const voucherImageSchema = z.object({
  mime: z.string(),
  dataBase64: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});

export const withdrawCancel = endpoint({
  path: '/withdraw/cancel',
  auth: 'user',
  tag: 'funding',
  idempotent: true,
  summary:
    "Cancels the user's own pending withdrawal: the held amount returns to the spot account. Once an operator has reviewed it, it can no longer be cancelled (WITHDRAWAL_NOT_PENDING).",
  body: z.object({ orderId: rowId }).strict(),
  data: withdrawOrderSchema,
});

export const rechargeVoucher = endpoint({
  path: '/recharge/voucher',
  auth: 'user',
  tag: 'funding',
  summary: "The voucher image of one of the user's own deposits (re-encoded, without metadata) as base64.",
  body: z.object({ orderId: rowId }).strict(),
  data: voucherImageSchema,
});

export const withdrawOrders = endpoint({
  path: '/withdraw/order/list',
  auth: 'user',
  tag: 'funding',
  summary: "The user's withdrawals, newest first, with their review timeline.",
  body: pageBody,
  data: pageOf(withdrawOrderSchema),
});

// ---- operators' review queues -------------------------------------------------------------------

const FINANCE = ['administrator', 'finance'] as const;

export const adminRechargeOrderSchema = rechargeOrderSchema.extend({
  userId: z.number().int(),
  username: z.string(),
  voucherUploadId: z.number().int(),
  reviewedBy: z.number().int().nullable(),
});

export const adminWithdrawOrderSchema = withdrawOrderSchema.extend({
  userId: z.number().int(),
  username: z.string(),
  targetDetail: z
    .record(z.string(), z.string())
    .describe('The destination in full, as bound at request time.'),
  reviewedBy: z.number().int().nullable(),
});

export const adminRechargeList = endpoint({
  path: '/admin/recharge/list',
  auth: 'operator',
  roles: FINANCE,
  tag: 'admin',
  summary: 'Deposits for review, oldest pending first when filtered by pending, else newest first.',
  body: pageBody.extend({ userId: rowId.optional() }).strict(),
  data: pageOf(adminRechargeOrderSchema),
});

export const adminRechargeVoucher = endpoint({
  path: '/admin/recharge/voucher',
  auth: 'operator',
  roles: FINANCE,
  tag: 'admin',
  summary: "A deposit's voucher image (re-encoded, without metadata) as base64.",
  body: z.object({ orderId: rowId }).strict(),
  data: voucherImageSchema,
});

export const adminRechargeApprove = endpoint({
  path: '/admin/recharge/approve',
  auth: 'operator',
  roles: FINANCE,
  tag: 'admin',
  summary:
    "Approves a pending deposit, crediting the quoted `receiveAmount` to the user's spot account. A different `creditedAmount` (wallet currency) needs a `reason`; it may differ from the quote by at most RECHARGE `creditTolerancePercent` of it, and by more only for an administrator.",
  body: z
    .object({
      orderId: rowId,
      creditedAmount: amountField.optional().describe('Omitted: the quoted receiveAmount.'),
      reason: z
        .string(msg('validation.creditReason'))
        .trim()
        .min(5, msg('validation.creditReason'))
        .max(500)
        .optional()
        .describe('Why the credited amount differs from the quote; needed when it does.'),
    })
    .strict(),
  data: adminRechargeOrderSchema,
});

export const adminRechargeReject = endpoint({
  path: '/admin/recharge/reject',
  auth: 'operator',
  roles: FINANCE,
  tag: 'admin',
  summary: 'Rejects a pending deposit with a reason the user sees.',
  body: z
    .object({
      orderId: rowId,
      reason: z.string(msg('validation.required')).trim().min(1, msg('validation.required')).max(500),
    })
    .strict(),
  data: adminRechargeOrderSchema,
});

export const adminWithdrawList = endpoint({
  path: '/admin/withdraw/list',
  auth: 'operator',
  roles: FINANCE,
  tag: 'admin',
  summary: 'Withdrawals for review, oldest pending first when filtered by pending, else newest first.',
  body: pageBody.extend({ userId: rowId.optional() }).strict(),
  data: pageOf(adminWithdrawOrderSchema),
});

export const adminWithdrawApprove = endpoint({
  path: '/admin/withdraw/approve',
  auth: 'operator',
  roles: FINANCE,
  tag: 'admin',
  summary: 'Marks a pending withdrawal paid out, with the payout reference (bank or chain transaction).',
  body: z
    .object({
      orderId: rowId,
      payoutReference: z
        .string(msg('validation.required'))
        .trim()
        .min(1, msg('validation.required'))
        .max(200),
    })
    .strict(),
  data: adminWithdrawOrderSchema,
});

export const adminWithdrawReject = endpoint({
  path: '/admin/withdraw/reject',
  auth: 'operator',
  roles: FINANCE,
  tag: 'admin',
  summary: 'Rejects a pending withdrawal with a reason; the amount returns to the spot account.',
  body: z
    .object({
      orderId: rowId,
      reason: z.string(msg('validation.required')).trim().min(1, msg('validation.required')).max(500),
    })
    .strict(),
  data: adminWithdrawOrderSchema,
});

export const adminBalanceAdjust = endpoint({
  path: '/admin/balance/adjust',
  auth: 'operator',
  roles: ['administrator'],
  tag: 'admin',
  idempotent: true,
  summary:
    "Posts a reasoned, audited correction of a user's spot balance against the house account; negative amounts debit.",
  body: z
    .object({
      userId: rowId,
      vcId: vcIdField,
      amount: z
        .string(msg('validation.amountWrong'))
        .trim()
        .regex(/^-?\d+(\.\d+)?$/, msg('validation.amountWrong')),
      reason: z.string(msg('validation.required')).trim().min(5, msg('validation.required')).max(500),
    })
    .strict(),
  data: z.object({ adjustmentId: z.number().int(), balanceAfter: decimal }),
});
