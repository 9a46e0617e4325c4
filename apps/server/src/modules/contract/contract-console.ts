import type { Kysely } from 'kysely';
import type { ContractLevels, ContractTerms, contractTermsInput, DataOf, endpoints } from '@vela/contract';
import { FEE_RATE_SCALE, formatMinor, parseDecimal, riskFigures, type RecordedTick } from '@vela/domain';
import type { z } from 'zod';
import type { ContractTermsTable, Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { OperatorSession } from '../../http/contract-routes.ts';
import { changedFields, recordAudit } from '../operators/audit-log.ts';
import { checkTermsRange } from '../spot/spot-console.ts';
import { spotCoin } from '../spot/spot-repository.ts';
import { bumpCacheVersion } from '../system/cache-versions.ts';
import {
  adjustmentBp,
  contractBalances,
  contractTermsRows,
  forcedLog,
  insuranceBalance,
  marksAt,
  openPositions,
  saveAdjustmentBp,
  upsertContractTerms,
  usersWithPositions,
} from './contract-repository.ts';
import {
  fractionOf,
  levelsOf,
  loadContractTerms,
  parseLeverages,
  toContractTerms,
} from './contract-terms.ts';
import { workPositionOf } from './contract-view.ts';

type TermsInput = z.infer<typeof contractTermsInput>;
type Api = typeof endpoints.contractTrade;

/** Every coin's contract terms as the console lists them, disabled ones included, and the levels. */
export async function consoleContractTerms(
  db: Kysely<Database>,
): Promise<{ list: ContractTerms[]; levels: ContractLevels }> {
  const set = await loadContractTerms(db);
  const list = [...set.pairs.values()].map((pair) => ({
    ...toContractTerms(set, pair),
    enabled: pair.enabled,
  }));
  return { list, levels: levelsOf(set) };
}

/**
 * Saves one coin's terms after checking what the form cannot (the coin, the fee rates below one,
 * the limits within the decimals, the decimals within the coin's scales), audited in the same
 * commit with the values before and after; the cache version moves so every node sees it.
 */
export async function saveContractTerms(
  db: Kysely<Database>,
  session: OperatorSession,
  input: TermsInput,
  ip: string,
  now = Date.now(),
): Promise<ContractTerms> {
  const coin = await spotCoin(db, input.vcId);
  if (!coin || coin.settle_vc === 1) throw new AppError('VC_NOT_FOUND', { data: { field: 'vcId' } });
  const row = checkedRow(input, coin, now);
  const before = (await contractTermsRows(db)).find((r) => Number(r.vc_id) === input.vcId);
  await db.transaction().execute(async (trx) => {
    await upsertContractTerms(trx, { ...row, sort: before?.sort ?? coin.sort });
    await bumpCacheVersion(trx, 'VC_CONTRACT_TRADE_CONFIG', now);
    await recordAudit(trx, {
      operatorId: session.operatorId,
      action: 'contract_terms.save',
      targetType: 'vc',
      targetId: input.vcId,
      detail: changedFields(before, row, CONTRACT_TERMS_FIELDS),
      ip,
      now,
    });
  });
  const saved = (await consoleContractTerms(db)).list.find((terms) => terms.vcId === input.vcId);
  if (!saved) throw new Error(`contract terms of coin ${input.vcId} are missing after their save`);
  return saved;
}

/** Sets the system adjustment ratio: a fraction from 0 to below 1 with at most 4 decimals. */
export async function saveContractLevels(
  db: Kysely<Database>,
  session: OperatorSession,
  input: { adjustmentRatio: string },
  ip: string,
  now = Date.now(),
): Promise<ContractLevels> {
  const parsed = parseDecimal(input.adjustmentRatio, 4);
  if (!parsed.ok || parsed.minor < 0n || parsed.minor >= 10_000n)
    throw new AppError('CONTRACT_TERMS_INVALID', {
      messageKey: 'validation.adjustmentRatio',
      data: { field: 'adjustmentRatio' },
    });
  const before = await adjustmentBp(db);
  await db.transaction().execute(async (trx) => {
    await saveAdjustmentBp(trx, Number(parsed.minor), now);
    await bumpCacheVersion(trx, 'VC_CONTRACT_TRADE_CONFIG', now);
    await recordAudit(trx, {
      operatorId: session.operatorId,
      action: 'contract_levels.save',
      targetType: 'contract_levels',
      targetId: 1,
      detail: { adjustmentRatio: `${fractionOf(BigInt(before))} -> ${fractionOf(parsed.minor)}` },
      ip,
      now,
    });
  });
  return levelsOf(await loadContractTerms(db));
}

/** The accounts with open positions, highest risk degree first, and the insurance account. */
export async function contractRisk(
  db: Kysely<Database>,
  limit: number,
): Promise<DataOf<Api['adminContractRisk']>> {
  const set = await loadContractTerms(db);
  const users = await usersWithPositions(db);
  const positions = await openPositions(db);
  const marks = await marksAt(db, [...new Set(positions.map((p) => Number(p.vc_id)))]);
  const balances = await contractBalances(
    db,
    users.map((u) => u.id),
    set.settle.id,
  );
  const price = (coinId: number) => (marks.get(coinId) as RecordedTick).priceMinor;
  const s = set.settle.amountScale;
  const rows = users.map((user) => {
    const own = positions.filter((p) => Number(p.user_id) === user.id).map(workPositionOf);
    const figures = riskFigures({ available: balances.get(user.id) ?? 0n, positions: own }, price);
    return { user, figures, count: own.length, available: balances.get(user.id) ?? 0n };
  });
  rows.sort((a, b) =>
    b.figures.risk > a.figures.risk ? 1 : b.figures.risk < a.figures.risk ? -1 : a.user.id - b.user.id,
  );
  return {
    list: rows.slice(0, limit).map(({ user, figures, count, available }) => ({
      userId: user.id,
      username: user.username,
      available: formatMinor(available, s),
      margin: formatMinor(figures.margin, s),
      profit: formatMinor(figures.profit, s),
      equity: formatMinor(figures.equity, s),
      riskDegree: fractionOf(figures.risk),
      positions: count,
    })),
    levels: levelsOf(set),
    insurance: formatMinor(await insuranceBalance(db, set.settle.id), s),
    settleSymbol: set.settle.symbol,
  };
}

export async function contractForcedLog(
  db: Kysely<Database>,
  body: { cursor?: number | undefined; limit: number },
): Promise<DataOf<Api['adminContractForced']>> {
  const set = await loadContractTerms(db);
  const s = set.settle.amountScale;
  const rows = await forcedLog(db, {
    ...(body.cursor !== undefined ? { before: body.cursor } : {}),
    limit: body.limit + 1,
  });
  const page = rows.slice(0, body.limit);
  return {
    list: page.map((row) => ({
      id: Number(row.id),
      userId: Number(row.user_id),
      username: row.username,
      timeMs: Number(row.time_ms),
      riskDegree: fractionOf(BigInt(row.risk_bp)),
      margin: formatMinor(BigInt(row.margin_minor), s),
      equity: formatMinor(BigInt(row.equity_minor), s),
      positions: row.positions,
      profit: formatMinor(BigInt(row.profit_minor), s),
      fee: formatMinor(BigInt(row.fee_minor), s),
      shortfall: formatMinor(BigInt(row.shortfall_minor), s),
      createdAt: Number(row.created_at),
    })),
    nextCursor: rows.length > body.limit ? Number(page.at(-1)?.id ?? 0) || null : null,
  };
}

function refuse(
  field: string,
  messageKey: 'validation.spotFeeRate' | 'validation.spotLimits' | 'validation.spotDecimals',
  params: Record<string, number> = {},
): AppError {
  return new AppError('CONTRACT_TERMS_INVALID', { messageKey, params, data: { field } });
}

function checkedRow(
  input: TermsInput,
  coin: { price_scale: number; amount_scale: number },
  now: number,
): Omit<ContractTermsTable, 'sort'> {
  for (const field of ['openFeeRate', 'closeFeeRate'] as const) {
    const fee = parseDecimal(input[field], FEE_RATE_SCALE);
    if (!fee.ok || fee.minor >= 10n ** BigInt(FEE_RATE_SCALE)) throw refuse(field, 'validation.spotFeeRate');
  }
  const scales = { price: coin.price_scale, quantity: coin.amount_scale };
  if (input.priceDecimals > coin.price_scale)
    throw refuse('priceDecimals', 'validation.spotDecimals', scales);
  if (input.quantityDecimals > coin.amount_scale)
    throw refuse('quantityDecimals', 'validation.spotDecimals', scales);
  checkTermsRange('CONTRACT_TERMS_INVALID', 'minQuantity', {
    min: input.minQuantity,
    max: input.maxQuantity,
    decimals: input.quantityDecimals,
  });
  const leverages = [...new Set(input.leverages)].sort((a, b) => a - b);
  return {
    vc_id: input.vcId,
    enabled: input.enabled ? 1 : 0,
    leverages: parseLeverages(leverages.join(',')).join(','),
    open_fee_rate: input.openFeeRate,
    close_fee_rate: input.closeFeeRate,
    min_quantity: input.minQuantity,
    max_quantity: input.maxQuantity,
    price_decimals: input.priceDecimals,
    quantity_decimals: input.quantityDecimals,
    updated_at: now,
  };
}

const CONTRACT_TERMS_FIELDS = [
  'enabled',
  'leverages',
  'open_fee_rate',
  'close_fee_rate',
  'min_quantity',
  'max_quantity',
  'price_decimals',
  'quantity_decimals',
] as const;
