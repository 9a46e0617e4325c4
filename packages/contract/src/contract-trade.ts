import { z } from 'zod';
import { CONTRACT_KINDS, CONTRACT_SIDES } from '@vela/domain';
import { rowIdField } from './admin.ts';
import { emptyBody, endpoint } from './endpoint.ts';
import { msg } from './fields.ts';
import { vcIdField } from './market.ts';
import { amountField } from './wallet.ts';

/**
 * Perpetual contracts on the contract account (docs/product.md, "Contracts"). The platform is the
 * counterparty at the recorded feed's prices: a market order opens or closes at the first tick
 * recorded after its acceptance, a limit open at its limit on the first tick at or through it, a
 * take-profit or stop-loss at the first tick at or through its price, at that tick's price. Risk is
 * per account: margin / (margin + floating profit and loss + available amount), over every
 * position. Every figure comes from the domain's one formula module; amounts are decimal strings,
 * risk degrees fractions ("0.5571" is 55.71 %).
 */

/**
 * `open`: accepted, waiting for its tick (market) or its price (limit); `filled`: it opened its
 * position or made its close; `cancelled` by its owner or by a forced close; `refused` at its tick
 * (see `endReason`).
 */
export const CONTRACT_ORDER_STATES = ['open', 'filled', 'cancelled', 'refused'] as const;
export type ContractOrderState = (typeof CONTRACT_ORDER_STATES)[number];

/**
 * Why an order ended without filling: `user` cancelled it; `funds`: at its tick the available
 * amount could not pay the margin and fee; `risk`: opening would have put the account at the
 * forced-close level; `position`: the position it was to close was gone or smaller; `forced`: the
 * account was force-closed first.
 */
export const CONTRACT_END_REASONS = ['user', 'funds', 'risk', 'position', 'forced'] as const;
export type ContractEndReason = (typeof CONTRACT_END_REASONS)[number];

export const CONTRACT_CLOSE_REASONS = ['market', 'take_profit', 'stop_loss', 'forced'] as const;
export type ContractCloseReason = (typeof CONTRACT_CLOSE_REASONS)[number];

const decimal = z.string();
const fraction = z.string().describe('A fraction with 4 decimals: "0.9000" is 90 %.');

export const contractTermsSchema = z.object({
  vcId: z.number().int(),
  symbol: z.string(),
  settleSymbol: z.string(),
  enabled: z.boolean(),
  leverages: z.array(z.number().int()).describe('The leverages offered, ascending.'),
  openFeeRate: decimal.describe('Fraction of the value charged when a position opens.'),
  closeFeeRate: decimal.describe('Fraction of the value charged when (part of) a position closes.'),
  minQuantity: decimal.describe('Smallest quantity an order may open or close, in the coin.'),
  maxQuantity: decimal.nullable().describe('Largest quantity of one order; null: uncapped.'),
  priceDecimals: z.number().int().describe('Decimals a limit, take-profit or stop-loss price may have.'),
  quantityDecimals: z.number().int().describe('Decimals a quantity may have.'),
});
export type ContractTerms = z.infer<typeof contractTermsSchema>;

export const contractLevelsSchema = z.object({
  adjustmentRatio: fraction.describe('The system adjustment ratio operators set.'),
  forcedCloseLevel: fraction.describe(
    '100 % less the adjustment ratio: a risk degree here closes every position.',
  ),
  cautionLevel: fraction.describe('Above it, the risk degree is shown as a caution (50 %).'),
});
export type ContractLevels = z.infer<typeof contractLevelsSchema>;

