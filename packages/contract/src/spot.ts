import { z } from 'zod';
import { SPOT_KINDS } from '@vela/domain';
import { rowIdField } from './admin.ts';
import { emptyBody, endpoint } from './endpoint.ts';
import { msg } from './fields.ts';
import { vcIdField } from './market.ts';
import { amountField } from './wallet.ts';

/**
 * Spot trading (docs/product.md, "Spot orders"): the platform is the broker. A buy spends USDT and
 * gives the coin, a sell the reverse; only coins held can be sold. Orders fill on recorded ticks
 * of the price feed, never at a price the client sends: a market order at the first tick recorded
 * after its acceptance, a limit order at its limit on the first such tick at or through it. Every
 * fill cites its tick by id and time. Amounts are decimal strings.
 */

export const SPOT_SIDES = ['buy', 'sell'] as const;
export type SpotOrderSide = (typeof SPOT_SIDES)[number];

/**
 * `open`: accepted and not filled yet (a market order for about a second, a limit order until the
 * feed reaches its limit); `filled`; `cancelled` by its owner, or because at its fill price it could
 * not buy even the smallest quantity (`cancelReason`).
 */
export const SPOT_STATES = ['open', 'filled', 'cancelled'] as const;
export type SpotState = (typeof SPOT_STATES)[number];

export const SPOT_CANCEL_REASONS = ['user', 'too_small'] as const;

const decimal = z.string();

/** One coin's spot terms, as operators set them in the console. */
export const spotTermsSchema = z.object({
  vcId: z.number().int(),
  symbol: z.string(),
  settleSymbol: z.string(),
  enabled: z.boolean(),
  feeRate: decimal.describe('Fraction of the quote amount charged on each fill ("0.001" is 0.1 %).'),
  minAmount: decimal.describe('Smallest buy, in the settlement coin.'),
  maxAmount: decimal.nullable().describe('Largest buy, in the settlement coin; null: uncapped.'),
  minQuantity: decimal.describe('Smallest sell, in the coin.'),
  maxQuantity: decimal.nullable().describe('Largest sell, in the coin; null: uncapped.'),
  priceDecimals: z.number().int().describe('Decimals a limit price may have.'),
  quantityDecimals: z
    .number()
    .int()
    .describe('Decimals a quantity may have; fills buy whole steps of it, and quick amounts truncate to it.'),
  amountDecimals: z.number().int().describe('Decimals a buy amount may have (the settlement coin).'),
});
export type SpotTerms = z.infer<typeof spotTermsSchema>;

export const spotOrderSchema = z.object({
  id: z.number().int(),
  vcId: z.number().int(),
  symbol: z.string(),
  settleSymbol: z.string(),
  side: z.enum(SPOT_SIDES),
  kind: z.enum(SPOT_KINDS),
  state: z.enum(SPOT_STATES),
  amount: decimal.nullable().describe('A buy: the settlement coin set aside. Null for a sell.'),
  quantity: decimal.nullable().describe('A sell: the coin set aside. A buy: what it bought, once filled.'),
  limitPrice: decimal.nullable(),
  feeRate: decimal.describe('Fixed when the order was accepted.'),
  createdAt: z.number().int().describe('When the order was accepted, epoch milliseconds.'),
  fillPrice: decimal.nullable(),
  fillTickId: z
    .number()
    .int()
    .nullable()
    .describe('The recorded tick the order filled on: the first after createdAt (at or through the limit).'),
  fillTickTime: z.number().int().nullable(),
  quote: decimal
    .nullable()
    .describe('The filled quantity at the fill price, in the settlement coin, before the fee.'),
  fee: decimal.nullable(),
  credit: decimal
    .nullable()
    .describe(
      "What returned to the spot account in the settlement coin: a sell's proceeds less the fee, a buy's unused amount.",
    ),
  filledAt: z.number().int().nullable(),
  cancelledAt: z.number().int().nullable(),
  cancelReason: z.enum(SPOT_CANCEL_REASONS).nullable(),
});
export type SpotOrder = z.infer<typeof spotOrderSchema>;

export const spotHoldingSchema = z.object({
  vcId: z.number().int(),
  symbol: z.string(),
  scale: z.number().int().describe("Decimals of the coin's amounts."),
  quantity: decimal.describe('Everything held: available plus set aside by open sell orders.'),
  available: decimal,
  held: decimal.describe('Set aside by open sell orders.'),
  averageCost: decimal
    .nullable()
    .describe(
      'Average price paid per coin over the bought coins still held; null when none was bought here.',
    ),
  cost: decimal.describe('What the held bought coins cost, fees excluded, in the settlement coin.'),
  price: decimal.nullable().describe('The latest recorded price; null when none is known.'),
});
export type SpotHolding = z.infer<typeof spotHoldingSchema>;

