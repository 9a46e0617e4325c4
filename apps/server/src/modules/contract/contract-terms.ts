import type { Kysely } from 'kysely';
import type { ContractLevels, ContractTerms, ParsedBodyOf, endpoints } from '@vela/contract';
import {
  CAUTION_RISK,
  feeRateUnits,
  forcedCloseLevel,
  formatMinor,
  type ContractKind,
  type ContractScales,
  type ContractSide,
} from '@vela/domain';
import type { Database } from '../../db/schema.ts';
import { fieldError } from '../../errors.ts';
import { requireAmount } from '../ledger/amounts.ts';
import { settlementCoin } from '../market/coin-repository.ts';
import { requirePrice } from '../spot/spot-terms.ts';
import { listCacheVersions, VersionedAnswer } from '../system/cache-versions.ts';
import { adjustmentBp, contractTermsRows, type ContractTermsRow } from './contract-repository.ts';

/** A coin's contract terms as orders are checked against them. */
export interface ContractPairTerms {
  vcId: number;
  symbol: string;
  /** The terms and the coin are both enabled. */
  open: boolean;
  enabled: boolean;
  leverages: readonly number[];
  openFeeRate: string;
  closeFeeRate: string;
  minQuantity: string;
  maxQuantity: string | null;
  priceDecimals: number;
  quantityDecimals: number;
  scales: ContractScales;
}

export interface ContractTermsSet {
  pairs: ReadonlyMap<number, ContractPairTerms>;
  settle: { id: number; symbol: string; amountScale: number };
  /** The system adjustment ratio, basis points, and the forced-close level it gives. */
  adjustment: bigint;
  level: bigint;
}

/** An order that passed its checks against the terms; the account's checks come at placement. */
export interface CheckedContractOrder {
  pair: ContractPairTerms;
  side: ContractSide;
  kind: ContractKind;
  leverage: number;
  quantity: bigint;
  limitPrice: bigint | null;
  takeProfit: bigint | null;
  stopLoss: bigint | null;
}

/**
 * The contract terms and levels, kept in memory and rebuilt when an operator changes them (the
 * cache versions of coins, contract terms and the system configuration), as spot's are.
 */
export class ContractTermsCache {
  private readonly answer: VersionedAnswer<ContractTermsSet>;

  constructor(db: Kysely<Database>, recheckMs = 0) {
    const watched = new Set(['VC', 'VC_CONTRACT_TRADE_CONFIG', 'SYS_CONFIG']);
    this.answer = new VersionedAnswer(
      async () =>
        (await listCacheVersions(db))
          .filter((v) => watched.has(v.cacheType))
          .map((v) => `${v.cacheType}:${v.finishUpdateTime}`)
          .join(','),
      () => loadContractTerms(db),
      recheckMs,
    );
  }

  get(): Promise<ContractTermsSet> {
    return this.answer.get();
  }
}

export async function loadContractTerms(db: Kysely<Database>): Promise<ContractTermsSet> {
  const [rows, settle, adjustment] = await Promise.all([
    contractTermsRows(db),
    settlementCoin(db),
    adjustmentBp(db),
  ]);
  const settleTerms = { id: settle.id, symbol: settle.symbol, amountScale: settle.amount_scale };
  return {
    pairs: new Map(rows.map((row) => [Number(row.vc_id), pairTermsOf(row, settleTerms.amountScale)])),
    settle: settleTerms,
    adjustment: BigInt(adjustment),
    level: forcedCloseLevel(BigInt(adjustment)),
  };
}

/** "5,10,20" as whole numbers, ascending. */
export function parseLeverages(text: string): number[] {
  return text
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((n) => Number.isSafeInteger(n) && n >= 1)
    .sort((a, b) => a - b);
}

