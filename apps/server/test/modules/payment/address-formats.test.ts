import { describe, expect, it } from 'vitest';
import { ADDRESS_FORMATS, checkAddress } from '../../../src/modules/payment/address-formats.ts';
import { SEED_CHAINS } from '../../../src/modules/payment/payment-seed.ts';

/**
 * Known addresses: the Bitcoin genesis address, the BIP 173/350 and EIP-55 examples, Tether's TRON
 * contract, Solana's USDC mint and wrapped SOL, and well-known XRP and Dogecoin addresses. Each
 * invalid case differs from a valid one by one character, its length or its format.
 */
const CASES: [format: string, address: string, valid: boolean][] = [
  ['BITCOIN', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', true],
  ['BITCOIN', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb', false],
  ['BITCOIN', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', true],
  ['BITCOIN', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', true],
  ['BITCOIN', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', true],
  ['BITCOIN', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', false],
  ['BITCOIN', 'bc1Qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', false],
  ['BITCOIN', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0', true],
  ['BITCOIN', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', false],
  ['EVM', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', true],
  ['EVM', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359', true],
  ['EVM', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', false],
  ['EVM', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed', true],
  ['EVM', '0X5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED', false],
  ['EVM', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1bea', false],
  ['TRON', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', true],
  ['TRON', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u', false],
  ['TRON', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', false],
  ['SOLANA', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', true],
  ['SOLANA', 'So11111111111111111111111111111111111111112', true],
  // Solana keys carry no checksum: only the alphabet and the 32-byte length can be checked.
  ['SOLANA', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt10', false],
  ['SOLANA', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1vv', false],
  ['XRP', 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh', true],
  ['XRP', 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTi', false],
  ['DOGECOIN', 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L', true],
  ['DOGECOIN', 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7M', false],
  ['LITECOIN', 'ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9', true],
  ['LITECOIN', 'LVuDpNCSSj6pQ7t9Pv6d6sUkLKoqDEVUnJ', true],
  ['LITECOIN', 'LVuDpNCSSj6pQ7t9Pv6d6sUkLKoqDEVUnK', false],
  [
    'CARDANO',
    'addr1qx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer3n0d3vllmyqwsx5wktcd8cc3sq835lu7drv2xwl2wywfgse35a3x',
    true,
  ],
  [
    'CARDANO',
    'addr1qx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer3n0d3vllmyqwsx5wktcd8cc3sq835lu7drv2xwl2wywfgse35a3y',
    false,
  ],
  ['UNKNOWN', 'anything', false],
  ['EVM', '', false],
];

describe('address formats', () => {
  it.each(CASES)('%s %s is valid: %s', (format, address, valid) => {
    expect(checkAddress(format, address).ok).toBe(valid);
  });

  it('compares hex and bech32 addresses without case, base58 ones with it', () => {
    expect(checkAddress('EVM', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toEqual({
      ok: true,
      key: '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed',
    });
    expect(checkAddress('BITCOIN', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4')).toEqual({
      ok: true,
      key: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    });
    expect(checkAddress('TRON', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toEqual({
      ok: true,
      key: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    });
  });

  it('has a validator for every seeded chain', () => {
    for (const chain of SEED_CHAINS) expect(ADDRESS_FORMATS).toContain(chain.format);
  });
});
