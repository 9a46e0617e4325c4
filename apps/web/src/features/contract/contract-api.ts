import { useState } from 'react';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type {
  ContractOrder,
  ContractPosition,
  Route,
  contractAccount,
  contractClose,
  contractCloseList,
  contractOrderCancel,
  contractOrderDetail,
  contractOrderList,
  contractOrderRequest,
  contractTargets,
  contractTermsList,
} from '@vela/contract';
import { routes } from '@vela/contract/routes';
import { ApiError, call, errorMessage } from '../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../lib/feedback.tsx';
import { translate } from '../../lib/i18n.ts';
import { createIdempotencyKeys, type IdempotencyKeys } from '../../lib/use-idempotency-key.ts';
import { useSession } from '../../stores/session-store.ts';
import { refreshWallet } from '../../system/wallet-api.ts';
import { orderBody, targetsBody, type ContractDraft } from './contract-checks.ts';
import { CONTRACT_POLL_MS } from './contract-logic.ts';

/**
 * The contract routes, each typed by its declaration. The types are named here, not taken from the
 * generated table alone, so that every call below checks its body and its answer against the
 * endpoint's schemas whatever the table's own typing says.
 */
const contract: {
  contractTermsList: Route<typeof contractTermsList>;
  contractAccount: Route<typeof contractAccount>;
  contractOrderRequest: Route<typeof contractOrderRequest>;
  contractClose: Route<typeof contractClose>;
  contractOrderCancel: Route<typeof contractOrderCancel>;
  contractTargets: Route<typeof contractTargets>;
  contractOrderList: Route<typeof contractOrderList>;
  contractOrderDetail: Route<typeof contractOrderDetail>;
  contractCloseList: Route<typeof contractCloseList>;
} = routes.contractTrade;

export type ContractScope = 'open' | 'history';

/**
 * The contract screens' server data. The user's keys carry the session token, so one user's
 * positions never show for another. The live channel has no contract topic: a contract entry's
 * wallet event (`contract_*`) refreshes everything under `contractKeys.user`, and the account and
 * the open orders are also asked for every 3 s while shown (a query refetches on its interval only
 * while the page is visible) and after each action.
 */
export const contractKeys = {
  all: () => ['contract'] as const,
  /** Under the terms' cache type: an operator's change moves its version, which refetches them. */
  terms: () => ['VC_CONTRACT_TRADE_CONFIG'] as const,
  user: (token: string | null) => ['contract', 'user', token] as const,
  account: (token: string | null) => ['contract', 'user', token, 'account'] as const,
  orders: (token: string | null, scope: ContractScope) =>
    ['contract', 'user', token, 'orders', scope] as const,
  closes: (token: string | null) => ['contract', 'user', token, 'closes'] as const,
  detail: (token: string | null, id: number) => ['contract', 'user', token, 'detail', id] as const,
};

/** Every coin's contract terms and the risk levels (public). */
export function useContractTerms() {
  return useQuery({
    queryKey: contractKeys.terms(),
    queryFn: () => call(contract.contractTermsList, {}),
    staleTime: Infinity,
  });
}

/** The account at the latest prices with every open position; asked for every 3 s while shown. */
export function useContractAccount() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: contractKeys.account(token),
    queryFn: () => call(contract.contractAccount, {}),
    enabled: Boolean(token),
    staleTime: 0,
    refetchInterval: CONTRACT_POLL_MS,
  });
}

export const CONTRACT_PAGE_SIZE = 20;

type Page<T> = { list: T[]; nextCursor: number | null };

export function rowsOf<T>(data: InfiniteData<Page<T>> | undefined): T[] {
  return data?.pages.flatMap((page) => page.list) ?? [];
}

/** The user's orders of one scope, newest first, a keyset page at a time; open ones polled. */
export function useContractOrders(scope: ContractScope, enabled = true) {
  const token = useSession((s) => s.token);
  return useInfiniteQuery({
    queryKey: contractKeys.orders(token, scope),
    queryFn: ({ pageParam, signal }) =>
      call(
        contract.contractOrderList,
        { scope, limit: CONTRACT_PAGE_SIZE, ...(pageParam !== null ? { cursor: pageParam } : {}) },
        { signal },
      ),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: Boolean(token) && enabled,
    staleTime: 0,
    refetchInterval: scope === 'open' ? CONTRACT_POLL_MS : false,
  });
}

/** The receipts of closed positions (or parts), newest first, a page at a time. */
export function useContractCloses(enabled = true) {
  const token = useSession((s) => s.token);
  return useInfiniteQuery({
    queryKey: contractKeys.closes(token),
    queryFn: ({ pageParam, signal }) =>
      call(
        contract.contractCloseList,
        { limit: CONTRACT_PAGE_SIZE, ...(pageParam !== null ? { cursor: pageParam } : {}) },
        { signal },
      ),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: Boolean(token) && enabled,
    staleTime: 0,
  });
}

/** One order with its receipt, starting from what the list showed; an open one is watched. */
export function useContractOrderDetail(order: ContractOrder | null, open: boolean) {
  const token = useSession((s) => s.token);
  const id = order?.id ?? 0;
  return useQuery({
    queryKey: contractKeys.detail(token, id),
    queryFn: () => call(contract.contractOrderDetail, { id }),
    enabled: Boolean(token) && order !== null && open,
    staleTime: 0,
    initialData: order ?? undefined,
    initialDataUpdatedAt: 0,
    refetchInterval: (q) => (q.state.data?.state === 'open' ? CONTRACT_POLL_MS : false),
  });
}

