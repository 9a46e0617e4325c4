/**
 * 32 hex digits from the browser's random source, in the server's accepted shape (16 to 64 of
 * [A-Za-z0-9_-]). `crypto.randomUUID` would do the same but exists only in secure contexts, and a
 * page may be opened over plain http inside an office network.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
