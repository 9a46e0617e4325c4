import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * The client-side password pre-hash: three rounds of SHA-256 over a prefixed password (decision 004).
 *
 * The plain password never travels, not even over TLS, and never reaches server logs. The server
 * treats the pre-hash as the password and stores argon2id of it, so a stolen database still needs a
 * slow hash per guess. The domain prefix keeps our pre-hashes distinct from those of any other site
 * that might hash the same password the same way.
 */
const DOMAIN = 'vela/login/v1:';
const ROUNDS = 3;

export function preHashPassword(plain: string): string {
  let digest = sha256(utf8ToBytes(DOMAIN + plain));
  for (let round = 1; round < ROUNDS; round += 1) {
    digest = sha256(utf8ToBytes(DOMAIN + bytesToHex(digest)));
  }
  return bytesToHex(digest);
}
