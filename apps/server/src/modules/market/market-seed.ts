import type { Kysely } from 'kysely';
import { parseDecimal } from '@vela/domain';
import type { VcType } from '@vela/contract';
import type { Database } from '../../db/schema.ts';
import { SEED_COIN_NAMES } from './coin-names-seed.ts';
import { coinIdsBySymbol, insertMissingCoinNames, insertMissingCoins } from './coin-repository.ts';

/**
 * The coins of a fresh install. Prices are recent market levels; the volatilities are annualised and
 * typical of each asset class (crypto 0.5–1.0, forex 0.06–0.12, metals 0.15–0.3, indices 0.15–0.2);
 * volumes are per second in base units, sized so that a week's turnover of the busiest coin stays
 * far below the 64-bit range of a candle's `q_minor` (turnover has 6 decimals: 9.2e18 minor units
 * is 9.2e12 in the settlement coin).
 */
export interface SeedCoin {
  symbol: string;
  name: string;
  type: VcType;
  settleVc?: boolean;
  priceScale: number;
  volumeScale: number;
  /** Reference price as decimal text at `priceScale`. */
  price: string;
  volatility: string;
  drift: string;
  volumePerSecond: string;
}

export const SEED_COINS: readonly SeedCoin[] = [
  // The settlement coin comes first: it prices everything else and never ticks.
  {
    symbol: 'USDT',
    name: 'Tether USD',
    type: 1,
    settleVc: true,
    priceScale: 4,
    volumeScale: 2,
    price: '1.0000',
    volatility: '0',
    drift: '0',
    volumePerSecond: '0',
  },
  {
    symbol: 'BTC',
    name: 'Bitcoin',
    type: 1,
    priceScale: 2,
    volumeScale: 6,
    price: '67250.00',
    volatility: '0.55',
    drift: '0.10',
    volumePerSecond: '0.35',
  },
  {
    symbol: 'ETH',
    name: 'Ethereum',
    type: 1,
    priceScale: 2,
    volumeScale: 5,
    price: '3450.00',
    volatility: '0.65',
    drift: '0.10',
    volumePerSecond: '4.5',
  },
  {
    symbol: 'SOL',
    name: 'Solana',
    type: 1,
    priceScale: 2,
    volumeScale: 3,
    price: '148.50',
    volatility: '0.85',
    drift: '0.10',
    volumePerSecond: '60',
  },
  {
    symbol: 'BNB',
    name: 'BNB',
    type: 1,
    priceScale: 2,
    volumeScale: 4,
    price: '585.40',
    volatility: '0.60',
    drift: '0.08',
    volumePerSecond: '8',
  },
  {
    symbol: 'XRP',
    name: 'XRP',
    type: 1,
    priceScale: 4,
    volumeScale: 1,
    price: '0.5234',
    volatility: '0.80',
    drift: '0.05',
    volumePerSecond: '25000',
  },
  {
    symbol: 'DOGE',
    name: 'Dogecoin',
    type: 1,
    priceScale: 5,
    volumeScale: 0,
    price: '0.12345',
    volatility: '0.95',
    drift: '0.05',
    volumePerSecond: '150000',
  },
  {
    symbol: 'ADA',
    name: 'Cardano',
    type: 1,
    priceScale: 4,
    volumeScale: 1,
    price: '0.4567',
    volatility: '0.85',
    drift: '0.05',
    volumePerSecond: '30000',
  },
  {
    symbol: 'LTC',
    name: 'Litecoin',
    type: 1,
    priceScale: 2,
    volumeScale: 4,
    price: '82.35',
    volatility: '0.70',
    drift: '0.05',
    volumePerSecond: '40',
  },
  {
    symbol: 'EURUSD',
    name: 'Euro / US Dollar',
    type: 2,
    priceScale: 5,
    volumeScale: 2,
    price: '1.08450',
    volatility: '0.07',
    drift: '0',
    volumePerSecond: '20000',
  },
  {
    symbol: 'GBPUSD',
    name: 'British Pound / US Dollar',
    type: 2,
    priceScale: 5,
    volumeScale: 2,
    price: '1.27120',
    volatility: '0.08',
    drift: '0',
    volumePerSecond: '15000',
  },
  {
    symbol: 'USDJPY',
    name: 'US Dollar / Japanese Yen',
    type: 2,
    priceScale: 3,
    volumeScale: 2,
    price: '151.230',
    volatility: '0.10',
    drift: '0',
    volumePerSecond: '5000',
  },
  {
    symbol: 'AUDUSD',
    name: 'Australian Dollar / US Dollar',
    type: 2,
    priceScale: 5,
    volumeScale: 2,
    price: '0.65430',
    volatility: '0.11',
    drift: '0',
    volumePerSecond: '10000',
  },
  {
    symbol: 'XAU',
    name: 'Gold',
    type: 3,
    priceScale: 2,
    volumeScale: 3,
    price: '2350.50',
    volatility: '0.16',
    drift: '0.03',
    volumePerSecond: '5',
  },
  {
    symbol: 'XAG',
    name: 'Silver',
    type: 3,
    priceScale: 3,
    volumeScale: 2,
    price: '28.450',
    volatility: '0.28',
    drift: '0.03',
    volumePerSecond: '200',
  },
  {
    symbol: 'SPX500',
    name: 'S&P 500',
    type: 4,
    priceScale: 2,
    volumeScale: 2,
    price: '5250.50',
    volatility: '0.16',
    drift: '0.07',
    volumePerSecond: '10',
  },
  {
    symbol: 'NAS100',
    name: 'Nasdaq 100',
    type: 4,
    priceScale: 2,
    volumeScale: 2,
    price: '18350.25',
    volatility: '0.20',
    drift: '0.08',
    volumePerSecond: '4',
  },
];

