import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { defaultLocale, type LocaleCode } from '@vela/i18n';

export const THEMES = ['dark', 'light'] as const;
export type Theme = (typeof THEMES)[number];

export class ThemeNotFoundError extends Error {
  constructor(theme: string) {
    super(`No matching theme colour was found: ${theme}`);
  }
}

/**
 * Client state that survives reloads: theme, language, the selected coin, the
 * hide-balance flag, favourites, the chosen server line and the last timed-trade period chosen.
 */
interface PreferencesState {
  theme: Theme;
  locale: LocaleCode;
  selectedCoinId: number | null;
  hideBalance: boolean;
  favourites: number[];
  /** Base URL of the chosen server line; '' means the origin the app was loaded from. */
  lineUrl: string;
  /** The expiration period (in seconds) last chosen for a timed trade; the order form starts with it. */
  lastTimingPeriod: number | null;
  setTheme(theme: string): void;
  toggleTheme(): void;
  setLocale(locale: LocaleCode): void;
  selectCoin(coinId: number): void;
  toggleHideBalance(): void;
  setFavourites(ids: number[]): void;
  setLineUrl(url: string): void;
  chooseTimingPeriod(seconds: number): void;
  /** What logging out clears: the hide-balance flag and favourites. */
  clearPersonal(): void;
}

/**
 * Brings preferences saved by an older version of the app up to date. Version 1 kept the selected
 * coin as `selectedVcId`; it is carried over so that an update does not forget the user's coin.
 */
export function migratePreferences(persisted: unknown, version: number): PreferencesState {
  const state = { ...(persisted as Record<string, unknown>) };
  if (version < 2 && 'selectedVcId' in state) {
    state.selectedCoinId = state.selectedVcId;
    delete state.selectedVcId;
  }
  return state as unknown as PreferencesState;
}

export const usePreferences = create<PreferencesState>()(
  persist(
    (set, get) => ({
      theme: 'dark',
      locale: defaultLocale(
        typeof location === 'undefined' ? '' : location.hostname,
        typeof navigator === 'undefined' ? [] : navigator.languages,
      ),
      selectedCoinId: null,
      hideBalance: false,
      favourites: [],
      lineUrl: '',
      lastTimingPeriod: null,
      setTheme(theme) {
        if (!(THEMES as readonly string[]).includes(theme)) throw new ThemeNotFoundError(theme);
        set({ theme: theme as Theme });
      },
      toggleTheme() {
        set({ theme: get().theme === 'dark' ? 'light' : 'dark' });
      },
      setLocale(locale) {
        set({ locale });
      },
      selectCoin(coinId) {
        set({ selectedCoinId: coinId });
      },
      toggleHideBalance() {
        set({ hideBalance: !get().hideBalance });
      },
      setFavourites(ids) {
        set({ favourites: ids });
      },
      setLineUrl(url) {
        set({ lineUrl: url });
      },
      chooseTimingPeriod(seconds) {
        set({ lastTimingPeriod: seconds });
      },
      clearPersonal() {
        set({ hideBalance: false, favourites: [] });
      },
    }),
    { name: 'vela-preferences', version: 2, migrate: migratePreferences },
  ),
);
