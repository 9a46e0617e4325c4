import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { PaymentMethodKind, RealNameStatus, UserInfo } from '@vela/contract';
import { routes } from '@vela/contract/routes';
import type { MessageKey } from '@vela/i18n';
import { call } from '../lib/api-client.ts';
import { confirm } from '../lib/feedback.tsx';
import { translate } from '../lib/i18n.ts';
import { isSignedIn, useSession } from '../stores/session-store.ts';

const { payment } = routes;

/**
 * The user's payment methods and identity, and the reference lists they are made of. Features cannot
 * import each other, so the screens that add methods, the withdrawal screen and the settings read
 * them all from here. Keys start with the cache type the server versions ('BANK', 'VC'), so the cache
 * re-check refetches the lists when operators change them; the user's own lists carry the token,
 * so a new login never sees the last user's methods.
 */
export const paymentKeys = {
  banks: () => ['BANK', 'banks'] as const,
  chains: () => ['VC', 'chains'] as const,
  bankCards: (token: string | null) => ['user', 'bank-cards', token] as const,
  walletAddresses: (token: string | null) => ['user', 'wallet-addresses', token] as const,
  zskAccounts: (token: string | null) => ['user', 'zsk-accounts', token] as const,
  realName: (token: string | null) => ['user', 'real-name', token] as const,
};

export function useBanks(enabled = true) {
  return useQuery({
    queryKey: paymentKeys.banks(),
    queryFn: () => call(payment.bankList, {}),
    staleTime: Infinity,
    enabled,
  });
}

export function useChains(enabled = true) {
  return useQuery({
    queryKey: paymentKeys.chains(),
    queryFn: () => call(payment.chainList, {}),
    staleTime: Infinity,
    enabled,
  });
}

/** A user's own list: fetched while signed in, fresh on every screen that shows it. */
function useOwnList<T>(
  key: (token: string | null) => readonly unknown[],
  fetch: () => Promise<T>,
  enabled = true,
) {
  const token = useSession((s) => s.token);
  const signedIn = useSession(isSignedIn);
  return useQuery({ queryKey: key(token), queryFn: fetch, enabled: signedIn && enabled, staleTime: 0 });
}

export function useBankCards(enabled = true) {
  return useOwnList(paymentKeys.bankCards, () => call(payment.bankCardList, {}), enabled);
}

export function useWalletAddresses(enabled = true) {
  return useOwnList(paymentKeys.walletAddresses, () => call(payment.walletAddressList, {}), enabled);
}

export function useZskAccounts(enabled = true) {
  return useOwnList(paymentKeys.zskAccounts, () => call(payment.zskAccountList, {}), enabled);
}

/**
 * The verification status and latest submission. The status is also written into the stored user,
 * so screens that show it (me, settings) agree with this one.
 */
export function useRealName(enabled = true) {
  return useOwnList(
    paymentKeys.realName,
    async () => {
      const info = await call(payment.realNameGet, {});
      const { user, setUser } = useSession.getState();
      if (user && user.realNameStatus !== info.status) setUser({ ...user, realNameStatus: info.status });
      return info;
    },
    enabled,
  );
}

/** Where each kind of method is listed and added. */
export const METHOD_PAGES: Record<PaymentMethodKind, { list: string; add: string }> = {
  BANK_CARD: { list: '/receive-ways', add: '/add-bank-card' },
  WALLET_ADDRESS: { list: '/wallet-address', add: '/add-wallet-address' },
  ZSK_ACCOUNT: { list: '/zsk-account', add: '/add-zsk-account' },
};

// ---- gating prompts ----------------------------------------------------------------

/**
 * What an action may need before it runs: a fund password, a bound Google authenticator, a
 * verified identity, or a bound method of a kind. Withdrawals ask for all of them (the
 * authenticator when WITHDRAW `requireGoogleCode` is on); adding a method asks for the fund password.
 */
export type PaymentRequirement = 'fundPassword' | 'googleAuthenticator' | 'realName' | PaymentMethodKind;

export interface GatePrompt {
  requirement: PaymentRequirement;
  message: MessageKey;
  /** The screen that fixes it. */
  target: string;
}

export interface GateFacts {
  /** `googleBound` is needed only when the authenticator is asked for. */
  user: Pick<UserInfo, 'hasFundPassword' | 'realNameStatus'> & Partial<Pick<UserInfo, 'googleBound'>>;
  /** How many methods of each kind are bound; a kind not given counts as unknown (not checked). */
  counts: Partial<Record<PaymentMethodKind, number>>;
}

const NO_METHOD: Record<PaymentMethodKind, MessageKey> = {
  BANK_CARD: 'gate.noBankCard',
  WALLET_ADDRESS: 'gate.noWalletAddress',
  ZSK_ACCOUNT: 'gate.noZskAccount',
};

