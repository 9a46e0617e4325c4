import { ApiError, createClient } from '@vela/client';
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

export const call = client.call;
export const apiUrl = client.url;

export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return translate('error.INTERNAL_ERROR');
}
