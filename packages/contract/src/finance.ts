import { z } from 'zod';
import { LOCALE_CODES } from '@vela/i18n';
import { FINANCE_BUY_TYPES, FINANCE_CYCLE_TYPES } from '@vela/domain';
import { rowIdField } from './admin.ts';
import { emptyBody, endpoint } from './endpoint.ts';
import { msg, preHashedPasswordField } from './fields.ts';
import { vcIdField } from './market.ts';
import { amountField } from './wallet.ts';

/**
 * Pledge finance (docs/product.md, "Pledge finance"): dual-investment products on one coin against
 * USDT. The principal, paid in the coin or in USDT (`buyType`), is locked for the term; at its end
 * the first recorded price at or after `calcEndDate` decides the payout: below the linked price
 * (`exchangeRate`) the principal in coins × factor, in the coin; at or above it the principal in
 * USDT × factor, in USDT; factor = 1 + days × annual rate / 365. Not principal-guaranteed. Rates are
 * decimal fractions ("0.12" is 12 % a year); amounts are decimal strings.
 */

/** `holding`: locked until its end; `redeemed` early by its owner; `settled` at its end. */
export const FINANCE_ORDER_STATES = ['holding', 'redeemed', 'settled'] as const;
export type FinanceOrderState = (typeof FINANCE_ORDER_STATES)[number];

const decimal = z.string();

export const financeProductSchema = z.object({
  id: z.number().int(),
  vcId: z.number().int().describe('The coin the product is linked to.'),
  symbol: z.string(),
  settleSymbol: z.string(),
  name: z.string().describe("In the request's language; the default name when it has none."),
  remark: z.string(),
  rateStr: decimal.describe('Annual yield as a fraction ("0.12" is 12 % a year).'),
  buyType: z.enum(FINANCE_BUY_TYPES).describe('What the principal is paid in: the coin or USDT.'),
  buySymbol: z.string().describe('The symbol of the currency the principal is paid in.'),
  amountDecimals: z.number().int().describe('Decimals an amount may have (the currency paid in).'),
  cycle: z.number().int().describe('The term, in units of cycleType.'),
  cycleType: z.enum(FINANCE_CYCLE_TYPES),
  exchangeRate: decimal.describe('The linked price, in USDT per coin.'),
  serviceRateStr: decimal.describe('Fraction of the principal kept on early redemption.'),
  minAmount: decimal,
  maxAmount: decimal.nullable().describe('Largest purchase; null: only the remaining quota caps it.'),
  quota: decimal.describe('What all purchases together may reach, in the currency paid in.'),
  remaining: decimal.describe('Quota left to buy.'),
  enabled: z.boolean().describe('False: closed to new buyers; its orders run to their end.'),
});
export type FinanceProduct = z.infer<typeof financeProductSchema>;

export const financeOrderSchema = z.object({
  id: z.number().int(),
  orderNum: z.string().describe('The order number shown to the user and to support.'),
  productId: z.number().int(),
  name: z.string(),
  vcId: z.number().int(),
  symbol: z.string(),
  settleSymbol: z.string(),
  buyType: z.enum(FINANCE_BUY_TYPES),
  buySymbol: z.string(),
  state: z.enum(FINANCE_ORDER_STATES),
  amount: decimal.describe('The principal, in the currency paid in.'),
  vcCount: decimal.describe(
    'The principal in coins at the linked price (the amount itself when paid in the coin).',
  ),
  rateStr: decimal,
  cycle: z.number().int(),
  cycleType: z.enum(FINANCE_CYCLE_TYPES),
  exchangeRate: decimal,
  serviceRateStr: decimal,
  calcStartDate: z.number().int().describe('Interest starts: the moment of purchase, epoch milliseconds.'),
  calcEndDate: z
    .number()
    .int()
    .describe('The end instant; the settlement price is the first tick at or after it.'),
  estimateCoin: decimal.describe(
    'What the order pays if the settlement price is below the linked price, in the coin.',
  ),
  estimateUsdt: decimal.describe('What it pays at or above the linked price, in USDT.'),
  serviceAmount: decimal.nullable().describe('The fee kept on early redemption; null otherwise.'),
  refundAmount: decimal.nullable().describe('What early redemption gave back, in the currency paid in.'),
  incomeAmount: decimal
    .nullable()
    .describe('Settled: the payout less the principal counted in the payout currency. Null before.'),
  payoutAmount: decimal.nullable(),
  payoutSymbol: z.string().nullable(),
  settleTickId: z.number().int().nullable().describe('The recorded tick the order settled at.'),
  settleTickTime: z.number().int().nullable(),
  settlePrice: decimal.nullable(),
  createdAt: z.number().int(),
  endedAt: z.number().int().nullable().describe('When it was redeemed or settled.'),
});
export type FinanceOrder = z.infer<typeof financeOrderSchema>;