export const contractPositionSchema = z.object({
  id: z.number().int().describe('The id of the order that opened it.'),
  vcId: z.number().int(),
  symbol: z.string(),
  side: z.enum(CONTRACT_SIDES),
  leverage: z.number().int(),
  quantity: decimal.describe('Open now, in the coin.'),
  entryPrice: decimal,
  margin: decimal,
  markPrice: decimal.describe("The coin's latest recorded price."),
  profit: decimal.describe('Floating profit (or loss, negative) at the mark price.'),
  takeProfit: decimal.nullable(),
  stopLoss: decimal.nullable(),
  forcedClosePrice: decimal
    .nullable()
    .describe(
      'The price of this coin at which the account reaches the forced-close level, the other coins at their marks; null when none does.',
    ),
  openFee: decimal,
  openTickId: z.number().int(),
  openTickTime: z.number().int(),
  openedAt: z.number().int(),
});
export type ContractPosition = z.infer<typeof contractPositionSchema>;

export const contractAccountSchema = z.object({
  settleSymbol: z.string(),
  available: decimal.describe('The contract account balance: what new orders and transfers may use.'),
  margin: decimal.describe('Sum of the open positions’ margins.'),
  held: decimal.describe('What open limit orders set aside (margin and opening fee).'),
  profit: decimal.describe('Floating profit and loss over every position.'),
  equity: decimal.describe('margin + profit + available.'),
  riskDegree: fraction
    .nullable()
    .describe('margin / equity; null without positions; "9.9999" or more when equity is gone.'),
  levels: contractLevelsSchema,
  positions: z.array(contractPositionSchema),
});
export type ContractAccount = z.infer<typeof contractAccountSchema>;

export const contractOrderSchema = z.object({
  id: z.number().int(),
  vcId: z.number().int(),
  symbol: z.string(),
  action: z.enum(['open', 'close']),
  side: z.enum(CONTRACT_SIDES).describe("An open's side; a close's is its position's."),
  kind: z.enum(CONTRACT_KINDS),
  state: z.enum(CONTRACT_ORDER_STATES),
  endReason: z.enum(CONTRACT_END_REASONS).nullable(),
  quantity: decimal,
  leverage: z.number().int(),
  limitPrice: decimal.nullable(),
  takeProfit: decimal.nullable(),
  stopLoss: decimal.nullable(),
  positionId: z.number().int().nullable().describe('The position a close closes, or the one an open opened.'),
  held: decimal.describe('What a limit open set aside at placement.'),
  createdAt: z.number().int(),
  fillPrice: decimal.nullable(),
  fillTickId: z.number().int().nullable().describe('The recorded tick it filled on (or was refused at).'),
  fillTickTime: z.number().int().nullable(),
  margin: decimal.nullable().describe('An open: the margin locked.'),
  fee: decimal.nullable(),
  profit: decimal.nullable().describe('A close: the realized profit or loss, before the fee.'),
  endedAt: z.number().int().nullable(),
});
export type ContractOrder = z.infer<typeof contractOrderSchema>;

/** A receipt of (part of) a position closed: by its owner, a target, or a forced close. */
export const contractCloseSchema = z.object({
  id: z.number().int(),
  positionId: z.number().int(),
  vcId: z.number().int(),
  symbol: z.string(),
  side: z.enum(CONTRACT_SIDES),
  leverage: z.number().int(),
  reason: z.enum(CONTRACT_CLOSE_REASONS),
  orderId: z
    .number()
    .int()
    .nullable()
    .describe('The market close order; null for a target or a forced close.'),
  forcedId: z.number().int().nullable(),
  quantity: decimal,
  entryPrice: decimal,
  price: decimal,
  tickId: z.number().int(),
  tickTime: z.number().int(),
  profit: decimal.describe('Realized profit or loss, before the fee.'),
  fee: decimal,
  margin: decimal.describe('The margin this close freed.'),
  closedAt: z.number().int(),
});
export type ContractClose = z.infer<typeof contractCloseSchema>;

const quantityField = amountField;
const priceField = amountField;

