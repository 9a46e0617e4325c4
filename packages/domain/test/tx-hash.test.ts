import { describe, expect, it } from 'vitest';
import { checkTxHash, txHashRule } from '../src/tx-hash.ts';

const hex = 'a'.repeat(32) + 'B'.repeat(32);

describe('transaction hashes per network', () => {
  it('names the rule of each network, whatever its case, and a general one for the others', () => {
    expect(txHashRule('TRC20')).toBe('hex64');
    expect(txHashRule('erc20')).toBe('hex64With0x');
    expect(txHashRule('BEP20')).toBe('hex64With0x');
    expect(txHashRule('Bitcoin')).toBe('hex64');
    expect(txHashRule('Solana')).toBe('base58Signature');
    expect(txHashRule('Omni')).toBe('general');
  });

  it('takes 64 hex characters on TRC20 and stores them in lower case', () => {
    expect(checkTxHash('TRC20', ` ${hex} `)).toEqual({ ok: true, key: hex.toLowerCase() });
    expect(checkTxHash('TRC20', `0x${hex}`)).toEqual({ ok: false, rule: 'hex64' });
    expect(checkTxHash('TRC20', hex.slice(1))).toEqual({ ok: false, rule: 'hex64' });
    expect(checkTxHash('TRC20', `${hex.slice(1)}g`)).toEqual({ ok: false, rule: 'hex64' });
  });

  it('takes 0x and 64 hex characters on ERC20 and BEP20', () => {
    expect(checkTxHash('ERC20', `0X${hex}`)).toEqual({ ok: true, key: `0x${hex.toLowerCase()}` });
    expect(checkTxHash('BEP20', `0x${hex}`)).toEqual({ ok: true, key: `0x${hex.toLowerCase()}` });
    expect(checkTxHash('ERC20', hex)).toEqual({ ok: false, rule: 'hex64With0x' });
  });

  it('keeps the case of a Solana signature, which base58 depends on', () => {
    const signature = '5'.repeat(44) + 'Ab'.repeat(22);
    expect(checkTxHash('Solana', signature)).toEqual({ ok: true, key: signature });
    expect(checkTxHash('Solana', `${signature.slice(1)}0`)).toEqual({ ok: false, rule: 'base58Signature' });
  });

  it('takes 16 to 128 letters and digits on a network without a rule', () => {
    expect(checkTxHash('Omni', 'abc123DEF4567890')).toEqual({ ok: true, key: 'abc123DEF4567890' });
    expect(checkTxHash('Omni', 'short')).toEqual({ ok: false, rule: 'general' });
    expect(checkTxHash('Omni', 'has space in it 123')).toEqual({ ok: false, rule: 'general' });
  });
});