function minor(text: string, scale: number): bigint {
  const parsed = parseDecimal(text, scale);
  if (!parsed.ok) throw new Error(`seed: ${text} is not a decimal at scale ${scale}`);
  return parsed.minor;
}

/**
 * Inserts the coins and coin names that are missing (matched by symbol, and by coin and language),
 * inside the caller's seed transaction. What operators changed is never overwritten.
 */
export async function seedMarket(db: Kysely<Database>, now: number): Promise<void> {
  await insertMissingCoins(
    db,
    SEED_COINS.map((coin, sort) => ({
      symbol: coin.symbol,
      name: coin.name,
      type: coin.type,
      enabled: 1,
      settle_vc: coin.settleVc ? 1 : 0,
      price_scale: coin.priceScale,
      volume_scale: coin.volumeScale,
      display_precision: coin.priceScale,
      icon: `/coins/${coin.symbol.toLowerCase()}.svg`,
      sort,
      sim_start_price_minor: minor(coin.price, coin.priceScale),
      sim_volatility: coin.volatility,
      sim_drift: coin.drift,
      sim_volume_per_second: coin.volumePerSecond,
      created_at: now,
      // The same rule migration 0003 applied to coins that existed before wallets did.
      wallet: coin.type === 1 ? 1 : 0,
      amount_scale: coin.settleVc ? 6 : 8,
    })),
  );
  await seedCoinNames(db);
}

/**
 * Inserts the names that are missing for the seeded coins, in every language including English (the
 * coin's default name). A name an operator changed is never overwritten; a coin whose symbol is not
 * in the database is skipped.
 */
async function seedCoinNames(db: Kysely<Database>): Promise<void> {
  const idOf = await coinIdsBySymbol(
    db,
    SEED_COINS.map((c) => c.symbol),
  );
  const rows: { vc_id: number; language_code: string; name: string }[] = [];
  for (const coin of SEED_COINS) {
    const vcId = idOf.get(coin.symbol);
    const translated = SEED_COIN_NAMES[coin.symbol];
    if (vcId === undefined || !translated) continue;
    rows.push({ vc_id: vcId, language_code: 'en', name: coin.name });
    for (const [code, name] of Object.entries(translated))
      rows.push({ vc_id: vcId, language_code: code, name });
  }
  await insertMissingCoinNames(db, rows);
}