export const contractTermsList = endpoint({
  path: '/portal/vc-contract-trade-config/list',
  auth: 'none',
  tag: 'contract',
  summary: 'The contract terms of every coin that trades contracts, and the risk levels.',
  body: emptyBody,
  data: z.object({ list: z.array(contractTermsSchema), levels: contractLevelsSchema }),
});

export const contractAccount = endpoint({
  path: '/user/vc-contract-position/list',
  auth: 'user',
  tag: 'contract',
  summary:
    "The user's contract account at the latest prices: available, margin, floating profit, equity, risk degree and every open position with its forced-close price.",
  body: emptyBody,
  data: contractAccountSchema,
});

export const contractOrderRequest = endpoint({
  path: '/user/vc-contract-trade/request',
  auth: 'user',
  tag: 'contract',
  idempotent: true,
  summary:
    'Opens a position: `quantity` of the coin at `leverage` (one the coin offers), long or short, at market or at `limitPrice`, with an optional take-profit and stop-loss. A limit order sets its margin and opening fee aside at once. Refused with CONTRACT_RISK_TOO_HIGH when the account would reach the forced-close level, and with PRICE_UNAVAILABLE when the coin has no tick from the last 2 seconds.',
  body: z
    .object({
      vcId: vcIdField,
      side: z.enum(CONTRACT_SIDES, msg('validation.required')),
      kind: z.enum(CONTRACT_KINDS, msg('validation.required')),
      leverage: z.number(msg('validation.required')).int(msg('validation.invalidValue')),
      quantity: quantityField,
      limitPrice: priceField.optional(),
      takeProfit: priceField.optional(),
      stopLoss: priceField.optional(),
    })
    .strict(),
  data: contractOrderSchema,
});

export const contractClose = endpoint({
  path: '/user/vc-contract-trade/close',
  auth: 'user',
  tag: 'contract',
  idempotent: true,
  summary:
    "Closes `quantity` (all or part) of one of the user's positions at market: at the first tick recorded after the request.",
  body: z.object({ positionId: rowIdField, quantity: quantityField }).strict(),
  data: contractOrderSchema,
});

export const contractOrderCancel = endpoint({
  path: '/user/vc-contract-trade/cancel',
  auth: 'user',
  tag: 'contract',
  idempotent: true,
  summary: "Cancels one of the user's open limit orders and gives back what it set aside.",
  body: z.object({ id: rowIdField }).strict(),
  data: contractOrderSchema,
});

export const contractTargets = endpoint({
  path: '/user/vc-contract-position/targets',
  auth: 'user',
  tag: 'contract',
  summary:
    "Sets or clears a position's take-profit and stop-loss (null clears). A long's take-profit must be above the mark and its stop-loss below it; a short's the other way round.",
  body: z
    .object({ positionId: rowIdField, takeProfit: priceField.nullable(), stopLoss: priceField.nullable() })
    .strict(),
  data: contractPositionSchema,
});

export const contractOrderList = endpoint({
  path: '/user/vc-contract-trade/list',
  auth: 'user',
  tag: 'contract',
  summary: "The user's contract orders, newest first: `open` ones, or the `history` of ended ones.",
  body: z
    .object({
      scope: z.enum(['open', 'history'], msg('validation.required')),
      cursor: z.number().int().positive().optional(),
      limit: z.number().int().min(1).max(50).default(20),
    })
    .strict(),
  data: z.object({ list: z.array(contractOrderSchema), nextCursor: z.number().int().nullable() }),
});

export const contractOrderDetail = endpoint({
  path: '/user/vc-contract-trade/detail',
  auth: 'user',
  tag: 'contract',
  summary: 'One of the user\'s contract orders with its receipt; another user\'s id is "not found".',
  body: z.object({ id: rowIdField }).strict(),
  data: contractOrderSchema,
});

