import type { Kysely } from 'kysely';
import type { AdminFinanceProduct, DataOf, endpoints, financeProductInput } from '@vela/contract';
import { FINANCE_RATE_SCALE, financeRateUnits, formatMinor, parseDecimal } from '@vela/domain';
import type { z } from 'zod';
import type { Database, FinanceProductTable } from '../../db/schema.ts';
import { AppError, fieldError } from '../../errors.ts';
import type { OperatorSession } from '../../http/contract-routes.ts';
import { changedFields, recordAudit } from '../operators/audit-log.ts';
import {
  consoleFinanceOrders,
  financeSettlements,
  insertFinanceProduct,
  replaceProductTexts,
  updateFinanceProduct,
} from './finance-repository.ts';
import {
  buyCoin,
  coinOf,
  namerOf,
  productCatalog,
  toAdminFinanceProduct,
  toFinanceOrder,
  type FinanceCoins,
} from './finance-view.ts';

type Input = z.infer<typeof financeProductInput>;
type Api = typeof endpoints.finance;

/** Every product as the console lists it, closed ones included. */
export async function consoleFinanceProducts(db: Kysely<Database>): Promise<AdminFinanceProduct[]> {
  const { rows, texts, coins } = await productCatalog(db);
  return rows.map((row) => toAdminFinanceProduct(row, coins, texts));
}

/** The fields that are a product's terms: once it has orders, none of them changes. */
const TERMS_FIELDS = [
  'vc_id',
  'buy_type',
  'rate',
  'service_rate',
  'cycle',
  'cycle_type',
  'linked_price_minor',
  'min_amount_minor',
  'max_amount_minor',
  'quota_minor',
] as const;

const AUDITED_FIELDS = [...TERMS_FIELDS, 'name', 'remark', 'enabled', 'sort'] as const;

/**
 * Creates or changes a product, after checking what the form cannot: the coin is a wallet coin
 * other than the settlement coin, the rates, the linked price and the limits fit their scales, and
 * a product that has sold keeps its terms (docs/product.md, "Pledge finance"). The change, with the
 * values before and after, is audited in the same commit.
 */
export async function saveFinanceProduct(
  db: Kysely<Database>,
  session: OperatorSession,
  input: Input,
  ip: string,
  now = Date.now(),
): Promise<AdminFinanceProduct> {
  const { rows, coins } = await productCatalog(db);
  const before = input.id === undefined ? undefined : rows.find((row) => Number(row.id) === input.id);
  if (input.id !== undefined && !before) throw fieldError('FINANCE_PRODUCT_INVALID', 'id');
  const row = checkedRow(input, coins, now);
  if (before && before.order_count > 0) {
    const changed = TERMS_FIELDS.filter((field) => String(before[field]) !== String(row[field]));
    if (changed.length > 0)
      throw new AppError('FINANCE_TERMS_LOCKED', { data: { field: camelOf(changed[0]!) } });
  }
  const texts = textsOf(input);
  const id = await db.transaction().execute(async (trx) => {
    const saved = before
      ? (await updateFinanceProduct(trx, Number(before.id), row), Number(before.id))
      : await insertFinanceProduct(trx, { ...row, sold_minor: 0n, order_count: 0, created_at: now });
    await replaceProductTexts(trx, saved, texts);
    await recordAudit(trx, {
      operatorId: session.operatorId,
      action: 'finance_product.save',
      targetType: 'finance_product',
      targetId: saved,
      detail: changedFields(before, row, AUDITED_FIELDS),
      ip,
      now,
    });
    return saved;
  });
  const product = (await consoleFinanceProducts(db)).find((p) => p.id === id);
  if (!product) throw new Error(`finance product ${id} is missing after its save`);
  return product;
}

type ProductRule =
  | 'validation.financeRate'
  | 'validation.financePrice'
  | 'validation.financeLimits'
  | 'validation.financeName';

function invalid(
  field: string,
  messageKey: ProductRule,
  params: Record<string, string | number> = {},
): AppError {
  return new AppError('FINANCE_PRODUCT_INVALID', { messageKey, params, data: { field } });
}

type ProductRow = Omit<FinanceProductTable, 'id' | 'sold_minor' | 'order_count' | 'created_at'>;

