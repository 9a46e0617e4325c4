import type { Kysely } from 'kysely';
import type { ParsedBodyOf, SpotTerms, endpoints } from '@vela/contract';
import { checkAmount, feeRateUnits, formatMinor, type AmountError, type SpotKind } from '@vela/domain';
import type { MessageKey } from '@vela/i18n';
import type { SpotSide } from '@vela/domain';
import type { Database } from '../../db/schema.ts';
import { AppError, fieldError } from '../../errors.ts';
import { readAmountRule, requireAmount, type AmountRule } from '../ledger/amounts.ts';
import { listCacheVersions, VersionedAnswer } from '../system/cache-versions.ts';
import { settlementCoin } from '../market/coin-repository.ts';
import { spotTermsRows, type SpotTermsRow } from './spot-repository.ts';

/** A coin's spot terms as orders are checked against them. */
export interface SpotPairTerms {
  vcId: number;
  symbol: string;
  /** The terms and the coin are both enabled. */
  open: boolean;
  enabled: boolean;
  feeRate: string;
  minAmount: string;
  maxAmount: string | null;
  minQuantity: string;
  maxQuantity: string | null;
  priceDecimals: number;
  quantityDecimals: number;
  /** The coin's price scale (its ticks') and amount scale (its wallet's). */
  priceScale: number;
  quantityScale: number;
}

export interface SpotTermsSet {
  pairs: ReadonlyMap<number, SpotPairTerms>;
  settle: { id: number; symbol: string; amountScale: number };
  amountRule: AmountRule;
}

/** What an order that passed its checks is placed with. */
export interface CheckedSpotOrder {
  pair: SpotPairTerms;
  settle: SpotTermsSet['settle'];
  side: SpotSide;
  kind: SpotKind;
  /** What the order sets aside, and in which currency. */
  heldMinor: bigint;
  heldVcId: number;
  limitPriceMinor: bigint | null;
}

/**
 * The spot terms, kept in memory and rebuilt when an operator changes them (the cache versions of
 * coins, spot terms and the system configuration), as the timed-trade terms are (decision 027).
 */
export class SpotTermsCache {
  private readonly answer: VersionedAnswer<SpotTermsSet>;

  constructor(db: Kysely<Database>, recheckMs = 0) {
    const watched = new Set(['VC', 'VC_SPOT_TRADE_CONFIG', 'SYS_CONFIG']);
    this.answer = new VersionedAnswer(
      async () =>
        (await listCacheVersions(db))
          .filter((v) => watched.has(v.cacheType))
          .map((v) => `${v.cacheType}:${v.finishUpdateTime}`)
          .join(','),
      () => loadSpotTerms(db),
      recheckMs,
    );
  }

  get(): Promise<SpotTermsSet> {
    return this.answer.get();
  }
}

export async function loadSpotTerms(db: Kysely<Database>): Promise<SpotTermsSet> {
  const [rows, settle, amountRule] = await Promise.all([
    spotTermsRows(db),
    settlementCoin(db),
    readAmountRule(db),
  ]);
  return {
    pairs: new Map(rows.map((row) => [Number(row.vc_id), pairTermsOf(row)])),
    settle: { id: settle.id, symbol: settle.symbol, amountScale: settle.amount_scale },
    amountRule,
  };
}

function pairTermsOf(row: SpotTermsRow): SpotPairTerms {
  return {
    vcId: Number(row.vc_id),
    symbol: row.symbol,
    open: row.enabled === 1 && row.coin_enabled === 1,
    enabled: row.enabled === 1,
    feeRate: row.fee_rate,
    minAmount: row.min_amount,
    maxAmount: row.max_amount,
    minQuantity: row.min_quantity,
    maxQuantity: row.max_quantity,
    priceDecimals: row.price_decimals,
    quantityDecimals: row.quantity_decimals,
    priceScale: row.price_scale,
    quantityScale: row.amount_scale,
  };
}

/** The decimals a buy amount may have: the fewer of the settlement coin's and the platform's. */
export function amountDecimals(set: SpotTermsSet): number {
  return Math.min(set.settle.amountScale, set.amountRule.maxDecimals);
}

