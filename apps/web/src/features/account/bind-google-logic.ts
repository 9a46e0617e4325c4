import { ApiError } from '../../lib/api-client.ts';

/**
 * The decisions of the Google authenticator screen, kept out of React so they are tested as plain
 * functions.
 */

/** Whether an authenticator is bound: the server's answer once it came, the stored user until then. */
export function boundAsKnown(
  answer: { bound: boolean } | undefined,
  storedBound: boolean | undefined,
): boolean {
  return answer ? answer.bound : Boolean(storedBound);
}

/**
 * Whether the screen shows the bound card. Besides what is known, a refused key request proves a
 * bind made elsewhere in the meantime, before the bound question has been answered again.
 */
export function isGoogleBound(boundKnown: boolean, secretError: unknown): boolean {
  return boundKnown || (secretError instanceof ApiError && secretError.code === 'GOOGLE_ALREADY_BOUND');
}

/**
 * Whether the stored user (which the settings screen reads) has to follow the server: only when it
 * disagrees, and only once the server said so, so a pending question never unbinds anybody.
 */
export function storedUserOutOfStep(
  storedBound: boolean | undefined,
  bound: boolean,
  serverAnswered: boolean,
): boolean {
  return storedBound !== undefined && storedBound !== bound && (serverAnswered || bound);
}

/**
 * What a refused bind means: already bound (somewhere else), the pending key gone (it has to be
 * fetched again), or a mistake in the form, shown under its field.
 */
export function bindGoogleFailure(error: unknown): 'alreadyBound' | 'secretMissing' | 'form' {
  if (error instanceof ApiError && error.code === 'GOOGLE_ALREADY_BOUND') return 'alreadyBound';
  if (error instanceof ApiError && error.code === 'GOOGLE_SECRET_MISSING') return 'secretMissing';
  return 'form';
}