/** One currency of the overview: what is locked, earned and expected. */
export const financeHoldingSchema = z.object({
  vcId: z.number().int(),
  symbol: z.string(),
  scale: z.number().int(),
  held: decimal.describe('Principal of the holding orders paid in this currency.'),
  income: decimal.describe('Income of the settled orders paid out in this currency.'),
  estimated: decimal.describe(
    'Interest the holding orders paid in this currency earn if they are paid back in it.',
  ),
  orders: z.number().int().describe('Holding orders paid in this currency.'),
});
export type FinanceHolding = z.infer<typeof financeHoldingSchema>;

export const financeProductList = endpoint({
  path: '/portal/finance-product/list',
  auth: 'none',
  tag: 'finance',
  summary: 'The products open to buyers, by coin and sort order, with their terms and remaining quota.',
  body: z.object({ vcId: vcIdField.optional() }).strict(),
  data: z.array(financeProductSchema),
});

export const financeProductDetail = endpoint({
  path: '/portal/finance-product/detail',
  auth: 'none',
  tag: 'finance',
  summary: 'One product; a closed or unknown one is FINANCE_PRODUCT_CLOSED.',
  body: z.object({ id: rowIdField }).strict(),
  data: financeProductSchema,
});

export const financeBuy = endpoint({
  path: '/user/finance-order/buy',
  auth: 'user',
  tag: 'finance',
  idempotent: true,
  sensitive: true,
  summary:
    'Buys a product: the amount leaves the spot account for the finance holding in one journal entry with the order. Checked against the limits, the decimals, the remaining quota (decided once under concurrency) and the fund password.',
  body: z.object({ productId: rowIdField, amount: amountField, fundPwd: preHashedPasswordField }).strict(),
  data: financeOrderSchema,
});

export const financeRedeem = endpoint({
  path: '/user/finance-order/redeem',
  auth: 'user',
  tag: 'finance',
  idempotent: true,
  summary:
    "Redeems one of the user's holding orders early: the principal returns to spot less the service fee, with no interest.",
  body: z.object({ id: rowIdField }).strict(),
  data: financeOrderSchema,
});

export const financeOrderList = endpoint({
  path: '/user/finance-order/list',
  auth: 'user',
  tag: 'finance',
  summary: "The user's orders, newest first: `holding` ones, or the `history` of redeemed and settled ones.",
  body: z
    .object({
      scope: z.enum(['holding', 'history'], msg('validation.required')),
      cursor: z.number().int().positive().optional(),
      limit: z.number().int().min(1).max(50).default(20),
    })
    .strict(),
  data: z.object({ list: z.array(financeOrderSchema), nextCursor: z.number().int().nullable() }),
});

export const financeOrderDetail = endpoint({
  path: '/user/finance-order/detail',
  auth: 'user',
  tag: 'finance',
  summary: 'One of the user\'s orders with its receipt; another user\'s id is "not found".',
  body: z.object({ id: rowIdField }).strict(),
  data: financeOrderSchema,
});

export const financeOverview = endpoint({
  path: '/user/finance-order/overview',
  auth: 'user',
  tag: 'finance',
  summary: "The user's finance per currency: principal held, income to date and estimated income.",
  body: emptyBody,
  data: z.array(financeHoldingSchema),
});

