import { describe, expect, it } from 'vitest';
import {
  migratePreferences,
  ThemeNotFoundError,
  usePreferences,
} from '../../src/stores/preferences-store.ts';
import { setupWebTests } from '../setup.tsx';

setupWebTests();

const STORAGE_KEY = 'vela-preferences';

function persisted(): Record<string, unknown> {
  const raw = localStorage.getItem(STORAGE_KEY);
  expect(raw, 'persisted preferences').not.toBeNull();
  return (JSON.parse(raw!) as { state: Record<string, unknown> }).state;
}

describe('preferences store', () => {
  it('starts in the dark theme', () => {
    expect(usePreferences.getState().theme).toBe('dark');
    expect(usePreferences.getInitialState().theme).toBe('dark');
  });

  it("starts in the device's language on a host the brand map does not name", () => {
    // The test browser is an English (en-US) device on localhost.
    expect(location.hostname).toBe('localhost');
    expect(navigator.languages[0]).toBe('en-US');
    expect(usePreferences.getInitialState().locale).toBe('en');
  });

  it('sets the light theme and keeps it in local storage', () => {
    usePreferences.getState().setTheme('light');
    expect(usePreferences.getState().theme).toBe('light');
    expect(persisted().theme).toBe('light');

    usePreferences.getState().setTheme('dark');
    expect(persisted().theme).toBe('dark');
  });

  it('refuses an unknown theme with the theme-not-found error and keeps the current one', () => {
    usePreferences.getState().setTheme('light');
    const attempt = () => usePreferences.getState().setTheme('blue');
    expect(attempt).toThrow(ThemeNotFoundError);
    expect(attempt).toThrow(/No matching theme colour was found/);
    expect(usePreferences.getState().theme).toBe('light');
    expect(persisted().theme).toBe('light');
  });

  it('toggles between dark and light', () => {
    const { toggleTheme } = usePreferences.getState();
    toggleTheme();
    expect(usePreferences.getState().theme).toBe('light');
    toggleTheme();
    expect(usePreferences.getState().theme).toBe('dark');
    expect(persisted().theme).toBe('dark');
  });

  it('clears only the hide-balance flag and favourites', () => {
    const state = usePreferences.getState();
    state.setTheme('light');
    state.setLocale('ar');
    state.selectCoin(7);
    state.setLineUrl('https://line2.example');
    state.toggleHideBalance();
    state.setFavourites([1, 2, 3]);
    expect(usePreferences.getState().hideBalance).toBe(true);

    usePreferences.getState().clearPersonal();

    const after = usePreferences.getState();
    expect(after.hideBalance).toBe(false);
    expect(after.favourites).toEqual([]);
    expect(after.theme).toBe('light');
    expect(after.locale).toBe('ar');
    expect(after.selectedCoinId).toBe(7);
    expect(after.lineUrl).toBe('https://line2.example');
    expect(persisted()).toMatchObject({ hideBalance: false, favourites: [], theme: 'light', locale: 'ar' });
  });
});

describe('preferences saved by an older version', () => {
  it('carries the selected coin of version 1 over to its new name', () => {
    const migrated = migratePreferences({ theme: 'light', selectedVcId: 5 }, 1) as unknown as Record<
      string,
      unknown
    >;
    expect(migrated).toEqual({ theme: 'light', selectedCoinId: 5 });
  });

  it('leaves preferences of the current version as they are', () => {
    expect(migratePreferences({ selectedCoinId: 3 }, 2)).toEqual({ selectedCoinId: 3 });
  });
});
