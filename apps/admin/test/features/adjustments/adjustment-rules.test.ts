import { describe, expect, it } from 'vitest';
import type { Chain, Coin } from '@vela/contract';
import {
  adjustedUser,
  adjustmentBody,
  adjustmentSummary,
  amountProblem,
  coinLabel,
  formFieldOf,
  reasonProblem,
  userPickerHint,
  walletCoinsOf,
} from '../../../src/features/adjustments/adjustment-rules.ts';

describe('walletCoinsOf', () => {
  it('takes the chains’ coins and adds enabled crypto coins, named', () => {
    const chains = [
      { id: 1, vcId: 10, symbol: 'USDT', chainName: 'TRC20' },
      { id: 2, vcId: 10, symbol: 'USDT', chainName: 'ERC20' },
    ] as Chain[];
    const coins = [
      { id: 20, symbol: 'BTC', name: 'Bitcoin', enabled: true, type: 1 },
      { id: 21, symbol: 'EUR', name: 'Euro', enabled: true, type: 2 },
      { id: 22, symbol: 'OLD', name: 'Old', enabled: false, type: 1 },
    ] as Coin[];
    expect(walletCoinsOf(chains, coins)).toEqual([
      { coinId: 10, symbol: 'USDT', name: null },
      { coinId: 20, symbol: 'BTC', name: 'Bitcoin' },
    ]);
  });

  it('labels a coin by symbol, with its name when that adds something', () => {
    expect(coinLabel({ coinId: 20, symbol: 'BTC', name: 'Bitcoin' })).toBe('BTC · Bitcoin');
    expect(coinLabel({ coinId: 10, symbol: 'USDT', name: 'USDT' })).toBe('USDT');
  });
});

describe('field checks', () => {
  it('accepts a signed amount other than zero', () => {
    expect(amountProblem('25.5')).toBeNull();
    expect(amountProblem('-25.5')).toBeNull();
    expect(amountProblem('')).toBeNull();
    expect(amountProblem('2,5')).toBe('A number such as 25.5 or -25.5');
    expect(amountProblem('-0.00')).toBe('Zero changes nothing');
  });

  it('wants a reason of at least 5 characters', () => {
    expect(reasonProblem(' typo ')).toBe('At least 5 characters');
    expect(reasonProblem('typo fixed')).toBeNull();
    expect(reasonProblem(undefined)).toBeNull();
  });

  it('says why the user picker lists nobody', () => {
    expect(userPickerHint('', false)).toBe('Type the start of a username or an id');
    expect(userPickerHint('a b', false)).toBe('Letters and digits only');
    expect(userPickerHint('ali', true)).toBe('Searching…');
    expect(userPickerHint('ali', false)).toBe('No user matches');
  });

  it('maps the server’s field names to the form’s', () => {
    expect(formFieldOf('vcId')).toBe('coinId');
    expect(formFieldOf('amount')).toBe('amount');
    expect(formFieldOf('somethingElse')).toBeNull();
    expect(formFieldOf(null)).toBeNull();
  });
});

describe('the adjustment', () => {
  const alice = { id: 7, username: 'alice' };

  it('summarizes a credit and a debit', () => {
    expect(adjustmentSummary('25.5', 'USDT', alice)).toEqual({
      debit: false,
      title: 'Credit 25.50 USDT to alice (#7)?',
      kind: 'credit',
      okText: 'Credit',
    });
    expect(adjustmentSummary('-3', 'BTC', alice)).toMatchObject({
      debit: true,
      title: 'Debit 3.00 BTC from alice (#7)?',
      okText: 'Debit',
    });
  });

  it('keeps the picked user only when the id still matches', () => {
    expect(adjustedUser(alice, 7)).toBe(alice);
    expect(adjustedUser(alice, 8)).toEqual({ id: 8, username: '' });
    expect(adjustedUser(null, 8)).toEqual({ id: 8, username: '' });
  });

  it('sends the coin as vcId, trimmed', () => {
    expect(adjustmentBody({ userId: 7, coinId: 10, amount: ' -5 ', reason: ' typo fixed ' })).toEqual({
      userId: 7,
      vcId: 10,
      amount: '-5',
      reason: 'typo fixed',
    });
  });
});
