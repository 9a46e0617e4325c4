import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id of the client's pre-hash. Parameters follow OWASP's minimum for argon2id (19 MiB, two
 * passes, one lane): slow enough to make a stolen table expensive to attack, fast enough (~20 ms)
 * that login stays instant.
 */
const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(preHashed: string): Promise<string> {
  return hash(preHashed, OPTIONS);
}

export async function verifyPassword(storedHash: string, preHashed: string): Promise<boolean> {
  try {
    return await verify(storedHash, preHashed);
  } catch {
    return false;
  }
}

/**
 * A hash of a random value, checked against when the username does not exist, so that a failed
 * login takes the same time whether or not the account exists.
 */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(crypto.randomUUID());
  return decoyHash;
}
