import type { ReportFigures } from '@vela/contract';

/** One currency's figures as the server sends them, quiet unless told otherwise. */
export function makeFigures(overrides: Partial<ReportFigures> = {}): ReportFigures {
  return {
    symbol: 'USDT',
    profit: '0.000000',
    orderAmount: '0.000000',
    orderCount: 0,
    fee: '0.000000',
    bonus: '0.000000',
    rebate: '0.000000',
    recharge: '0.000000',
    rechargeFee: '0.000000',
    rechargeCount: 0,
    withdraw: '0.000000',
    withdrawFee: '0.000000',
    withdrawCount: 0,
    exchange: '0.000000',
    exchangeFee: '0.000000',
    firstRecharge: '0.000000',
    firstRechargeCount: 0,
    memberCount: 0,
    ...overrides,
  };
}

/** A busy week in USDT: every figure set, so each cell shows a value of its own. */
export function busyUsdt(): ReportFigures {
  return makeFigures({
    profit: '1234.500000',
    orderAmount: '25000.000000',
    orderCount: 42,
    fee: '12.345000',
    bonus: '50.000000',
    rebate: '8.750000',
    recharge: '10000.000000',
    rechargeFee: '5.000000',
    rechargeCount: 3,
    withdraw: '2500.000000',
    withdrawFee: '2.500000',
    withdrawCount: 2,
    exchange: '3000.000000',
    exchangeFee: '3.000000',
    firstRecharge: '500.000000',
    firstRechargeCount: 1,
  });
}

/** A small BTC week with a loss. */
export function btcLoss(): ReportFigures {
  return makeFigures({
    symbol: 'BTC',
    profit: '-0.01250000',
    orderAmount: '0.50000000',
    orderCount: 4,
    fee: '0.00010000',
  });
}