const localizedText = z.partialRecord(z.enum(LOCALE_CODES), z.string().trim().max(2000));

/** What the console shows of a product: the buyer's view plus every translation and the sales. */
export const adminFinanceProductSchema = financeProductSchema.extend({
  names: localizedText,
  remarks: localizedText,
  sort: z.number().int(),
  orderCount: z.number().int().describe('Orders ever bought; a product with any keeps its terms.'),
  updatedAt: z.number().int(),
});
export type AdminFinanceProduct = z.infer<typeof adminFinanceProductSchema>;

const rateField = z
  .string(msg('validation.invalidValue'))
  .trim()
  .regex(/^\d+(\.\d{1,8})?$/, msg('validation.invalidValue'));

/** What an operator sets; `id` absent creates a product. Every save is audited. */
export const financeProductInput = z
  .object({
    id: rowIdField.optional(),
    vcId: vcIdField,
    names: localizedText,
    remarks: localizedText,
    rateStr: rateField,
    buyType: z.enum(FINANCE_BUY_TYPES, msg('validation.required')),
    cycle: z
      .number(msg('validation.invalidValue'))
      .int(msg('validation.invalidValue'))
      .min(1, msg('validation.invalidValue'))
      .max(3650, msg('validation.invalidValue')),
    cycleType: z.enum(FINANCE_CYCLE_TYPES, msg('validation.required')),
    exchangeRate: amountField,
    serviceRateStr: rateField,
    minAmount: amountField,
    maxAmount: amountField.nullable(),
    quota: amountField,
    enabled: z.boolean(msg('validation.required')),
    sort: z.number(msg('validation.invalidValue')).int(msg('validation.invalidValue')),
  })
  .strict();

export const adminFinanceProducts = endpoint({
  path: '/admin/finance/products/list',
  auth: 'operator',
  tag: 'admin',
  summary: 'Every finance product, closed ones included, with translations and sales.',
  body: emptyBody,
  data: z.array(adminFinanceProductSchema),
});

export const adminFinanceProductSave = endpoint({
  path: '/admin/finance/products/save',
  auth: 'operator',
  tag: 'admin',
  summary:
    'Creates or changes a product. Once it has orders only its names, remarks, sort order and enabled flag change (FINANCE_TERMS_LOCKED). Recorded in the audit log.',
  body: financeProductInput,
  data: adminFinanceProductSchema,
});

/** An order as the console lists it: the user's view and its owner. */
export const adminFinanceOrderSchema = financeOrderSchema.extend({
  userId: z.number().int(),
  username: z.string(),
});

export const adminFinanceOrders = endpoint({
  path: '/admin/finance/orders',
  auth: 'operator',
  tag: 'admin',
  summary:
    'Finance orders, read only: `holding` ones by end instant (soonest first), or the `history` newest first.',
  body: z
    .object({
      scope: z.enum(['holding', 'history'], msg('validation.required')),
      userId: rowIdField.optional(),
      cursor: z.number().int().positive().optional(),
      limit: z.number().int().min(1).max(100).default(50),
    })
    .strict(),
  data: z.object({ list: z.array(adminFinanceOrderSchema), nextCursor: z.number().int().nullable() }),
});

export const financeSettlementSchema = z.object({
  id: z.number().int(),
  vcId: z.number().int(),
  symbol: z.string(),
  orderCount: z.number().int(),
  coinPaid: decimal.describe('Paid out in the coin.'),
  usdtPaid: decimal.describe('Paid out in USDT.'),
  settledAt: z.number().int(),
});

export const adminFinanceSettlements = endpoint({
  path: '/admin/finance/settlements',
  auth: 'operator',
  tag: 'admin',
  summary: 'The settlement log: each batch of orders that ended together on one coin, newest first.',
  body: z
    .object({
      cursor: z.number().int().positive().optional(),
      limit: z.number().int().min(1).max(100).default(50),
    })
    .strict(),
  data: z.object({ list: z.array(financeSettlementSchema), nextCursor: z.number().int().nullable() }),
});
