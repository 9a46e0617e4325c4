import { z } from 'zod';
import { emptyBody, endpoint } from './endpoint.ts';
import { msg } from './fields.ts';
import { vcIdField } from './market.ts';

/**
 * Wallets: balances, transfers between a user's accounts and bills (the user's ledger postings).
 * Amounts are decimal strings with the currency's `scale` decimals; the server refuses more
 * decimals than the currency has rather than rounding.
 */

/** A positive decimal amount as typed: digits, an optional fraction, no sign and no exponent. */
export const amountField = z
  .string(msg('validation.amountEmpty'))
  .trim()
  .min(1, msg('validation.amountEmpty'))
  .max(40, msg('validation.amountWrong'))
  .regex(/^\d+(\.\d+)?$/, msg('validation.amountWrong'));

/** The accounts a user can move money between with a transfer. */
export const TRANSFER_ACCOUNTS = ['spot', 'contract'] as const;
export type TransferAccount = (typeof TRANSFER_ACCOUNTS)[number];

/** What a bill line can be; the client explains each with its own text. */
export const BILL_TYPES = [
  'transfer',
  'deposit',
  'withdrawal_hold',
  'withdrawal_payout',
  'withdrawal_return',
  'adjustment',
  'timing_stake',
  'timing_settlement',
  'spot_hold',
  'spot_release',
  'spot_fill',
  'contract_hold',
  'contract_release',
  'contract_open',
  'contract_close',
  'contract_forced',
  'finance_buy',
  'finance_redeem',
  'finance_fee',
  'finance_settlement',
  'rebate',
] as const;
export type BillType = (typeof BILL_TYPES)[number];

/** The user's accounts a bill line can belong to. */
export const BILL_ACCOUNTS = ['spot', 'contract', 'trade_hold', 'finance_hold', 'margin'] as const;

const money = z.string().describe('Decimal string with the currency scale, e.g. "12.50000000".');

export const walletCurrencySchema = z.object({
  vcId: z.number().int(),
  symbol: z.string(),
  name: z.string(),
  icon: z.string(),
  /** Decimals of amounts in this currency. */
  scale: z.number().int(),
  spot: money.describe('Available in the spot account.'),
  contract: money.describe('Available in the contract account.'),
  frozen: money.describe(
    'Held: pending withdrawals, open timed-trade stakes, what open spot orders set aside, and finance principal.',
  ),
  priceUsdt: z.string().nullable().describe('Last price in USDT; null when no price is known.'),
  valueUsdt: z.string().describe('spot + contract + frozen at the last price, in USDT (6 decimals).'),
});
export type WalletCurrency = z.infer<typeof walletCurrencySchema>;

export const walletOverview = endpoint({
  path: '/wallet/overview',
  auth: 'user',
  tag: 'wallet',
  summary: "The user's balances per wallet currency, valued in USDT at the latest prices.",
  body: emptyBody,
  data: z.object({
    totalUsdt: z.string().describe('Sum of valueUsdt over the currencies (6 decimals).'),
    currencies: z.array(walletCurrencySchema),
  }),
});

export const walletTransfer = endpoint({
  path: '/wallet/transfer',
  auth: 'user',
  tag: 'wallet',
  idempotent: true,
  summary: 'Moves an amount between the spot and contract accounts of one currency.',
  body: z
    .object({
      vcId: vcIdField,
      from: z.enum(TRANSFER_ACCOUNTS, msg('validation.required')),
      to: z.enum(TRANSFER_ACCOUNTS, msg('validation.required')),
      amount: amountField,
    })
    .strict(),
  data: z.object({
    transferId: z.number().int(),
    vcId: z.number().int(),
    spot: money,
    contract: money,
  }),
});

export const billSchema = z.object({
  id: z.number().int().describe('The posting id; bills are listed newest first by it.'),
  entryId: z.number().int(),
  type: z.enum(BILL_TYPES),
  account: z.enum(BILL_ACCOUNTS),
  vcId: z.number().int(),
  symbol: z.string(),
  amount: z.string().describe('Signed: positive came in, negative went out.'),
  balanceAfter: money,
  refType: z.string(),
  refId: z.number().int(),
  memo: z.string().nullable(),
  createdAt: z.number().int(),
});
export type Bill = z.infer<typeof billSchema>;

export const walletBills = endpoint({
  path: '/wallet/bills',
  auth: 'user',
  tag: 'wallet',
  summary: "The user's bills, newest first, filtered by type, currency and time; keyset pages.",
  body: z
    .object({
      types: z.array(z.enum(BILL_TYPES)).max(BILL_TYPES.length).optional(),
      vcId: vcIdField.optional(),
      /** Inclusive start and exclusive end, epoch milliseconds. */
      fromTime: z.number().int().nonnegative().optional(),
      toTime: z.number().int().nonnegative().optional(),
      /** The last `id` of the previous page; absent for the first page. */
      cursor: z.number().int().positive().optional(),
      limit: z.number().int().min(1).max(50).default(20),
    })
    .strict(),
  data: z.object({
    list: z.array(billSchema),
    /** Pass as `cursor` for the next page; null when there is no more data. */
    nextCursor: z.number().int().nullable(),
  }),
});
