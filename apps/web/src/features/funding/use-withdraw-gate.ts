import { useEffect, useRef } from 'react';
import type { FundingChannel } from '@vela/contract';
import type { PickedMethod } from '../../components/payment-method-picker.tsx';
import { useSession } from '../../stores/session-store.ts';
import {
  firstUnmet,
  useBankCards,
  useGatePrompt,
  useRealName,
  useWalletAddresses,
  useZskAccounts,
  type GatePrompt,
} from '../../system/payment-methods-api.ts';
import {
  addMethodLink,
  PAYOUT_OF_METHOD,
  payoutCandidates,
  withdrawChecklist,
  type WithdrawCheck,
} from './funding-logic.ts';

export interface WithdrawGate {
  /** False until everything the conditions depend on is known. */
  judged: boolean;
  /** The first condition not met, in the server's order; null when the form may be used. */
  unmet: GatePrompt | null;
  /** Every condition with its state, for the checklist shown while one is not met. */
  checklist: WithdrawCheck[];
  /** The bound methods this channel pays out to. */
  candidates: readonly PickedMethod[];
  /** Checks the real-name status again, after the server refused a withdrawal for it. */
  recheckRealName(): void;
}

/**
 * The conditions of a withdrawal through `channel`, checked in the server's order
 * (funding-service.ts): a fund password, an approved real-name verification, a bound Google
 * authenticator when `googleRequired` (WITHDRAW `requireGoogleCode`) is on, then a bound method this channel pays out
 * to. The first one missing is also offered in a dialog, once per visit for the user's own
 * conditions and once per channel for its method.
 */
export function useWithdrawGate(channel: FundingChannel | undefined, googleRequired: boolean): WithdrawGate {
  const user = useSession((s) => s.user);
  // Refreshes the stored verification status: an operator may have decided since the last visit.
  const realName = useRealName();
  const bankCards = useBankCards();
  const walletAddresses = useWalletAddresses();
  const zskAccounts = useZskAccounts();
  const prompt = useGatePrompt();
  const prompted = useRef<string | null>(null);

  const kind = channel ? PAYOUT_OF_METHOD[channel.method].kind : null;
  const methods = { BANK_CARD: bankCards, WALLET_ADDRESS: walletAddresses, ZSK_ACCOUNT: zskAccounts };
  const methodList = kind ? methods[kind] : null;
  const candidates = channel
    ? payoutCandidates(channel, {
        bankCards: bankCards.data,
        walletAddresses: walletAddresses.data,
        zskAccounts: zskAccounts.data,
      })
    : [];
  // The gates are judged once what they depend on is known; a list that failed to load is not
  // judged (the server still refuses what it must).
  const judged = Boolean(user) && !realName.isPending && methodList !== null && !methodList.isPending;
  const firstMissing =
    judged && user && kind
      ? firstUnmet(
          ['fundPassword', 'realName', ...(googleRequired ? ['googleAuthenticator' as const] : []), kind],
          { user, counts: methodList?.data ? { [kind]: candidates.length } : {} },
        )
      : null;
  // A missing method is added pre-filled for this channel, and the form returns here afterwards.
  const unmet =
    firstMissing && channel && firstMissing.requirement === kind
      ? { ...firstMissing, target: addMethodLink(channel) }
      : firstMissing;
  const checklist =
    judged && user && channel ? withdrawChecklist(channel, user, googleRequired, candidates.length) : [];
  // A method prompt belongs to its channel; the others to the user, asked once per visit.
  const gateKey = unmet ? `${unmet.requirement}:${unmet.requirement === kind ? channel?.id : ''}` : null;

  // The prompt is a new object on every render; the dialog opens once per key with the latest one.
  const latest = useRef(unmet);
  latest.current = unmet;
  useEffect(() => {
    const current = latest.current;
    if (!current || !gateKey || prompted.current === gateKey) return;
    prompted.current = gateKey;
    void prompt(current);
  }, [gateKey, prompt]);

  return { judged, unmet, checklist, candidates, recheckRealName: () => void realName.refetch() };
}
