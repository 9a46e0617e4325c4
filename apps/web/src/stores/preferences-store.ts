import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { LocaleCode } from '@vela/i18n';
import { defaultLocaleForHost } from '../lib/brand.ts';

export const THEMES = ['dark', 'light'] as const;
export type Theme = (typeof THEMES)[number];

export class ThemeNotFoundError extends Error {
  constructor(theme: string) {
    super(`No matching theme colour was found: ${theme}`);
  }
}

/**
 * Client state that survives reloads (spec point 3): theme, language, the selected coin, the
 * hide-balance flag, favourites and the chosen server line.
 */
interface PreferencesState {
  theme: Theme;
  locale: LocaleCode;
  selectedVcId: number | null;
  hideBalance: boolean;
  favourites: number[];
  /** Base URL of the chosen server line; '' means the origin the app was loaded from. */
  lineUrl: string;
  setTheme(theme: string): void;
  toggleTheme(): void;
  setLocale(locale: LocaleCode): void;
  selectVc(vcId: number): void;
  toggleHideBalance(): void;
  setFavourites(ids: number[]): void;
  setLineUrl(url: string): void;
  /** What logging out clears (spec point 4): the hide-balance flag and favourites. */
  clearPersonal(): void;
}

export const usePreferences = create<PreferencesState>()(
  persist(
    (set, get) => ({
      theme: 'dark',
      locale: defaultLocaleForHost(typeof location === 'undefined' ? '' : location.hostname),
      selectedVcId: null,
      hideBalance: false,
      favourites: [],
      lineUrl: '',
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
      selectVc(vcId) {
        set({ selectedVcId: vcId });
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
      clearPersonal() {
        set({ hideBalance: false, favourites: [] });
      },
    }),
    { name: 'vela-preferences', version: 1 },
  ),
);
