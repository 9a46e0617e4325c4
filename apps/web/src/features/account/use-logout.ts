import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { confirm, toastSuccess } from '../../lib/feedback.tsx';
import { useT } from '../../lib/i18n.ts';
import { usePreferences } from '../../stores/preferences-store.ts';
import { useSession } from '../../stores/session-store.ts';
import { logoutOnServer } from './account-api.ts';

/**
 * Logging out after a confirmation: the server is told, then the session, the personal preferences
 * and every cached answer are dropped and the login page opens. `loggingOut` is true meanwhile.
 */
export function useLogout() {
  const t = useT();
  const navigate = useNavigate();
  const client = useQueryClient();
  const signOut = useSession((s) => s.signOut);
  const clearPersonal = usePreferences((s) => s.clearPersonal);
  const [loggingOut, setLoggingOut] = useState(false);

  const logout = async () => {
    if (!(await confirm({ content: t('me.logoutConfirm') }))) return;
    setLoggingOut(true);
    try {
      await logoutOnServer();
    } catch {
      // The local session ends whatever the server says: an expired or unreachable session must not
      // keep the user signed in here.
    }
    signOut();
    clearPersonal();
    client.clear();
    setLoggingOut(false);
    toastSuccess(t('toast.logoutSuccess'));
    void navigate('/login', { replace: true });
  };

  return { loggingOut, logout };
}
