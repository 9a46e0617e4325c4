import { List } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { useT } from '../../lib/i18n.ts';
import { useSession } from '../../stores/session-store.ts';
import { useLoginInfo } from './account-queries.ts';
import { LanguageRow, LineRow, ThemeRow } from './preference-rows.tsx';
import './account.css';

/**
 * /settings: each security item shows its state on the right. The user is refreshed on entry, so a
 * change made on another device shows here.
 */
export default function SettingsPage() {
  const t = useT();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  useLoginInfo();
  const hasFundPassword = Boolean(user?.hasFundPassword);
  const googleBound = Boolean(user?.googleBound);

  return (
    <div className="account-settings">
      <List className="account-list">
        <List.Item
          onClick={() => void navigate(hasFundPassword ? '/edit-fund-password' : '/bind-fund-password')}
          extra={
            hasFundPassword ? (
              t('settings.change')
            ) : (
              <span className="account-state">
                <span className="down">{t('settings.notSet')}</span>
                <span className="account-state__action">{t('settings.set')}</span>
              </span>
            )
          }
          arrowIcon
          data-testid="settings-fund-password"
        >
          {t('settings.fundPassword')}
        </List.Item>
        <List.Item
          onClick={() => void navigate('/bind-google-validator')}
          extra={
            googleBound ? (
              <span className="up">{t('common.bound')}</span>
            ) : (
              <span className="down">{t('common.notBound')}</span>
            )
          }
          arrowIcon
          data-testid="settings-google"
        >
          {t('settings.googleValidator')}
        </List.Item>
        <List.Item
          onClick={() => void navigate('/edit-login-password')}
          extra={t('settings.change')}
          arrowIcon
          data-testid="settings-login-password"
        >
          {t('settings.loginPassword')}
        </List.Item>
      </List>
      <List className="account-list">
        <LanguageRow title={t('settings.language')} />
        <LineRow title={t('settings.line')} />
        <ThemeRow title={t('settings.theme')} />
      </List>
    </div>
  );
}
