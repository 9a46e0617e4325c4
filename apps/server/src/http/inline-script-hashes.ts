import { createHash } from 'node:crypto';
import fs from 'node:fs';

/** A `<script>` without a `src`: its text is the script. */
const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi;

/**
 * The content-security-policy sources (`'sha256-…'`) of the inline scripts in the given HTML files.
 *
 * The policy allows scripts from our own origin only; an inline script runs when its hash is listed.
 * The web app's page applies the saved theme with one such script before its first paint: as a file
 * of its own it was a request that held the first paint for a round trip. The hashes are taken from
 * the built pages when the server starts, so the policy always matches the pages it serves. A file
 * that does not exist has no scripts.
 */
export function inlineScriptHashes(htmlFiles: readonly string[]): string[] {
  const hashes = new Set<string>();
  for (const file of htmlFiles) {
    if (!fs.existsSync(file)) continue;
    const html = fs.readFileSync(file, 'utf8');
    for (const match of html.matchAll(INLINE_SCRIPT)) {
      const text = match[1] ?? '';
      if (text.trim() === '') continue;
      hashes.add(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
    }
  }
  return [...hashes];
}
