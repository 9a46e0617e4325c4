import { preHashPassword } from '@vela/domain';
import { routes } from '@vela/contract/routes';
import { call } from '../../lib/api.ts';

export interface LoginValues {
  username: string;
  password: string;
  googleCode: string;
}

/**
 * Signs an operator in with the three fields of the sign-in form. The password leaves the browser
 * pre-hashed like a user's (decision 004); the username and the code are sent without stray spaces.
 */
export function sendLogin(values: LoginValues) {
  return call(routes.admin.operatorLogin, {
    username: values.username.trim(),
    password: preHashPassword(values.password),
    googleCode: values.googleCode.trim(),
  });
}
