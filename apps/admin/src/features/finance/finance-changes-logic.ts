import type { AdminFinanceProduct } from '@vela/contract';
import type { LocaleCode } from '@vela/i18n';
import { compareDecimals, plainAmount } from '../../lib/amounts.ts';
import { FINANCE_BUY_TYPE_LABELS, FINANCE_CYCLE_TYPE_LABELS, LANGUAGE_LABELS } from '../../lib/labels.ts';
import type { FinanceProductInput } from './finance-api.ts';
import { percentText } from './finance-display-logic.ts';
import { LANGUAGES, PRODUCT_FIELD_LABELS, type ProductField } from './finance-product-logic.ts';

/** The fields with one value each, in the form's order; the texts per language come after them. */
type ValueField = Exclude<ProductField, 'names' | 'remarks'>;
const VALUE_FIELDS = (Object.keys(PRODUCT_FIELD_LABELS) as ProductField[]).filter(
  (field): field is ValueField => field !== 'names' && field !== 'remarks',
);

const DECIMAL_FIELDS: readonly ValueField[] = [
  'rateStr',
  'serviceRateStr',
  'exchangeRate',
  'minAmount',
  'maxAmount',
  'quota',
];
const RATE_FIELDS: readonly ValueField[] = ['rateStr', 'serviceRateStr'];

/** How long a text may be in the confirmation before it is cut: remarks can run to pages. */
const SHOWN_TEXT = 60;

/** A product's symbol for a coin id, as the caller knows the coins. */
export type CoinSymbol = (vcId: number) => string;

/** One line of the confirmation: something the save changes, before and after. */
export interface ProductChange {
  key: string;
  label: string;
  before: string;
  after: string;
}

type FieldValue = FinanceProductInput[ValueField];

/** A field's value as the confirmation shows it. */
export function fieldValueText(field: ValueField, value: FieldValue, coinSymbol: CoinSymbol): string {
  if (value === null) return 'Uncapped';
  if (field === 'vcId') return coinSymbol(Number(value));
  if (field === 'enabled') return value ? 'Open' : 'Closed';
  if (field === 'buyType') return FINANCE_BUY_TYPE_LABELS[value as FinanceProductInput['buyType']];
  if (field === 'cycleType') return FINANCE_CYCLE_TYPE_LABELS[value as FinanceProductInput['cycleType']];
  if (typeof value !== 'string') return String(value);
  return RATE_FIELDS.includes(field) ? `${plainAmount(value)} (${percentText(value)})` : plainAmount(value);
}

/** Decimals are equal by value: "0.10" is "0.1". */
function sameValue(field: ValueField, before: FieldValue, after: FieldValue): boolean {
  if (DECIMAL_FIELDS.includes(field) && typeof before === 'string' && typeof after === 'string') {
    return compareDecimals(before, after) === 0;
  }
  return before === after;
}

function shownText(text: string | undefined): string {
  const trimmed = text?.trim() ?? '';
  if (trimmed === '') return '(none)';
  return trimmed.length > SHOWN_TEXT ? `${trimmed.slice(0, SHOWN_TEXT)}…` : trimmed;
}

/** The names and remarks a save changes, language by language. */
function textChanges(product: AdminFinanceProduct, input: FinanceProductInput): ProductChange[] {
  const changes: ProductChange[] = [];
  for (const kind of ['names', 'remarks'] as const) {
    for (const language of LANGUAGES) {
      const before = product[kind][language]?.trim() ?? '';
      const after = input[kind][language]?.trim() ?? '';
      if (before === after) continue;
      changes.push({
        key: `${kind}.${language}`,
        label: textLabel(kind, language),
        before: shownText(before),
        after: shownText(after),
      });
    }
  }
  return changes;
}

/** "Name (English)". */
export function textLabel(kind: 'names' | 'remarks', language: LocaleCode): string {
  return `${PRODUCT_FIELD_LABELS[kind]} (${LANGUAGE_LABELS[language]})`;
}

/** Everything a save changes on an existing product, in the form's order. */
export function productChanges(
  product: AdminFinanceProduct,
  input: FinanceProductInput,
  coinSymbol: CoinSymbol,
): ProductChange[] {
  const changes: ProductChange[] = [];
  for (const field of VALUE_FIELDS) {
    const before: FieldValue = product[field];
    const after: FieldValue = input[field];
    if (sameValue(field, before, after)) continue;
    changes.push({
      key: field,
      label: PRODUCT_FIELD_LABELS[field],
      before: fieldValueText(field, before, coinSymbol),
      after: fieldValueText(field, after, coinSymbol),
    });
  }
  return [...changes, ...textChanges(product, input)];
}

/** A new product's values, for the confirmation before it is created. */
export function productSummary(
  input: FinanceProductInput,
  coinSymbol: CoinSymbol,
): { label: string; value: string }[] {
  const named = LANGUAGES.filter((language) => (input.names[language]?.trim() ?? '') !== '');
  return [
    ...VALUE_FIELDS.map((field) => ({
      label: PRODUCT_FIELD_LABELS[field],
      value: fieldValueText(field, input[field], coinSymbol),
    })),
    { label: 'Names in', value: named.map((language) => LANGUAGE_LABELS[language]).join(', ') },
  ];
}
