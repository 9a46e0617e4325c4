import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_RESET_MS, LanguagePopup } from '../../../src/components/global/language-popup.tsx';
import { changeLocale, i18n } from '../../../src/lib/i18n.ts';
import { usePreferences } from '../../../src/stores/preferences-store.ts';
import { useUi } from '../../../src/stores/ui-store.ts';
import { mockApi, setupWebTests } from '../../setup.tsx';
import { advance, flush, until, setupActEnvironment } from '../../support/helpers.tsx';

setupWebTests();
setupActEnvironment();

const LANGUAGES = [
  { code: 'en', enabled: true, localeName: 'English' },
  { code: 'kr', enabled: true, localeName: '한국어' },
  { code: 'ja', enabled: false, localeName: '日本語' },
  { code: 'ar', enabled: true, localeName: 'العربية' },
];

afterEach(async () => {
  vi.useRealTimers();
  // A test that switched the language must not leave the next one in Arabic; unmount first so the
  // switch back re-renders nothing.
  cleanup();
  if (i18n.language !== 'en') await changeLocale('en');
});

function renderPopup() {
  const api = mockApi({ '/i18n-language/simple-list': () => LANGUAGES });
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <LanguagePopup />
    </QueryClientProvider>,
  );
  return { api, client };
}

const open = () => act(() => useUi.setState({ languageOpen: true }));
const checked = (code: string) => screen.getByTestId(`language-${code}`).getAttribute('aria-checked');
const names = () =>
  screen
    .queryAllByRole('radio', { hidden: true })
    .map((radio) => radio.querySelector('.choice__label')?.textContent);

describe('language popup', () => {
  it('loads the server list when it opens and shows only the enabled languages', async () => {
    const { api } = renderPopup();
    expect(api.callsTo('/i18n-language/simple-list')).toHaveLength(0);

    await open();
    await until(() => screen.getByTestId('language-en'));

    expect(api.callsTo('/i18n-language/simple-list')).toHaveLength(1);
    expect(names()).toEqual(['English', '한국어', 'العربية']);
    expect(screen.queryByText('日本語')).toBeNull();
    expect(screen.queryByTestId('language-ja')).toBeNull();
    expect(checked('en')).toBe('true');
    expect(checked('kr')).toBe('false');
  });

  it('loads the list again each time it opens', async () => {
    const { api } = renderPopup();
    await open();
    await until(() => screen.getByTestId('language-en'));
    await act(() => useUi.setState({ languageOpen: false }));
    await open();
    await until(() => expect(api.callsTo('/i18n-language/simple-list')).toHaveLength(2));
  });

  it('only closes when Save is pressed with the current language', async () => {
    renderPopup();
    const changeLanguage = vi.spyOn(i18n, 'changeLanguage');
    const addBundle = vi.spyOn(i18n, 'addResourceBundle');
    await open();
    await until(() => screen.getByTestId('language-en'));

    fireEvent.click(screen.getByTestId('language-en'));
    fireEvent.click(screen.getByTestId('language-save'));
    await flush();

    await until(() => expect(useUi.getState().languageOpen).toBe(false));
    expect(usePreferences.getState().locale).toBe('en');
    expect(changeLanguage).not.toHaveBeenCalled();
    expect(addBundle).not.toHaveBeenCalled();
    expect(document.documentElement.lang).toBe('en');
  });

  it('applies another language on Save: store, document language and direction, localized queries', async () => {
    const { client } = renderPopup();
    client.setQueryData(['SYS_CONFIG', 'en'], { dict: {}, list: [] });
    client.setQueryData(['SYS_CONFIG', 'ar'], { dict: {}, list: [] });
    client.setQueryData(['VC', 'tickers'], []);
    await open();
    await until(() => screen.getByTestId('language-ar'));

    fireEvent.click(screen.getByTestId('language-ar'));
    expect(checked('ar')).toBe('true');
    // Save loads the Arabic catalogue first; keep the whole exchange inside one act scope.
    await act(async () => {
      fireEvent.click(screen.getByTestId('language-save'));
      await vi.waitFor(() => expect(useUi.getState().languageOpen).toBe(false));
    });
    expect(usePreferences.getState().locale).toBe('ar');
    expect(i18n.language).toBe('ar');
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    // The new language's entries and those without a language reload; another language's stay.
    expect(client.getQueryState(['SYS_CONFIG', 'ar'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['VC', 'tickers'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['SYS_CONFIG', 'en'])?.isInvalidated).toBe(false);
  });

  it('returns the highlighted choice to the current language 400 ms after closing without saving', async () => {
    expect(LANGUAGE_RESET_MS).toBe(400);
    vi.useFakeTimers();
    renderPopup();
    await open();
    await advance(50);
    expect(checked('en')).toBe('true');

    fireEvent.click(screen.getByTestId('language-kr'));
    expect(checked('kr')).toBe('true');

    await act(() => useUi.setState({ languageOpen: false }));
    await advance(LANGUAGE_RESET_MS - 1);
    expect(checked('kr')).toBe('true');
    expect(checked('en')).toBe('false');

    await advance(1);
    expect(checked('kr')).toBe('false');
    expect(checked('en')).toBe('true');
    expect(usePreferences.getState().locale).toBe('en');
  });

  it('keeps the choice when the popup opens again within 400 ms', async () => {
    vi.useFakeTimers();
    renderPopup();
    await open();
    await advance(50);
    fireEvent.click(screen.getByTestId('language-kr'));

    await act(() => useUi.setState({ languageOpen: false }));
    await advance(200);
    await open();
    await advance(1000);
    expect(checked('kr')).toBe('true');
  });
});
