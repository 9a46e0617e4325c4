import type {
  ContractAccount,
  ContractClose,
  ContractLevels,
  ContractOrder,
  ContractPosition,
  ContractTerms,
} from '@vela/contract';

/** ETH's contract terms: 1× to 20×, 0.05 % fees, 0.01 to 100 ETH in steps of 0.01, prices to the cent. */
export function makeContractTerms(overrides: Partial<ContractTerms> = {}): ContractTerms {
  return {
    vcId: 2,
    symbol: 'ETH',
    settleSymbol: 'USDT',
    enabled: true,
    leverages: [1, 5, 10, 20],
    openFeeRate: '0.0005',
    closeFeeRate: '0.0005',
    minQuantity: '0.01',
    maxQuantity: '100',
    priceDecimals: 2,
    quantityDecimals: 2,
    ...overrides,
  };
}

/** An adjustment ratio of 10 %: forced closing at 90 %, caution above 50 %. */
export function makeLevels(overrides: Partial<ContractLevels> = {}): ContractLevels {
  return { adjustmentRatio: '0.1000', forcedCloseLevel: '0.9000', cautionLevel: '0.5000', ...overrides };
}

/** A 10× long of 0.01 BTC opened at 60,000, marked at 62,000: 20 USDT up. */
export function makePosition(overrides: Partial<ContractPosition> = {}): ContractPosition {
  return {
    id: 11,
    vcId: 1,
    symbol: 'BTC',
    side: 'long',
    leverage: 10,
    quantity: '0.01000000',
    entryPrice: '60000.00',
    margin: '60.000000',
    markPrice: '62000.00',
    profit: '20.000000',
    takeProfit: null,
    stopLoss: null,
    forcedClosePrice: '41944.45',
    openFee: '0.300000',
    openTickId: 7001,
    openTickTime: 1_700_000_001_000,
    openedAt: 1_700_000_000_900,
    ...overrides,
  };
}

/** An account with 1,000 USDT available and no position. */
export function makeAccount(overrides: Partial<ContractAccount> = {}): ContractAccount {
  return {
    settleSymbol: 'USDT',
    available: '1000.000000',
    margin: '0.000000',
    held: '0.000000',
    profit: '0.000000',
    equity: '1000.000000',
    riskDegree: null,
    levels: makeLevels(),
    positions: [],
    ...overrides,
  };
}

/** A filled market long of 1 ETH at 10×, opened at 3,000. */
export function makeContractOrder(overrides: Partial<ContractOrder> = {}): ContractOrder {
  return {
    id: 21,
    vcId: 2,
    symbol: 'ETH',
    action: 'open',
    side: 'long',
    kind: 'market',
    state: 'filled',
    endReason: null,
    quantity: '1.00000000',
    leverage: 10,
    limitPrice: null,
    takeProfit: null,
    stopLoss: null,
    positionId: 21,
    held: '0.000000',
    createdAt: 1_700_000_000_200,
    fillPrice: '3000.00',
    fillTickId: 901,
    fillTickTime: 1_700_000_001_000,
    margin: '300.000000',
    fee: '1.500000',
    profit: null,
    endedAt: 1_700_000_001_050,
    ...overrides,
  };
}

/** An open limit long of 0.5 ETH at 2,900, its margin and fee set aside. */
export function makeOpenLimit(overrides: Partial<ContractOrder> = {}): ContractOrder {
  return makeContractOrder({
    id: 22,
    kind: 'limit',
    state: 'open',
    quantity: '0.50000000',
    limitPrice: '2900.00',
    positionId: null,
    held: '145.725000',
    fillPrice: null,
    fillTickId: null,
    fillTickTime: null,
    margin: null,
    fee: null,
    endedAt: null,
    ...overrides,
  });
}

/** Half of a 1 ETH long closed by its take-profit at 3,300: 150 USDT realized. */
export function makeContractClose(overrides: Partial<ContractClose> = {}): ContractClose {
  return {
    id: 31,
    positionId: 21,
    vcId: 2,
    symbol: 'ETH',
    side: 'long',
    leverage: 10,
    reason: 'take_profit',
    orderId: null,
    forcedId: null,
    quantity: '0.50000000',
    entryPrice: '3000.00',
    price: '3300.00',
    tickId: 955,
    tickTime: 1_700_000_100_000,
    profit: '150.000000',
    fee: '0.825000',
    margin: '150.000000',
    closedAt: 1_700_000_100_040,
    ...overrides,
  };
}
