import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** Every answer carries the security headers, built once at start (http/security-headers.ts). */
describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('sends the content-security policy and the other helmet headers on every answer', async () => {
    for (let i = 0; i < 2; i += 1) {
      const answer = await t.app.inject({ method: 'POST', url: '/api/sys-config/simple-list', payload: {} });
      expect(answer.statusCode).toBe(200);
      const csp = String(answer.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-src 'self' https: http:");
      expect(csp).toContain("connect-src 'self' https: http: ws: wss:");
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['strict-transport-security']).toContain('max-age=');
      expect(answer.headers['cross-origin-embedder-policy']).toBeUndefined();
    }
  });
});