/** A coin's terms on the wire. */
export function toSpotTerms(set: SpotTermsSet, pair: SpotPairTerms): SpotTerms {
  return {
    vcId: pair.vcId,
    symbol: pair.symbol,
    settleSymbol: set.settle.symbol,
    enabled: pair.open,
    feeRate: pair.feeRate,
    minAmount: pair.minAmount,
    maxAmount: pair.maxAmount,
    minQuantity: pair.minQuantity,
    maxQuantity: pair.maxQuantity,
    priceDecimals: pair.priceDecimals,
    quantityDecimals: pair.quantityDecimals,
    amountDecimals: amountDecimals(set),
  };
}

type OrderBody = ParsedBodyOf<typeof endpoints.spot.spotOrderRequest>;

/**
 * Checks an order against the terms and refuses it with the first error in the order
 * docs/product.md, "Spot", lists: the coin, the fields its side and kind take, the amount or
 * quantity, the limit price.
 */
export function checkSpotOrder(set: SpotTermsSet, body: OrderBody): CheckedSpotOrder {
  const pair = set.pairs.get(body.vcId);
  if (!pair) throw fieldError('VC_NOT_FOUND', 'vcId');
  if (!pair.open) throw fieldError('SPOT_PAIR_CLOSED', 'vcId');
  refuseForeignFields(body);
  const held =
    body.side === 'buy'
      ? {
          heldVcId: set.settle.id,
          heldMinor: requireAmount(body.amount ?? '', set.settle.amountScale, 'amount', set.amountRule, {
            min: pair.minAmount,
            max: pair.maxAmount ?? undefined,
          }),
        }
      : {
          heldVcId: pair.vcId,
          heldMinor: requireAmount(
            body.quantity ?? '',
            pair.quantityScale,
            'quantity',
            { maxDecimals: pair.quantityDecimals },
            { min: pair.minQuantity, max: pair.maxQuantity ?? undefined },
          ),
        };
  const limitPriceMinor =
    body.kind === 'limit' ? requirePrice(body.limitPrice ?? '', pair.priceScale, pair.priceDecimals) : null;
  return { pair, settle: set.settle, side: body.side, kind: body.kind, limitPriceMinor, ...held };
}

/** A buy is placed by amount, a sell by quantity, and only a limit order names a price. */
function refuseForeignFields(body: OrderBody): void {
  if (body.side === 'buy' && body.quantity !== undefined)
    throw new AppError('VALIDATION_FAILED', {
      messageKey: 'validation.spotBuyByAmount',
      data: { field: 'quantity' },
    });
  if (body.side === 'sell' && body.amount !== undefined)
    throw new AppError('VALIDATION_FAILED', {
      messageKey: 'validation.spotSellByQuantity',
      data: { field: 'amount' },
    });
  if (body.kind === 'market' && body.limitPrice !== undefined)
    throw new AppError('VALIDATION_FAILED', {
      messageKey: 'validation.spotMarketNoPrice',
      data: { field: 'limitPrice' },
    });
}

const PRICE_MESSAGES: Record<AmountError, MessageKey> = {
  amountEmpty: 'validation.priceEmpty',
  amountWrong: 'validation.priceWrong',
  amountPrecision: 'validation.pricePrecision',
  amountOutOfRange: 'validation.priceRange',
};

/**
 * A price (spot and contract limits, take-profits, stop-losses): above zero, with at most the
 * coin's price decimals, at the coin's price scale, and a safe integer of minor units, as the
 * trigger books keep prices (a larger one could never be reached, and would stop a book at
 * admission).
 */
export function requirePrice(text: string, scale: number, decimals: number, field = 'limitPrice'): bigint {
  const allowed = Math.min(scale, decimals);
  const max = formatMinor(BigInt(Number.MAX_SAFE_INTEGER), scale);
  const result = checkAmount(text, { min: null, max, maxPrecision: allowed, scale });
  if (result.ok) return result.minor;
  throw new AppError('AMOUNT_INVALID', {
    messageKey: PRICE_MESSAGES[result.error],
    params: { decimals: allowed, max },
    data: { field },
  });
}

/** The fee rate as units, checked when terms are saved and when an order is accepted. */
export function feeUnitsOf(pair: SpotPairTerms): bigint {
  return feeRateUnits(pair.feeRate);
}
