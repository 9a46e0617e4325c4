import type { Kysely } from 'kysely';
import {
  checkAmount,
  formatMinor,
  MAX_AMOUNT_MINOR,
  type AmountError,
  type AmountLimits,
} from '@vela/domain';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { getConfigValue } from '../system/system-repository.ts';

/**
 * The platform's rule for every amount it accepts: at most GLOBAL `amountMaxPrecision` decimals,
 * whatever the coin's own scale allows. It is read from the configuration (where the screens read
 * it too), and it can only be obtained here, so no amount can be parsed without it.
 */
export interface AmountRule {
  readonly maxDecimals: number;
}

/** The largest scale a coin may have; a setting above it would mean "no platform rule". */
const MAX_SCALE = 18;

export function parseAmountRule(text: string | undefined): AmountRule {
  const maxDecimals = text !== undefined && /^\d{1,2}$/.test(text.trim()) ? Number(text.trim()) : NaN;
  if (!(maxDecimals >= 0 && maxDecimals <= MAX_SCALE)) {
    // The seed publishes the setting and nothing offers to delete it: a missing or broken value is
    // a broken installation, not a reason to accept amounts without the rule.
    throw new Error(`GLOBAL amountMaxPrecision must be a whole number from 0 to ${MAX_SCALE}, not ${text}`);
  }
  return { maxDecimals };
}

export async function readAmountRule(db: Kysely<Database>): Promise<AmountRule> {
  return parseAmountRule(await getConfigValue(db, 'GLOBAL', 'amountMaxPrecision'));
}

/**
 * Reads a request's amount at the currency's scale, or refuses it with AMOUNT_INVALID naming the
 * field and the rule it broke (the same rules and texts the forms use: wrong, too many decimals,
 * out of range). The decimals allowed are the fewer of the coin's scale and the platform's rule,
 * and the message names that number. Limits are decimal strings at the coin's scale; absent limits
 * still cap the amount at MAX_AMOUNT_MINOR.
 */
export function requireAmount(
  text: string,
  scale: number,
  field: string,
  rule: AmountRule,
  limits: Partial<Pick<AmountLimits, 'min' | 'max'>> = {},
): bigint {
  const decimals = Math.min(scale, rule.maxDecimals);
  const range = `${limits.min ?? '0'} - ${limits.max ?? formatMinor(MAX_AMOUNT_MINOR, scale)}`;
  const refuse = (error: AmountError) =>
    new AppError('AMOUNT_INVALID', {
      messageKey: `validation.${error}`,
      params: { decimals, range },
      data: { field },
    });
  // The decimals at the stricter of the two scales; the range and the minor units at the coin's own
  // scale (a limit is configured per coin, not per platform rule), as the forms check them.
  const result = checkAmount(text, {
    min: limits.min ?? null,
    max: limits.max ?? null,
    maxPrecision: decimals,
    scale,
  });
  if (!result.ok) throw refuse(result.error);
  return result.minor;
}

/** Wire form of an amount in minor units. */
export function money(minor: bigint, scale: number): string {
  return formatMinor(minor, scale);
}
