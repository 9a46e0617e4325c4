import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSecurityHeaders } from '../../src/http/security-headers.ts';
import { loadConfig } from '../../src/config.ts';
import { setConfigValue } from '../../src/modules/system/system-repository.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** The content-security policy as directive -> sources. */
function policyOf(header: unknown): Map<string, string[]> {
  const directives = String(header)
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .filter((words) => words[0]);
  return new Map(directives.map(([name = '', ...sources]) => [name, sources]));
}

async function policyOfAnswer(t: TestApp): Promise<Map<string, string[]>> {
  const answer = await t.app.inject({ method: 'POST', url: '/api/sys-config/simple-list', payload: {} });
  expect(answer.statusCode).toBe(200);
  return policyOf(answer.headers['content-security-policy']);
}

/** Every answer carries the security headers, built once per configuration (http/security-headers.ts). */
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
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['strict-transport-security']).toContain('max-age=');
      expect(answer.headers['cross-origin-embedder-policy']).toBeUndefined();
    }
  });

  it('lets a single server with its own customer-service page reach nothing but itself', async () => {
    const policy = await policyOfAnswer(t);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('frame-src')).toEqual(["'self'"]);
    // Outside production, local banner images over plain http still show.
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'https:', 'http:']);
  });
});

describe('security headers in production with lines, an exchange stream and a hosted customer service', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      config: {
        NODE_ENV: 'production',
        SERVER_LINES: [
          { name: 'Seoul', url: 'https://seoul.vela.example/' },
          { name: 'Lab', url: 'http://10.0.0.7:8080' },
        ],
        EXCHANGE_STREAM_URL: 'wss://stream.exchange.example:9443',
      },
    });
    await setConfigValue(
      t.db,
      'PORTAL',
      'customerServiceUrl',
      'https://chat.support.example/widget?site=vela',
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it('names exactly this server, its lines with their sockets, the customer service and the stream', async () => {
    const policy = await policyOfAnswer(t);
    expect(policy.get('connect-src')).toEqual([
      "'self'",
      'https://seoul.vela.example',
      'wss://seoul.vela.example',
      'http://10.0.0.7:8080',
      'ws://10.0.0.7:8080',
      'https://chat.support.example',
      'wss://stream.exchange.example:9443',
    ]);
    expect(policy.get('frame-src')).toEqual(["'self'", 'https://chat.support.example']);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'https:']);
    for (const [name, sources] of policy) {
      expect(sources, name).not.toContain('*');
      expect(sources, name).not.toContain('http:');
    }
    for (const name of ['connect-src', 'frame-src']) {
      expect(policy.get(name), name).not.toContain('https:');
      expect(policy.get(name), name).not.toContain('ws:');
      expect(policy.get(name), name).not.toContain('wss:');
    }
  });
});

describe('the policy follows the configured customer-service address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('names a new address at the next request, and never a non-web one', async () => {
    const app = Fastify({ logger: false });
    registerSecurityHeaders(app, {
      db: t.db,
      production: true,
      serverLines: [],
      exchangeStreamUrl: undefined,
      scriptHashes: [],
      recheckMs: 0,
    });
    app.get('/', async () => 'ok');
    const frames = async () => policyOf((await app.inject({ url: '/' })).headers['content-security-policy']);
    try {
      expect((await frames()).get('frame-src')).toEqual(["'self'"]);
      await setConfigValue(t.db, 'PORTAL', 'customerServiceUrl', 'https://help.example.org/chat');
      expect((await frames()).get('frame-src')).toEqual(["'self'", 'https://help.example.org']);
      expect((await frames()).get('connect-src')).toEqual(["'self'", 'https://help.example.org']);
      await setConfigValue(t.db, 'PORTAL', 'customerServiceUrl', 'javascript:alert(1)');
      expect((await frames()).get('frame-src')).toEqual(["'self'"]);
      await setConfigValue(t.db, 'PORTAL', 'customerServiceUrl', '/customer-service.html');
      expect((await frames()).get('connect-src')).toEqual(["'self'"]);
    } finally {
      await app.close();
    }
  });

  it('refuses a server line that is not an http or https address at start', () => {
    const load = (serverLines: string) => () => loadConfig({ SERVER_LINES: serverLines });
    expect(load('[{"name":"x","url":"ftp://files.example"}]')).toThrow(/SERVER_LINES/);
    expect(load('not json')).toThrow(/SERVER_LINES/);
    expect(load('[{"name":"Seoul","url":"https://seoul.vela.example"}]')).not.toThrow();
  });
});
