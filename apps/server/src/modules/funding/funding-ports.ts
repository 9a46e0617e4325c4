import type { Kysely } from 'kysely';
import type { WithdrawTarget } from '@vela/contract';
import type { Database } from '../../db/schema.ts';

/**
 * What deposits and withdrawals need from the payment-methods module (uploads and bound methods),
 * as a narrow interface the app wires up. Each function throws the module's own localized errors
 * (another user's id, a used upload, an unbound method), so the refusal reaches the client as is.
 */
export interface FundingPorts {
  /**
   * Marks the user's voucher upload as used by the order, in the order's transaction; refuses an
   * upload that is not the user's, not a voucher, or already used.
   */
  claimVoucher(trx: Kysely<Database>, userId: number, uploadId: number, usedBy: string): Promise<void>;
  /** The voucher image for an operator. */
  readVoucher(uploadId: number): Promise<{ mime: string; dataBase64: string; width: number; height: number }>;
  /**
   * The user's bound method a withdrawal of this channel may be paid to: a bank card for bank
   * channels, a wallet address of the channel's coin and chain for chain channels, a fast-payment
   * account for ZSK channels. `label` is masked for the user; `detail` is the full destination for
   * the operator who pays it. Refuses anything else with 'choose a correct bank card or wallet
   * address'.
   */
  withdrawalTarget(
    db: Kysely<Database>,
    userId: number,
    target: WithdrawTarget,
    targetId: number,
    channel: { method: string; vcId: number; chainName: string | null },
  ): Promise<WithdrawalDestination>;
}

export interface WithdrawalDestination {
  label: string;
  detail: Record<string, string>;
}