function realNamePrompt(status: RealNameStatus): MessageKey | null {
  if (status === 'APPROVED') return null;
  return status === 'PENDING' ? 'gate.realNamePending' : 'gate.noRealName';
}

/**
 * The first requirement not met, in the order asked, with its prompt: "bind a fund password",
 * "verify your identity" (or "your verification is being reviewed"), "add a bank card"...
 * `anyOfMethods` groups kinds where one bound method of any of them is enough (a withdrawal can
 * go to a card or an address); the prompt then names the first kind.
 */
export function firstUnmet(
  requirements: readonly (PaymentRequirement | readonly PaymentMethodKind[])[],
  facts: GateFacts,
): GatePrompt | null {
  for (const requirement of requirements) {
    if (typeof requirement !== 'string') {
      const known = requirement.filter((kind) => facts.counts[kind] !== undefined);
      if (known.length === 0 || known.some((kind) => (facts.counts[kind] ?? 0) > 0)) continue;
      const kind = requirement[0] ?? 'BANK_CARD';
      return { requirement: kind, message: NO_METHOD[kind], target: METHOD_PAGES[kind].add };
    }
    if (requirement === 'fundPassword') {
      if (!facts.user.hasFundPassword)
        return { requirement, message: 'gate.noFundPassword', target: '/bind-fund-password' };
      continue;
    }
    if (requirement === 'googleAuthenticator') {
      if (facts.user.googleBound === undefined)
        throw new Error('googleAuthenticator needs the user’s googleBound');
      if (!facts.user.googleBound)
        return { requirement, message: 'gate.noGoogle', target: '/bind-google-validator' };
      continue;
    }
    if (requirement === 'realName') {
      const message = realNamePrompt(facts.user.realNameStatus);
      if (message) return { requirement, message, target: '/real-name' };
      continue;
    }
    const count = facts.counts[requirement];
    if (count !== undefined && count === 0) {
      return { requirement, message: NO_METHOD[requirement], target: METHOD_PAGES[requirement].add };
    }
  }
  return null;
}

/**
 * Shows a gating prompt: a dialog whose confirm button leads to the screen that fixes it. Answers
 * whether the user went there.
 */
export function useGatePrompt(): (prompt: GatePrompt) => Promise<boolean> {
  const navigate = useNavigate();
  return async (prompt) => {
    const go = await confirm({ content: translate(prompt.message), confirmText: translate('gate.goNow') });
    if (go) void navigate(prompt.target);
    return go;
  };
}

/**
 * For screens that act on money or methods: `check()` answers true when every requirement is met,
 * and otherwise prompts for the first one that is not. The lists it needs are fetched while the
 * screen is open, so the check is instant when the user acts.
 */
export function usePaymentGate(requirements: readonly (PaymentRequirement | readonly PaymentMethodKind[])[]) {
  const flat = requirements.flatMap((r): readonly PaymentRequirement[] => (typeof r === 'string' ? [r] : r));
  const user = useSession((s) => s.user);
  const bankCards = useBankCards(flat.includes('BANK_CARD'));
  const walletAddresses = useWalletAddresses(flat.includes('WALLET_ADDRESS'));
  const zskAccounts = useZskAccounts(flat.includes('ZSK_ACCOUNT'));
  const prompt = useGatePrompt();
  const counts: GateFacts['counts'] = {};
  if (bankCards.data) counts.BANK_CARD = bankCards.data.length;
  if (walletAddresses.data) counts.WALLET_ADDRESS = walletAddresses.data.length;
  if (zskAccounts.data) counts.ZSK_ACCOUNT = zskAccounts.data.length;
  const unmet = user ? firstUnmet(requirements, { user, counts }) : null;
  return {
    unmet,
    check: async (): Promise<boolean> => {
      if (!unmet) return true;
      await prompt(unmet);
      return false;
    },
  };
}

/**
 * For screens that are of no use without something (the add forms need a fund password): on entry,
 * when it is missing, the prompt offers to go and set it up; declining calls `onDecline` (back). A
 * prompt closed because the user already left the screen (the browser's Back closes it) declines
 * nothing: going back once more would leave the screen the user went back to.
 */
export function usePromptOnEntry(requirement: PaymentRequirement, onDecline: () => void): void {
  const user = useSession((s) => s.user);
  const prompt = useGatePrompt();
  const latest = useRef({ prompt, onDecline });
  latest.current = { prompt, onDecline };
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current || !user) return;
    const unmet = firstUnmet([requirement], { user, counts: {} });
    if (!unmet) return;
    asked.current = true;
    const screen = window.location.pathname;
    void latest.current.prompt(unmet).then((went) => {
      if (!went && window.location.pathname === screen) latest.current.onDecline();
    });
  }, [user, requirement]);
}
