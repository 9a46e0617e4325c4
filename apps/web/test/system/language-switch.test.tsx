import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { Coin, Ticker } from '@vela/contract';
import { LanguagePopup } from '../../src/components/global/language-popup.tsx';
import { changeLocale, i18n } from '../../src/lib/i18n.ts';
import { usePreferences } from '../../src/stores/preferences-store.ts';
import { useUi } from '../../src/stores/ui-store.ts';
import { reloadsForLanguage } from '../../src/system/language-switch.ts';
import { fetchTickers, useCoins, useTickers, useTimingConfig } from '../../src/system/market-api.ts';
import { useNotices, useSysConfig } from '../../src/system/system-api.ts';
import { MARKET } from '../support/market-fixtures.ts';
import { mockApi, setupWebTests } from '../setup.tsx';
import { setupActEnvironment, until } from '../support/helpers.tsx';

setupWebTests();
setupActEnvironment();

afterEach(async () => {
  cleanup();
  if (i18n.language !== 'en') await changeLocale('en');
});

/** What the server answers in each language: only the words differ. */
const WORDS = {
  en: { bitcoin: 'Bitcoin', notice: 'Maintenance tonight', crypto: 'Crypto' },
  ar: { bitcoin: 'بيتكوين', notice: 'صيانة الليلة', crypto: 'عملات مشفرة' },
} as const;
type Lang = keyof typeof WORDS;
const langOf = (headers: Record<string, string>): Lang => (headers.lang === 'ar' ? 'ar' : 'en');

const COIN: Coin = {
  id: 1,
  symbol: 'BTC',
  name: 'Bitcoin',
  type: 1,
  enabled: true,
  settleVc: false,
  precision: 2,
  icon: '/coins/btc.svg',
};

function languageApi() {
  return mockApi({
    '/i18n-language/simple-list': () => [
      { code: 'en', enabled: true, localeName: 'English' },
      { code: 'ar', enabled: true, localeName: 'العربية' },
    ],
    '/sys-config/simple-list': (_body, headers) => ({
      dict: { VcTypeEnum: [{ value: '1', label: WORDS[langOf(headers)].crypto }] },
      list: [],
    }),
    '/sys-notice/list': (_body, headers) => [
      { id: 1, title: WORDS[langOf(headers)].notice, content: '', popup: false, createdAt: 1 },
    ],
    '/portal/vc/list': (_body, headers): Coin[] => [{ ...COIN, name: WORDS[langOf(headers)].bitcoin }],
    '/portal/vc-timing-trade-config/list': () => [{ vcId: 1, enabled: true, periods: [] }],
    '/vc/market/list': (_body, headers): Ticker[] => [
      { ...MARKET[0]!, name: WORDS[langOf(headers)].bitcoin },
    ],
  });
}

/** A screen that shows one word of each localized answer the spec names. */
function Probe() {
  const config = useSysConfig();
  const notices = useNotices();
  const coins = useCoins();
  const tickers = useTickers();
  useTimingConfig();
  return (
    <ul>
      <li data-testid="dict">{config.data?.dict.VcTypeEnum?.[0]?.label}</li>
      <li data-testid="notice">{notices.data?.[0]?.title}</li>
      <li data-testid="coin">{coins.data?.[0]?.name}</li>
      <li data-testid="ticker">{tickers.data?.[0]?.name}</li>
    </ul>
  );
}

function renderScreen() {
  const api = languageApi();
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <Probe />
      <LanguagePopup />
    </QueryClientProvider>,
  );
  return { api, client };
}

const text = (id: string) => screen.getByTestId(id).textContent;

describe('a language change', () => {
  it('reloads the configuration, notices, currency list, trade configuration and prices in the new language', async () => {
    const { api, client } = renderScreen();
    await until(() => expect(text('ticker')).toBe('Bitcoin'));
    await until(() => expect(text('dict')).toBe('Crypto'));
    expect(text('notice')).toBe('Maintenance tonight');
    expect(text('coin')).toBe('Bitcoin');

    await act(() => useUi.setState({ languageOpen: true }));
    await until(() => screen.getByTestId('language-ar'));
    fireEvent.click(screen.getByTestId('language-ar'));
    await act(async () => {
      fireEvent.click(screen.getByTestId('language-save'));
      await until(() => expect(useUi.getState().languageOpen).toBe(false));
    });

    await until(() => expect(text('ticker')).toBe('بيتكوين'));
    await until(() => expect(text('dict')).toBe('عملات مشفرة'));
    expect(text('notice')).toBe('صيانة الليلة');
    expect(text('coin')).toBe('بيتكوين');
    for (const path of [
      '/sys-config/simple-list',
      '/sys-notice/list',
      '/portal/vc/list',
      '/portal/vc-timing-trade-config/list',
      '/vc/market/list',
    ]) {
      expect(
        api.callsTo(path).map((c) => c.headers.lang),
        path,
      ).toEqual(['en', 'ar']);
    }
    expect(api.callsTo('/sys-notice/list').at(-1)?.body).toEqual({ languageCode: 'ar' });
    // The English entries keep English answers, ready for a switch back.
    expect(
      client.getQueryData<{ dict: Record<string, { label: string }[]> }>(['SYS_CONFIG', 'en'])?.dict,
    ).toEqual({ VcTypeEnum: [{ value: '1', label: 'Crypto' }] });
    expect(client.getQueryData<Coin[]>(['VC', 'coins', 'en'])?.[0]?.name).toBe('Bitcoin');
  });

  it('reloads queries without a language and those of the new one, never those of another', () => {
    expect(reloadsForLanguage({ queryKey: ['VC', 'tickers'] }, 'ar')).toBe(true);
    expect(reloadsForLanguage({ queryKey: ['VC_TIMING_TRADE_CONFIG'] }, 'ar')).toBe(true);
    expect(reloadsForLanguage({ queryKey: ['SYS_CONFIG', 'ar'] }, 'ar')).toBe(true);
    expect(reloadsForLanguage({ queryKey: ['SYS_BANNER', 'ar', 'H5'] }, 'ar')).toBe(true);
    expect(reloadsForLanguage({ queryKey: ['SYS_CONFIG', 'en'] }, 'ar')).toBe(false);
    expect(reloadsForLanguage({ queryKey: ['SYS_NOTICE', 'zh-TW'] }, 'ar')).toBe(false);
  });

  it('asks for the prices again when the language changed while they were on their way', async () => {
    let release: () => void = () => undefined;
    let first = true;
    const api = mockApi({
      '/vc/market/list': async (_body, headers): Promise<Ticker[]> => {
        if (first) {
          first = false;
          await new Promise<void>((resolve) => (release = resolve));
        }
        return [{ ...MARKET[0]!, name: WORDS[langOf(headers)].bitcoin }];
      },
    });
    const pending = fetchTickers();
    await until(() => expect(api.callsTo('/vc/market/list')).toHaveLength(1));
    usePreferences.setState({ locale: 'ar' });
    release();
    const list = await pending;
    expect(list[0]?.name).toBe('بيتكوين');
    expect(api.callsTo('/vc/market/list').map((c) => c.headers.lang)).toEqual(['en', 'ar']);
  });
});
