import { createHash } from 'node:crypto';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { base58, base58xrp, bech32, bech32m, createBase58check, type BytesCoder } from '@scure/base';

/**
 * Address formats of the chains users withdraw to. Each chain row names its format; an address is
 * accepted only when it decodes under that format with a valid checksum, so a typo (one wrong
 * character) is caught here instead of sending coins nowhere.
 *
 * The answer's `key` is the address as the chain compares addresses: hex (EVM) and bech32 addresses
 * do not depend on case, so they are folded to lower case; base58 addresses do, so they stay as
 * typed. Duplicates are found by key.
 */
export const ADDRESS_FORMATS = [
  'EVM',
  'TRON',
  'BITCOIN',
  'LITECOIN',
  'DOGECOIN',
  'SOLANA',
  'XRP',
  'CARDANO',
] as const;
export type AddressFormat = (typeof ADDRESS_FORMATS)[number];

export type AddressCheck = { ok: true; key: string } | { ok: false };

const sha256 = (data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest());
const base58check = createBase58check(sha256);
/** XRP uses its own alphabet with the same double-SHA-256 checksum. */
const xrpCheck: BytesCoder = {
  encode: (data) => base58xrp.encode(appendChecksum(data)),
  decode: (text) => stripChecksum(base58xrp.decode(text)),
};

function appendChecksum(data: Uint8Array): Uint8Array {
  const sum = sha256(sha256(data)).subarray(0, 4);
  const out = new Uint8Array(data.length + 4);
  out.set(data);
  out.set(sum, data.length);
  return out;
}

function stripChecksum(data: Uint8Array): Uint8Array {
  if (data.length < 5) throw new Error('too short');
  const payload = data.subarray(0, -4);
  const expected = sha256(sha256(payload)).subarray(0, 4);
  if (!expected.every((byte, i) => byte === data[data.length - 4 + i])) throw new Error('bad checksum');
  return payload;
}

/** A base58check payload of 21 bytes (version + 20-byte hash) with one of the allowed versions. */
function versionedHash(coder: BytesCoder, address: string, versions: readonly number[]): boolean {
  try {
    const payload = coder.decode(address);
    return payload.length === 21 && versions.includes(payload[0] ?? -1);
  } catch {
    return false;
  }
}

/**
 * A segwit address (BIP 173 and 350): version 0 uses bech32 with a 20- or 32-byte program, versions
 * 1 to 16 use bech32m with 2 to 40 bytes (taproot: version 1, 32 bytes).
 */
function segwit(address: string, hrp: string): boolean {
  const lower = address.toLowerCase();
  // Mixed case is invalid in bech32.
  if (address !== lower && address !== address.toUpperCase()) return false;
  if (!lower.startsWith(`${hrp}1`)) return false;
  for (const coder of [bech32, bech32m]) {
    try {
      const { prefix, words } = coder.decode(lower as `${string}1${string}`);
      if (prefix !== hrp || words.length === 0) continue;
      const version = words[0] ?? -1;
      const program = coder.fromWords(words.slice(1));
      if (version === 0 && coder === bech32 && (program.length === 20 || program.length === 32)) return true;
      if (version >= 1 && version <= 16 && coder === bech32m && program.length >= 2 && program.length <= 40)
        return true;
    } catch {
      // Not this encoding; try the other one.
    }
  }
  return false;
}

/** EIP-55: a mixed-case hex address carries a checksum in the case of its letters. */
function evm(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const hex = address.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  const hash = keccak_256(new TextEncoder().encode(hex.toLowerCase()));
  for (let i = 0; i < 40; i += 1) {
    const char = hex.charAt(i);
    if (!/[a-fA-F]/.test(char)) continue;
    const nibble = ((hash[i >> 1] ?? 0) >> (i % 2 === 0 ? 4 : 0)) & 0x0f;
    if (nibble >= 8 !== (char === char.toUpperCase())) return false;
  }
  return true;
}

/** Cardano Shelley addresses: bech32 with the "addr" prefix, longer than bech32's usual 90 characters. */
function cardano(address: string): boolean {
  if (!/^addr1[02-9ac-hj-np-z]+$/.test(address)) return false;
  try {
    const { prefix, words } = bech32.decode(address as `${string}1${string}`, 1023);
    const bytes = bech32.fromWords(words);
    return prefix === 'addr' && bytes.length >= 29;
  } catch {
    return false;
  }
}

function solana(address: string): boolean {
  if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(address)) return false;
  try {
    return base58.decode(address).length === 32;
  } catch {
    return false;
  }
}

const CHECKS: Record<AddressFormat, (address: string) => AddressCheck> = {
  EVM: (a) => (evm(a) ? { ok: true, key: a.toLowerCase() } : { ok: false }),
  // Tron: base58check of 0x41 and a 20-byte hash, which always starts with "T".
  TRON: (a) => (versionedHash(base58check, a, [0x41]) ? { ok: true, key: a } : { ok: false }),
  BITCOIN: (a) =>
    versionedHash(base58check, a, [0x00, 0x05])
      ? { ok: true, key: a }
      : segwit(a, 'bc')
        ? { ok: true, key: a.toLowerCase() }
        : { ok: false },
  LITECOIN: (a) =>
    versionedHash(base58check, a, [0x30, 0x32, 0x05])
      ? { ok: true, key: a }
      : segwit(a, 'ltc')
        ? { ok: true, key: a.toLowerCase() }
        : { ok: false },
  DOGECOIN: (a) => (versionedHash(base58check, a, [0x1e, 0x16]) ? { ok: true, key: a } : { ok: false }),
  SOLANA: (a) => (solana(a) ? { ok: true, key: a } : { ok: false }),
  // XRP Ledger classic addresses: version 0 in XRP's alphabet, which always starts with "r".
  XRP: (a) => (versionedHash(xrpCheck, a, [0x00]) ? { ok: true, key: a } : { ok: false }),
  CARDANO: (a) => (cardano(a) ? { ok: true, key: a } : { ok: false }),
};

export function isAddressFormat(value: string): value is AddressFormat {
  return (ADDRESS_FORMATS as readonly string[]).includes(value);
}

/** Checks an address (already trimmed) against a chain's format. An unknown format accepts nothing. */
export function checkAddress(format: string, address: string): AddressCheck {
  if (!isAddressFormat(format) || address.length === 0 || address.length > 128) return { ok: false };
  return CHECKS[format](address);
}