export const spotTermsList = endpoint({
  path: '/portal/vc-spot-trade-config/list',
  auth: 'none',
  tag: 'spot',
  summary: 'The spot terms of every coin that trades on spot: fee, limits and decimals.',
  body: emptyBody,
  data: z.array(spotTermsSchema),
});

const quantityField = amountField;

export const spotOrderRequest = endpoint({
  path: '/user/vc-spot-trade/request',
  auth: 'user',
  tag: 'spot',
  idempotent: true,
  summary:
    'Places a spot order. A buy names `amount` in the settlement coin, a sell `quantity` of the coin; a limit order its `limitPrice`. What the order needs is set aside at once; it fills at the first recorded tick after its acceptance (a limit: at or through its limit). Refused with PRICE_UNAVAILABLE when the coin has no tick from the last 2 seconds.',
  body: z
    .object({
      vcId: vcIdField,
      side: z.enum(SPOT_SIDES, msg('validation.required')),
      kind: z.enum(SPOT_KINDS, msg('validation.required')),
      amount: amountField.optional(),
      quantity: quantityField.optional(),
      limitPrice: amountField.optional(),
    })
    .strict(),
  data: spotOrderSchema,
});

export const spotOrderCancel = endpoint({
  path: '/user/vc-spot-trade/cancel',
  auth: 'user',
  tag: 'spot',
  idempotent: true,
  summary:
    "Cancels one of the user's open orders and gives back what it set aside; a filled order cannot be.",
  body: z.object({ id: rowIdField }).strict(),
  data: spotOrderSchema,
});

export const spotOrderList = endpoint({
  path: '/user/vc-spot-trade/list',
  auth: 'user',
  tag: 'spot',
  summary:
    "The user's spot orders, newest first: `open` ones, or the `history` of filled and cancelled ones.",
  body: z
    .object({
      scope: z.enum(['open', 'history'], msg('validation.required')),
      vcId: vcIdField.optional(),
      cursor: z.number().int().positive().optional(),
      limit: z.number().int().min(1).max(50).default(20),
    })
    .strict(),
  data: z.object({ list: z.array(spotOrderSchema), nextCursor: z.number().int().nullable() }),
});

export const spotOrderDetail = endpoint({
  path: '/user/vc-spot-trade/detail',
  auth: 'user',
  tag: 'spot',
  summary: 'One of the user\'s spot orders with its fill receipt; another user\'s id is "not found".',
  body: z.object({ id: rowIdField }).strict(),
  data: spotOrderSchema,
});

export const spotHoldingList = endpoint({
  path: '/user/vc-spot-holding/list',
  auth: 'user',
  tag: 'spot',
  summary: 'The coins the user holds that trade on spot, with what the bought ones cost.',
  body: emptyBody,
  data: z.array(spotHoldingSchema),
});

/** What an operator sets for one coin; every save is audited with the values before and after. */
export const spotTermsInput = z
  .object({
    vcId: vcIdField,
    enabled: z.boolean(msg('validation.required')),
    feeRate: amountField,
    minAmount: amountField,
    maxAmount: amountField.nullable(),
    minQuantity: amountField,
    maxQuantity: amountField.nullable(),
    priceDecimals: z
      .number(msg('validation.invalidValue'))
      .int(msg('validation.invalidValue'))
      .min(0, msg('validation.invalidValue'))
      .max(18, msg('validation.invalidValue')),
    quantityDecimals: z
      .number(msg('validation.invalidValue'))
      .int(msg('validation.invalidValue'))
      .min(0, msg('validation.invalidValue'))
      .max(18, msg('validation.invalidValue')),
  })
  .strict();

export const adminSpotTermsList = endpoint({
  path: '/admin/spot/terms/list',
  auth: 'operator',
  tag: 'admin',
  summary: 'Every coin that can trade on spot, with its terms (disabled ones included).',
  body: emptyBody,
  data: z.array(spotTermsSchema),
});

export const adminSpotTermsSave = endpoint({
  path: '/admin/spot/terms/save',
  auth: 'operator',
  tag: 'admin',
  summary:
    "Sets one coin's spot terms. Orders already accepted keep the fee they were accepted with. Recorded in the audit log.",
  body: spotTermsInput,
  data: spotTermsSchema,
});

export const adminSpotOrders = endpoint({
  path: '/admin/spot/orders',
  auth: 'operator',
  tag: 'admin',
  summary: "One user's spot orders, newest first, read only: open ones or the history.",
  body: z
    .object({
      userId: rowIdField,
      scope: z.enum(['open', 'history'], msg('validation.required')),
      cursor: z.number().int().positive().optional(),
      limit: z.number().int().min(1).max(100).default(50),
    })
    .strict(),
  data: z.object({ list: z.array(spotOrderSchema), nextCursor: z.number().int().nullable() }),
});
