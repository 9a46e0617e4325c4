import type { Kysely } from 'kysely';
import type { Coin, VcType } from '@vela/contract';
import type { Database, VcNameRow, VcRow } from '../../db/schema.ts';
import { cacheVersion } from '../system/cache-versions.ts';
import { listCoinNames, listCoins } from './coin-repository.ts';
import type { FeedCoin } from '../feed/price-source.ts';

/**
 * A coin as the market keeps it in memory: the wire shape (with its default name), its names per
 * language code (decision 025), its scales and its simulator model.
 */
export interface MarketCoin {
  coin: Coin;
  names: ReadonlyMap<string, string>;
  id: number;
  type: VcType;
  enabled: boolean;
  settleVc: boolean;
  priceScale: number;
  volumeScale: number;
  feed: FeedCoin;
}

/** Parses a decimal text column of simulator parameters; a bad value is a seeding bug. */
function parameter(row: VcRow, column: keyof VcRow & `sim_${string}`, text: string): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0) {
    throw new Error(`vc ${row.symbol}: ${column} must be a non-negative number, got "${text}"`);
  }
  return value;
}

/** Parses the simulator's drift, which may be negative; a bad value is a seeding bug. */
function signedParameter(row: VcRow, text: string): number {
  const value = Number(text);
  if (!Number.isFinite(value)) throw new Error(`vc ${row.symbol}: sim_drift must be a number, got "${text}"`);
  return value;
}

export function toMarketCoin(row: VcRow, names: ReadonlyMap<string, string> = new Map()): MarketCoin {
  const type = row.type as VcType;
  return {
    id: row.id,
    names,
    type,
    enabled: row.enabled === 1,
    settleVc: row.settle_vc === 1,
    priceScale: row.price_scale,
    volumeScale: row.volume_scale,
    coin: {
      id: row.id,
      symbol: row.symbol,
      name: row.name,
      type,
      enabled: row.enabled === 1,
      settleVc: row.settle_vc === 1,
      precision: row.display_precision,
      icon: row.icon,
    },
    feed: {
      id: row.id,
      symbol: row.symbol,
      priceScale: row.price_scale,
      volumeScale: row.volume_scale,
      volatility: parameter(row, 'sim_volatility', row.sim_volatility),
      // Drift may be negative (a falling market); only the volatility and volume must not be.
      drift: signedParameter(row, row.sim_drift),
      volumePerSecond: parameter(row, 'sim_volume_per_second', row.sim_volume_per_second),
      referencePrice: row.sim_start_price_minor,
    },
  };
}

/** Groups name rows by coin: coin id -> language code -> name. */
export function namesByCoin(rows: readonly VcNameRow[]): Map<number, Map<string, string>> {
  const byCoin = new Map<number, Map<string, string>>();
  for (const row of rows) {
    let names = byCoin.get(row.vc_id);
    if (!names) byCoin.set(row.vc_id, (names = new Map()));
    names.set(row.language_code, row.name);
  }
  return byCoin;
}

/** Every coin with its names, in list order. */
export async function loadMarketCoins(db: Kysely<Database>): Promise<MarketCoin[]> {
  const [rows, names] = await Promise.all([listCoins(db), listCoinNames(db)]);
  const byCoin = namesByCoin(names);
  return rows.map((row) => toMarketCoin(row, byCoin.get(row.id)));
}

/**
 * Every coin, loaded at once and kept with the VC cache version it was read at. "Market" coins are
 * the enabled, non-settlement ones: those that tick, have tickers and charts, and can be favourites.
 */
export class CoinCatalog {
  private byId = new Map<number, MarketCoin>();
  private marketList: MarketCoin[] = [];
  /** The VC cache version of the loaded list; -1 before the first load. */
  version = -1;

  async load(db: Kysely<Database>): Promise<void> {
    // The version is read first: a change committed between the two reads makes the next check
    // reload again, never miss it.
    const version = await cacheVersion(db, 'VC');
    const coins = await loadMarketCoins(db);
    this.byId = new Map(coins.map((c) => [c.id, c]));
    this.marketList = coins.filter((c) => c.enabled && !c.settleVc);
    this.version = version;
  }

  /** An enabled, tradable coin, or undefined. */
  market(id: number): MarketCoin | undefined {
    const coin = this.byId.get(id);
    return coin && coin.enabled && !coin.settleVc ? coin : undefined;
  }

  /** Any coin, the settlement coin and disabled ones too (a wallet still holds them), or undefined. */
  coin(id: number): MarketCoin | undefined {
    return this.byId.get(id);
  }

  /** Enabled tradable coins in list order. */
  marketCoins(): readonly MarketCoin[] {
    return this.marketList;
  }

  all(): MarketCoin[] {
    return [...this.byId.values()];
  }
}
