import { useEffect, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { routes } from '@vela/contract/routes';
import { preHashPassword } from '@vela/domain';
import { call } from '../../lib/api-client.ts';
import { deviceId } from '../../lib/device.ts';
import { toastSuccess } from '../../lib/feedback.tsx';
import type { LoginValues, RegisterValues } from '../../lib/form-rules.ts';
import { translate } from '../../lib/i18n.ts';

const { user } = routes;

/** Logs in with the passwords pre-hashed, as this device; what follows is the screen's to decide. */
export function useLogin(handlers: {
  onSuccess(answer: Awaited<ReturnType<typeof sendLogin>>, values: LoginValues): void;
  onError(error: unknown, values: LoginValues): void;
}) {
  return useMutation({ mutationFn: sendLogin, ...handlers });
}

function sendLogin(v: LoginValues) {
  return call(user.login, {
    username: v.username.trim(),
    password: preHashPassword(v.password),
    googleCode: v.googleCode.trim(),
    deviceId: deviceId(),
    deviceType: 'H5',
  });
}

/** Registers an account; the e-mail and its code go along only while the configuration asks for them. */
export function useRegister(
  emailRequired: boolean,
  handlers: {
    onSuccess(answer: { username: string }, values: RegisterValues): void;
    onError(error: unknown): void;
  },
) {
  return useMutation({
    mutationFn: (v: RegisterValues) =>
      call(user.register, {
        username: v.username.trim(),
        loginPwd: preHashPassword(v.password),
        preLoginPwd: preHashPassword(v.confirmPassword),
        fundPwd: preHashPassword(v.fundPassword),
        inviteCode: v.inviteCode.trim(),
        ...(emailRequired ? { email: v.email.trim(), emailCode: v.emailCode.trim() } : {}),
      }),
    ...handlers,
  });
}

/** Seconds until another e-mail code may be asked for; counts down once a second to zero. */
function useResendCountdown() {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return [left, setLeft] as const;
}

/** Sends the registration e-mail code and counts down until another may be asked for. */
export function useRegisterEmailCode(onError: (error: unknown) => void) {
  const [resendIn, setResendIn] = useResendCountdown();
  const sendCode = useMutation({
    mutationFn: (email: string) => call(user.registerEmailCode, { email }),
    onSuccess: (answer, email) => {
      setResendIn(answer.resendAfterSeconds);
      toastSuccess(translate('auth.codeSent', { email }));
    },
    onError,
  });
  return { sendCode, resendIn };
}
