import type { Kysely } from 'kysely';
import type { AdminFinanceProduct, FinanceOrder, FinanceProduct } from '@vela/contract';
import {
  financeRateUnits,
  financeTermMs,
  formatMinor,
  payoutIn,
  type FinanceScales,
  type FinanceTerms,
} from '@vela/domain';
import type { LocaleCode } from '@vela/i18n';
import type { Database } from '../../db/schema.ts';
import { listCoins } from '../market/coin-repository.ts';
import {
  financeProducts,
  financeProductTexts,
  type FinanceOrderRow,
  type FinanceOrderWithEnd,
  type FinanceProductRow,
} from './finance-repository.ts';

/** What the finance views need of a coin. */
export interface FinanceCoin {
  id: number;
  symbol: string;
  amountScale: number;
  priceScale: number;
  enabled: boolean;
  settle: boolean;
}

/** The coins by id, and the settlement coin (USDT). */
export interface FinanceCoins {
  byId: ReadonlyMap<number, FinanceCoin>;
  settle: FinanceCoin;
}

export async function financeCoins(db: Kysely<Database>): Promise<FinanceCoins> {
  const rows = (await listCoins(db)).filter((row) => row.wallet === 1);
  const byId = new Map<number, FinanceCoin>();
  for (const row of rows)
    byId.set(Number(row.id), {
      id: Number(row.id),
      symbol: row.symbol,
      amountScale: row.amount_scale,
      priceScale: row.price_scale,
      enabled: row.enabled === 1,
      settle: row.settle_vc === 1,
    });
  const settle = [...byId.values()].filter((coin) => coin.settle).sort((a, b) => a.id - b.id)[0];
  if (!settle) throw new Error('finance: there is no settlement coin');
  return { byId, settle };
}

export function coinOf(coins: FinanceCoins, vcId: number): FinanceCoin {
  const coin = coins.byId.get(vcId);
  if (!coin) throw new Error(`finance: coin ${vcId} is not a wallet coin`);
  return coin;
}

export function scalesOf(coins: FinanceCoins, vcId: number): FinanceScales {
  const coin = coinOf(coins, vcId);
  return { coin: coin.amountScale, settle: coins.settle.amountScale, price: coin.priceScale };
}

/** The currency a product or order is paid in. */
export function buyCoin(coins: FinanceCoins, row: { buy_type: 'coin' | 'usdt'; vc_id: number }): FinanceCoin {
  return row.buy_type === 'coin' ? coinOf(coins, row.vc_id) : coins.settle;
}

/** The terms of a product or of an order bought on it, as the domain computes with them. */
export function termsOf(row: FinanceProductRow | FinanceOrderRow): FinanceTerms {
  return {
    buyType: row.buy_type,
    rateUnits: financeRateUnits(row.rate),
    termMs: financeTermMs(row.cycle, row.cycle_type),
    linkedPriceMinor: BigInt(row.linked_price_minor),
  };
}

/** A product's texts by language: name and remark. */
export type ProductTexts = ReadonlyMap<number, ReadonlyMap<string, { name: string; remark: string }>>;

export async function productTexts(db: Kysely<Database>): Promise<ProductTexts> {
  const texts = new Map<number, Map<string, { name: string; remark: string }>>();
  for (const row of await financeProductTexts(db)) {
    const id = Number(row.product_id);
    let byLanguage = texts.get(id);
    if (!byLanguage) texts.set(id, (byLanguage = new Map()));
    byLanguage.set(row.language_code, { name: row.name, remark: row.remark });
  }
  return texts;
}

/** A product's name in one language, by product id: its translation, or its default name. */
export type NameOf = (productId: number) => string;

export function namerOf(rows: readonly FinanceProductRow[], texts: ProductTexts, locale: LocaleCode): NameOf {
  const defaults = new Map(rows.map((row) => [Number(row.id), row.name]));
  return (id) => texts.get(id)?.get(locale)?.name || (defaults.get(id) ?? '');
}

/** Every product with what the views need, read together. */
export async function productCatalog(db: Kysely<Database>) {
  const [rows, texts, coins] = await Promise.all([financeProducts(db), productTexts(db), financeCoins(db)]);
  return { rows, texts, coins };
}

