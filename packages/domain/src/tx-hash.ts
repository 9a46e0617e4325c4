/**
 * The transaction hash (TxID) a crypto deposit names, checked against the network of its channel.
 * Operators look the transaction up on the chain before they credit it, so the hash has to be one
 * the network could have produced; and one transaction pays one deposit, so hashes are compared by
 * a key that ignores what the network ignores (the case of hex digits).
 *
 * - `hex64`: 64 hexadecimal characters, no prefix (Tron's TRC20, Bitcoin, Litecoin, Dogecoin, XRP).
 * - `hex64With0x`: "0x" and 64 hexadecimal characters (Ethereum's ERC20, BNB Chain's BEP20 and the
 *   other EVM networks).
 * - `base58Signature`: a Solana transaction signature, 87 or 88 base58 characters.
 * - `general`: a network with no rule of its own: 16 to 128 letters and digits.
 */
export const TX_HASH_RULES = ['hex64', 'hex64With0x', 'base58Signature', 'general'] as const;
export type TxHashRule = (typeof TX_HASH_RULES)[number];

/** Network names as channels spell them, in upper case, with the rule of their hashes. */
const NETWORK_RULES: Readonly<Record<string, TxHashRule>> = {
  TRC20: 'hex64',
  TRON: 'hex64',
  BITCOIN: 'hex64',
  BTC: 'hex64',
  LITECOIN: 'hex64',
  DOGECOIN: 'hex64',
  XRP: 'hex64',
  ERC20: 'hex64With0x',
  ETHEREUM: 'hex64With0x',
  BEP20: 'hex64With0x',
  BSC: 'hex64With0x',
  POLYGON: 'hex64With0x',
  ARBITRUM: 'hex64With0x',
  OPTIMISM: 'hex64With0x',
  AVAXC: 'hex64With0x',
  SOLANA: 'base58Signature',
  SPL: 'base58Signature',
};

/** The rule of a network's transaction hashes; a network without one of its own gets `general`. */
export function txHashRule(network: string): TxHashRule {
  return NETWORK_RULES[network.trim().toUpperCase()] ?? 'general';
}

const PATTERNS: Record<TxHashRule, RegExp> = {
  hex64: /^[0-9a-f]{64}$/i,
  hex64With0x: /^0x[0-9a-f]{64}$/i,
  base58Signature: /^[1-9A-HJ-NP-Za-km-z]{87,88}$/,
  general: /^[0-9A-Za-z]{16,128}$/,
};

export type TxHashCheck = { ok: true; key: string } | { ok: false; rule: TxHashRule };

/**
 * Checks a hash as typed (surrounding spaces ignored) against the network's rule. `key` is the hash
 * as it is stored and compared: hex in lower case, base58 and other hashes as typed.
 */
export function checkTxHash(network: string, text: string): TxHashCheck {
  const rule = txHashRule(network);
  const hash = text.trim();
  if (!PATTERNS[rule].test(hash)) return { ok: false, rule };
  const key = rule === 'hex64' || rule === 'hex64With0x' ? hash.toLowerCase() : hash;
  return { ok: true, key };
}
