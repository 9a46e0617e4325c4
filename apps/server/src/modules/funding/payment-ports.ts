import type { PaymentMethodKind, WithdrawTarget } from '@vela/contract';
import { fieldError } from '../../errors.ts';
import type { PaymentService } from '../payment/payment-service.ts';
import type { FundingPorts, WithdrawalDestination } from './funding-ports.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

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

/** Deposits and withdrawals use the payment-methods module through these functions only. */
export function paymentPorts(payment: PaymentService): FundingPorts {
  return {
    claimVoucher: (trx, userId, uploadId, usedBy) =>
      payment.consumeUpload(trx, {
        id: uploadId,
        userId,
        purpose: 'voucher',
        usedBy,
        field: 'voucherUploadId',
      }),

    async readVoucher(uploadId) {
      const upload = await payment.readUpload(uploadId, { operator: true });
      return {
        mime: upload.mime,
        dataBase64: Buffer.from(upload.content).toString('base64'),
        width: upload.width,
        height: upload.height,
      };
    },

    async withdrawalTarget(
      db: Kysely<Database>,
      userId: number,
      target: WithdrawTarget,
      targetId: number,
      channel: { method: string; vcId: number; chainName: string | null },
    ): Promise<WithdrawalDestination> {
      // A channel pays only to the kind of method it is for (a bank channel to a bank card).
      if (KIND_OF_CHANNEL[channel.method] !== KIND_OF_TARGET[target]) throw wrongTarget();
      const record = await payment.findUserMethod(db, userId, KIND_OF_TARGET[target], targetId, 'targetId');
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
    },
  };
}
