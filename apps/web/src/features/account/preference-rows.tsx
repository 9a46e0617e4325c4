import { List, Switch } from 'antd-mobile';
import { CompassOutline, GlobalOutline } from 'antd-mobile-icons';
import { useT } from '../../lib/i18n.ts';
import { usePreferences } from '../../stores/preferences-store.ts';
import { useUi } from '../../stores/ui-store.ts';
import { useLanguages } from '../../system/system-api.ts';

/**
 * Rows shared by the user centre and the settings screen: the language and server line (each opens
 * its global popup and shows the current choice) and the dark-mode switch.
 */

/** A small moon, the same drawing as the home header's theme control. */
export function MoonIcon() {
  return (
    <svg
      className="account-icon"
      viewBox="0 0 24 24"
      aria-hidden
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
    >
      <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z" />
    </svg>
  );
}

/** The current language's own name from the server list, or its code until the list has loaded. */
export function useCurrentLanguageName(): string {
  const locale = usePreferences((s) => s.locale);
  const languages = useLanguages();
  return languages.data?.find((language) => language.code === locale)?.localeName ?? locale;
}

/** The chosen line's host, or "Default line" for the origin the app was loaded from. */
export function lineLabel(lineUrl: string, defaultLabel: string): string {
  if (!lineUrl) return defaultLabel;
  try {
    return new URL(lineUrl).host;
  } catch {
    return lineUrl;
  }
}

export function LanguageRow({ title, withIcon = false }: { title: string; withIcon?: boolean }) {
  const locale = usePreferences((s) => s.locale);
  const setLanguageOpen = useUi((s) => s.setLanguageOpen);
  const name = useCurrentLanguageName();
  return (
    <List.Item
      prefix={withIcon ? <GlobalOutline className="account-icon" /> : undefined}
      extra={<span lang={locale}>{name}</span>}
      onClick={() => setLanguageOpen(true)}
      arrowIcon
      data-testid="menu-language"
    >
      {title}
    </List.Item>
  );
}

export function LineRow({ title, withIcon = false }: { title: string; withIcon?: boolean }) {
  const t = useT();
  const lineUrl = usePreferences((s) => s.lineUrl);
  const setLineOpen = useUi((s) => s.setLineOpen);
  return (
    <List.Item
      prefix={withIcon ? <CompassOutline className="account-icon" /> : undefined}
      extra={<span className="account-line">{lineLabel(lineUrl, t('line.default'))}</span>}
      onClick={() => setLineOpen(true)}
      arrowIcon
      data-testid="menu-line"
    >
      {title}
    </List.Item>
  );
}

export function ThemeRow({ title, withIcon = false }: { title: string; withIcon?: boolean }) {
  const theme = usePreferences((s) => s.theme);
  const setTheme = usePreferences((s) => s.setTheme);
  return (
    <List.Item
      prefix={withIcon ? <MoonIcon /> : undefined}
      extra={
        <Switch
          className="theme-switch"
          checked={theme === 'dark'}
          onChange={(dark) => setTheme(dark ? 'dark' : 'light')}
          aria-label={title}
          data-testid="theme-switch"
        />
      }
      arrowIcon={false}
    >
      {title}
    </List.Item>
  );
}
