import { Button } from 'antd-mobile';
import { ExclamationShieldOutline } from 'antd-mobile-icons';
import { useNavigate, useSearchParams } from 'react-router';
import { routes } from '@vela/contract/routes';
import { safeRedirect } from '../../config/route-guard.ts';
import { call } from '../../lib/api-client.ts';
import { useT } from '../../lib/i18n.ts';
import { useSession } from '../../stores/session-store.ts';
import { useLogout } from './use-logout.ts';
import './initial-password.css';

/**
 * A user an agent added starts with an initial password that the agent has seen, and must change it
 * before anything else (the route guard keeps them on the login password page meanwhile). These are
 * the parts that page shows then.
 */

/** Why the user is here and what opens the rest of the app. */
export function InitialPasswordNotice() {
  const t = useT();
  return (
    <div className="initial-password" role="alert" data-testid="initial-password-notice">
      <ExclamationShieldOutline className="initial-password__icon" aria-hidden />
      <div>
        <div className="initial-password__title">{t('agent.initialPasswordTitle')}</div>
        <p className="initial-password__text">{t('agent.initialPasswordNotice')}</p>
      </div>
    </div>
  );
}

/** The way out for someone who cannot change it now: the user centre is out of reach meanwhile. */
export function InitialPasswordLogout() {
  const t = useT();
  const { loggingOut, logout } = useLogout();
  return (
    <div className="initial-password__logout">
      <Button
        fill="none"
        loading={loggingOut}
        onClick={() => void logout()}
        data-testid="initial-password-logout"
      >
        {t('me.logout')}
      </Button>
    </div>
  );
}

/**
 * What follows the change: the user is read again, which clears the flag, and the app continues on
 * the page the user was going to (the guard's `redirect`), else the home page.
 */
export function useContinueAfterInitialPassword() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return async () => {
    const tokenAtStart = useSession.getState().token;
    try {
      const user = await call(routes.user.getLoginInfo, {});
      if (useSession.getState().token === tokenAtStart) useSession.getState().setUser(user);
    } catch {
      // The change was accepted, and that is what ends the rule: a failed read must not hold the
      // user on this page, so the flag is cleared here and the next read brings the rest.
      const { user, setUser } = useSession.getState();
      if (user) setUser({ ...user, mustChangePassword: false });
    }
    void navigate(safeRedirect(params.get('redirect')), { replace: true });
  };
}
