import type {
  BankCardRecord,
  PaymentMethodRecord,
  WalletAddressRecord,
  ZskAccountRecord,
} from '@vela/contract';
import { formatTime } from '../../lib/format.ts';

/** The line a person recognizes a method by. */
export function headline(method: PaymentMethodRecord): string {
  switch (method.kind) {
    case 'BANK_CARD':
      return `${method.bankName} ${method.cardNumber}`;
    case 'WALLET_ADDRESS':
      return `${method.symbol} ${method.chainName} ${method.vcAccount}`;
    case 'ZSK_ACCOUNT':
      return `${method.name} ${method.zskId}`;
  }
}

/** One line of a method's facts; `copy` marks the numbers support copies into other screens. */
export interface MethodFact {
  label: string;
  value: string;
  copy: boolean;
}

type FactList = (label: string, value: string | null | undefined, copy?: boolean) => void;

function kindFacts(method: PaymentMethodRecord, add: FactList): void {
  switch (method.kind) {
    case 'BANK_CARD':
      add('Bank', `${method.bankName} (${method.bankCountry})`);
      add('Card number', method.cardNumber, true);
      add('Holder', method.name);
      add('ID number', method.idCardNumber);
      add('Branch', method.branchAddress);
      add('Branch code', method.branchCode);
      add('CCI', method.cci, true);
      add('Katakana', method.katakana);
      add('ZSK id', method.zskId);
      return;
    case 'WALLET_ADDRESS':
      add('Network', `${method.symbol} ${method.chainName}`);
      add('Address', method.vcAccount, true);
      add('Remark', method.remark);
      return;
    case 'ZSK_ACCOUNT':
      add('Name', method.name);
      add('ZSK id', method.zskId, true);
  }
}

/** A method in full, as support reads it: the fields that are set, then its history. */
export function methodFacts(method: PaymentMethodRecord): MethodFact[] {
  const facts: MethodFact[] = [];
  const add: FactList = (label, value, copy = false) => {
    if (value !== null && value !== undefined && value !== '') facts.push({ label, value, copy });
  };
  kindFacts(method, add);
  add('Added', formatTime(method.createdAt));
  if (method.updatedAt !== null)
    add('Last changed', `${formatTime(method.updatedAt)}: ${method.updatedReason ?? ''}`);
  if (method.removedAt !== null)
    add('Removed', `${formatTime(method.removedAt)}: ${method.removedReason ?? ''}`);
  return facts;
}

/** The edit form's values: text fields as typed, and the reason. */
export type EditValues = Record<string, string | number | undefined> & { reason: string };

/** The editable fields of each kind, as the form holds them, taken from the method. */
export function initialValues(method: PaymentMethodRecord): Record<string, string | number> {
  switch (method.kind) {
    case 'BANK_CARD':
      return bankCardValues(method);
    case 'WALLET_ADDRESS':
      return walletAddressValues(method);
    case 'ZSK_ACCOUNT':
      return zskAccountValues(method);
  }
}

function bankCardValues(card: BankCardRecord) {
  return {
    bankId: card.bankId,
    cardNumber: card.cardNumber,
    name: card.name,
    idCardNumber: card.idCardNumber,
    branchAddress: card.branchAddress ?? '',
    branchCode: card.branchCode ?? '',
    cci: card.cci ?? '',
    katakana: card.katakana ?? '',
    zskId: card.zskId ?? '',
  };
}

function walletAddressValues(address: WalletAddressRecord) {
  return { vcChainNameId: address.vcChainNameId, vcAccount: address.vcAccount, remark: address.remark ?? '' };
}

function zskAccountValues(account: ZskAccountRecord) {
  return { name: account.name, zskId: account.zskId };
}

/**
 * Only what the operator changed is sent, so the audit row shows exactly that. A cleared optional
 * field is sent as an empty text, which the server stores as "not given".
 */
export function changedFields(
  initial: Record<string, string | number>,
  values: EditValues,
): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const [field, before] of Object.entries(initial)) {
    const raw = values[field];
    const after = typeof raw === 'string' ? raw.trim() : raw;
    if (after !== undefined && after !== before) changes[field] = after;
  }
  return changes;
}

/**
 * The form field a server refusal names, or null: field problems name the field inside `changes`
 * (or the reason itself).
 */
export function formFieldOf(
  method: PaymentMethodRecord,
  serverField: string | null | undefined,
): string | null {
  const field = serverField?.replace(/^changes\./, '');
  return field && (field === 'reason' || field in initialValues(method)) ? field : null;
}