function pairTermsOf(row: ContractTermsRow, quoteScale: number): ContractPairTerms {
  return {
    vcId: Number(row.vc_id),
    symbol: row.symbol,
    open: row.enabled === 1 && row.coin_enabled === 1,
    enabled: row.enabled === 1,
    leverages: parseLeverages(row.leverages),
    openFeeRate: row.open_fee_rate,
    closeFeeRate: row.close_fee_rate,
    minQuantity: row.min_quantity,
    maxQuantity: row.max_quantity,
    priceDecimals: row.price_decimals,
    quantityDecimals: row.quantity_decimals,
    scales: { price: row.price_scale, quantity: row.amount_scale, quote: quoteScale },
  };
}

/** A basis-point figure as the wire's 4-decimal fraction: 9,000 is "0.9000". */
export function fractionOf(bp: bigint): string {
  return formatMinor(bp, 4);
}

export function levelsOf(set: ContractTermsSet): ContractLevels {
  return {
    adjustmentRatio: fractionOf(set.adjustment),
    forcedCloseLevel: fractionOf(set.level),
    cautionLevel: fractionOf(CAUTION_RISK),
  };
}

/** The forced-close level as a percentage for messages: "90 %". */
export function levelPercent(level: bigint): string {
  return `${formatMinor(level, 2).replace(/\.?0+$/, '')} %`;
}

export function toContractTerms(set: ContractTermsSet, pair: ContractPairTerms): ContractTerms {
  return {
    vcId: pair.vcId,
    symbol: pair.symbol,
    settleSymbol: set.settle.symbol,
    enabled: pair.open,
    leverages: [...pair.leverages],
    openFeeRate: pair.openFeeRate,
    closeFeeRate: pair.closeFeeRate,
    minQuantity: pair.minQuantity,
    maxQuantity: pair.maxQuantity,
    priceDecimals: pair.priceDecimals,
    quantityDecimals: pair.quantityDecimals,
  };
}

type OrderBody = ParsedBodyOf<typeof endpoints.contractTrade.contractOrderRequest>;

/**
 * Checks an order against the terms, refusing it with the first error in the order
 * docs/product.md, "Contracts", lists: the coin, the leverage, the quantity, the limit price, the
 * take-profit and stop-loss. Their side of the price is the account's check, at placement.
 */
export function checkContractOrder(set: ContractTermsSet, body: OrderBody): CheckedContractOrder {
  const pair = set.pairs.get(body.vcId);
  if (!pair) throw fieldError('VC_NOT_FOUND', 'vcId');
  if (!pair.open) throw fieldError('CONTRACT_PAIR_CLOSED', 'vcId');
  if (!pair.leverages.includes(body.leverage)) throw fieldError('LEVERAGE_NOT_OFFERED', 'leverage');
  const quantity = requireQuantity(pair, body.quantity, 'quantity', true);
  if (body.kind === 'market' && body.limitPrice !== undefined)
    throw fieldError('VALIDATION_FAILED', 'limitPrice', 'validation.spotMarketNoPrice');
  const price = (text: string | undefined, field: string) =>
    text === undefined ? null : requirePrice(text, pair.scales.price, pair.priceDecimals, field);
  const limitPrice =
    body.kind === 'limit' ? requirePrice(body.limitPrice ?? '', pair.scales.price, pair.priceDecimals) : null;
  return {
    pair,
    side: body.side,
    kind: body.kind,
    leverage: body.leverage,
    quantity,
    limitPrice,
    takeProfit: price(body.takeProfit, 'takeProfit'),
    stopLoss: price(body.stopLoss, 'stopLoss'),
  };
}

/**
 * A quantity with at most the coin's quantity decimals; an open's within the coin's minimum and
 * maximum, a close's only above zero (a position may be closed down to its last step).
 */
export function requireQuantity(
  pair: ContractPairTerms,
  text: string,
  field: string,
  limited: boolean,
): bigint {
  return requireAmount(
    text,
    pair.scales.quantity,
    field,
    { maxDecimals: pair.quantityDecimals },
    limited ? { min: pair.minQuantity, max: pair.maxQuantity ?? undefined } : {},
  );
}

/** The fee rates as units, checked when terms are saved and when an order is accepted. */
export function feeUnits(rate: string): bigint {
  return feeRateUnits(rate);
}