function checkedRow(input: Input, coins: FinanceCoins, now: number): ProductRow {
  const coin = coins.byId.get(input.vcId);
  if (!coin || coin.settle) throw fieldError('VC_NOT_FOUND', 'vcId');
  // Rates are kept in one spelling ("0.08", never "0.080"), so a save that repeats a sold product's
  // rate in another spelling is not a change of its terms.
  const rate = (field: string, text: string, max: bigint) => {
    try {
      return formatRate(financeRateUnits(text, max));
    } catch {
      throw invalid(field, 'validation.financeRate', { max: formatRate(max) });
    }
  };
  const yearly = rate('rateStr', input.rateStr, 10n ** BigInt(FINANCE_RATE_SCALE + 1));
  const service = rate('serviceRateStr', input.serviceRateStr, 10n ** BigInt(FINANCE_RATE_SCALE));
  const price = parseDecimal(input.exchangeRate, coinOf(coins, input.vcId).priceScale);
  if (!price.ok || price.minor <= 0n || price.minor > BigInt(Number.MAX_SAFE_INTEGER))
    throw invalid('exchangeRate', 'validation.financePrice', { decimals: coin.priceScale });
  const paid = buyCoin(coins, { buy_type: input.buyType, vc_id: input.vcId });
  const amount = (field: string, text: string) => {
    const parsed = parseDecimal(text, paid.amountScale);
    if (!parsed.ok || parsed.minor <= 0n)
      throw invalid(field, 'validation.financeLimits', { decimals: paid.amountScale });
    return parsed.minor;
  };
  const min = amount('minAmount', input.minAmount);
  const max = input.maxAmount === null ? null : amount('maxAmount', input.maxAmount);
  const quota = amount('quota', input.quota);
  if (max !== null && max < min)
    throw invalid('maxAmount', 'validation.financeLimits', { decimals: paid.amountScale });
  if (quota < min) throw invalid('quota', 'validation.financeLimits', { decimals: paid.amountScale });
  const name = defaultText(input.names);
  if (!name) throw invalid('names', 'validation.financeName');
  return {
    vc_id: input.vcId,
    settle_vc_id: coins.settle.id,
    name,
    remark: defaultText(input.remarks),
    buy_type: input.buyType,
    rate: yearly,
    service_rate: service,
    cycle: input.cycle,
    cycle_type: input.cycleType,
    linked_price_minor: price.minor,
    min_amount_minor: min,
    max_amount_minor: max,
    quota_minor: quota,
    enabled: input.enabled ? 1 : 0,
    sort: input.sort,
    updated_at: now,
  };
}

/** A rate's one spelling: its decimals without trailing zeros ("0.08", "1"). */
function formatRate(units: bigint): string {
  return formatMinor(units, FINANCE_RATE_SCALE).replace(/\.?0+$/, '');
}

/** The default text of a translated field: the English one, else the first given. */
function defaultText(texts: Partial<Record<string, string>>): string {
  const given = Object.values(texts).filter((text): text is string => Boolean(text?.trim()));
  return texts.en?.trim() || given[0]?.trim() || '';
}

/** The translations given, by language: a language with neither a name nor a remark has no row. */
function textsOf(input: Input): Map<string, { name: string; remark: string }> {
  const texts = new Map<string, { name: string; remark: string }>();
  const languages = new Set([...Object.keys(input.names), ...Object.keys(input.remarks)]);
  for (const language of languages) {
    const name = input.names[language as keyof Input['names']]?.trim() ?? '';
    const remark = input.remarks[language as keyof Input['remarks']]?.trim() ?? '';
    if (name || remark) texts.set(language, { name, remark });
  }
  return texts;
}

function camelOf(column: string): string {
  const names: Record<string, string> = {
    vc_id: 'vcId',
    buy_type: 'buyType',
    rate: 'rateStr',
    service_rate: 'serviceRateStr',
    cycle: 'cycle',
    cycle_type: 'cycleType',
    linked_price_minor: 'exchangeRate',
    min_amount_minor: 'minAmount',
    max_amount_minor: 'maxAmount',
    quota_minor: 'quota',
  };
  return names[column] ?? column;
}

/** The console's orders: held ones by end instant, or the history. */
export async function consoleOrders(
  db: Kysely<Database>,
  body: {
    scope: 'holding' | 'history';
    userId?: number | undefined;
    cursor?: number | undefined;
    limit: number;
  },
): Promise<DataOf<Api['adminFinanceOrders']>> {
  const [rows, { rows: products, texts, coins }] = await Promise.all([
    consoleFinanceOrders(db, body.scope, body),
    productCatalog(db),
  ]);
  const page = rows.slice(0, body.limit);
  const nameOf = namerOf(products, texts, 'en');
  const more = rows.length > body.limit;
  return {
    list: page.map((row) => ({
      ...toFinanceOrder(row, coins, nameOf(Number(row.product_id))),
      userId: Number(row.user_id),
      username: row.username,
    })),
    nextCursor: !more
      ? null
      : body.scope === 'holding'
        ? (body.cursor ?? 0) + body.limit
        : Number(page.at(-1)?.id),
  };
}

/** The settlement log, newest first. */
export async function consoleSettlements(
  db: Kysely<Database>,
  body: { cursor?: number | undefined; limit: number },
): Promise<DataOf<Api['adminFinanceSettlements']>> {
  const [rows, { coins }] = await Promise.all([financeSettlements(db, body), productCatalog(db)]);
  const page = rows.slice(0, body.limit);
  return {
    list: page.map((row) => {
      const coin = coinOf(coins, Number(row.vc_id));
      return {
        id: Number(row.id),
        vcId: coin.id,
        symbol: coin.symbol,
        orderCount: row.order_count,
        coinPaid: formatMinor(BigInt(row.coin_paid_minor), coin.amountScale),
        usdtPaid: formatMinor(BigInt(row.usdt_paid_minor), coins.settle.amountScale),
        settledAt: Number(row.settled_at),
      };
    }),
    nextCursor: rows.length > body.limit ? Number(page.at(-1)?.id) : null,
  };
}
