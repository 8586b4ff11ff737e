import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test/harness';

/** A stand-in for the Vite build: an index.html template and one hashed asset. */
function writeStaticDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ownstead-static-'));
  // Over 1 KB, so that the page is worth compressing.
  const filler = '<p>Co-own your home.</p>'.repeat(60);
  writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>x</title><meta name="description" content=""><script type="module" src="/assets/index-Bx3k9Q.js"></script></head><body><div id="root"></div>${filler}</body></html>`,
  );
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'assets', 'index-Bx3k9Q.js'), 'console.log("app");\n');
  // The pre-rendered landing page's script (vite.config.ts): with it, `/` is served without the app.
  writeFileSync(path.join(dir, 'assets', 'static-menu-Mn7Q2x.js'), 'console.log("menu");\n');
  // The script that loads the app after the first paint on the other pages the server draws (ADR 025).
  writeFileSync(path.join(dir, 'assets', 'page-boot-Pb4Tq1.js'), 'console.log("boot");\n');
  return dir;
}

/** GET with node:http, so that the raw (possibly gzipped) bytes are seen as sent. */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

async function get(url: string, init: RequestInit = {}) {
  const response = await fetch(url, { redirect: 'manual', ...init });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const descriptionOf = (html: string) => /<meta name="description" content="([^"]*)"/.exec(html)?.[1];

describe('the app over HTTP', () => {
  let staticDir: string;
  let app: TestServer;

  beforeAll(async () => {
    staticDir = writeStaticDir();
    app = await startTestServer({ STATIC_DIR: staticDir });
  });
  afterAll(async () => {
    await app?.stop();
    if (staticDir) rmSync(staticDir, { recursive: true, force: true });
  });

  it('reports itself healthy with its database', async () => {
    const { status, text } = await get(`${app.url}/api/health`);
    expect(status).toBe(200);
    expect(JSON.parse(text)).toEqual({ status: 'ok', database: 'ok' });
  });

  it('answers an unknown API path with a JSON 404 in the error shape', async () => {
    const { status, headers, text } = await get(`${app.url}/api/no-such-thing`);
    expect(status).toBe(404);
    expect(headers.get('content-type')).toMatch(/application\/json/);
    expect(JSON.parse(text)).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
  });

  it('serves a known page with its own title, description and client configuration', async () => {
    const { status, headers, text } = await get(`${app.url}/waitlist`);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/text\/html/);
    expect(titleOf(text)).toBe('Join Our Waitlist | Ownstead');
    expect(descriptionOf(text)).toMatch(/waitlist/i);
    const config = /<script type="application\/json" id="app-config">([^<]*)<\/script>/.exec(text)?.[1];
    expect(config).toBeDefined();
    expect(JSON.parse(config!)).toMatchObject({ brand: { name: 'Ownstead' } });
    expect(text).toContain('Join Our Waitlist!</h1>');
  });

  it('serves the landing page pre-rendered with the menu script and without the app, the other public pages drawn with the app after their first paint', async () => {
    const { status, text } = await get(`${app.url}/`);
    expect(status).toBe(200);
    expect(titleOf(text)).toBe('Own Your Home Affordably and Flexibly | Ownstead');
    expect(text).not.toContain('<div id="root"></div>');
    const root = text.slice(text.indexOf('<div id="root">'));
    expect(root).toContain('Own Your Home Affordably and Flexibly</h1>');
    expect(root).toContain('Disclosures</h2>');
    expect(root).toContain('href="/waitlist"');
    expect(root).toContain('id="mobile-menu" hidden=""');
    expect(text).toContain('<script type="module" src="/assets/static-menu-Mn7Q2x.js"></script>');
    expect(text).not.toContain('index-Bx3k9Q.js');
    // Every other page is the app: the public pages drawn by the server for the app to hydrate, the app loaded after
    // their first paint by the page-boot script (ADR 025); the signed-in pages empty, the app loaded at once.
    const boot = '<script src="/assets/page-boot-Pb4Tq1.js" data-entry="/assets/index-Bx3k9Q.js" data-preload="" defer></script>';
    const waitlist = await get(`${app.url}/waitlist`);
    expect(waitlist.text).toContain(boot);
    expect(waitlist.text).not.toContain('type="module"');
    expect(waitlist.text).not.toContain('static-menu');
    expect(waitlist.text).toMatch(/<div id="root"><[\s\S]*Join Our Waitlist!<\/h1>[\s\S]*<fieldset disabled="" data-hydrating=""/);
    const privacy = await get(`${app.url}/privacy-policy`);
    expect(privacy.text).toContain(boot);
    expect(privacy.text).toMatch(/<div id="root"><[\s\S]*Privacy Policy<\/h1>/);
    const dashboard = await get(`${app.url}/dashboard`);
    expect(dashboard.text).toContain('<script type="module" src="/assets/index-Bx3k9Q.js"></script>');
    expect(dashboard.text).not.toContain('page-boot');
    expect(dashboard.text).toContain('<div id="root"></div>');
  });

  it('answers an unknown page with 404 HTML titled Page Not Found', async () => {
    const { status, headers, text } = await get(`${app.url}/no-such-page`);
    expect(status).toBe(404);
    expect(headers.get('content-type')).toMatch(/text\/html/);
    expect(titleOf(text)).toBe('Page Not Found | Ownstead');
    expect(text).toContain('id="app-config"');
    expect(text.slice(text.indexOf('<div id="root">'))).toContain('Oops! Page not found</h1>');
  });

  it('redirects /privacy permanently to /privacy-policy', async () => {
    const { status, headers } = await get(`${app.url}/privacy`);
    expect(status).toBe(301);
    expect(headers.get('location')).toBe('/privacy-policy');
  });

  it.each(['/waitlist', '/api/health'])('sends the security headers on %s', async (pathname) => {
    const { headers } = await get(`${app.url}${pathname}`);
    const csp = headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('lets browsers cache a hashed asset for a year', async () => {
    const { status, headers, text } = await get(`${app.url}/assets/index-Bx3k9Q.js`);
    expect(status).toBe(200);
    expect(text).toContain('console.log("app")');
    expect(headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('answers a missing asset with 404 rather than the page', async () => {
    const { status, text } = await get(`${app.url}/assets/index-Old123.js`);
    expect(status).toBe(404);
    expect(text).not.toContain('<html');
  });

  it.each([
    ['an HTML page', '/waitlist', /text\/html/],
    ['a JSON document', '/api/openapi.json', /application\/json/],
  ])('compresses %s for a client that accepts gzip', async (_label, pathname, type) => {
    const reply = await rawGet(`${app.url}${pathname}`, { 'accept-encoding': 'gzip' });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toMatch(type);
    expect(reply.headers['content-encoding']).toBe('gzip');
    const plain = gunzipSync(reply.body).toString('utf8');
    expect(plain.length).toBeGreaterThan(1024);
    expect(reply.body.length).toBeLessThan(plain.length);
  });

  it('sends a small JSON reply as it is, with its length, and a large one plain to a client without gzip', async () => {
    const small = await rawGet(`${app.url}/api/health`, { 'accept-encoding': 'gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(Number(small.headers['content-length'])).toBe(small.body.length);
    expect(JSON.parse(small.body.toString('utf8'))).toEqual({ status: 'ok', database: 'ok' });
    const plain = await rawGet(`${app.url}/api/openapi.json`, { 'accept-encoding': 'identity, gzip;q=0' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(plain.body.toString('utf8')).openapi).toMatch(/^3\./);
  });

  it('keeps the security headers and the status on a compressed reply', async () => {
    const reply = await rawGet(`${app.url}/no-such-page`, { 'accept-encoding': 'gzip' });
    expect(reply.status).toBe(404);
    expect(reply.headers['content-encoding']).toBe('gzip');
    expect(reply.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(titleOf(gunzipSync(reply.body).toString('utf8'))).toBe('Page Not Found | Ownstead');
  });

  it('describes the API in an OpenAPI document', async () => {
    const { status, text } = await get(`${app.url}/api/openapi.json`);
    expect(status).toBe(200);
    const document = JSON.parse(text);
    expect(document.openapi).toMatch(/^3\./);
    expect(document.paths['/api/waitlist']).toHaveProperty('post');
    expect(document.paths['/api/application']).toHaveProperty('put');
    expect(document.paths['/api/application/documents']).toHaveProperty('post');
    expect(document.paths['/api/documents/{id}']).toHaveProperty('delete');
    expect(Object.keys(document.paths['/api/me'])).toEqual(['get', 'patch', 'delete']);
    // The draft's body is generated from its schema, down to the last field.
    const resolve = (schema: { $ref?: string }) => (schema.$ref ? document.components.schemas[schema.$ref.split('/').pop()!] : schema);
    const draft = resolve(document.paths['/api/application'].put.requestBody.content['application/json'].schema);
    expect(resolve(draft.properties.personal).properties).toHaveProperty('ssnLast4');
  });
});

describe('the pre-rendered landing page with the operator brand settings', () => {
  it('shows the contact address and coin-site link the server is configured with', async () => {
    const staticDir = writeStaticDir();
    const app = await startTestServer({ STATIC_DIR: staticDir, CONTACT_EMAIL: 'team@operator.example', COIN_SITE_URL: 'https://coin.operator.example/' });
    try {
      const { text } = await get(`${app.url}/`);
      expect(text).toContain('href="mailto:team@operator.example"');
      expect(text).toContain('href="https://coin.operator.example/"');
      expect(text).not.toContain('hello@ownstead.example');
    } finally {
      await app.stop();
      rmSync(staticDir, { recursive: true, force: true });
    }
  });
});
