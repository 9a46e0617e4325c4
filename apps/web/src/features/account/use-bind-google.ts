import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../lib/feedback.tsx';
import { validateBindGoogle, type BindGoogleValues } from '../../lib/form-rules.ts';
import { useT } from '../../lib/i18n.ts';
import { useForm } from '../../lib/use-form.ts';
import { useSession } from '../../stores/session-store.ts';
import { accountKeys, useBindGoogle, useGoogleSecret, useHasBoundGoogle } from './account-api.ts';
import { bindGoogleFailure, boundAsKnown, isGoogleBound, storedUserOutOfStep } from './bind-google-logic.ts';

/**
 * Whether an authenticator is bound, and the pending key while it is not. The server is asked each
 * visit; until it answers the stored user decides, and it is kept in step with what the server said.
 */
export function useGoogleBinding() {
  const user = useSession((s) => s.user);
  const setUser = useSession((s) => s.setUser);
  const hasBound = useHasBoundGoogle();
  const boundKnown = boundAsKnown(hasBound.data, user?.googleBound);
  const secret = useGoogleSecret(!boundKnown);
  const bound = isGoogleBound(boundKnown, secret.error);

  // Keep the stored user (read by the settings screen) in step with what the server said.
  useEffect(() => {
    if (user && storedUserOutOfStep(user.googleBound, bound, Boolean(hasBound.data)))
      setUser({ ...user, googleBound: bound });
  }, [user, bound, hasBound.data, setUser]);

  return { bound, secret };
}

/**
 * The bind form: the login password and a current code. A bind refused because one was made
 * elsewhere shows the bound card; one refused because the key expired fetches a new key.
 */
export function useBindGoogleForm(refetchSecret: () => unknown) {
  const t = useT();
  const navigate = useNavigate();
  const client = useQueryClient();
  const setUser = useSession((s) => s.setUser);
  const form = useForm<BindGoogleValues>({
    initial: { password: '', code: '' },
    validate: validateBindGoogle,
    serverFields: { password: 'password', code: 'code' },
    labels: { password: 'field.loginPassword', code: 'field.googleCode' },
  });

  const bind = useBindGoogle({
    onSuccess: (answer) => {
      setUser(answer);
      client.setQueryData(accountKeys.hasBoundGoogle(), { bound: true });
      client.removeQueries({ queryKey: accountKeys.googleSecret() });
      toastSuccess(t('toast.bindSuccess'));
      void navigate('/settings', { replace: true });
    },
    onError: (error) => {
      const failure = bindGoogleFailure(error);
      if (failure === 'form') {
        form.showError(error);
        return;
      }
      toastError(errorMessage(error));
      if (failure === 'alreadyBound') client.setQueryData(accountKeys.hasBoundGoogle(), { bound: true });
      else void refetchSecret();
    },
  });

  return { form, bind };
}
