import { screen } from '@testing-library/react';
import type { AdminFinanceProduct, Coin } from '@vela/contract';
import type { FinanceOrderRow, FinanceSettlementRow } from '../../../src/features/finance/finance-api.ts';

/** The finance console's paths and answers as the server would give them. */
export const PRODUCTS = '/admin/finance/products/list';
export const SAVE = '/admin/finance/products/save';
export const ORDERS = '/admin/finance/orders';
export const SETTLEMENTS = '/admin/finance/settlements';
export const COINS = '/portal/vc/list';

export const TIME = new Date(2025, 0, 2, 3, 4, 5).getTime();

export function product(id: number, overrides: Partial<AdminFinanceProduct> = {}): AdminFinanceProduct {
  return {
    id,
    vcId: 1,
    symbol: 'BTC',
    settleSymbol: 'USDT',
    name: 'BTC 30 days',
    remark: 'Dual investment',
    rateStr: '0.12',
    buyType: 'usdt',
    buySymbol: 'USDT',
    amountDecimals: 6,
    cycle: 30,
    cycleType: 'day',
    exchangeRate: '60000.00',
    serviceRateStr: '0.01',
    minAmount: '100.000000',
    maxAmount: '10000.000000',
    quota: '1000000.000000',
    remaining: '750000.000000',
    enabled: true,
    names: { en: 'BTC 30 days', 'zh-CN': 'BTC 30 天' },
    remarks: { en: 'Dual investment' },
    sort: 1,
    orderCount: 0,
    updatedAt: TIME,
    ...overrides,
  };
}

/** A product nobody has bought: every field can change. */
export const btcProduct = product(1);

/** A product with orders, paid in the coin, closed and uncapped: its terms are fixed. */
export const ethProduct = product(2, {
  vcId: 2,
  symbol: 'ETH',
  name: 'ETH 7 days',
  remark: '',
  rateStr: '0.08000000',
  buyType: 'coin',
  buySymbol: 'ETH',
  cycle: 7,
  exchangeRate: '3000.00',
  serviceRateStr: '0',
  minAmount: '0.100000',
  maxAmount: null,
  quota: '500.000000',
  remaining: '500.000000',
  enabled: false,
  names: { en: 'ETH 7 days' },
  remarks: {},
  sort: 2,
  orderCount: 12,
});

function coin(id: number, symbol: string, type: Coin['type'] = 1): Coin {
  return { id, symbol, name: symbol, type, enabled: true, settleVc: false, precision: 2, icon: '' };
}

export const coins: Coin[] = [coin(1, 'BTC'), coin(2, 'ETH'), coin(3, 'SOL'), coin(9, 'EURUSD', 2)];

export function order(id: number, overrides: Partial<FinanceOrderRow> = {}): FinanceOrderRow {
  return {
    id,
    orderNum: `F20250102${String(id).padStart(8, '0')}`,
    productId: 1,
    name: 'BTC 30 days',
    vcId: 1,
    symbol: 'BTC',
    settleSymbol: 'USDT',
    buyType: 'usdt',
    buySymbol: 'USDT',
    state: 'holding',
    amount: '600.000000',
    vcCount: '0.010000',
    rateStr: '0.12',
    cycle: 30,
    cycleType: 'day',
    exchangeRate: '60000.00',
    serviceRateStr: '0.01',
    calcStartDate: TIME,
    calcEndDate: TIME + 30 * 86_400_000,
    estimateCoin: '0.010098',
    estimateUsdt: '605.917808',
    serviceAmount: null,
    refundAmount: null,
    incomeAmount: null,
    payoutAmount: null,
    payoutSymbol: null,
    settleTickId: null,
    settleTickTime: null,
    settlePrice: null,
    createdAt: TIME,
    endedAt: null,
    userId: 7,
    username: 'saver7',
    ...overrides,
  };
}

export function settlement(id: number, overrides: Partial<FinanceSettlementRow> = {}): FinanceSettlementRow {
  return {
    id,
    vcId: 1,
    symbol: 'BTC',
    orderCount: 3,
    coinPaid: '0.020196',
    usdtPaid: '1211.835616',
    settledAt: TIME,
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
