import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CacheType, ConfigGroup, DeviceType } from '@vela/contract';
import { routes } from '@vela/contract/routes';
import { amountDecimals } from '@vela/domain';
import type { LocaleCode } from '@vela/i18n';
import { call } from '../lib/api-client.ts';
import { usePreferences } from '../stores/preferences-store.ts';

const { system } = routes;

/**
 * Shared server data. Query keys carry the locale, so a language change
 * refetches the localized ones (dictionaries, notices, banners), and the cache type, so the cache
 * re-check invalidates exactly the types whose version moved.
 */
export const systemKeys = {
  config: (locale: LocaleCode) => ['SYS_CONFIG', locale] as const,
  languages: () => ['I18N_LANGUAGE'] as const,
  notices: (locale: LocaleCode) => ['SYS_NOTICE', locale] as const,
  banners: (locale: LocaleCode, deviceType: DeviceType) => ['SYS_BANNER', locale, deviceType] as const,
  cacheVersions: () => ['cache-versions'] as const,
};

/** Maps each cache type of the server to the query-key prefix it invalidates. */
export const CACHE_TYPE_QUERY_PREFIX: Record<CacheType, string> = {
  SYS_CONFIG: 'SYS_CONFIG',
  SYS_NOTICE: 'SYS_NOTICE',
  VC_TIMING_TRADE_CONFIG: 'VC_TIMING_TRADE_CONFIG',
  VC_SPOT_TRADE_CONFIG: 'VC_SPOT_TRADE_CONFIG',
  VC_CONTRACT_TRADE_CONFIG: 'VC_CONTRACT_TRADE_CONFIG',
  BANK: 'BANK',
  VC: 'VC',
  SYS_BANNER: 'SYS_BANNER',
  I18N_LANGUAGE: 'I18N_LANGUAGE',
};

export const configQuery = (locale: LocaleCode) =>
  queryOptions({
    queryKey: systemKeys.config(locale),
    queryFn: () => call(system.sysConfigList, {}),
    staleTime: Infinity,
  });

export function useSysConfig() {
  const locale = usePreferences((s) => s.locale);
  return useQuery(configQuery(locale));
}

/** Reads one configuration value; undefined until the configuration has loaded. */
export function useConfigValue(group: ConfigGroup, key: string): string | undefined {
  const { data } = useSysConfig();
  return data?.list.find((item) => item.group === group && item.key === key)?.value;
}

/**
 * The decimals an amount of a currency with `scale` may be typed with: the server's rule, the fewer
 * of the scale and GLOBAL `amountMaxPrecision` (the scale alone while the configuration loads).
 */
export function useAmountDecimals(scale: number): number {
  return amountDecimals(scale, useConfigValue('GLOBAL', 'amountMaxPrecision'));
}

export function useLanguages(enabled = true) {
  return useQuery({
    queryKey: systemKeys.languages(),
    queryFn: () => call(system.languageList, {}),
    staleTime: Infinity,
    enabled,
  });
}

export const noticesQuery = (locale: LocaleCode) =>
  queryOptions({
    queryKey: systemKeys.notices(locale),
    queryFn: () => call(system.noticeList, { languageCode: locale }),
    staleTime: Infinity,
  });

export function useNotices() {
  const locale = usePreferences((s) => s.locale);
  return useQuery(noticesQuery(locale));
}

/** The banners of the mobile web app (device type H5). */
export const bannersQuery = (locale: LocaleCode) =>
  queryOptions({
    queryKey: systemKeys.banners(locale, 'H5'),
    queryFn: () => call(system.bannerList, { deviceType: 'H5', languageCode: locale }),
    staleTime: Infinity,
  });

export function useBanners() {
  const locale = usePreferences((s) => s.locale);
  return useQuery(bannersQuery(locale));
}
