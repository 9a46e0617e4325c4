import { rebatePercent } from '@vela/domain';
import type { RouteBodyOf, SpotTerms } from '@vela/contract';
import type { routes } from '@vela/contract/routes';
import { compareDecimals, plainAmount } from '../../lib/amounts.ts';

export type SpotTermsInput = RouteBodyOf<typeof routes.spot.adminSpotTermsSave>;

/**
 * The edit form's values: decimal amounts as typed text, so nothing is rounded on the way to the
 * server; an empty maximum means uncapped.
 */
export interface SpotTermsValues {
  enabled: boolean;
  feeRate: string;
  minAmount: string;
  maxAmount: string;
  minQuantity: string;
  maxQuantity: string;
  priceDecimals: number;
  quantityDecimals: number;
}

export type SpotTermsField = keyof SpotTermsValues;

/** The form's fields in the order the form shows them, named as the operator reads them. */
export const TERMS_FIELD_LABELS: Record<SpotTermsField, string> = {
  enabled: 'Trading',
  feeRate: 'Fee rate',
  minAmount: 'Minimum buy amount',
  maxAmount: 'Maximum buy amount',
  minQuantity: 'Minimum sell quantity',
  maxQuantity: 'Maximum sell quantity',
  priceDecimals: 'Price decimals',
  quantityDecimals: 'Quantity decimals',
};

/** The most decimals a price or a quantity may have (the contract's bound). */
export const MAX_DECIMALS = 18;

const DECIMAL_TEXT = /^\d+(\.\d+)?$/;

/** A coin's terms as the form starts from them. */
export function termsToValues(terms: SpotTerms): SpotTermsValues {
  return {
    enabled: terms.enabled,
    feeRate: plainAmount(terms.feeRate),
    minAmount: plainAmount(terms.minAmount),
    maxAmount: terms.maxAmount === null ? '' : plainAmount(terms.maxAmount),
    minQuantity: plainAmount(terms.minQuantity),
    maxQuantity: terms.maxQuantity === null ? '' : plainAmount(terms.maxQuantity),
    priceDecimals: terms.priceDecimals,
    quantityDecimals: terms.quantityDecimals,
  };
}

/** The save request for a coin: trimmed text, and null for an empty (uncapped) maximum. */
export function valuesToInput(vcId: number, values: SpotTermsValues): SpotTermsInput {
  const maximum = (text: string) => (text.trim() === '' ? null : text.trim());
  return {
    vcId,
    enabled: values.enabled,
    feeRate: values.feeRate.trim(),
    minAmount: values.minAmount.trim(),
    maxAmount: maximum(values.maxAmount),
    minQuantity: values.minQuantity.trim(),
    maxQuantity: maximum(values.maxQuantity),
    priceDecimals: values.priceDecimals,
    quantityDecimals: values.quantityDecimals,
  };
}

/** What is wrong with a typed decimal, or null; an empty field is left to the field's own rule. */
export function decimalProblem(value: string | undefined): string | null {
  const text = value?.trim() ?? '';
  if (text === '') return null;
  return DECIMAL_TEXT.test(text) ? null : 'A plain number such as 0.001 or 25';
}

/**
 * A maximum below its minimum would refuse every order; said on the maximum before asking the
 * server. Texts that are not numbers yet are left to their own rule.
 */
export function maximumProblem(minimum: string | undefined, maximum: string | undefined): string | null {
  const low = minimum?.trim() ?? '';
  const high = maximum?.trim() ?? '';
  if (!DECIMAL_TEXT.test(low) || !DECIMAL_TEXT.test(high)) return null;
  return compareDecimals(high, low) < 0 ? 'At least the minimum, or empty for uncapped' : null;
}

/** "0.001" -> "0.1 %": a fee rate as the operator thinks of it. */
export function feeRateText(rate: string): string {
  return `${rebatePercent(rate)} %`;
}

/** One line of the confirmation: a field whose value the save changes. */
export interface TermsChange {
  field: SpotTermsField;
  label: string;
  before: string;
  after: string;
}

/** The fields a save changes, each with its value before and after, in the form's order. */
export function termsChanges(terms: SpotTerms, input: SpotTermsInput): TermsChange[] {
  const changes: TermsChange[] = [];
  for (const field of Object.keys(TERMS_FIELD_LABELS) as SpotTermsField[]) {
    const before = terms[field];
    const after = input[field];
    if (!sameValue(before, after)) {
      changes.push({
        field,
        label: TERMS_FIELD_LABELS[field],
        before: termValueText(field, before),
        after: termValueText(field, after),
      });
    }
  }
  return changes;
}

type TermValue = string | number | boolean | null;

/** Decimals are equal by value: "0.0010" is "0.001". */
function sameValue(before: TermValue, after: TermValue): boolean {
  if (typeof before === 'string' && typeof after === 'string') return compareDecimals(before, after) === 0;
  return before === after;
}

/** A term's value as the table and the confirmation show it. */
export function termValueText(field: SpotTermsField, value: TermValue): string {
  if (value === null) return 'Uncapped';
  if (typeof value === 'boolean') return value ? 'Enabled' : 'Disabled';
  if (typeof value === 'number') return String(value);
  return field === 'feeRate' ? `${plainAmount(value)} (${feeRateText(value)})` : plainAmount(value);
}

/** The form field a server refusal names, or null when it names none of them (the coin, say). */
export function formFieldOf(serverField: string | null): SpotTermsField | null {
  return serverField !== null && serverField in TERMS_FIELD_LABELS ? (serverField as SpotTermsField) : null;
}
