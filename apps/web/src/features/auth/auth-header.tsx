import { GlobalOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router';
import { useT } from '../../lib/i18n.ts';
import { useUi } from '../../stores/ui-store.ts';

/** Top row of the login and register screens: browse as a visitor, and the language popup. */
export function AuthTopBar() {
  const t = useT();
  const navigate = useNavigate();
  const openLanguage = useUi((s) => s.setLanguageOpen);
  return (
    <div className="auth-page__top">
      <button type="button" className="auth-page__icon-button" onClick={() => void navigate('/home')}>
        {t('auth.browseAsVisitor')}
      </button>
      <button
        type="button"
        className="auth-page__icon-button"
        onClick={() => openLanguage(true)}
        aria-label={t('language.title')}
        data-testid="open-language"
      >
        <GlobalOutline />
      </button>
    </div>
  );
}
