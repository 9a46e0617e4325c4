/** The console's colour scheme, chosen with the header's switch and kept in this browser. */
export type ThemeMode = 'light' | 'dark';

const THEME_KEY = 'vela-admin-theme';

/** The mode chosen last in this browser; light when none was, or when storage is closed to the page. */
export function storedTheme(): ThemeMode {
  try {
    return localStorage.getItem(THEME_KEY) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

/** Keeps the mode for the next visit and lets the page's own styles (console.css) follow it. */
export function applyTheme(mode: ThemeMode): void {
  localStorage.setItem(THEME_KEY, mode);
  document.documentElement.dataset.theme = mode;
}
