import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

/**
 * Drives one POST route with autocannon (100 connections by default) and reports throughput and the
 * 99th-percentile latency. Load only ever targets loopback.
 */
export async function load(
  url: string,
  body: unknown,
  options: {
    connections?: number;
    seconds?: number;
    headers?: Record<string, string>;
    /** Headers made afresh for every request (an idempotency key, say). */
    headersPerRequest?: () => Record<string, string>;
    /**
     * Fixed headers that successive requests of each connection take in turn (a `lang` per request,
     * say). Prepared once, so unlike `headersPerRequest` they cost the load generator nothing.
     */
    headersInTurn?: Record<string, string>[];
  } = {},
): Promise<LoadResult> {
  if (!/^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?\//.test(url))
    throw new Error(`Refusing to load a non-loopback address: ${url}`);
  const result = await autocannon({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json', ...options.headers },
    body: JSON.stringify(body),
    connections: options.connections ?? 100,
    duration: options.seconds ?? 8,
    ...(options.headersInTurn
      ? {
          requests: options.headersInTurn.map((headers) => ({
            headers: { 'content-type': 'application/json', ...options.headers, ...headers },
          })),
        }
      : {}),
    ...(options.headersPerRequest
      ? {
          requests: [
            {
              setupRequest: (request: autocannon.Request) => ({
                ...request,
                headers: { ...request.headers, ...options.headersPerRequest?.() },
              }),
            },
          ],
        }
      : {}),
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}
