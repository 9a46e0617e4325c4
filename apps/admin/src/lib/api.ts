import { createClient } from '@vela/client';
import { currentSession, endSession } from './session.ts';

/**
 * The console's instance of the shared client (`@vela/client`), typed by the contract like the web
 * app's. The console is in English and asks the server for English messages; the server would
 * answer in any of the product's languages through the same `lang` header (decision 017). An answer
 * with `forceLogout` (the operator session expired, was revoked or never was one) ends the session
 * here, and the sign-in screen shows the server's reason.
 */
export { ApiError, errorText, newIdempotencyKey } from '@vela/client';

const CONSOLE_LANGUAGE = 'en';

const TRANSPORT_MESSAGES = {
  TIMEOUT: 'The server did not answer in time. Try again.',
  NETWORK: 'The server cannot be reached. Try again.',
} as const;

const client = createClient({
  language: () => CONSOLE_LANGUAGE,
  token: () => currentSession()?.token ?? null,
  onForceLogout: (message) => endSession(message),
  transportMessage: (failure) => TRANSPORT_MESSAGES[failure],
});

export const call = client.call;
