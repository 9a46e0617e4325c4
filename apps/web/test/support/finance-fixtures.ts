import type { FinanceHolding, FinanceOrder, FinanceProduct } from '@vela/contract';

/**
 * A BTC product paid in USDT: 12 % a year for 30 days, linked at 60,000, purchases of 10 to 50,000
 * USDT, a quota of 1,000,000 of which 250,000 is left, and 0.5 % kept on early redemption.
 */
export function makeFinanceProduct(overrides: Partial<FinanceProduct> = {}): FinanceProduct {
  return {
    id: 3,
    vcId: 1,
    symbol: 'BTC',
    settleSymbol: 'USDT',
    name: 'BTC 30-day dual',
    remark: '',
    rateStr: '0.12',
    buyType: 'usdt',
    buySymbol: 'USDT',
    amountDecimals: 6,
    cycle: 30,
    cycleType: 'day',
    exchangeRate: '60000.00',
    serviceRateStr: '0.005',
    minAmount: '10.000000',
    maxAmount: '50000.000000',
    quota: '1000000.000000',
    remaining: '250000.000000',
    enabled: true,
    ...overrides,
  };
}

/** An ETH product paid in ETH: 8 % a year for 7 days, linked at 3,000, from 0.1 ETH, uncapped. */
export function makeCoinProduct(overrides: Partial<FinanceProduct> = {}): FinanceProduct {
  return makeFinanceProduct({
    id: 4,
    vcId: 2,
    symbol: 'ETH',
    name: 'ETH 7-day dual',
    rateStr: '0.08',
    buyType: 'coin',
    buySymbol: 'ETH',
    amountDecimals: 8,
    cycle: 7,
    exchangeRate: '3000.00',
    minAmount: '0.10000000',
    maxAmount: null,
    quota: '100.00000000',
    remaining: '100.00000000',
    ...overrides,
  });
}

/** The start of the holding order below: 2023-11-14 22:13:20 UTC. */
export const ORDER_START = 1_700_000_000_000;
const DAY = 86_400_000;

/** A holding order of 100 USDT on the BTC product, with its two estimates. */
export function makeFinanceOrder(overrides: Partial<FinanceOrder> = {}): FinanceOrder {
  return {
    id: 71,
    orderNum: 'F20231114000071',
    productId: 3,
    name: 'BTC 30-day dual',
    vcId: 1,
    symbol: 'BTC',
    settleSymbol: 'USDT',
    buyType: 'usdt',
    buySymbol: 'USDT',
    state: 'holding',
    amount: '100.000000',
    vcCount: '0.00166666',
    rateStr: '0.12',
    cycle: 30,
    cycleType: 'day',
    exchangeRate: '60000.00',
    serviceRateStr: '0.005',
    calcStartDate: ORDER_START,
    calcEndDate: ORDER_START + 30 * DAY,
    estimateCoin: '0.00168310',
    estimateUsdt: '100.986301',
    serviceAmount: null,
    refundAmount: null,
    incomeAmount: null,
    payoutAmount: null,
    payoutSymbol: null,
    settleTickId: null,
    settleTickTime: null,
    settlePrice: null,
    createdAt: ORDER_START,
    endedAt: null,
    ...overrides,
  };
}

/** The order above, settled in USDT at 61,250.50 on tick #8801. */
export function makeSettledOrder(overrides: Partial<FinanceOrder> = {}): FinanceOrder {
  const end = ORDER_START + 30 * DAY;
  return makeFinanceOrder({
    id: 70,
    state: 'settled',
    incomeAmount: '0.986301',
    payoutAmount: '100.986301',
    payoutSymbol: 'USDT',
    settleTickId: 8801,
    settleTickTime: end + 420,
    settlePrice: '61250.50',
    endedAt: end + 1000,
    ...overrides,
  });
}

/** The order above, redeemed early: 0.5 USDT kept, 99.5 back. */
export function makeRedeemedOrder(overrides: Partial<FinanceOrder> = {}): FinanceOrder {
  return makeFinanceOrder({
    id: 69,
    state: 'redeemed',
    serviceAmount: '0.500000',
    refundAmount: '99.500000',
    endedAt: ORDER_START + 5 * DAY,
    ...overrides,
  });
}

/** The overview's USDT line: 100 held in one order, 0.98 earned, 0.98 expected. */
export function makeFinanceHolding(overrides: Partial<FinanceHolding> = {}): FinanceHolding {
  return {
    vcId: 9,
    symbol: 'USDT',
    scale: 6,
    held: '100.000000',
    income: '0.986301',
    estimated: '0.986301',
    orders: 1,
    ...overrides,
  };
}
