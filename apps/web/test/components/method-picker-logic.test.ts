import { describe, expect, it } from 'vitest';
import type { BankCard, WalletAddress, ZskAccount } from '@vela/contract';
import { isPickedMethod, methodPicks, type BoundMethods } from '../../src/components/method-picker-logic.ts';

const CARD: BankCard = {
  id: 5,
  bankId: 1,
  bankName: 'KB Kookmin Bank',
  bankCountry: 'KR',
  cardNumberMasked: '**** 3456',
  name: 'Kim Minsu',
  branchAddress: 'Gangnam',
  branchCode: null,
  idCardNumberMasked: '**** 4567',
  cciMasked: null,
  katakana: null,
  zskId: null,
  createdAt: 1_700_000_000_000,
};
const ADDRESS = (id: number, vcId: number, chainName: string): WalletAddress => ({
  id,
  vcId,
  symbol: vcId === 1 ? 'USDT' : 'BTC',
  vcChainNameId: id + 100,
  chainName,
  vcAccount: `address-${id}`,
  remark: null,
  createdAt: 1_700_000_000_000,
});
const ZSK: ZskAccount = { id: 9, name: 'Chan Tai Man', zskId: '91234567', createdAt: 1_700_000_000_000 };

const BOUND: BoundMethods = {
  bankCards: [CARD],
  walletAddresses: [ADDRESS(1, 1, 'TRC20'), ADDRESS(2, 1, 'ERC20'), ADDRESS(3, 2, 'Bitcoin')],
  zskAccounts: [ZSK],
};

describe('method picker rows', () => {
  it('lists the bound methods of the open tab', () => {
    expect(methodPicks('BANK_CARD', BOUND, {})).toEqual([{ kind: 'BANK_CARD', id: 5, method: CARD }]);
    expect(methodPicks('ZSK_ACCOUNT', BOUND, {})).toEqual([{ kind: 'ZSK_ACCOUNT', id: 9, method: ZSK }]);
    expect(methodPicks('WALLET_ADDRESS', BOUND, {}).map((p) => p.id)).toEqual([1, 2, 3]);
  });

  it('offers only the addresses of the coin being withdrawn, and of its chain when given', () => {
    expect(methodPicks('WALLET_ADDRESS', BOUND, { vcId: 1 }).map((p) => p.id)).toEqual([1, 2]);
    expect(methodPicks('WALLET_ADDRESS', BOUND, { vcId: 1, chainName: 'ERC20' }).map((p) => p.id)).toEqual([
      2,
    ]);
    expect(methodPicks('WALLET_ADDRESS', BOUND, { vcId: 2, chainName: 'TRC20' })).toEqual([]);
  });

  it('has no rows for a kind not loaded yet', () => {
    const none: BoundMethods = { bankCards: undefined, walletAddresses: undefined, zskAccounts: undefined };
    expect(methodPicks('BANK_CARD', none, {})).toEqual([]);
    expect(methodPicks('WALLET_ADDRESS', none, { vcId: 1 })).toEqual([]);
    expect(methodPicks('ZSK_ACCOUNT', none, {})).toEqual([]);
  });
});

describe('the chosen method', () => {
  it('is the row of the same kind and id', () => {
    expect(isPickedMethod({ kind: 'BANK_CARD', id: 5 }, { kind: 'BANK_CARD', id: 5 })).toBe(true);
    expect(isPickedMethod({ kind: 'BANK_CARD', id: 5 }, { kind: 'ZSK_ACCOUNT', id: 5 })).toBe(false);
    expect(isPickedMethod({ kind: 'BANK_CARD', id: 5 }, { kind: 'BANK_CARD', id: 6 })).toBe(false);
    expect(isPickedMethod(null, { kind: 'BANK_CARD', id: 5 })).toBe(false);
  });
});
