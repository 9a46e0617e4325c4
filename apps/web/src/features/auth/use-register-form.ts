import { useNavigate, useSearchParams } from 'react-router';
import { labelsOf } from '../../components/form-inputs.tsx';
import { safeRedirect } from '../../config/route-guard.ts';
import { toastSuccess, toastWelcome } from '../../lib/feedback.tsx';
import { emailRule, validateRegister, type RegisterValues } from '../../lib/form-rules.ts';
import { useT } from '../../lib/i18n.ts';
import { useForm } from '../../lib/use-form.ts';
import { useSession } from '../../stores/session-store.ts';
import { useConfigValue } from '../../system/system-api.ts';
import { useLogin, useRegister, useRegisterEmailCode } from './auth-api.ts';
import { REGISTER_ACCOUNT_FIELDS } from './auth-logic.ts';
import { initialRegisterValues, inviteCodeFromLink, registrationClosed } from './register-logic.ts';

type Field = keyof RegisterValues;

/** Wire fields of /user/register mapped to this form's inputs, for server-side field errors. */
const SERVER_FIELDS: Partial<Record<string, Field>> = {
  username: 'username',
  loginPwd: 'password',
  preLoginPwd: 'confirmPassword',
  fundPwd: 'fundPassword',
  inviteCode: 'inviteCode',
  email: 'email',
  emailCode: 'emailCode',
};

/**
 * The registration form and what it sends. The configuration decides whether registration is open
 * and whether an e-mail with its code is required. A new account is signed in at once with the
 * password just chosen (a new account has no authenticator to ask for); should that sign-in fail,
 * the login page opens with the username filled in.
 */
export function useRegisterForm() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const registrationOpen = useConfigValue('REGISTER', 'enabled');
  const emailRequired = useConfigValue('REGISTER', 'emailRequired') === 'true';
  const form = useForm<RegisterValues>({
    initial: initialRegisterValues(inviteCodeFromLink(params)),
    validate: (values) => validateRegister(values, { emailRequired }),
    serverFields: SERVER_FIELDS,
    labels: {
      ...labelsOf(REGISTER_ACCOUNT_FIELDS),
      inviteCode: 'field.inviteCode',
      email: 'field.email',
      emailCode: 'field.emailCode',
    },
  });

  const signIn = useSession((s) => s.signIn);
  const signInNewAccount = useLogin({
    onSuccess: ({ token, user }) => {
      signIn(token, user);
      toastWelcome(t('toast.registerSuccess'));
      void navigate(safeRedirect(params.get('redirect')), { replace: true });
    },
    onError: (_error, { username }) => {
      toastSuccess(t('toast.registerSuccess'));
      void navigate(`/login?username=${encodeURIComponent(username)}`, { replace: true });
    },
  });
  const register = useRegister(emailRequired, {
    onSuccess: ({ username }, values) =>
      signInNewAccount.mutate({ username, password: values.password, googleCode: '' }),
    onError: form.showError,
  });
  const { sendCode, resendIn } = useRegisterEmailCode(form.showError);

  // The address is checked here first, so a mistyped one is shown under its field without a call.
  const requestCode = () => {
    const problem = emailRule(form.values.email);
    if (problem) form.setFieldError('email', t(problem));
    else sendCode.mutate(form.values.email.trim());
  };

  return {
    form,
    register,
    /** Registering, then signing the new account in. */
    busy: register.isPending || signInNewAccount.isPending,
    emailRequired,
    closed: registrationClosed(registrationOpen),
    emailCode: { sending: sendCode.isPending, resendIn, requestCode },
  };
}