export function toFinanceProduct(
  row: FinanceProductRow,
  coins: FinanceCoins,
  texts: ProductTexts,
  locale: LocaleCode,
): FinanceProduct {
  const coin = coinOf(coins, row.vc_id);
  const paid = buyCoin(coins, row);
  const text = texts.get(Number(row.id))?.get(locale);
  const quota = BigInt(row.quota_minor);
  const sold = BigInt(row.sold_minor);
  return {
    id: Number(row.id),
    vcId: coin.id,
    symbol: coin.symbol,
    settleSymbol: coins.settle.symbol,
    name: text?.name || row.name,
    remark: text?.remark || row.remark,
    rateStr: row.rate,
    buyType: row.buy_type,
    buySymbol: paid.symbol,
    amountDecimals: paid.amountScale,
    cycle: row.cycle,
    cycleType: row.cycle_type,
    exchangeRate: formatMinor(BigInt(row.linked_price_minor), coin.priceScale),
    serviceRateStr: row.service_rate,
    minAmount: formatMinor(BigInt(row.min_amount_minor), paid.amountScale),
    maxAmount:
      row.max_amount_minor === null ? null : formatMinor(BigInt(row.max_amount_minor), paid.amountScale),
    quota: formatMinor(quota, paid.amountScale),
    remaining: formatMinor(quota > sold ? quota - sold : 0n, paid.amountScale),
    enabled: row.enabled === 1 && coin.enabled,
  };
}

export function toAdminFinanceProduct(
  row: FinanceProductRow,
  coins: FinanceCoins,
  texts: ProductTexts,
): AdminFinanceProduct {
  const byLanguage = texts.get(Number(row.id)) ?? new Map<string, { name: string; remark: string }>();
  const names: Record<string, string> = {};
  const remarks: Record<string, string> = {};
  for (const [language, text] of byLanguage) {
    names[language] = text.name;
    remarks[language] = text.remark;
  }
  return {
    ...toFinanceProduct(row, coins, texts, 'en'),
    name: row.name,
    remark: row.remark,
    enabled: row.enabled === 1,
    names,
    remarks,
    sort: row.sort,
    orderCount: row.order_count,
    updatedAt: Number(row.updated_at),
  };
}

/** The order number shown to users and support: the purchase day and the order's id. */
export function orderNumOf(row: { id: number; start_at: number }): string {
  const day = new Date(Number(row.start_at)).toISOString().slice(0, 10).replaceAll('-', '');
  return `F${day}${String(row.id).padStart(8, '0')}`;
}

export function toFinanceOrder(
  row: FinanceOrderWithEnd,
  coins: FinanceCoins,
  productName: string,
): FinanceOrder {
  const coin = coinOf(coins, row.vc_id);
  const paid = buyCoin(coins, row);
  const terms = termsOf(row);
  const amount = BigInt(row.amount_minor);
  const scales = scalesOf(coins, row.vc_id);
  const payoutCoin = row.payout_vc_id === null ? null : coinOf(coins, row.payout_vc_id);
  const paidMoney = (minor: bigint | null) =>
    minor === null ? null : formatMinor(BigInt(minor), paid.amountScale);
  return {
    id: Number(row.id),
    orderNum: orderNumOf({ id: Number(row.id), start_at: Number(row.start_at) }),
    productId: Number(row.product_id),
    name: productName,
    vcId: coin.id,
    symbol: coin.symbol,
    settleSymbol: coins.settle.symbol,
    buyType: row.buy_type,
    buySymbol: paid.symbol,
    state: row.state ?? 'holding',
    amount: formatMinor(amount, paid.amountScale),
    vcCount: formatMinor(BigInt(row.coins_minor), coin.amountScale),
    rateStr: row.rate,
    cycle: row.cycle,
    cycleType: row.cycle_type,
    exchangeRate: formatMinor(terms.linkedPriceMinor, coin.priceScale),
    serviceRateStr: row.service_rate,
    calcStartDate: Number(row.start_at),
    calcEndDate: Number(row.end_at),
    estimateCoin: formatMinor(payoutIn('coin', terms, amount, scales).amountMinor, coin.amountScale),
    estimateUsdt: formatMinor(payoutIn('usdt', terms, amount, scales).amountMinor, coins.settle.amountScale),
    serviceAmount: paidMoney(row.fee_minor),
    refundAmount: paidMoney(row.refund_minor),
    incomeAmount:
      payoutCoin && row.income_minor !== null
        ? formatMinor(BigInt(row.income_minor), payoutCoin.amountScale)
        : null,
    payoutAmount:
      payoutCoin && row.payout_minor !== null
        ? formatMinor(BigInt(row.payout_minor), payoutCoin.amountScale)
        : null,
    payoutSymbol: payoutCoin?.symbol ?? null,
    settleTickId: row.settle_tick_id === null ? null : Number(row.settle_tick_id),
    settleTickTime: row.settle_tick_time_ms === null ? null : Number(row.settle_tick_time_ms),
    settlePrice:
      row.settle_price_minor === null ? null : formatMinor(BigInt(row.settle_price_minor), coin.priceScale),
    createdAt: Number(row.start_at),
    endedAt: row.ended_at === null ? null : Number(row.ended_at),
  };
}
