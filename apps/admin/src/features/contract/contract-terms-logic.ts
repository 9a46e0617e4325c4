import { FEE_RATE_SCALE, parseDecimal, rebatePercent } from '@vela/domain';
import type { ContractTerms } from '@vela/contract';
import { compareDecimals, plainAmount } from '../../lib/amounts.ts';
import type { ContractTermsInput } from './contract-api.ts';

/**
 * The edit form's values: decimal amounts as typed text, so nothing is rounded on the way to the
 * server; leverages as the tags typed or picked; an empty maximum means uncapped.
 */
export interface ContractTermsValues {
  enabled: boolean;
  leverages: string[];
  openFeeRate: string;
  closeFeeRate: string;
  minQuantity: string;
  maxQuantity: string;
  priceDecimals: number;
  quantityDecimals: number;
}

export type ContractTermsField = keyof ContractTermsValues;

/** The form's fields in the order the form shows them, named as the operator reads them. */
export const TERMS_FIELD_LABELS: Record<ContractTermsField, string> = {
  enabled: 'Trading',
  leverages: 'Leverages',
  openFeeRate: 'Opening fee rate',
  closeFeeRate: 'Closing fee rate',
  minQuantity: 'Minimum quantity',
  maxQuantity: 'Maximum quantity',
  priceDecimals: 'Price decimals',
  quantityDecimals: 'Quantity decimals',
};

/** The contract's bounds on the leverages a coin offers: whole numbers from 1 to 200, at most 20. */
export const MIN_LEVERAGE = 1;
export const MAX_LEVERAGE = 200;
export const MAX_LEVERAGES = 20;

/** The most decimals a price or a quantity may have (the contract's bound). */
export const MAX_DECIMALS = 18;

const DECIMAL_TEXT = /^\d+(\.\d+)?$/;
const WHOLE_TEXT = /^\d+$/;
const PLAIN_NUMBER = 'A plain number such as 0.0005 or 25';

/** A coin's terms as the form starts from them. */
export function termsToValues(terms: ContractTerms): ContractTermsValues {
  return {
    enabled: terms.enabled,
    leverages: terms.leverages.map(String),
    openFeeRate: plainAmount(terms.openFeeRate),
    closeFeeRate: plainAmount(terms.closeFeeRate),
    minQuantity: plainAmount(terms.minQuantity),
    maxQuantity: terms.maxQuantity === null ? '' : plainAmount(terms.maxQuantity),
    priceDecimals: terms.priceDecimals,
    quantityDecimals: terms.quantityDecimals,
  };
}

/** The typed leverages as the server keeps them: numbers, each once, ascending. */
export function sortedLeverages(typed: readonly string[]): number[] {
  const numbers = typed.map((text) => Number(text.trim()));
  return [...new Set(numbers)].sort((a, b) => a - b);
}

/** The save request for a coin: trimmed text, and null for an empty (uncapped) maximum. */
export function valuesToInput(vcId: number, values: ContractTermsValues): ContractTermsInput {
  const maximum = values.maxQuantity.trim();
  return {
    vcId,
    enabled: values.enabled,
    leverages: sortedLeverages(values.leverages),
    openFeeRate: values.openFeeRate.trim(),
    closeFeeRate: values.closeFeeRate.trim(),
    minQuantity: values.minQuantity.trim(),
    maxQuantity: maximum === '' ? null : maximum,
    priceDecimals: values.priceDecimals,
    quantityDecimals: values.quantityDecimals,
  };
}

/**
 * What is wrong with the leverages, or null: at least one, each a whole number from 1 to 200, and
 * no more than 20 different ones. The offending entries are named, so a typo is easy to find.
 */
export function leveragesProblem(typed: readonly string[] | undefined): string | null {
  const texts = (typed ?? []).map((text) => text.trim()).filter((text) => text !== '');
  if (texts.length === 0) return 'At least one leverage';
  const wrong = texts.filter((text) => !isLeverage(text));
  if (wrong.length > 0) {
    return `Whole numbers from ${MIN_LEVERAGE} to ${MAX_LEVERAGE}; not ${wrong.join(', ')}`;
  }
  return sortedLeverages(texts).length > MAX_LEVERAGES ? `At most ${MAX_LEVERAGES} leverages` : null;
}

