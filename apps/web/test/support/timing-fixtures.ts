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
    openTickTime: 1_700_000_001_000,
    createdAt: 1_700_000_000_200,
    expiresAt: 1_700_000_031_000,
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

/** An order accepted a moment ago, waiting for the first tick after its acceptance. */
export function makeOpeningOrder(overrides: Partial<TimingOrder> = {}): TimingOrder {
  return makeOrder({
    state: 'opening',
    openPrice: null,
    openTickId: null,
    openTickTime: null,
    expiresAt: null,
    ...overrides,
  });
}
