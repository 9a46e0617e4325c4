import { openCustomerService } from '../../components/global/customer-service.tsx';
import { BrandLogo } from '../../components/brand-logo.tsx';
import { useT } from '../../lib/i18n.ts';
import { usePreferences } from '../../stores/preferences-store.ts';
import { useUi } from '../../stores/ui-store.ts';

function ThemeIcon({ dark }: { dark: boolean }) {
  return dark ? (
    <svg
      viewBox="0 0 24 24"
      aria-hidden
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
    >
      <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z" />
    </svg>
  ) : (
    <svg
      viewBox="0 0 24 24"
      aria-hidden
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
    >
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2m0 16v2M2 12h2m16 0h2M4.9 4.9l1.4 1.4m11.4 11.4 1.4 1.4M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
    </svg>
  );
}

/** Line icons drawn here: an icon font or icon package would add a request or kilobytes to the first screen. */
function HeaderIcon({ path }: { path: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={path} />
    </svg>
  );
}

const CHAT_ICON = 'M20 12a8 8 0 0 1-11.6 7.1L4 20l1-4.1A8 8 0 1 1 20 12zM8.5 12h.01M12 12h.01M15.5 12h.01';
const GLOBE_ICON =
  'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM3 12h18M12 3c2.5 2.4 3.8 5.4 3.8 9s-1.3 6.6-3.8 9c-2.5-2.4-3.8-5.4-3.8-9S9.5 5.4 12 3z';

/** Home header: customer service, the language icon and the theme switch. */
export function HomeHeader() {
  const t = useT();
  const theme = usePreferences((s) => s.theme);
  const toggleTheme = usePreferences((s) => s.toggleTheme);
  const openLanguage = useUi((s) => s.setLanguageOpen);
  return (
    <header className="home-header">
      <div className="home-header__brand">
        <BrandLogo />
        <span>{t('common.appName')}</span>
      </div>
      <div className="home-header__actions">
        <button
          type="button"
          onClick={() => openCustomerService()}
          aria-label={t('customer.title')}
          data-testid="open-customer"
        >
          <HeaderIcon path={CHAT_ICON} />
        </button>
        <button
          type="button"
          onClick={() => openLanguage(true)}
          aria-label={t('language.title')}
          data-testid="open-language"
        >
          <HeaderIcon path={GLOBE_ICON} />
        </button>
        <button
          type="button"
          onClick={toggleTheme}
          aria-label={theme === 'dark' ? t('theme.light') : t('theme.dark')}
          aria-pressed={theme === 'dark'}
          data-testid="toggle-theme"
        >
          <ThemeIcon dark={theme === 'dark'} />
        </button>
      </div>
    </header>
  );
}
