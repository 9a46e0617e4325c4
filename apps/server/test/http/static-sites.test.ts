import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openStorage, type Storage } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { seed } from '../../src/seed.ts';

/**
 * The product as started by README command 1 serves the built web and admin apps beside the API.
 * Registering them must not change how API errors are answered (it once did: routes loaded before the
 * error handler kept Fastify's default handler), and client-side routes fall back to index.html.
 */
/** The web app's page applies the saved theme with an inline script before its first paint. */
const THEME_SCRIPT = "document.documentElement.className = 'theme-light';";
/** The build names the brand's default catalogue (Korean) among the first screen's files. */
const CATALOGUE_LINK = '<link rel="modulepreload" crossorigin href="/assets/kr-1.js">';
let dir: string;
let storage: Storage;
let app: FastifyInstance;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vela-static-'));
  for (const site of ['web', 'admin']) {
    fs.mkdirSync(path.join(dir, site, 'assets'), { recursive: true });
    const script = site === 'web' ? `<script>${THEME_SCRIPT}</script>${CATALOGUE_LINK}` : '';
    fs.writeFileSync(
      path.join(dir, site, 'index.html'),
      `<!doctype html><title>${site}</title>${script}<script type="module" src="/assets/app-1a2b.js"></script>`,
    );
    if (site === 'web') {
      const catalogues = { kr: '/assets/kr-1.js', en: '/assets/en-1.js', 'zh-TW': '/assets/zh-TW-1.js' };
      fs.writeFileSync(path.join(dir, site, 'catalogues.json'), JSON.stringify(catalogues));
    }
    if (site === 'web') fs.writeFileSync(path.join(dir, site, 'trade.html'), `<title>trade</title>${script}`);
    fs.writeFileSync(path.join(dir, site, 'assets', 'app-1a2b.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dir, site, 'assets', 'app-1a2b.js.br'), 'brotli bytes');
  }
  const config = loadConfig({
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dir, 'web'),
    ADMIN_DIST: path.join(dir, 'admin'),
  });
  storage = openStorage({ sqlitePath: config.sqlitePath });
  await migrateToLatest(storage);
  await seed(storage.db);
  app = await buildApp({ config, storage, logger: false });
});

afterAll(async () => {
  await app.close();
  await storage.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('with the web and admin builds present', () => {
  it('answers a business failure in the envelope with its own status', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { lang: 'en' },
      payload: { username: 'demo01', password: '0'.repeat(64), deviceId: 'd', deviceType: 'H5' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      success: false,
      code: 'LOGIN_FAILED',
      message: 'Wrong username or password',
      data: null,
    });
  });

  it('answers a validation failure in the envelope', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/user/login', payload: { username: '1' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      data: { field: 'username' },
    });
  });

  it('serves index.html for client-side routes of each app, and assets with long caching', async () => {
    const web = await app.inject({ method: 'GET', url: '/currency', headers: { accept: 'text/html' } });
    expect(web.statusCode).toBe(200);
    expect(web.body).toContain('<title>web</title>');
    const admin = await app.inject({
      method: 'GET',
      url: '/admin/reviews',
      headers: { accept: 'text/html' },
    });
    expect(admin.body).toContain('<title>admin</title>');
    const asset = await app.inject({ method: 'GET', url: '/assets/app-1a2b.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('answers a route the build wrote its own HTML for with that file, and others with index.html', async () => {
    const html = (url: string) => app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect((await html('/trade?vcId=1')).body).toContain('<title>trade</title>');
    expect((await html('/home')).body).toContain('<title>web</title>');
    expect((await html('/trade/x')).body).toContain('<title>web</title>');
    expect((await html('/admin/trade')).body).toContain('<title>admin</title>');
  });

  it("names the catalogue of the visitor's first language in the page: host first, then the browser's", async () => {
    const html = async (headers: Record<string, string>, url = '/home') => {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });
      expect(response.headers.vary).toContain('accept-language');
      return response.body;
    };
    expect(await html({ 'accept-language': 'en-US,en;q=0.9' })).toContain('href="/assets/en-1.js"');
    expect(await html({ 'accept-language': 'en-US,en;q=0.9' }, '/')).toContain('href="/assets/en-1.js"');
    expect(await html({ 'accept-language': 'fr-FR' })).toContain('href="/assets/kr-1.js"');
    expect(await html({ 'accept-language': 'zh-Hant-HK' })).toContain('href="/assets/zh-TW-1.js"');
    expect(await html({ host: 'kr.vela.com', 'accept-language': 'en-US' })).toContain(
      'href="/assets/kr-1.js"',
    );
    expect(await html({ 'accept-language': 'es' })).toContain('href="/assets/kr-1.js"');
    const compressed = await app.inject({
      method: 'GET',
      url: '/home',
      headers: { accept: 'text/html', 'accept-language': 'en', 'accept-encoding': 'gzip' },
    });
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(compressed.rawPayload).toString()).toContain('href="/assets/en-1.js"');
  });

  it("allows the page's own inline script by its hash, and no other inline script", async () => {
    const page = await app.inject({ method: 'GET', url: '/home', headers: { accept: 'text/html' } });
    const scriptSrc = String(page.headers['content-security-policy'])
      .split(';')
      .find((directive) => directive.startsWith('script-src'));
    const hash = createHash('sha256').update(THEME_SCRIPT).digest('base64');
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${hash}'`);
  });

  it('sends the precompressed asset when the browser accepts it', async () => {
    const compressed = await app.inject({
      method: 'GET',
      url: '/assets/app-1a2b.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.body).toBe('brotli bytes');
    const plain = await app.inject({
      method: 'GET',
      url: '/assets/app-1a2b.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('keeps unknown API paths in the envelope instead of serving the app', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/nothing-here',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });
});
