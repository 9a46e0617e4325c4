/**
 * Server lines: the list is a JSON resource whose address comes from the PORTAL
 * `linesUrl` setting. Each line is probed with the ping endpoint; the latency decides nothing by
 * itself, the user chooses.
 */
export interface Line {
  name: string;
  url: string;
}

/**
 * Checks the list by hand (no zod in the first-load bundle): an array of `{ name, url }` with a
 * non-empty name and an absolute URL. Extra fields are dropped.
 */
export function parseLines(value: unknown): Line[] {
  if (!Array.isArray(value)) throw new Error('lines: expected an array');
  return value.map((item: unknown, index) => {
    const { name, url } = (item ?? {}) as { name?: unknown; url?: unknown };
    if (typeof name !== 'string' || name.length === 0) throw new Error(`lines[${index}].name: expected text`);
    if (typeof url !== 'string' || !isAbsoluteUrl(url))
      throw new Error(`lines[${index}].url: expected a URL`);
    return { name, url };
  });
}

export async function fetchLines(linesUrl: string): Promise<Line[]> {
  const response = await fetch(linesUrl, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`lines: HTTP ${response.status}`);
  return parseLines(await response.json());
}

function isAbsoluteUrl(text: string): boolean {
  try {
    new URL(text);
    return true;
  } catch {
    return false;
  }
}

/** Round-trip time of one ping in milliseconds, or null when the line does not answer in time. */
export async function probeLine(url: string, timeoutMs = 5000): Promise<number | null> {
  const started = performance.now();
  try {
    const response = await fetch(`${url.replace(/\/+$/, '')}/api/sys/ping`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) return null;
    await response.json();
    return Math.round(performance.now() - started);
  } catch {
    return null;
  }
}

/** The stored base URL of a line: '' for the origin the app came from, so relative calls keep working. */
export function lineBase(url: string, origin: string): string {
  const trimmed = url.replace(/\/+$/, '');
  return trimmed === origin ? '' : trimmed;
}
