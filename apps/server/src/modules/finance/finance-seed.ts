import type { Kysely } from 'kysely';
import type { FinanceBuyType, FinanceCycleType } from '@vela/domain';
import type { Database } from '../../db/schema.ts';
import { listCoins } from '../market/coin-repository.ts';
import { hasFinanceProducts, insertFinanceProduct, replaceProductTexts } from './finance-repository.ts';

/** The demo products: what they are paid in, their term, yield and linked price against the coin's. */
interface DemoProduct {
  symbol: string;
  buyType: FinanceBuyType;
  cycle: number;
  cycleType: FinanceCycleType;
  rate: string;
  /** The linked price as a share of the coin's reference price, in percent. */
  linkedPercent: bigint;
  min: bigint;
  max: bigint | null;
  quota: bigint;
}

/**
 * Amounts are in whole units of the currency paid in (scaled below). The five-minute product lets a
 * visitor see a settlement without waiting days.
 */
const DEMO_PRODUCTS: readonly DemoProduct[] = [
  {
    symbol: 'ETH',
    buyType: 'usdt',
    cycle: 5,
    cycleType: 'minute',
    rate: '0.12',
    linkedPercent: 100n,
    min: 10n,
    max: 10_000n,
    quota: 1_000_000n,
  },
  {
    symbol: 'BTC',
    buyType: 'usdt',
    cycle: 3,
    cycleType: 'day',
    rate: '0.25',
    linkedPercent: 95n,
    min: 50n,
    max: 50_000n,
    quota: 500_000n,
  },
  {
    symbol: 'BTC',
    buyType: 'coin',
    cycle: 7,
    cycleType: 'day',
    rate: '0.18',
    linkedPercent: 105n,
    min: 1n,
    max: 100n,
    quota: 1_000n,
  },
  {
    symbol: 'ETH',
    buyType: 'coin',
    cycle: 30,
    cycleType: 'day',
    rate: '0.08',
    linkedPercent: 110n,
    min: 1n,
    max: 1_000n,
    quota: 10_000n,
  },
];

/** "Buy low" (paid in USDT) and "sell high" (paid in the coin), and the term's unit, per language. */
const WORDS: Record<string, { usdt: string; coin: string; day: string; hour: string; minute: string }> = {
  en: { usdt: 'Buy Low', coin: 'Sell High', day: 'days', hour: 'hours', minute: 'minutes' },
  'zh-CN': { usdt: '低买', coin: '高卖', day: '天', hour: '小时', minute: '分钟' },
  'zh-TW': { usdt: '低買', coin: '高賣', day: '天', hour: '小時', minute: '分鐘' },
  id: { usdt: 'Beli Rendah', coin: 'Jual Tinggi', day: 'hari', hour: 'jam', minute: 'menit' },
  ms: { usdt: 'Beli Rendah', coin: 'Jual Tinggi', day: 'hari', hour: 'jam', minute: 'minit' },
  es: { usdt: 'Comprar barato', coin: 'Vender caro', day: 'días', hour: 'horas', minute: 'minutos' },
  tr: { usdt: 'Düşükten Al', coin: 'Yüksekten Sat', day: 'gün', hour: 'saat', minute: 'dakika' },
  ja: { usdt: '安値買い', coin: '高値売り', day: '日', hour: '時間', minute: '分' },
  kr: { usdt: '저가 매수', coin: '고가 매도', day: '일', hour: '시간', minute: '분' },
  ar: { usdt: 'الشراء بسعر منخفض', coin: 'البيع بسعر مرتفع', day: 'يوم', hour: 'ساعة', minute: 'دقيقة' },
  pt: { usdt: 'Comprar em baixa', coin: 'Vender em alta', day: 'dias', hour: 'horas', minute: 'minutos' },
};

const REMARK =
  'Not principal-guaranteed: below the linked price at the end you receive the coin, at or above it USDT.';

/**
 * Demo pledge products, inside the caller's seed transaction, only while there are none: products
 * an operator made or closed are never added to or replaced.
 */
export async function seedFinance(db: Kysely<Database>, now: number): Promise<void> {
  if (await hasFinanceProducts(db)) return;
  const coins = await listCoins(db);
  const settle = coins.find((coin) => coin.settle_vc === 1 && coin.wallet === 1);
  if (!settle) return;
  for (const [index, demo] of DEMO_PRODUCTS.entries()) {
    const coin = coins.find((c) => c.symbol === demo.symbol && c.wallet === 1);
    if (!coin) continue;
    const scale = 10n ** BigInt(demo.buyType === 'coin' ? coin.amount_scale : settle.amount_scale);
    // A coin principal's limits are in tenths of a coin: 0.1 BTC is a sensible smallest pledge.
    const unit = demo.buyType === 'coin' ? scale / 10n : scale;
    const texts = new Map(
      Object.entries(WORDS).map(([language, words]) => [
        language,
        {
          name: `${coin.symbol} ${words[demo.buyType]} · ${demo.cycle} ${words[demo.cycleType]}`,
          remark: '',
        },
      ]),
    );
    const id = await insertFinanceProduct(db, {
      vc_id: coin.id,
      settle_vc_id: settle.id,
      name: texts.get('en')?.name ?? coin.symbol,
      remark: REMARK,
      buy_type: demo.buyType,
      rate: demo.rate,
      service_rate: '0.01',
      cycle: demo.cycle,
      cycle_type: demo.cycleType,
      linked_price_minor: (BigInt(coin.sim_start_price_minor) * demo.linkedPercent) / 100n,
      min_amount_minor: demo.min * unit,
      max_amount_minor: demo.max === null ? null : demo.max * unit,
      quota_minor: demo.quota * unit,
      sold_minor: 0n,
      order_count: 0,
      enabled: 1,
      sort: index,
      created_at: now,
      updated_at: now,
    });
    await replaceProductTexts(db, id, texts);
  }
}
