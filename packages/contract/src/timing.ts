import { z } from 'zod';
import { TIE_RULES, TIMING_DIRECTIONS, type TimingOutcome } from '@vela/domain';
import { endpoint } from './endpoint.ts';
import { msg } from './fields.ts';
import { vcIdField } from './market.ts';
import { amountField } from './wallet.ts';

/**
 * Timed trades: the user stakes an amount on the coin's price being above ("up", buy long)
 * or below ("down", sell short) its open price when the chosen period expires. The open price and
 * the settlement price are recorded ticks of the price history, cited by id and time, so every
 * order can be checked against the feed. Amounts are in the settlement coin (USDT).
 */

export const TIMING_OUTCOMES = ['win', 'loss', 'tie'] as const satisfies readonly TimingOutcome[];

/**
 * `opening`: accepted, waiting for the first tick recorded after its acceptance, at which it opens
 * (about a second; decision 035). `open`: running. `settling`: the period has expired and the settlement has not committed yet
 * (the feed has not recorded the expiry second, or the batch is being written). `settled`: done.
 */
export const TIMING_STATES = ['opening', 'open', 'settling', 'settled'] as const;
export type TimingState = (typeof TIMING_STATES)[number];

const decimal = z.string();

export const timingOrderSchema = z.object({
  id: z.number().int(),
  vcId: z.number().int(),
  symbol: z.string(),
  settleSymbol: z.string().describe('The currency of the stake and the payout.'),
  direction: z.enum(TIMING_DIRECTIONS),
  periodSeconds: z.number().int(),
  amount: decimal.describe('The stake.'),
  payoutRate: decimal.describe(
    'Profit of a win as a fraction of the stake, fixed when the order was placed.',
  ),
  tieRule: z.enum(TIE_RULES).describe('What an unchanged price means, fixed when the order was placed.'),
  expectedPayout: decimal.describe('What a win pays back: the stake and its profit.'),
  openPrice: decimal.nullable().describe('Null while the order is opening.'),
  openTickId: z
    .number()
    .int()
    .nullable()
    .describe('The recorded tick the open price is: the first one after createdAt; null while opening.'),
  openTickTime: z.number().int().nullable(),
  createdAt: z.number().int().describe('When the order was accepted, epoch milliseconds.'),
  expiresAt: z
    .number()
    .int()
    .nullable()
    .describe('openTickTime + periodSeconds, epoch milliseconds; null while opening.'),
  state: z.enum(TIMING_STATES),
  settlePrice: decimal.nullable(),
  settleTickId: z.number().int().nullable().describe('The first recorded tick at or after expiresAt.'),
  settleTickTime: z.number().int().nullable(),
  outcome: z.enum(TIMING_OUTCOMES).nullable(),
  payout: decimal.nullable().describe('What returned to the spot account: 0 on a loss.'),
  profit: decimal.nullable().describe('payout - amount.'),
  settledAt: z.number().int().nullable(),
});
export type TimingOrder = z.infer<typeof timingOrderSchema>;

export const timingOrderRequest = endpoint({
  path: '/user/vc-timing-trade/request',
  auth: 'user',
  tag: 'timing',
  idempotent: true,
  summary:
    'Places a timed trade: the stake leaves the spot account at once and the order opens at the first tick recorded after its acceptance (state `opening` until then); refused with PRICE_UNAVAILABLE when the coin has no tick from the last 2 seconds.',
  body: z
    .object({
      vcId: vcIdField,
      periodSeconds: z
        .number(msg('validation.selectExpiration'))
        .int(msg('validation.selectExpiration'))
        .positive(msg('validation.selectExpiration'))
        .max(31_536_000, msg('validation.selectExpiration')),
      direction: z.enum(TIMING_DIRECTIONS, msg('validation.required')),
      amount: amountField,
    })
    .strict(),
  data: timingOrderSchema,
});

export const timingOrderList = endpoint({
  path: '/user/vc-timing-trade/list',
  auth: 'user',
  tag: 'timing',
  summary:
    "The user's timed orders, newest first: `active` are open and settling ones, `history` the settled ones.",
  body: z
    .object({
      scope: z.enum(['active', 'history'], msg('validation.required')),
      cursor: z.number().int().positive().optional(),
      limit: z.number().int().min(1).max(50).default(20),
    })
    .strict(),
  data: z.object({ list: z.array(timingOrderSchema), nextCursor: z.number().int().nullable() }),
});

export const timingOrderDetail = endpoint({
  path: '/user/vc-timing-trade/detail',
  auth: 'user',
  tag: 'timing',
  summary: 'One of the user\'s timed orders with its settlement receipt; another user\'s id is "not found".',
  body: z.object({ id: z.number(msg('validation.required')).int().positive() }).strict(),
  data: timingOrderSchema,
});
