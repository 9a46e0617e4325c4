import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { coinIdsBySymbol } from '../market/coin-repository.ts';
import { bumpCacheVersion, cacheVersion } from '../system/cache-versions.ts';
import type { AddressFormat } from './address-formats.ts';
import { insertMissingBanks, insertMissingChains } from './payment-repository.ts';

/**
 * Banks and wallet chains of a fresh install. Banks are grouped by the markets the brand serves
 * (Korean first, its default language), each under its official English name; the country decides
 * the extra fields a card needs (decision 014). Chains are the networks each coin is commonly
 * withdrawn on, with the address format that validates them.
 */
export const SEED_BANKS: readonly { code: string; name: string; country: string }[] = [
  { code: 'KR_KOOKMIN', name: 'KB Kookmin Bank', country: 'KR' },
  { code: 'KR_SHINHAN', name: 'Shinhan Bank', country: 'KR' },
  { code: 'KR_WOORI', name: 'Woori Bank', country: 'KR' },
  { code: 'KR_HANA', name: 'Hana Bank', country: 'KR' },
  { code: 'KR_NONGHYUP', name: 'NH NongHyup Bank', country: 'KR' },
  { code: 'KR_IBK', name: 'Industrial Bank of Korea', country: 'KR' },
  { code: 'KR_KAKAO', name: 'KakaoBank', country: 'KR' },
  { code: 'KR_TOSS', name: 'Toss Bank', country: 'KR' },
  { code: 'KR_KBANK', name: 'K Bank', country: 'KR' },
  { code: 'KR_BUSAN', name: 'BNK Busan Bank', country: 'KR' },
  { code: 'KR_SC', name: 'SC First Bank', country: 'KR' },
  { code: 'JP_MUFG', name: 'MUFG Bank', country: 'JP' },
  { code: 'JP_SMBC', name: 'Sumitomo Mitsui Banking Corporation', country: 'JP' },
  { code: 'JP_MIZUHO', name: 'Mizuho Bank', country: 'JP' },
  { code: 'JP_RESONA', name: 'Resona Bank', country: 'JP' },
  { code: 'JP_POST', name: 'Japan Post Bank', country: 'JP' },
  { code: 'JP_RAKUTEN', name: 'Rakuten Bank', country: 'JP' },
  { code: 'TW_BOT', name: 'Bank of Taiwan', country: 'TW' },
  { code: 'TW_CATHAY', name: 'Cathay United Bank', country: 'TW' },
  { code: 'TW_CTBC', name: 'CTBC Bank', country: 'TW' },
  { code: 'TW_ESUN', name: 'E.SUN Commercial Bank', country: 'TW' },
  { code: 'TW_FUBON', name: 'Taipei Fubon Bank', country: 'TW' },
  { code: 'HK_HSBC', name: 'The Hongkong and Shanghai Banking Corporation', country: 'HK' },
  { code: 'HK_HANGSENG', name: 'Hang Seng Bank', country: 'HK' },
  { code: 'HK_BOCHK', name: 'Bank of China (Hong Kong)', country: 'HK' },
  { code: 'HK_SC', name: 'Standard Chartered Bank (Hong Kong)', country: 'HK' },
  { code: 'CN_ICBC', name: 'Industrial and Commercial Bank of China', country: 'CN' },
  { code: 'CN_CCB', name: 'China Construction Bank', country: 'CN' },
  { code: 'CN_ABC', name: 'Agricultural Bank of China', country: 'CN' },
  { code: 'CN_BOC', name: 'Bank of China', country: 'CN' },
  { code: 'CN_CMB', name: 'China Merchants Bank', country: 'CN' },
  { code: 'CN_BOCOM', name: 'Bank of Communications', country: 'CN' },
  { code: 'ID_BCA', name: 'Bank Central Asia', country: 'ID' },
  { code: 'ID_MANDIRI', name: 'Bank Mandiri', country: 'ID' },
  { code: 'ID_BRI', name: 'Bank Rakyat Indonesia', country: 'ID' },
  { code: 'ID_BNI', name: 'Bank Negara Indonesia', country: 'ID' },
  { code: 'ID_CIMBNIAGA', name: 'CIMB Niaga', country: 'ID' },
  { code: 'MY_MAYBANK', name: 'Maybank', country: 'MY' },
  { code: 'MY_CIMB', name: 'CIMB Bank', country: 'MY' },
  { code: 'MY_PUBLIC', name: 'Public Bank', country: 'MY' },
  { code: 'MY_RHB', name: 'RHB Bank', country: 'MY' },
  { code: 'MY_HONGLEONG', name: 'Hong Leong Bank', country: 'MY' },
  { code: 'TR_ZIRAAT', name: 'Ziraat Bankası', country: 'TR' },
  { code: 'TR_ISBANK', name: 'Türkiye İş Bankası', country: 'TR' },
  { code: 'TR_GARANTI', name: 'Garanti BBVA', country: 'TR' },
  { code: 'TR_AKBANK', name: 'Akbank', country: 'TR' },
  { code: 'TR_YAPIKREDI', name: 'Yapı Kredi', country: 'TR' },
  { code: 'AE_ENBD', name: 'Emirates NBD', country: 'AE' },
  { code: 'AE_FAB', name: 'First Abu Dhabi Bank', country: 'AE' },
  { code: 'SA_ALRAJHI', name: 'Al Rajhi Bank', country: 'SA' },
  { code: 'SA_SNB', name: 'Saudi National Bank', country: 'SA' },
  { code: 'ES_SANTANDER', name: 'Banco Santander', country: 'ES' },
  { code: 'ES_BBVA', name: 'BBVA', country: 'ES' },
  { code: 'ES_CAIXABANK', name: 'CaixaBank', country: 'ES' },
  { code: 'ES_SABADELL', name: 'Banco Sabadell', country: 'ES' },
  { code: 'PE_BCP', name: 'Banco de Crédito del Perú', country: 'PE' },
  { code: 'PE_BBVA', name: 'BBVA Perú', country: 'PE' },
  { code: 'PE_INTERBANK', name: 'Interbank', country: 'PE' },
  { code: 'PE_SCOTIABANK', name: 'Scotiabank Perú', country: 'PE' },
  { code: 'PE_NACION', name: 'Banco de la Nación', country: 'PE' },
  { code: 'BR_BB', name: 'Banco do Brasil', country: 'BR' },
  { code: 'BR_ITAU', name: 'Itaú Unibanco', country: 'BR' },
  { code: 'BR_BRADESCO', name: 'Bradesco', country: 'BR' },
  { code: 'BR_CAIXA', name: 'Caixa Econômica Federal', country: 'BR' },
  { code: 'BR_NUBANK', name: 'Nubank', country: 'BR' },
  { code: 'PT_CGD', name: 'Caixa Geral de Depósitos', country: 'PT' },
  { code: 'PT_BCP', name: 'Millennium bcp', country: 'PT' },
  { code: 'PT_NOVOBANCO', name: 'Novo Banco', country: 'PT' },
  { code: 'US_CHASE', name: 'JPMorgan Chase Bank', country: 'US' },
  { code: 'US_BOFA', name: 'Bank of America', country: 'US' },
  { code: 'US_CITI', name: 'Citibank', country: 'US' },
  { code: 'GB_HSBC', name: 'HSBC UK', country: 'GB' },
  { code: 'GB_BARCLAYS', name: 'Barclays', country: 'GB' },
];

