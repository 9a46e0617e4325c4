import { ApiError, createClient, type ApiClient } from '@vela/client';
import { usePreferences } from '../stores/preferences-store.ts';
import { useSession } from '../stores/session-store.ts';
import { translate } from './i18n.ts';

/**
 * The web app's instance of the shared client (`@vela/client`): calls go to the server line the user
 * chose, in the user's language, with the signed-in user's token. An answer carrying `forceLogout`
 * runs the listener the app registers; a request that gets no answer fails with a localized message.
 */
export { ApiError, REQUEST_TIMEOUT_MS, type CallOptions } from '@vela/client';

type ForceLogoutListener = () => void;
let onForceLogout: ForceLogoutListener = () => undefined;

/** The app registers what a forced logout does (clear state, go to /login). */
export function setForceLogoutListener(listener: ForceLogoutListener): void {
  onForceLogout = listener;
}

const client = createClient({
  baseUrl: () => usePreferences.getState().lineUrl,
  language: () => usePreferences.getState().locale,
  token: () => useSession.getState().token,
  onForceLogout: () => onForceLogout(),
  transportMessage: (failure) =>
    translate(failure === 'TIMEOUT' ? 'toast.requestTimeout' : 'toast.networkError'),
  onTransportFailure: (path, error) => console.error(`[api] ${path} failed`, error),
});

/**
 * A user an agent added must change the initial password before anything else, and the server
 * refuses their other calls with PASSWORD_CHANGE_REQUIRED until then. Such a refusal marks the stored
 * user, so the route guard takes them to the password page even when the user this device stored
 * was read before the flag was set.
 */
function notePasswordChangeRequired(error: unknown): void {
  if (!(error instanceof ApiError) || error.code !== 'PASSWORD_CHANGE_REQUIRED') return;
  const { user, setUser } = useSession.getState();
  if (user && !user.mustChangePassword) setUser({ ...user, mustChangePassword: true });
}

export const call: ApiClient['call'] = (route, body, options) =>
  client.call(route, body, options).catch((error: unknown) => {
    notePasswordChangeRequired(error);
    throw error;
  });
export const apiUrl = client.url;

export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return translate('error.INTERNAL_ERROR');
}
