import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints, endpoints } from '@vela/contract';
import {
  countRows,
  createTestApp,
  DEMO,
  expectFailure,
  expectLocalized,
  expectSuccess,
  loginBody,
  tr,
  type TestApp,
} from '../helpers/test-app.ts';

/** The answer envelope and the HTTP plumbing shared by every endpoint (decision 005). */
describe('API envelope', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers success in the envelope with a localized message', async () => {
    const result = await t.call(endpoints.system.ping, {}, { lang: 'kr' });
    const data = expectSuccess(result);
    expect(Object.keys(result.body).sort()).toEqual(['code', 'data', 'message', 'success']);
    expect(typeof data.serverTime).toBe('number');
    expect(Math.abs(data.serverTime - Date.now())).toBeLessThan(60_000);
    await expectLocalized(result.body.message, 'kr', 'error.OK');
  });

  it('answers an unknown path with NOT_FOUND in the envelope', async () => {
    const result = await t.post('/no/such/path', {});
    expectFailure(result, 'NOT_FOUND');
    expect(result.body.data).toBeNull();
    expect(result.body.message).toBe(await tr('en', 'error.NOT_FOUND', { path: '/api/no/such/path' }));

    const korean = await t.post('/no/such/path', {}, { lang: 'kr' });
    expectFailure(korean, 'NOT_FOUND');
    await expectLocalized(korean.body.message, 'kr', 'error.NOT_FOUND', { path: '/api/no/such/path' });
  });

  it('answers GET on a POST path with METHOD_NOT_ALLOWED', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/user/login', headers: { lang: 'ar' } });
    const body = JSON.parse(response.body);
    expect(response.statusCode).toBe(405);
    expect(body).toEqual({
      success: false,
      code: 'METHOD_NOT_ALLOWED',
      message: await tr('ar', 'error.METHOD_NOT_ALLOWED', { path: '/api/user/login' }),
      data: null,
    });
    expect(body.message).not.toBe(await tr('en', 'error.METHOD_NOT_ALLOWED', { path: '/api/user/login' }));
  });

  it('answers malformed JSON with BAD_REQUEST and creates no session', async () => {
    const sessionsBefore = await countRows(t.db, 'sessions');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: '{"username": "demo01", "password": ',
      headers: { 'content-type': 'application/json', lang: 'kr' },
    });
    const body = JSON.parse(response.body);
    expectFailure({ status: response.statusCode, body }, 'BAD_REQUEST');
    await expectLocalized(body.message, 'kr', 'error.BAD_REQUEST');
    expect(await countRows(t.db, 'sessions')).toBe(sessionsBefore);
  });

  // A body that is not a JSON object cannot name a field: it is a malformed request, not a form
  // with a wrong value. (Today the server answers VALIDATION_FAILED with data.field '' and the
  // BAD_REQUEST text; see the report.)
  it('answers a body that is not a JSON object (text, array, null, string) with BAD_REQUEST', async () => {
    const cases = [
      ['text/plain', 'hello'],
      ['application/json', '[]'],
      ['application/json', 'null'],
      ['application/json', '"text"'],
    ] as const;
    for (const [contentType, payload] of cases) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/sys-config/simple-list',
        payload,
        headers: { 'content-type': contentType, lang: 'kr' },
      });
      const body = JSON.parse(response.body);
      expectFailure({ status: response.statusCode, body }, 'BAD_REQUEST');
      await expectLocalized(body.message, 'kr', 'error.BAD_REQUEST');
      expect(body.data).toBeNull();
    }
  });

  it('answers a body over the size limit with PAYLOAD_TOO_LARGE', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sys-notice/list',
      payload: JSON.stringify({ languageCode: 'en', padding: 'x'.repeat(1_100_000) }),
      headers: { 'content-type': 'application/json', lang: 'ar' },
    });
    const body = JSON.parse(response.body);
    expectFailure({ status: response.statusCode, body }, 'PAYLOAD_TOO_LARGE');
    await expectLocalized(body.message, 'ar', 'error.PAYLOAD_TOO_LARGE');
  });

  it('refuses an unknown body field with VALIDATION_FAILED naming it', async () => {
    const result = await t.post('/sys-config/simple-list', { surprise: 1 }, { lang: 'kr' });
    expectFailure(result, 'VALIDATION_FAILED', { field: 'surprise' });
    expect(result.body.message).toContain('surprise');
    await expectLocalized(result.body.message, 'kr', 'validation.unknownField', { field: 'surprise' });
  });

  it('refuses an unknown field next to valid ones and changes nothing', async () => {
    const sessionsBefore = await countRows(t.db, 'sessions');
    const result = await t.post('/user/login', {
      ...loginBody(DEMO.user.username, DEMO.user.password),
      isAdmin: true,
    });
    expectFailure(result, 'VALIDATION_FAILED', { field: 'isAdmin' });
    expect(result.body.message).toContain('isAdmin');
    expect(await countRows(t.db, 'sessions')).toBe(sessionsBefore);
  });

  it('lists every invalid field in data.errors, the first one in data.field', async () => {
    const result = await t.post(
      '/user/register',
      { username: '1x', loginPwd: 'short', preLoginPwd: 'short', fundPwd: 'short', inviteCode: '12' },
      { lang: 'ar' },
    );
    expectFailure(result, 'VALIDATION_FAILED', { field: 'username' });
    const data = result.body.data as { errors: { field: string; message: string }[] };
    expect(data.errors.map((e) => e.field).sort()).toEqual([
      'fundPwd',
      'inviteCode',
      'loginPwd',
      'preLoginPwd',
      'username',
    ]);
    for (const problem of data.errors) expect(problem.message.length).toBeGreaterThan(0);
  });

  it('falls back to English for an unknown language header and honours Accept-Language', async () => {
    const unknown = await t.post('/no/where', {}, { lang: 'xx-YY' });
    expect(unknown.body.message).toBe(await tr('en', 'error.NOT_FOUND', { path: '/api/no/where' }));
    const accept = await t.post('/no/where', {}, { headers: { 'accept-language': 'ko-KR,ko;q=0.9' } });
    expect(accept.body.message).toBe(await tr('kr', 'error.NOT_FOUND', { path: '/api/no/where' }));
  });

  it('publishes an OpenAPI document with every contract path', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = JSON.parse(response.body) as {
      openapi: string;
      paths: Record<string, Record<string, { requestBody?: unknown; security?: unknown }>>;
    };
    expect(doc.openapi).toMatch(/^3\./);
    const contractPaths = allEndpoints().map((e) => `/api${e.path}`);
    expect(contractPaths.length).toBeGreaterThanOrEqual(19);
    for (const endpoint of allEndpoints()) {
      const operation = doc.paths[`/api${endpoint.path}`]?.post;
      expect(operation, endpoint.path).toBeDefined();
      if (endpoint.auth === 'user') expect(operation?.security, endpoint.path).toEqual([{ session: [] }]);
    }
    // Nothing undeclared is published as an API call either.
    const published = Object.keys(doc.paths).filter(
      (p) => p.startsWith('/api/') && !p.startsWith('/api/docs'),
    );
    expect(published.sort()).toEqual([...contractPaths].sort());
  });
});
