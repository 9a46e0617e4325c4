import { vi } from 'vitest';

/** What a fake endpoint answers: data for a success, or a refusal as the server words it. */
export type FakeAnswer = { data: unknown } | { refusal: { code: string; message: string; field?: string } };

type Handler = (body: Record<string, unknown>) => FakeAnswer;

/**
 * Stands in for the server behind the console's client: each path under /api answers from its
 * handler, and every request's body is kept, so a test reads what the console sent.
 */
export function fakeServer(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input).replace(/^\/api/, '');
    const handler = handlers[path];
    if (!handler) throw new Error(`No fake answer for ${path}`);
    const answer = handler(JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>);
    const envelope =
      'data' in answer
        ? { success: true, code: 'OK', message: '', data: answer.data }
        : {
            success: false,
            code: answer.refusal.code,
            message: answer.refusal.message,
            data: answer.refusal.field ? { field: answer.refusal.field } : null,
          };
    return { ok: true, status: 200, json: async () => envelope } as Response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    /** The bodies sent to `path`, oldest first. */
    bodiesTo: (path: string) =>
      fetchMock.mock.calls
        .filter(([input]) => String(input) === `/api${path}`)
        .map(([, init]) => JSON.parse(String(init?.body ?? '{}')) as unknown),
  };
}
