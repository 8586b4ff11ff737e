import { gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { acceptsGzip, compressResponses } from './compress';

describe('acceptsGzip', () => {
  it.each([
    ['gzip, deflate, br', true],
    ['br;q=1.0, gzip;q=0.8', true],
    ['*', true],
    ['identity', false],
    ['gzip;q=0', false],
    ['gzip;q=0.0, *', false],
    ['*;q=0', false],
    ['deflate, *;q=0.5', true],
    ['', false],
    [undefined, false],
  ])('%s → %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});

describe('compressResponses', () => {
  const app = new Hono();
  app.use(compressResponses());
  const items = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i, name: `Applicant ${i}`, email: `applicant.${i}@example.com` }));
  app.get('/small', (c) => c.json({ ok: true }));
  app.get('/page', (c) => c.json({ items: items(50) }));
  app.get('/export', (c) => c.json({ items: items(5_000) }));

  it.each([
    ['a list page, gzipped on the main thread', '/page', 50],
    ['a large reply, gzipped in the thread pool', '/export', 5_000],
  ])('%s', async (_label, path, n) => {
    const reply = await app.request(path, { headers: { 'accept-encoding': 'gzip' } });
    expect(reply.headers.get('content-encoding')).toBe('gzip');
    expect(reply.headers.get('vary')).toMatch(/accept-encoding/i);
    const body = Buffer.from(await reply.arrayBuffer());
    expect(Number(reply.headers.get('content-length'))).toBe(body.length);
    const plain = gunzipSync(body).toString('utf8');
    expect(JSON.parse(plain).items).toHaveLength(n);
    expect(body.length).toBeLessThan(plain.length);
  });

  it('sends a small reply and one for a client without gzip as they are', async () => {
    const small = await app.request('/small', { headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.json()).toEqual({ ok: true });
    const plain = await app.request('/export', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect((await plain.json()).items).toHaveLength(5_000);
  });
});
