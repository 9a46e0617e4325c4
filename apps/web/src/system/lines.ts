import { z } from 'zod';

/**
 * Server lines (spec point 1): the list is a JSON resource whose address comes from the PORTAL
 * `linesUrl` setting. Each line is probed with the ping endpoint; the latency decides nothing by
 * itself, the user chooses.
 */
export const linesSchema = z.array(z.object({ name: z.string().min(1), url: z.string().url() }));
export type Line = z.infer<typeof linesSchema>[number];

export async function fetchLines(linesUrl: string): Promise<Line[]> {
  const response = await fetch(linesUrl, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`lines: HTTP ${response.status}`);
  return linesSchema.parse(await response.json());
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
