import type { TimingOrder } from '@vela/contract';

/** A timed order as the server sends it: an open BTC order of 100 USDT for 30 s at 80 %. */
export function makeOrder(overrides: Partial<TimingOrder> = {}): TimingOrder {
  return {
    id: 7,
    vcId: 1,
    symbol: 'BTC',
    settleSymbol: 'USDT',
    direction: 'up',
    periodSeconds: 30,
    amount: '100.000000',
    payoutRate: '0.80',
    tieRule: 'refund',
    expectedPayout: '180.000000',
    openPrice: '64000.12',
    openTickId: 501,
    openTickTime: 1_700_000_000_000,
    createdAt: 1_700_000_000_200,
    expiresAt: 1_700_000_030_200,
    state: 'open',
    settlePrice: null,
    settleTickId: null,
    settleTickTime: null,
    outcome: null,
    payout: null,
    profit: null,
    settledAt: null,
    ...overrides,
  };
}
