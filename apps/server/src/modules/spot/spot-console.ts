import type { Kysely } from 'kysely';
import type { SpotTerms, spotTermsInput } from '@vela/contract';
import { checkAmount, FEE_RATE_SCALE, parseDecimal } from '@vela/domain';
import type { z } from 'zod';
import type { Database, SpotTermsTable } from '../../db/schema.ts';
import { AppError, fieldError } from '../../errors.ts';
import type { OperatorSession } from '../../http/contract-routes.ts';
import { changedFields, recordAudit } from '../operators/audit-log.ts';
import { bumpCacheVersion } from '../system/cache-versions.ts';
import { spotCoin, spotTermsRows, upsertSpotTerms } from './spot-repository.ts';
import { amountDecimals, loadSpotTerms, toSpotTerms } from './spot-terms.ts';

type TermsInput = z.infer<typeof spotTermsInput>;

/** Every coin's spot terms as the console lists them, disabled ones included. */
export async function consoleSpotTerms(db: Kysely<Database>): Promise<SpotTerms[]> {
  const set = await loadSpotTerms(db);
  return [...set.pairs.values()].map((pair) => ({ ...toSpotTerms(set, pair), enabled: pair.enabled }));
}

/**
 * Saves one coin's terms, after checking what the form cannot: the coin is a wallet coin other than
 * the settlement coin, the fee rate is below one, the limits fit the decimals, and the decimals fit
 * the coin's scales. The change, with the values before and after, is audited in the same commit,
 * and the terms' cache version moves so every node's placements see it (decision 027).
 */
export async function saveSpotTerms(
  db: Kysely<Database>,
  session: OperatorSession,
  input: TermsInput,
  ip: string,
  now = Date.now(),
): Promise<SpotTerms> {
  const coin = await spotCoin(db, input.vcId);
  if (!coin || coin.settle_vc === 1) throw fieldError('VC_NOT_FOUND', 'vcId');
  const set = await loadSpotTerms(db);
  const row = checkedRow(input, coin, amountDecimals(set), now);
  const before = (await spotTermsRows(db)).find((r) => Number(r.vc_id) === input.vcId);
  await db.transaction().execute(async (trx) => {
    await upsertSpotTerms(trx, { ...row, sort: before?.sort ?? coin.sort });
    await bumpCacheVersion(trx, 'VC_SPOT_TRADE_CONFIG', now);
    await recordAudit(trx, {
      operatorId: session.operatorId,
      action: 'spot_terms.save',
      targetType: 'vc',
      targetId: input.vcId,
      detail: changedFields(before, row, SPOT_TERMS_FIELDS),
      ip,
      now,
    });
  });
  const saved = (await consoleSpotTerms(db)).find((terms) => terms.vcId === input.vcId);
  if (!saved) throw new Error(`spot terms of coin ${input.vcId} are missing after their save`);
  return saved;
}

function refuse(
  field: string,
  messageKey: 'validation.spotFeeRate' | 'validation.spotLimits' | 'validation.spotDecimals',
  params: Record<string, number> = {},
): AppError {
  return new AppError('SPOT_TERMS_INVALID', { messageKey, params, data: { field } });
}

interface CoinScales {
  price_scale: number;
  amount_scale: number;
  sort: number;
}

function checkedRow(
  input: TermsInput,
  coin: CoinScales,
  buyDecimals: number,
  now: number,
): Omit<SpotTermsTable, 'sort'> {
  const fee = parseDecimal(input.feeRate, FEE_RATE_SCALE);
  if (!fee.ok || fee.minor >= 10n ** BigInt(FEE_RATE_SCALE))
    throw refuse('feeRate', 'validation.spotFeeRate');
  if (input.priceDecimals > coin.price_scale)
    throw refuse('priceDecimals', 'validation.spotDecimals', {
      price: coin.price_scale,
      quantity: coin.amount_scale,
    });
  if (input.quantityDecimals > coin.amount_scale)
    throw refuse('quantityDecimals', 'validation.spotDecimals', {
      price: coin.price_scale,
      quantity: coin.amount_scale,
    });
  const code = 'SPOT_TERMS_INVALID';
  checkTermsRange(code, 'minAmount', { min: input.minAmount, max: input.maxAmount, decimals: buyDecimals });
  checkTermsRange(code, 'minQuantity', {
    min: input.minQuantity,
    max: input.maxQuantity,
    decimals: input.quantityDecimals,
  });
  return {
    vc_id: input.vcId,
    enabled: input.enabled ? 1 : 0,
    fee_rate: input.feeRate,
    min_amount: input.minAmount,
    max_amount: input.maxAmount,
    min_quantity: input.minQuantity,
    max_quantity: input.maxQuantity,
    price_decimals: input.priceDecimals,
    quantity_decimals: input.quantityDecimals,
    updated_at: now,
  };
}

/**
 * A minimum above zero and a maximum not below it, both with at most `decimals` decimals: the rule
 * of the terms' limits in the console, spot's and contracts' (refused with their own code).
 */
export function checkTermsRange(
  code: 'SPOT_TERMS_INVALID' | 'CONTRACT_TERMS_INVALID',
  field: string,
  range: { min: string; max: string | null; decimals: number },
): void {
  const { min, max, decimals } = range;
  const refuseRange = (name: string) =>
    new AppError(code, { messageKey: 'validation.spotLimits', params: { decimals }, data: { field: name } });
  const limits = { min: null, max: null, maxPrecision: decimals, scale: decimals };
  const low = checkAmount(min, limits);
  if (!low.ok || low.minor === 0n) throw refuseRange(field);
  if (max === null) return;
  const high = checkAmount(max, limits);
  if (!high.ok || high.minor < low.minor) throw refuseRange(field.replace('min', 'max'));
}

const SPOT_TERMS_FIELDS = [
  'enabled',
  'fee_rate',
  'min_amount',
  'max_amount',
  'min_quantity',
  'max_quantity',
  'price_decimals',
  'quantity_decimals',
] as const;
