import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type {
  BodyOf,
  DataOf,
  adminContractForced,
  adminContractLevelsSave,
  adminContractRisk,
  adminContractTermsList,
  adminContractTermsSave,
} from '@vela/contract';
import { routes } from '@vela/contract/routes';
import { call } from '../../lib/api.ts';

// The shapes are named from the endpoint declarations themselves, so every call below is held to
// its declaration even where a route's own type would let anything through.
export type ContractTermsData = DataOf<typeof adminContractTermsList>;
export type ContractTermsInput = BodyOf<typeof adminContractTermsSave>;
export type ContractTermsSaved = DataOf<typeof adminContractTermsSave>;
export type ContractLevelsInput = BodyOf<typeof adminContractLevelsSave>;
export type ContractLevelsSaved = DataOf<typeof adminContractLevelsSave>;
export type ContractRiskData = DataOf<typeof adminContractRisk>;
export type ContractRiskRow = ContractRiskData['list'][number];
export type ContractForcedPage = DataOf<typeof adminContractForced>;
export type ContractForcedRow = ContractForcedPage['list'][number];

export const CONTRACT_TERMS_KEY = ['contract-terms'] as const;
export const CONTRACT_RISK_KEY = ['contract-risk'] as const;
export const CONTRACT_FORCED_KEY = ['contract-forced'] as const;

/** How many accounts the risk view asks for: the server's most, the riskiest first. */
export const RISK_ROWS = 200;

/** How often the risk view is read again while it is on screen: prices move every second. */
export const RISK_REFRESH_MS = 5_000;

/** The number of forced closes asked for per page. */
export const FORCED_PAGE = 50;

/** Every coin that can trade contracts with its terms, and the risk levels. */
export function useContractTerms() {
  return useQuery({
    queryKey: CONTRACT_TERMS_KEY,
    queryFn: (): Promise<ContractTermsData> => call(routes.contractTrade.adminContractTermsList, {}),
    staleTime: 0,
  });
}

/** Sets one coin's contract terms; the server records the values before and after in the audit log. */
export function saveContractTerms(body: ContractTermsInput): Promise<ContractTermsSaved> {
  return call(routes.contractTrade.adminContractTermsSave, body);
}

/** Sets the system adjustment ratio; forced closing follows it from the next recorded second. */
export function saveContractLevels(body: ContractLevelsInput): Promise<ContractLevelsSaved> {
  return call(routes.contractTrade.adminContractLevelsSave, body);
}

/**
 * The accounts with open positions and the insurance account. While `active` (its tab is shown) it
 * is read every few seconds; the query library also stops while the browser tab is hidden, so a
 * console left open in the background does not keep the server busy.
 */
export function useContractRisk(active: boolean) {
  return useQuery({
    queryKey: CONTRACT_RISK_KEY,
    queryFn: (): Promise<ContractRiskData> =>
      call(routes.contractTrade.adminContractRisk, { limit: RISK_ROWS }),
    enabled: active,
    refetchInterval: active ? RISK_REFRESH_MS : false,
    staleTime: 0,
  });
}

/** The forced-close log, newest first, page by page. */
export function useContractForced() {
  const forced = useInfiniteQuery({
    queryKey: CONTRACT_FORCED_KEY,
    queryFn: ({ pageParam }): Promise<ContractForcedPage> =>
      call(routes.contractTrade.adminContractForced, {
        limit: FORCED_PAGE,
        ...(pageParam === null ? {} : { cursor: pageParam }),
      }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });
  const rows = forced.data?.pages.flatMap((page) => page.list) ?? [];
  return { forced, rows };
}
