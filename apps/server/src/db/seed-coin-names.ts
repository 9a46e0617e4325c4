import type { Kysely } from 'kysely';
import type { LocaleCode } from '@vela/i18n';
import { coinIdsBySymbol } from '../modules/market/coin-repository.ts';
import type { Database } from './schema.ts';

/**
 * The seeded coins' names in the languages other than English (decision 025); the English name is
 * the coin's default (`SEED_COINS[].name`). Names are the ones each market uses: Chinese, Japanese,
 * Korean and Arabic write crypto brands in their own script, the Latin-script languages keep the
 * brand as it is and translate only the words (gold, index, dollar). Symbols are never translated.
 */
export type TranslatedLocale = Exclude<LocaleCode, 'en'>;

export const SEED_COIN_NAMES: Readonly<Record<string, Readonly<Record<TranslatedLocale, string>>>> = {
  USDT: {
    'zh-CN': '泰达币',
    'zh-TW': '泰達幣',
    id: 'Tether USD',
    ms: 'Tether USD',
    es: 'Tether USD',
    tr: 'Tether USD',
    ja: 'テザー',
    kr: '테더',
    ar: 'تيثر',
    pt: 'Tether USD',
  },
  BTC: {
    'zh-CN': '比特币',
    'zh-TW': '比特幣',
    id: 'Bitcoin',
    ms: 'Bitcoin',
    es: 'Bitcoin',
    tr: 'Bitcoin',
    ja: 'ビットコイン',
    kr: '비트코인',
    ar: 'بيتكوين',
    pt: 'Bitcoin',
  },
  ETH: {
    'zh-CN': '以太坊',
    'zh-TW': '以太坊',
    id: 'Ethereum',
    ms: 'Ethereum',
    es: 'Ethereum',
    tr: 'Ethereum',
    ja: 'イーサリアム',
    kr: '이더리움',
    ar: 'إيثريوم',
    pt: 'Ethereum',
  },
  SOL: {
    'zh-CN': '索拉纳',
    'zh-TW': '索拉納',
    id: 'Solana',
    ms: 'Solana',
    es: 'Solana',
    tr: 'Solana',
    ja: 'ソラナ',
    kr: '솔라나',
    ar: 'سولانا',
    pt: 'Solana',
  },
  BNB: {
    'zh-CN': '币安币',
    'zh-TW': '幣安幣',
    id: 'BNB',
    ms: 'BNB',
    es: 'BNB',
    tr: 'BNB',
    ja: 'バイナンスコイン',
    kr: '바이낸스 코인',
    ar: 'بي إن بي',
    pt: 'BNB',
  },
  XRP: {
    'zh-CN': '瑞波币',
    'zh-TW': '瑞波幣',
    id: 'XRP',
    ms: 'XRP',
    es: 'XRP',
    tr: 'XRP',
    ja: 'リップル',
    kr: '리플',
    ar: 'ريبل',
    pt: 'XRP',
  },
  DOGE: {
    'zh-CN': '狗狗币',
    'zh-TW': '狗狗幣',
    id: 'Dogecoin',
    ms: 'Dogecoin',
    es: 'Dogecoin',
    tr: 'Dogecoin',
    ja: 'ドージコイン',
    kr: '도지코인',
    ar: 'دوجكوين',
    pt: 'Dogecoin',
  },
  ADA: {
    'zh-CN': '艾达币',
    'zh-TW': '艾達幣',
    id: 'Cardano',
    ms: 'Cardano',
    es: 'Cardano',
    tr: 'Cardano',
    ja: 'カルダノ',
    kr: '카르다노',
    ar: 'كاردانو',
    pt: 'Cardano',
  },
  LTC: {
    'zh-CN': '莱特币',
    'zh-TW': '萊特幣',
    id: 'Litecoin',
    ms: 'Litecoin',
    es: 'Litecoin',
    tr: 'Litecoin',
    ja: 'ライトコイン',
    kr: '라이트코인',
    ar: 'لايتكوين',
    pt: 'Litecoin',
  },
  EURUSD: {
    'zh-CN': '欧元/美元',
    'zh-TW': '歐元/美元',
    id: 'Euro / Dolar AS',
    ms: 'Euro / Dolar AS',
    es: 'Euro / Dólar estadounidense',
    tr: 'Euro / ABD Doları',
    ja: 'ユーロ/米ドル',
    kr: '유로/미국 달러',
    ar: 'اليورو / الدولار الأمريكي',
    pt: 'Euro / Dólar americano',
  },
  GBPUSD: {
    'zh-CN': '英镑/美元',
    'zh-TW': '英鎊/美元',
    id: 'Pound Sterling / Dolar AS',
    ms: 'Paun British / Dolar AS',
    es: 'Libra esterlina / Dólar estadounidense',
    tr: 'İngiliz Sterlini / ABD Doları',
    ja: '英ポンド/米ドル',
    kr: '영국 파운드/미국 달러',
    ar: 'الجنيه الإسترليني / الدولار الأمريكي',
    pt: 'Libra esterlina / Dólar americano',
  },
  USDJPY: {
    'zh-CN': '美元/日元',
    'zh-TW': '美元/日圓',
    id: 'Dolar AS / Yen Jepang',
    ms: 'Dolar AS / Yen Jepun',
    es: 'Dólar estadounidense / Yen japonés',
    tr: 'ABD Doları / Japon Yeni',
    ja: '米ドル/円',
    kr: '미국 달러/일본 엔',
    ar: 'الدولار الأمريكي / الين الياباني',
    pt: 'Dólar americano / Iene japonês',
  },
  AUDUSD: {
    'zh-CN': '澳元/美元',
    'zh-TW': '澳幣/美元',
    id: 'Dolar Australia / Dolar AS',
    ms: 'Dolar Australia / Dolar AS',
    es: 'Dólar australiano / Dólar estadounidense',
    tr: 'Avustralya Doları / ABD Doları',
    ja: '豪ドル/米ドル',
    kr: '호주 달러/미국 달러',
    ar: 'الدولار الأسترالي / الدولار الأمريكي',
    pt: 'Dólar australiano / Dólar americano',
  },
  XAU: {
    'zh-CN': '黄金',
    'zh-TW': '黃金',
    id: 'Emas',
    ms: 'Emas',
    es: 'Oro',
    tr: 'Altın',
    ja: '金',
    kr: '금',
    ar: 'الذهب',
    pt: 'Ouro',
  },
  XAG: {
    'zh-CN': '白银',
    'zh-TW': '白銀',
    id: 'Perak',
    ms: 'Perak',
    es: 'Plata',
    tr: 'Gümüş',
    ja: '銀',
    kr: '은',
    ar: 'الفضة',
    pt: 'Prata',
  },
  SPX500: {
    'zh-CN': '标普500指数',
    'zh-TW': '標普500指數',
    id: 'Indeks S&P 500',
    ms: 'Indeks S&P 500',
    es: 'Índice S&P 500',
    tr: 'S&P 500 Endeksi',
    ja: 'S&P 500指数',
    kr: 'S&P 500 지수',
    ar: 'مؤشر إس آند بي 500',
    pt: 'Índice S&P 500',
  },
  NAS100: {
    'zh-CN': '纳斯达克100指数',
    'zh-TW': '那斯達克100指數',
    id: 'Indeks Nasdaq 100',
    ms: 'Indeks Nasdaq 100',
    es: 'Índice Nasdaq 100',
    tr: 'Nasdaq 100 Endeksi',
    ja: 'ナスダック100指数',
    kr: '나스닥 100 지수',
    ar: 'مؤشر ناسداك 100',
    pt: 'Índice Nasdaq 100',
  },
};

/**
 * Inserts the names that are missing for the seeded coins, in every language including English
 * (the coin's default name), inside the caller's seed transaction. A name an operator changed is
 * never overwritten; a coin whose symbol is not in the database is skipped.
 */
export async function seedCoinNames(
  db: Kysely<Database>,
  defaults: readonly { symbol: string; name: string }[],
): Promise<void> {
  const idOf = await coinIdsBySymbol(
    db,
    defaults.map((c) => c.symbol),
  );
  const rows: { vc_id: number; language_code: string; name: string }[] = [];
  for (const coin of defaults) {
    const vcId = idOf.get(coin.symbol);
    const translated = SEED_COIN_NAMES[coin.symbol];
    if (vcId === undefined || !translated) continue;
    rows.push({ vc_id: vcId, language_code: 'en', name: coin.name });
    for (const [code, name] of Object.entries(translated))
      rows.push({ vc_id: vcId, language_code: code, name });
  }
  if (rows.length === 0) return;
  await db
    .insertInto('vc_name')
    .values(rows)
    .onConflict((oc) => oc.columns(['vc_id', 'language_code']).doNothing())
    .execute();
}
