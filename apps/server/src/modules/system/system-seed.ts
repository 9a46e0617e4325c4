import type { Kysely } from 'kysely';
import {
  CACHE_TYPES,
  DICTIONARY_NAMES,
  TRADE_ORDER_DIRECTIONS,
  USER_TYPES,
  VC_TYPES,
  type ConfigGroup,
  type DictionaryName,
} from '@vela/contract';
import { LOCALE_CODES } from '@vela/i18n';
import type { Database } from '../../db/schema.ts';
import {
  hasBanners,
  hasNotices,
  insertBanners,
  insertMissingCacheVersions,
  insertMissingConfig,
  insertMissingDictionaryItems,
  insertMissingLanguages,
  insertNotices,
} from './system-repository.ts';
import { LOCALE_NAMES, SEED_BANNER_TITLES, SEED_NOTICES } from './system-seed-content.ts';

/**
 * Configuration items per group (decision 037 lists what reads each); values are strings, as in the
 * wire format.
 */
export const DEFAULT_CONFIG: Record<ConfigGroup, Record<string, string>> = {
  REGISTER: {
    enabled: 'true',
    emailRequired: 'false',
  },
  PORTAL: {
    customerServiceUrl: '/customer-service.html',
    customerOpenWithoutLogin: 'false',
    linesUrl: '/lines.json',
    /**
     * The coins the home screen shows first, comma separated, in order; the places left go to the
     * most traded coins of their type (decision 043).
     */
    hotCoins: 'BTC,ETH',
  },
  WITHDRAW: {
    enabled: 'true',
    requireGoogleCode: 'true',
    dailyCountLimit: '5',
  },
  RECHARGE: {
    enabled: 'true',
    /**
     * How far, as a percentage of the quote, a finance operator may credit a deposit away from its
     * quote (with a reason); beyond it only an administrator may (decision 037).
     */
    creditTolerancePercent: '1',
  },
  GLOBAL: {
    branchCodeEnabled: 'false',
    // What an unchanged price means for a timed trade: 'refund' the stake or count it a 'loss'.
    timingTieRule: 'refund',
    amountMaxPrecision: '4',
    /**
     * VcTypeEnum values left out of the currency list, comma separated. Seeded empty, since listing
     * all four types would empty the list (decision 010).
     */
    excludedVcTypes: '',
  },
};

const DICTIONARY_VALUES: Record<DictionaryName, readonly number[]> = {
  VcTypeEnum: VC_TYPES,
  TradeOrderDirectionEnum: TRADE_ORDER_DIRECTIONS,
  UserTypeEnum: USER_TYPES,
};

/**
 * Where the home banners lead, in the order of their images; a banner past the list leads home.
 * Each leads to a built screen (decision 043): the app leaves out a banner for one that is not.
 */
const BANNER_TARGETS = ['/trade', '/recharge', '/currency'];

/**
 * The platform's settings and content of a fresh install, inside the caller's seed transaction:
 * configuration, dictionaries, languages, notices, banners and cache versions. Configuration,
 * dictionaries, languages and versions are added where missing; notices and banners only into a
 * database that has none, so one an operator deleted stays deleted.
 */
export async function seedSystem(db: Kysely<Database>, now: number): Promise<void> {
  await insertMissingConfig(
    db,
    Object.entries(DEFAULT_CONFIG).flatMap(([group, items]) =>
      Object.entries(items).map(([key, value], sort) => ({
        config_group: group,
        config_key: key,
        config_value: value,
        sort,
      })),
    ),
  );
  await insertMissingDictionaryItems(
    db,
    DICTIONARY_NAMES.flatMap((name) =>
      DICTIONARY_VALUES[name].map((value, sort) => ({ dict_name: name, item_value: String(value), sort })),
    ),
  );
  await insertMissingLanguages(
    db,
    LOCALE_CODES.map((code, sort) => ({ code, enabled: 1, locale_name: LOCALE_NAMES[code], sort })),
  );
  if (!(await hasNotices(db))) {
    await insertNotices(
      db,
      LOCALE_CODES.flatMap((code) =>
        SEED_NOTICES[code].map((notice, index) => ({
          language_code: code,
          title: notice.title,
          content: notice.content,
          popup: notice.popup ? 1 : 0,
          enabled: 1,
          sort: index,
          // Newest first in the list: the first notice gets the latest time.
          created_at: now - index * 3_600_000,
        })),
      ),
    );
  }
  if (!(await hasBanners(db))) {
    await insertBanners(
      db,
      LOCALE_CODES.flatMap((code) =>
        SEED_BANNER_TITLES[code].map((title, index) => ({
          language_code: code,
          device_type: 'ALL',
          title,
          image: `/banners/banner-${index + 1}.svg`,
          fallback_img: '/banners/banner-fallback.svg',
          url: BANNER_TARGETS[index] ?? '/home',
          enabled: 1,
          sort: index,
        })),
      ),
    );
  }
  await insertMissingCacheVersions(db, CACHE_TYPES, now);
}
