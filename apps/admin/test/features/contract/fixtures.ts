import { screen } from '@testing-library/react';
import type { ContractLevels, ContractTerms } from '@vela/contract';
import type { ContractForcedRow, ContractRiskRow } from '../../../src/features/contract/contract-api.ts';

/** The contract console's paths and answers as the server would give them. */
export const TERMS_LIST = '/admin/contract/terms/list';
export const TERMS_SAVE = '/admin/contract/terms/save';
export const LEVELS_SAVE = '/admin/contract/levels/save';
export const RISK = '/admin/contract/risk';
export const FORCED = '/admin/contract/forced';

export const levels: ContractLevels = {
  adjustmentRatio: '0.1000',
  forcedCloseLevel: '0.9000',
  cautionLevel: '0.5000',
};

export function terms(symbol: string, vcId: number, overrides: Partial<ContractTerms> = {}): ContractTerms {
  return {
    vcId,
    symbol,
    settleSymbol: 'USDT',
    enabled: true,
    leverages: [1, 5, 10, 20],
    openFeeRate: '0.00050000',
    closeFeeRate: '0.00100000',
    minQuantity: '0.001000',
    maxQuantity: '100.000000',
    priceDecimals: 2,
    quantityDecimals: 3,
    ...overrides,
  };
}

export const btc = terms('BTC', 1);
export const eth = terms('ETH', 2, { enabled: false, leverages: [1, 2, 3], maxQuantity: null });

export function riskRow(
  userId: number,
  riskDegree: string,
  overrides: Partial<ContractRiskRow> = {},
): ContractRiskRow {
  return {
    userId,
    username: `trader${userId}`,
    available: '100.000000',
    margin: '500.000000',
    profit: '-20.500000',
    equity: '579.500000',
    riskDegree,
    positions: 2,
    ...overrides,
  };
}

export function forcedRow(id: number, overrides: Partial<ContractForcedRow> = {}): ContractForcedRow {
  return {
    id,
    userId: 7,
    username: 'trader7',
    timeMs: new Date(2025, 0, 2, 3, 4, 5).getTime(),
    riskDegree: '0.9012',
    margin: '1000.000000',
    equity: '1109.600000',
    positions: 3,
    profit: '-890.400000',
    fee: '12.300000',
    shortfall: '0.000000',
    createdAt: new Date(2025, 0, 2, 3, 4, 6).getTime(),
    ...overrides,
  };
}

/** A table row by its key, inside the table with `testId`. */
export function rowOf(testId: string, key: number): HTMLElement {
  const row = document.querySelector<HTMLElement>(`[data-testid="${testId}"] tr[data-row-key="${key}"]`);
  if (!row) throw new Error(`no row ${key} in ${testId}`);
  return row;
}

/** The confirmation before a save; antd's confirm dialogs carry their title as text only. */
export async function findConfirmation(title: string | RegExp): Promise<HTMLElement> {
  const heading = await screen.findByText(title, { selector: '.ant-modal-confirm-title' });
  const dialog = heading.closest<HTMLElement>('.ant-modal-confirm');
  if (!dialog) throw new Error('no confirmation');
  return dialog;
}