function isLeverage(text: string): boolean {
  if (!WHOLE_TEXT.test(text)) return false;
  const value = Number(text);
  return value >= MIN_LEVERAGE && value <= MAX_LEVERAGE;
}

/** What is wrong with a typed decimal, or null; an empty field is left to the field's own rule. */
export function decimalProblem(value: string | undefined): string | null {
  const text = value?.trim() ?? '';
  if (text === '') return null;
  return DECIMAL_TEXT.test(text) ? null : PLAIN_NUMBER;
}

/**
 * A fee rate is a fraction of the position's value, from 0 to below 1, with no more decimals than
 * the fee arithmetic keeps; the server refuses anything else.
 */
export function feeRateProblem(value: string | undefined): string | null {
  const plain = decimalProblem(value);
  const text = value?.trim() ?? '';
  if (plain || text === '') return plain;
  if (compareDecimals(text, '1') >= 0) return 'Below 1: a fraction of the value, 0.0005 is 0.05 %';
  const units = parseDecimal(text, FEE_RATE_SCALE);
  return units.ok ? null : `At most ${FEE_RATE_SCALE} decimals`;
}

/**
 * A quantity limit is above zero and has no more decimals than a quantity may have: a limit finer
 * than the quantity step could never be met exactly. `decimals` is the form's quantity decimals.
 */
export function quantityProblem(
  value: string | undefined,
  decimals: number | null | undefined,
): string | null {
  const plain = decimalProblem(value);
  const text = value?.trim() ?? '';
  if (plain || text === '') return plain;
  if (compareDecimals(text, '0') <= 0) return 'Above zero';
  if (typeof decimals !== 'number' || !Number.isInteger(decimals) || decimals < 0) return null;
  return parseDecimal(text, decimals).ok ? null : `At most ${decimals} decimals (the quantity decimals)`;
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

/** A count of decimals is a whole number from 0 to 18. */
export function decimalsProblem(value: number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return Number.isInteger(value) && value >= 0 && value <= MAX_DECIMALS
    ? null
    : `A whole number from 0 to ${MAX_DECIMALS}`;
}

/** "0.0005" -> "0.05 %": a fraction as the operator thinks of it. */
export function percentText(fraction: string): string {
  return `${rebatePercent(fraction)} %`;
}

/** [1, 5, 10] -> "1×, 5×, 10×". */
export function leveragesText(leverages: readonly number[]): string {
  return leverages.map((leverage) => `${leverage}×`).join(', ');
}

/** One line of the confirmation: a field whose value the save changes. */
export interface TermsChange {
  field: ContractTermsField;
  label: string;
  before: string;
  after: string;
}

type TermValue = string | number | boolean | null | readonly number[];

/** The fields a save changes, each with its value before and after, in the form's order. */
export function termsChanges(terms: ContractTerms, input: ContractTermsInput): TermsChange[] {
  const changes: TermsChange[] = [];
  for (const field of Object.keys(TERMS_FIELD_LABELS) as ContractTermsField[]) {
    const before: TermValue = terms[field];
    const after: TermValue = input[field];
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

/** Decimals are equal by value ("0.0010" is "0.001"), leverage lists by their members in order. */
function sameValue(before: TermValue, after: TermValue): boolean {
  if (Array.isArray(before) && Array.isArray(after)) return before.join() === after.join();
  if (typeof before === 'string' && typeof after === 'string') return compareDecimals(before, after) === 0;
  return before === after;
}

const FEE_FIELDS: readonly ContractTermsField[] = ['openFeeRate', 'closeFeeRate'];

/** A term's value as the table and the confirmation show it. */
export function termValueText(field: ContractTermsField, value: TermValue): string {
  if (value === null) return 'Uncapped';
  if (typeof value === 'boolean') return value ? 'Enabled' : 'Disabled';
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return leveragesText(value);
  return FEE_FIELDS.includes(field) ? `${plainAmount(value)} (${percentText(value)})` : plainAmount(value);
}

/**
 * The form field a server refusal names, or null when it names none of them (the coin, say). A
 * refusal of one leverage names its place in the list ("leverages.2"): the list is the field.
 */
export function formFieldOf(serverField: string | null): ContractTermsField | null {
  const name = serverField?.split('.')[0] ?? '';
  return Object.hasOwn(TERMS_FIELD_LABELS, name) ? (name as ContractTermsField) : null;
}
