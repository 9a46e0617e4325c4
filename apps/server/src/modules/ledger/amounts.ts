import { checkAmount, formatMinor, MAX_AMOUNT_MINOR, type AmountLimits } from '@vela/domain';
import { AppError } from '../../http/app-error.ts';

/**
 * Reads a request's amount at the currency's scale, or refuses it with AMOUNT_INVALID naming the
 * field and the rule it broke (the same rules and texts the forms use: wrong, too many decimals,
 * out of range). Limits are decimal strings; absent limits still cap the amount at MAX_AMOUNT_MINOR.
 */
export function requireAmount(
  text: string,
  scale: number,
  field: string,
  limits: Partial<Pick<AmountLimits, 'min' | 'max'>> = {},
): bigint {
  const result = checkAmount(text, { min: limits.min ?? null, max: limits.max ?? null, maxPrecision: scale });
  if (result.ok) return result.minor;
  const range = `${limits.min ?? '0'} - ${limits.max ?? formatMinor(MAX_AMOUNT_MINOR, scale)}`;
  throw new AppError('AMOUNT_INVALID', {
    messageKey: `validation.${result.error}`,
    params: { decimals: scale, range },
    data: { field },
  });
}

/** Wire form of an amount in minor units. */
export function money(minor: bigint, scale: number): string {
  return formatMinor(minor, scale);
}
