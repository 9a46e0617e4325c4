import type { SpotHolding, SpotOrder, SpotTerms } from '@vela/contract';

/** ETH's spot terms: 0.1 % fee, buys of 10 to 50,000 USDT, sells from 0.001 ETH, uncapped. */
export function makeSpotTerms(overrides: Partial<SpotTerms> = {}): SpotTerms {
  return {
    vcId: 2,
    symbol: 'ETH',
    settleSymbol: 'USDT',
    enabled: true,
    feeRate: '0.001',
    minAmount: '10',
    maxAmount: '50000',
    minQuantity: '0.001',
    maxQuantity: null,
    priceDecimals: 2,
    quantityDecimals: 4,
    amountDecimals: 2,
    ...overrides,
  };
}

/** A spot order as the server sends it: a filled market buy of 250 USDT of ETH. */
export function makeSpotOrder(overrides: Partial<SpotOrder> = {}): SpotOrder {
  return {
    id: 31,
    vcId: 2,
    symbol: 'ETH',
    settleSymbol: 'USDT',
    side: 'buy',
    kind: 'market',
    state: 'filled',
    amount: '250.000000',
    quantity: '0.08050000',
    limitPrice: null,
    feeRate: '0.001',
    createdAt: 1_700_000_000_200,
    fillPrice: '3100.50',
    fillTickId: 901,
    fillTickTime: 1_700_000_001_000,
    quote: '249.590250',
    fee: '0.249591',
    credit: '0.160159',
    filledAt: 1_700_000_001_050,
    cancelledAt: null,
    cancelReason: null,
    ...overrides,
  };
}

/** An open limit sell of 0.2 ETH at 3,500. */
export function makeOpenSell(overrides: Partial<SpotOrder> = {}): SpotOrder {
  return makeSpotOrder({
    id: 32,
    side: 'sell',
    kind: 'limit',
    state: 'open',
    amount: null,
    quantity: '0.20000000',
    limitPrice: '3500.00',
    fillPrice: null,
    fillTickId: null,
    fillTickTime: null,
    quote: null,
    fee: null,
    credit: null,
    filledAt: null,
    ...overrides,
  });
}

/** Half a BTC bought at an average of 50,000 USDT. */
export function makeSpotHolding(overrides: Partial<SpotHolding> = {}): SpotHolding {
  return {
    vcId: 1,
    symbol: 'BTC',
    scale: 8,
    quantity: '0.50000000',
    available: '0.50000000',
    held: '0.00000000',
    averageCost: '50000.00',
    cost: '25000.000000',
    price: '59000.00',
    ...overrides,
  };
}