/** After an order, a close, a cancellation or new targets: the account and lists are out of date. */
export async function afterContractChange(client: QueryClient, token: string | null): Promise<void> {
  await Promise.all([
    refreshWallet(client),
    client.invalidateQueries({ queryKey: contractKeys.user(token) }),
  ]);
}

export type ContractField = 'amount' | 'price' | 'takeProfit' | 'stopLoss';

/** The server's refusal of one field, in its words, for the form to show under that field. */
export interface ContractRefusal {
  field: ContractField;
  text: string;
}

/** Which of the form's fields a refusal is about; null when it is about none (a toast). */
function refusedField(error: ApiError): ContractField | null {
  if (error.field === 'limitPrice') return 'price';
  if (error.field === 'takeProfit' || error.code === 'TARGET_WRONG_SIDE') return 'takeProfit';
  if (error.field === 'stopLoss') return 'stopLoss';
  if (error.field === 'quantity') return 'amount';
  if (error.code === 'INSUFFICIENT_BALANCE' || error.code === 'CONTRACT_RISK_TOO_HIGH') return 'amount';
  return null;
}

/**
 * Places contract orders through `keys`: one idempotency key per submission, kept for a retry while
 * the outcome is unknown. A refusal of a field goes to `onRefused`; the others (a closed coin, no
 * price, a leverage no longer offered) are toasts. Any refusal reloads the account.
 */
export function usePlaceContractOrder(
  keys: IdempotencyKeys,
  onRefused: (refusal: ContractRefusal) => void,
  onPlaced?: (order: ContractOrder) => void,
) {
  const client = useQueryClient();
  const token = useSession((s) => s.token);
  return useMutation({
    mutationFn: (draft: ContractDraft) =>
      keys.run((key) => call(contract.contractOrderRequest, orderBody(draft), { idempotencyKey: key })),
    onSuccess: async (order) => {
      toastSuccess(translate('timing.placed'));
      onPlaced?.(order);
      await afterContractChange(client, token);
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) return toastError(errorMessage(error));
      const field = refusedField(error);
      if (field) onRefused({ field, text: error.message });
      else toastError(error.message);
      void afterContractChange(client, token);
    },
  });
}

/**
 * Closes part or all of a position at market through `keys` (one key per confirmed close, kept for
 * a retry while the outcome is unknown); the account and lists refresh whatever the answer.
 */
export function useClosePosition(keys: IdempotencyKeys, onClosed?: () => void) {
  const client = useQueryClient();
  const token = useSession((s) => s.token);
  return useMutation({
    mutationFn: (body: { positionId: number; quantity: string }) =>
      keys.run((key) => call(contract.contractClose, body, { idempotencyKey: key })),
    onSuccess: () => {
      toastSuccess(translate('contract.closeRequested'));
      onClosed?.();
    },
    onError: (error) => toastError(errorMessage(error)),
    onSettled: () => afterContractChange(client, token),
  });
}

/** Cancels open orders, each with its own idempotency key, kept for a retry of that order. */
export function useCancelContractOrder() {
  const client = useQueryClient();
  const token = useSession((s) => s.token);
  const [keysById] = useState(() => new Map<number, IdempotencyKeys>());
  return useMutation({
    mutationFn: (id: number) => {
      let keys = keysById.get(id);
      if (!keys) keysById.set(id, (keys = createIdempotencyKeys()));
      return keys.run((key) => call(contract.contractOrderCancel, { id }, { idempotencyKey: key }));
    },
    onSuccess: () => toastSuccess(translate('spot.cancelled')),
    onError: (error) => toastError(errorMessage(error)),
    onSettled: () => afterContractChange(client, token),
  });
}

/** Which target a refusal of new targets is about; the wrong side is the take-profit's line. */
function refusedTarget(error: ApiError): 'takeProfit' | 'stopLoss' | null {
  if (error.field === 'stopLoss') return 'stopLoss';
  if (error.field === 'takeProfit' || error.code === 'TARGET_WRONG_SIDE') return 'takeProfit';
  return null;
}

/**
 * Sets or clears a position's take-profit and stop-loss (an empty field clears). A refusal of a
 * target goes to `onRefused`, shown under its field; others are toasts. The request carries no
 * idempotency key: sending the same targets twice leaves the same targets.
 */
export function useSaveTargets(handlers: {
  onSaved(position: ContractPosition): void;
  onRefused(field: 'takeProfit' | 'stopLoss', text: string): void;
}) {
  const client = useQueryClient();
  const token = useSession((s) => s.token);
  return useMutation({
    mutationFn: (input: { positionId: number; takeProfit: string; stopLoss: string }) =>
      call(contract.contractTargets, targetsBody(input.positionId, input.takeProfit, input.stopLoss)),
    onSuccess: (position) => {
      toastSuccess(translate('contract.targetsSaved'));
      handlers.onSaved(position);
    },
    onError: (error) => {
      const field = error instanceof ApiError ? refusedTarget(error) : null;
      if (field) handlers.onRefused(field, error.message);
      else toastError(errorMessage(error));
    },
    onSettled: () => afterContractChange(client, token),
  });
}