export const SEED_CHAINS: readonly { symbol: string; chainName: string; format: AddressFormat }[] = [
  { symbol: 'USDT', chainName: 'TRC20', format: 'TRON' },
  { symbol: 'USDT', chainName: 'ERC20', format: 'EVM' },
  { symbol: 'USDT', chainName: 'BEP20', format: 'EVM' },
  { symbol: 'BTC', chainName: 'Bitcoin', format: 'BITCOIN' },
  { symbol: 'ETH', chainName: 'ERC20', format: 'EVM' },
  { symbol: 'BNB', chainName: 'BEP20', format: 'EVM' },
  { symbol: 'SOL', chainName: 'Solana', format: 'SOLANA' },
  { symbol: 'XRP', chainName: 'XRP Ledger', format: 'XRP' },
  { symbol: 'DOGE', chainName: 'Dogecoin', format: 'DOGECOIN' },
  { symbol: 'ADA', chainName: 'Cardano', format: 'CARDANO' },
  { symbol: 'LTC', chainName: 'Litecoin', format: 'LITECOIN' },
];

/**
 * Inserts the banks and chains that are missing (by bank code, by coin and chain name), inside the
 * caller's seed transaction, and bumps BANK and VC when something was added, so clients refetch the
 * lists. The market's seed step runs first, so the coins exist.
 */
export async function seedPayment(db: Kysely<Database>, now: number): Promise<void> {
  const banksAdded = await insertMissingBanks(
    db,
    SEED_BANKS.map((bank, sort) => ({
      code: bank.code,
      name: bank.name,
      country: bank.country,
      enabled: 1,
      sort,
      created_at: now,
    })),
  );
  if (banksAdded > 0) await announce(db, 'BANK', now);

  const idBySymbol = await coinIdsBySymbol(
    db,
    SEED_CHAINS.map((c) => c.symbol),
  );
  const chainsAdded = await insertMissingChains(
    db,
    SEED_CHAINS.flatMap((chain, sort) => {
      const vcId = idBySymbol.get(chain.symbol);
      if (vcId === undefined) return [];
      return [{ vc_id: vcId, chain_name: chain.chainName, address_format: chain.format, enabled: 1, sort }];
    }),
  );
  if (chainsAdded > 0) await announce(db, 'VC', now);
}

/**
 * Moves a cache version so clients refetch what the seed added, unless this very seed run created
 * the version (it is then exactly `now`, and no client has seen it yet).
 */
async function announce(db: Kysely<Database>, type: 'BANK' | 'VC', now: number): Promise<void> {
  if ((await cacheVersion(db, type)) !== now) await bumpCacheVersion(db, type, now);
}
