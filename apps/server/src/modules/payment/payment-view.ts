import type {
  BankCard,
  BankCardRecord,
  CertType,
  Verification,
  VerificationRecord,
  VerificationStatus,
  WalletAddress,
  WalletAddressRecord,
  ZskAccount,
  ZskAccountRecord,
} from '@vela/contract';
import type {
  BankCardRow,
  VerificationRecordRow,
  VerificationRow,
  WalletAddressRow,
  ZskAccountRow,
} from './payment-repository.ts';

/**
 * Rows as the wire shows them. Users see their card, CCI and identity numbers masked down to the
 * last four characters: enough to tell their cards apart, and a stolen session does not reveal
 * them. Operators see them whole (payouts and reviews need them). Addresses are never masked: a
 * user must be able to check the address coins will go to.
 */
export function maskTail(value: string, visible = 4): string {
  if (value.length <= visible) return '*'.repeat(value.length);
  return `**** ${value.slice(-visible)}`;
}

export function toBankCard(row: BankCardRow): BankCard {
  return {
    id: row.id,
    bankId: row.bank_id,
    bankName: row.bank_name,
    bankCountry: row.bank_country,
    cardNumberMasked: maskTail(row.card_number),
    name: row.holder_name,
    branchAddress: row.branch_address,
    branchCode: row.branch_code,
    idCardNumberMasked: maskTail(row.id_card_number),
    cciMasked: row.cci === null ? null : maskTail(row.cci),
    katakana: row.katakana,
    zskId: row.zsk_id,
    createdAt: row.created_at,
  };
}

export function toWalletAddress(row: WalletAddressRow): WalletAddress {
  return {
    id: row.id,
    vcId: row.vc_id,
    symbol: row.symbol,
    vcChainNameId: row.chain_id,
    chainName: row.chain_name,
    vcAccount: row.address,
    remark: row.remark,
    createdAt: row.created_at,
  };
}

export function toZskAccount(row: ZskAccountRow): ZskAccount {
  return { id: row.id, name: row.holder_name, zskId: row.zsk_id, createdAt: row.created_at };
}

type SupportRow = {
  user_id: number;
  updated_at: number | null;
  updated_reason: string | null;
  removed_at: number | null;
  removed_reason: string | null;
};

const supportFields = (row: SupportRow) => ({
  userId: row.user_id,
  updatedAt: row.updated_at,
  updatedReason: row.updated_reason,
  removedAt: row.removed_at,
  removedReason: row.removed_reason,
});

export function toBankCardRecord(row: BankCardRow): BankCardRecord {
  return {
    ...toBankCard(row),
    ...supportFields(row),
    kind: 'BANK_CARD',
    cardNumber: row.card_number,
    idCardNumber: row.id_card_number,
    cci: row.cci,
  };
}

export function toWalletAddressRecord(row: WalletAddressRow): WalletAddressRecord {
  return { ...toWalletAddress(row), ...supportFields(row), kind: 'WALLET_ADDRESS' };
}

export function toZskAccountRecord(row: ZskAccountRow): ZskAccountRecord {
  return { ...toZskAccount(row), ...supportFields(row), kind: 'ZSK_ACCOUNT' };
}

export function toVerification(row: VerificationRow): Verification {
  return {
    id: row.id,
    certType: row.cert_type as CertType,
    name: row.real_name,
    certNumberMasked: maskTail(row.cert_number),
    status: row.status as VerificationStatus,
    rejectReason: row.reject_reason,
    submittedAt: row.submitted_at,
    reviewedAt: row.reviewed_at,
  };
}

export function toVerificationRecord(row: VerificationRecordRow): VerificationRecord {
  return {
    ...toVerification(row),
    userId: row.user_id,
    username: row.username,
    certNumber: row.cert_number,
    frontImageId: row.front_upload_id,
    backImageId: row.back_upload_id,
    handheldImageId: row.handheld_upload_id,
    reviewedBy: row.reviewed_by,
  };
}
