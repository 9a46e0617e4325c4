import type { Kysely } from 'kysely';
import type { ChannelMethod } from '@vela/contract';
import type { Database } from '../../db/schema.ts';
import { coinIdsBySymbol } from '../market/coin-repository.ts';
import { hasFundingChannels, insertFundingChannels } from './funding-repository.ts';

/**
 * Deposit and withdrawal channels of a fresh install. Addresses and bank accounts are the
 * platform's demo receiving details; an operator replaces them before going live. Limits of
 * deposits are in the pay currency, those of withdrawals in the wallet currency.
 */
interface SeedChannel {
  direction: 'recharge' | 'withdraw';
  method: ChannelMethod;
  symbol: string;
  payCurrency: string;
  payScale: number;
  name: string;
  chainName?: string;
  address?: string;
  bankName?: string;
  accountName?: string;
  accountNumber?: string;
  min: string;
  max: string | null;
  feeRate: string;
  rate: string;
}

export const SEED_CHANNELS: readonly SeedChannel[] = [
  {
    direction: 'recharge',
    method: 'chain',
    symbol: 'USDT',
    payCurrency: 'USDT',
    payScale: 6,
    name: 'USDT · TRC20',
    chainName: 'TRC20',
    address: 'TVjsyZ7fYF3qLF6BQgPmTEZy1xrNNyVAAA',
    min: '10',
    max: '100000',
    feeRate: '0',
    rate: '1',
  },
  {
    direction: 'recharge',
    method: 'chain',
    symbol: 'USDT',
    payCurrency: 'USDT',
    payScale: 6,
    name: 'USDT · ERC20',
    chainName: 'ERC20',
    address: '0x8fA3b1C2d4E5f60718293a4B5c6D7e8F9a0B1c2D',
    min: '20',
    max: '100000',
    feeRate: '0',
    rate: '1',
  },
  {
    direction: 'recharge',
    method: 'chain',
    symbol: 'BTC',
    payCurrency: 'BTC',
    payScale: 8,
    name: 'BTC · Bitcoin',
    chainName: 'Bitcoin',
    address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    min: '0.0005',
    max: '10',
    feeRate: '0',
    rate: '1',
  },
  {
    direction: 'recharge',
    method: 'chain',
    symbol: 'ETH',
    payCurrency: 'ETH',
    payScale: 8,
    name: 'ETH · ERC20',
    chainName: 'ERC20',
    address: '0x8fA3b1C2d4E5f60718293a4B5c6D7e8F9a0B1c2D',
    min: '0.01',
    max: '200',
    feeRate: '0',
    rate: '1',
  },
  {
    direction: 'recharge',
    method: 'bank',
    symbol: 'USDT',
    payCurrency: 'USD',
    payScale: 2,
    name: 'Bank transfer (USD)',
    bankName: 'Harbor Trust Bank',
    accountName: 'Vela Payments Ltd',
    accountNumber: '0048 2291 7730 15',
    min: '50',
    max: '50000',
    feeRate: '0.005',
    rate: '1',
  },
  {
    direction: 'recharge',
    method: 'zsk',
    symbol: 'USDT',
    payCurrency: 'USD',
    payScale: 2,
    name: 'Fast payment (ZSK)',
    accountName: 'Vela Payments',
    accountNumber: 'pay@vela.zsk',
    min: '10',
    max: '5000',
    feeRate: '0.003',
    rate: '1',
  },
  {
    direction: 'withdraw',
    method: 'chain',
    symbol: 'USDT',
    payCurrency: 'USDT',
    payScale: 6,
    name: 'USDT · TRC20',
    chainName: 'TRC20',
    min: '10',
    max: '50000',
    feeRate: '0.001',
    rate: '1',
  },
  {
    direction: 'withdraw',
    method: 'chain',
    symbol: 'BTC',
    payCurrency: 'BTC',
    payScale: 8,
    name: 'BTC · Bitcoin',
    chainName: 'Bitcoin',
    min: '0.001',
    max: '5',
    feeRate: '0.0005',
    rate: '1',
  },
  {
    direction: 'withdraw',
    method: 'bank',
    symbol: 'USDT',
    payCurrency: 'USD',
    payScale: 2,
    name: 'Bank card (USD)',
    min: '50',
    max: '20000',
    feeRate: '0.01',
    rate: '1',
  },
  {
    direction: 'withdraw',
    method: 'zsk',
    symbol: 'USDT',
    payCurrency: 'USD',
    payScale: 2,
    name: 'Fast payment (ZSK)',
    min: '10',
    max: '5000',
    feeRate: '0.005',
    rate: '1',
  },
];

/**
 * Inserts the channels once, inside the caller's seed transaction: a database that has any channel
 * keeps its own. A channel whose coin is not in the database is skipped.
 */
export async function seedFunding(db: Kysely<Database>, now: number): Promise<void> {
  if (await hasFundingChannels(db)) return;
  const idOf = await coinIdsBySymbol(
    db,
    SEED_CHANNELS.map((c) => c.symbol),
  );
  await insertFundingChannels(
    db,
    SEED_CHANNELS.flatMap((c, sort) => {
      const vcId = idOf.get(c.symbol);
      if (vcId === undefined) return [];
      return [
        {
          direction: c.direction,
          method: c.method,
          vc_id: vcId,
          pay_currency: c.payCurrency,
          pay_scale: c.payScale,
          name: c.name,
          chain_name: c.chainName ?? null,
          address: c.address ?? null,
          bank_name: c.bankName ?? null,
          account_name: c.accountName ?? null,
          account_number: c.accountNumber ?? null,
          min_amount: c.min,
          max_amount: c.max,
          fee_rate: c.feeRate,
          rate: c.rate,
          enabled: 1,
          sort,
          created_at: now,
        },
      ];
    }),
  );
}
