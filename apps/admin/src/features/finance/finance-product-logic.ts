import type { AdminFinanceProduct } from '@vela/contract';
import type { FinanceBuyType, FinanceCycleType } from '@vela/domain';
import type { LocaleCode } from '@vela/i18n';
import { plainAmount } from '../../lib/amounts.ts';
import { LANGUAGE_LABELS } from '../../lib/labels.ts';
import type { FinanceProductInput } from './finance-api.ts';

/** The eleven languages in the order the form lists them: English, the default, first. */
export const LANGUAGES = Object.keys(LANGUAGE_LABELS) as LocaleCode[];

/** A text per language as the form holds it: every language present, an empty one not given. */
export type LanguageTexts = Record<LocaleCode, string>;

/**
 * The product form's values: amounts and rates as typed text, so nothing is rounded on the way to
 * the server; an empty maximum means only the quota caps a purchase. The numbers are null while
 * their field is empty, which the form's rules refuse.
 */
export interface FinanceProductValues {
  vcId: number | undefined;
  names: LanguageTexts;
  remarks: LanguageTexts;
  rateStr: string;
  buyType: FinanceBuyType;
  cycle: number | null;
  cycleType: FinanceCycleType;
  exchangeRate: string;
  serviceRateStr: string;
  minAmount: string;
  maxAmount: string;
  quota: string;
  enabled: boolean;
  sort: number | null;
}

export type ProductField = keyof FinanceProductValues;

/** The form's fields in the order the form shows them, named as the operator reads them. */
export const PRODUCT_FIELD_LABELS: Record<ProductField, string> = {
  vcId: 'Coin',
  buyType: 'Paid in',
  rateStr: 'Annual yield',
  cycle: 'Term',
  cycleType: 'Term unit',
  exchangeRate: 'Linked price',
  serviceRateStr: 'Early redemption fee',
  minAmount: 'Minimum amount',
  maxAmount: 'Maximum amount',
  quota: 'Quota',
  names: 'Name',
  remarks: 'Remark',
  enabled: 'Sale',
  sort: 'Sort order',
};

/**
 * A product's terms: what its buyers were promised. Once it has orders none of them changes (the
 * server refuses with FINANCE_TERMS_LOCKED), so the form shows them disabled.
 */
export const TERM_FIELDS: readonly ProductField[] = [
  'vcId',
  'buyType',
  'rateStr',
  'cycle',
  'cycleType',
  'exchangeRate',
  'serviceRateStr',
  'minAmount',
  'maxAmount',
  'quota',
];

/** Whether a product's terms are fixed: any order ever bought on it is held to them. */
export function termsLocked(product: AdminFinanceProduct | null): boolean {
  return product !== null && product.orderCount > 0;
}

function languageTexts(given: Partial<Record<LocaleCode, string>>): LanguageTexts {
  return Object.fromEntries(LANGUAGES.map((language) => [language, given[language] ?? ''])) as LanguageTexts;
}

/** The form of a new product: nothing chosen but the common units, closed until it is opened. */
export function newProductValues(): FinanceProductValues {
  return {
    vcId: undefined,
    names: languageTexts({}),
    remarks: languageTexts({}),
    rateStr: '',
    buyType: 'usdt',
    cycle: null,
    cycleType: 'day',
    exchangeRate: '',
    serviceRateStr: '0',
    minAmount: '',
    maxAmount: '',
    quota: '',
    enabled: false,
    sort: 0,
  };
}

/**
 * A product as the form starts from it. The rates keep their exact text: the server compares a
 * locked product's rates as text, so "0.1" sent back for "0.10" would read as a change.
 */
export function productToValues(product: AdminFinanceProduct): FinanceProductValues {
  return {
    vcId: product.vcId,
    names: languageTexts(product.names),
    remarks: languageTexts(product.remarks),
    rateStr: product.rateStr,
    buyType: product.buyType,
    cycle: product.cycle,
    cycleType: product.cycleType,
    exchangeRate: plainAmount(product.exchangeRate),
    serviceRateStr: product.serviceRateStr,
    minAmount: plainAmount(product.minAmount),
    maxAmount: product.maxAmount === null ? '' : plainAmount(product.maxAmount),
    quota: plainAmount(product.quota),
    enabled: product.enabled,
    sort: product.sort,
  };
}

/** The languages that have a text, trimmed; the server keeps no row for a language without one. */
export function givenTexts(texts: LanguageTexts): Partial<Record<LocaleCode, string>> {
  const given: Partial<Record<LocaleCode, string>> = {};
  for (const language of LANGUAGES) {
    const text = texts[language].trim();
    if (text !== '') given[language] = text;
  }
  return given;
}

/**
 * The save request: trimmed text, null for an empty maximum, and `id` only for a product that
 * exists. Null while a required choice or number is missing, which the form's rules point at.
 */
export function valuesToInput(values: FinanceProductValues, id?: number): FinanceProductInput | null {
  const { vcId, cycle, sort } = values;
  if (vcId === undefined || cycle === null || sort === null) return null;
  const maximum = values.maxAmount.trim();
  return {
    ...(id === undefined ? {} : { id }),
    vcId,
    names: givenTexts(values.names),
    remarks: givenTexts(values.remarks),
    rateStr: values.rateStr.trim(),
    buyType: values.buyType,
    cycle,
    cycleType: values.cycleType,
    exchangeRate: values.exchangeRate.trim(),
    serviceRateStr: values.serviceRateStr.trim(),
    minAmount: values.minAmount.trim(),
    maxAmount: maximum === '' ? null : maximum,
    quota: values.quota.trim(),
    enabled: values.enabled,
    sort,
  };
}

/** A place in the form: a field, or one language's name or remark. */
export type FormPlace = ProductField | ['names' | 'remarks', LocaleCode];

/**
 * Where a server refusal belongs in the form, with the words that name it, or null when it names
 * nothing the form shows (the product's id, say). A refusal of the names as a whole (none given)
 * goes under the English name, the default one.
 */
export function formPlaceOf(serverField: string | null): { place: FormPlace; label: string } | null {
  const [field = '', language] = serverField?.split('.') ?? [];
  if (field === 'names' || field === 'remarks') {
    const code = language !== undefined && language in LANGUAGE_LABELS ? (language as LocaleCode) : 'en';
    return { place: [field, code], label: `${PRODUCT_FIELD_LABELS[field]} (${LANGUAGE_LABELS[code]})` };
  }
  if (!Object.hasOwn(PRODUCT_FIELD_LABELS, field)) return null;
  return { place: field as ProductField, label: PRODUCT_FIELD_LABELS[field as ProductField] };
}

/** The console's words for the refusals it expects; any other is shown as the server words it. */
const REFUSAL_TEXTS: Partial<Record<string, string>> = {
  FINANCE_TERMS_LOCKED: 'Fixed: the product has orders, so its terms cannot change',
};

/** A server refusal as the form shows it. */
export function refusalText(refusal: { code: string; message: string }): string {
  return REFUSAL_TEXTS[refusal.code] ?? refusal.message;
}
