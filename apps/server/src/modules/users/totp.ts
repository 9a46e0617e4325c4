import { generate, generateSecret, generateURI, verify } from 'otplib';

/**
 * Google authenticator codes (RFC 6238: 30-second steps, 6 digits, SHA-1). A code is accepted for
 * one step either side of now to allow for phone clock drift, and only if its step is later than the
 * last accepted one, so a code cannot be used twice.
 */
const PERIOD_SECONDS = 30;
const TOLERANCE_SECONDS = 30;

export function newTotpSecret(): string {
  return generateSecret();
}

export function totpUri(secret: string, account: string, issuer: string): string {
  return generateURI({ issuer, label: account, secret });
}

export type TotpCheck = { ok: true; step: number } | { ok: false; reason: 'invalid' | 'replayed' };

export async function checkTotp(
  secret: string,
  code: string,
  lastStep: number,
  nowMs = Date.now(),
): Promise<TotpCheck> {
  const epoch = Math.floor(nowMs / 1000);
  const result = await verify({ secret, token: code, epoch, epochTolerance: TOLERANCE_SECONDS });
  if (!result.valid || !('timeStep' in result)) return { ok: false, reason: 'invalid' };
  if (result.timeStep <= lastStep) return { ok: false, reason: 'replayed' };
  return { ok: true, step: result.timeStep };
}

/** The current code for a secret; used by tests and by the seed's demo instructions. */
export function currentTotp(secret: string, nowMs = Date.now()): Promise<string> {
  return generate({ secret, epoch: Math.floor(nowMs / 1000), period: PERIOD_SECONDS });
}