export const contractCloseList = endpoint({
  path: '/user/vc-contract-close/list',
  auth: 'user',
  tag: 'contract',
  summary:
    "The receipts of the user's closed positions (or parts), newest first, with the tick each closed on.",
  body: z
    .object({
      cursor: z.number().int().positive().optional(),
      limit: z.number().int().min(1).max(50).default(20),
    })
    .strict(),
  data: z.object({ list: z.array(contractCloseSchema), nextCursor: z.number().int().nullable() }),
});

const decimalsField = z
  .number(msg('validation.invalidValue'))
  .int(msg('validation.invalidValue'))
  .min(0, msg('validation.invalidValue'))
  .max(18, msg('validation.invalidValue'));

/** What an operator sets for one coin; every save is audited with the values before and after. */
export const contractTermsInput = z
  .object({
    vcId: vcIdField,
    enabled: z.boolean(msg('validation.required')),
    leverages: z
      .array(z.number(msg('validation.invalidValue')).int(msg('validation.invalidValue')).min(1).max(200))
      .min(1, msg('validation.required'))
      .max(20, msg('validation.invalidValue')),
    openFeeRate: amountField,
    closeFeeRate: amountField,
    minQuantity: amountField,
    maxQuantity: amountField.nullable(),
    priceDecimals: decimalsField,
    quantityDecimals: decimalsField,
  })
  .strict();

export const adminContractTermsList = endpoint({
  path: '/admin/contract/terms/list',
  auth: 'operator',
  tag: 'admin',
  summary: 'Every coin that can trade contracts, with its terms, and the risk levels.',
  body: emptyBody,
  data: z.object({ list: z.array(contractTermsSchema), levels: contractLevelsSchema }),
});

export const adminContractTermsSave = endpoint({
  path: '/admin/contract/terms/save',
  auth: 'operator',
  tag: 'admin',
  summary:
    "Sets one coin's contract terms. Orders and positions keep the fees they were accepted with. Recorded in the audit log.",
  body: contractTermsInput,
  data: contractTermsSchema,
});

export const adminContractLevelsSave = endpoint({
  path: '/admin/contract/levels/save',
  auth: 'operator',
  tag: 'admin',
  summary:
    'Sets the system adjustment ratio (from 0 to below 1): forced closing starts at 100 % less it, for every account from the next recorded second. Recorded in the audit log.',
  body: z.object({ adjustmentRatio: amountField }).strict(),
  data: contractLevelsSchema,
});

export const contractRiskRowSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  available: decimal,
  margin: decimal,
  profit: decimal,
  equity: decimal,
  riskDegree: fraction,
  positions: z.number().int(),
});

export const adminContractRisk = endpoint({
  path: '/admin/contract/risk',
  auth: 'operator',
  tag: 'admin',
  summary:
    'The accounts with open positions, highest risk degree first, at the latest prices; and the insurance account.',
  body: z.object({ limit: z.number().int().min(1).max(200).default(50) }).strict(),
  data: z.object({
    list: z.array(contractRiskRowSchema),
    levels: contractLevelsSchema,
    insurance: decimal.describe('The insurance account: minus the shortfalls it has paid.'),
    settleSymbol: z.string(),
  }),
});

export const contractForcedRowSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  timeMs: z.number().int().describe('The recorded second it happened at.'),
  riskDegree: fraction.describe(
    'The risk degree that reached the level ("9.9999" or more when equity was gone).',
  ),
  margin: decimal,
  equity: decimal,
  positions: z.number().int(),
  profit: decimal,
  fee: decimal,
  shortfall: decimal.describe('What the insurance account paid.'),
  createdAt: z.number().int(),
});

export const adminContractForced = endpoint({
  path: '/admin/contract/forced',
  auth: 'operator',
  tag: 'admin',
  summary: 'The forced-close log, newest first.',
  body: z
    .object({
      cursor: z.number().int().positive().optional(),
      limit: z.number().int().min(1).max(100).default(50),
    })
    .strict(),
  data: z.object({ list: z.array(contractForcedRowSchema), nextCursor: z.number().int().nullable() }),
});
