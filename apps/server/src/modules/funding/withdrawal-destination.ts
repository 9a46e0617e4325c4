import type { Kysely } from 'kysely';
import type { PaymentMethodKind, WithdrawTarget } from '@vela/contract';
import type { Database } from '../../db/schema.ts';
import { fieldError } from '../../errors.ts';
import type { PaymentService } from '../payment/payment-service.ts';

/** Where a withdrawal is paid: `label` masked for the user, `detail` in full for the operator who pays it. */
export interface WithdrawalDestination {
  label: string;
  detail: Record<string, string>;
}

const KIND_OF_TARGET: Record<WithdrawTarget, PaymentMethodKind> = {
  bank: 'BANK_CARD',
  wallet: 'WALLET_ADDRESS',
  zsk: 'ZSK_ACCOUNT',
};

/** The kind of bound method each kind of channel pays out to. */
const KIND_OF_CHANNEL: Record<string, PaymentMethodKind> = {
  bank: 'BANK_CARD',
  chain: 'WALLET_ADDRESS',
  zsk: 'ZSK_ACCOUNT',
};

function wrongTarget(): Error {
  return fieldError('VALIDATION_FAILED', 'targetId', 'validation.withdrawTarget');
}

/**
 * The user's bound method a withdrawal of this channel may be paid to: a bank card for bank
 * channels, a wallet address of the channel's coin and chain for chain channels, a fast-payment
 * account for ZSK channels. Refuses anything else with 'choose a correct bank card or wallet
 * address'.
 */
export async function withdrawalDestination(
  payments: PaymentService,
  db: Kysely<Database>,
  userId: number,
  target: WithdrawTarget,
  targetId: number,
  channel: { method: string; vcId: number; chainName: string | null },
): Promise<WithdrawalDestination> {
  // A channel pays only to the kind of method it is for (a bank channel to a bank card).
  if (KIND_OF_CHANNEL[channel.method] !== KIND_OF_TARGET[target]) throw wrongTarget();
  const record = await payments.findUserMethod(db, userId, KIND_OF_TARGET[target], targetId, 'targetId');
  switch (record.kind) {
    case 'BANK_CARD':
      return {
        label: `${record.bankName} ${record.cardNumberMasked}`,
        detail: {
          bank: record.bankName,
          cardNumber: record.cardNumber,
          holder: record.name,
          ...(record.branchCode ? { branchCode: record.branchCode } : {}),
          ...(record.cci ? { cci: record.cci } : {}),
        },
      };
    case 'WALLET_ADDRESS':
      // A chain channel pays only to an address of its own coin and chain.
      if (record.vcId !== channel.vcId || record.chainName !== channel.chainName) throw wrongTarget();
      return {
        label: `${record.chainName} ${record.vcAccount.slice(0, 6)}…${record.vcAccount.slice(-4)}`,
        detail: { chain: record.chainName, address: record.vcAccount },
      };
    case 'ZSK_ACCOUNT':
      return {
        label: `${record.name} ${record.zskId}`,
        detail: { holder: record.name, zskId: record.zskId },
      };
    default:
      throw wrongTarget();
  }
}
