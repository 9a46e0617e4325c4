import type { BankCard, PaymentMethodKind, WalletAddress, ZskAccount } from '@vela/contract';

/** The withdrawal method picker's choices, kept out of React so they are tested as plain functions. */

export type PickedMethod =
  | { kind: 'BANK_CARD'; id: number; method: BankCard }
  | { kind: 'WALLET_ADDRESS'; id: number; method: WalletAddress }
  | { kind: 'ZSK_ACCOUNT'; id: number; method: ZskAccount };

/** The user's bound methods of each kind; a kind not loaded (yet) is undefined. */
export interface BoundMethods {
  bankCards: readonly BankCard[] | undefined;
  walletAddresses: readonly WalletAddress[] | undefined;
  zskAccounts: readonly ZskAccount[] | undefined;
}

/**
 * The rows of one tab. Wallet addresses are only those of the coin being withdrawn (`vcId`) and,
 * when given, of its chain, since a withdrawal to an address of another coin or chain would be lost.
 */
export function methodPicks(
  tab: PaymentMethodKind,
  bound: BoundMethods,
  only: { vcId?: number | undefined; chainName?: string | undefined },
): PickedMethod[] {
  if (tab === 'BANK_CARD') {
    return (bound.bankCards ?? []).map((method) => ({ kind: 'BANK_CARD', id: method.id, method }));
  }
  if (tab === 'WALLET_ADDRESS') {
    return (bound.walletAddresses ?? [])
      .filter((a) => only.vcId === undefined || a.vcId === only.vcId)
      .filter((a) => only.chainName === undefined || a.chainName === only.chainName)
      .map((method) => ({ kind: 'WALLET_ADDRESS', id: method.id, method }));
  }
  return (bound.zskAccounts ?? []).map((method) => ({ kind: 'ZSK_ACCOUNT', id: method.id, method }));
}

/** Whether a row is the method already chosen: the same kind and the same id. */
export function isPickedMethod(
  selected: { kind: PaymentMethodKind; id: number } | null,
  picked: { kind: PaymentMethodKind; id: number },
): boolean {
  return selected?.kind === picked.kind && selected.id === picked.id;
}
