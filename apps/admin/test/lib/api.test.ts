import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@vela/contract/routes';
import type { OperatorInfo } from '@vela/contract';
import { ApiError, call } from '../../src/lib/api.ts';
import { currentSession, endSession, startSession } from '../../src/lib/session.ts';

const operator = { id: 1, username: 'root', role: 'administrator' } as OperatorInfo;

function answerWith(envelope: unknown) {
  const fetchMock = vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) =>
      ({ ok: true, status: 200, json: async () => envelope }) as Response,
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  endSession(null);
});

describe("the console's client", () => {
  it('asks for English answers with the operator token, under /api on the same origin', async () => {
    startSession({ token: 'operator-token', operator });
    const fetchMock = answerWith({ success: true, code: 'OK', message: '', data: operator });

    await expect(call(routes.admin.operatorMe, {})).resolves.toEqual(operator);

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/admin/me');
    expect(init?.headers).toMatchObject({ lang: 'en', authorization: 'operator-token' });
  });

  it('ends the session with the server reason on a forced logout', async () => {
    startSession({ token: 'operator-token', operator });
    answerWith({
      success: false,
      code: 'SESSION_EXPIRED',
      message: 'Your session expired',
      data: null,
      forceLogout: true,
    });

    await expect(call(routes.admin.operatorMe, {})).rejects.toBeInstanceOf(ApiError);
    expect(currentSession()).toBeNull();
  });

  it('says in English that the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(call(routes.admin.operatorMe, {})).rejects.toThrow(
      'The server cannot be reached. Try again.',
    );
  });
});
