import type { Bill, WalletCurrency } from '@vela/contract';
import type { WalletOverview } from '../../src/features/wallet/wallet-logic.ts';

/** Wallet answers as the server sends them: amounts with the currency's scale, values with 6. */
export function currency(overrides: Partial<WalletCurrency> = {}): WalletCurrency {
  return {
    vcId: 1,
    symbol: 'USDT',
    name: 'Tether USD',
    icon: '/coins/usdt.svg',
    scale: 6,
    spot: '0.000000',
    contract: '0.000000',
    frozen: '0.000000',
    priceUsdt: '1.000000',
    valueUsdt: '0.000000',
    ...overrides,
  };
}

export const USDT = currency({
  spot: '1250.500000',
  contract: '100.000000',
  frozen: '20.000000',
  valueUsdt: '1370.500000',
});

export const BTC = currency({
  vcId: 2,
  symbol: 'BTC',
  name: 'Bitcoin',
  icon: '/coins/btc.svg',
  scale: 8,
  spot: '0.50000000',
  contract: '0.00000000',
  frozen: '0.00012300',
  priceUsdt: '60000.00',
  valueUsdt: '30007.380000',
});

export const ETH = currency({
  vcId: 3,
  symbol: 'ETH',
  name: 'Ethereum',
  icon: '/coins/eth.svg',
  scale: 8,
  spot: '0.00000000',
  contract: '0.00000000',
  frozen: '0.00000000',
  priceUsdt: '3000.00',
  valueUsdt: '0.000000',
});

export const OVERVIEW: WalletOverview = { totalUsdt: '31377.880000', currencies: [USDT, BTC, ETH] };

export function bill(overrides: Partial<Bill> = {}): Bill {
  return {
    id: 10,
    entryId: 5,
    type: 'transfer',
    account: 'spot',
    vcId: 1,
    symbol: 'USDT',
    amount: '-30.500000',
    balanceAfter: '69.500000',
    refType: 'transfer',
    refId: 12,
    memo: null,
    createdAt: new Date(2025, 2, 7, 14, 5, 9).getTime(),
    ...overrides,
  };
}
