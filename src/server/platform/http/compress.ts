import { promisify } from 'node:util';
import { gzip as gzipCallback, gzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';

const gzipAsync = promisify(gzipCallback);

/**
 * Up to here a reply is gzipped on the main thread: node's async gzip costs about five
 * times the CPU of the compression itself (a stream, a thread-pool hand-off and back:
 * 240 µs against 45 µs for a 6 KB page of a list, measured on this machine), and a
 * list page blocks the loop for well under a millisecond. Larger replies (a user's
 * data export) go to the thread pool.
 */
const SYNC_GZIP_LIMIT = 64 * 1024;
const gzip = (body: Buffer) => (body.length <= SYNC_GZIP_LIMIT ? gzipSync(body) : gzipAsync(body));

/** Smaller replies are sent as they are: gzip would save little and cost a zlib stream per reply. */
export const COMPRESS_THRESHOLD = 1024;

/** Replies the app builds whole in memory (c.json, c.html): compressed in one call, not as a stream. */
const IN_MEMORY = /^\s*(?:application\/json|text\/html)(?:[;\s]|$)/i;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

/** Whether an Accept-Encoding header admits gzip (by name or `*`, with a q above 0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let named: boolean | undefined;
  let wildcard = false;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    const accepted = q === undefined || Number(q.slice(2)) > 0;
    if (name === 'gzip') named = accepted;
    else if (name === '*') wildcard = accepted;
  }
  return named ?? wildcard;
}

/**
 * The body of a reply made from a string, without reading it. @hono/node-server's
 * light Response keeps `[status, body, headers]` under a private symbol until
 * something reads the body; reading it through the web API (text(), arrayBuffer())
 * would build a full Response and a byte stream for every reply. Undefined when the
 * reply is not such a string (another Response class, a stream, bytes).
 */
let cacheKey: symbol | undefined;
function stringBodyOf(res: Response): string | undefined {
  cacheKey ??= Object.getOwnPropertySymbols(res).find((symbol) => symbol.description === 'cache');
  const cache: unknown = cacheKey === undefined ? undefined : (res as unknown as Record<symbol, unknown>)[cacheKey];
  return Array.isArray(cache) && typeof cache[1] === 'string' ? cache[1] : undefined;
}

/**
 * Response compression (docs/decisions/010-request-overhead.md).
 *
 * hono's compress() pipes every compressible reply through a CompressionStream,
 * tiny JSON included, and turns the node server's direct write of a string
 * body into a web stream: a measured third of a small API request's cost
 * (`npm run bench -- admin`, docs/decisions/010-request-overhead.md). Here the
 * JSON and HTML replies, which the app builds whole in memory as strings, are
 * measured without being read: under COMPRESS_THRESHOLD they go out untouched
 * (the node server writes them directly with a Content-Length), above it they
 * are gzipped in one zlib call (SYNC_GZIP_LIMIT). Streamed replies (CSV
 * exports) keep hono's streaming compression; files are precompressed.
 */
export function compressResponses(): MiddlewareHandler {
  const streaming = compress({ threshold: COMPRESS_THRESHOLD });
  return async (c, next) => {
    await next();
    const res = c.res;
    const type = res.headers.get('content-type') ?? '';
    // Everything else (streams, files) is hono's compress() as before, on the reply already made.
    if (!IN_MEMORY.test(type)) return streaming(c, async () => undefined);
    if (c.req.method === 'HEAD' || res.status === 204 || res.status === 206 || res.headers.has('content-encoding')) return;
    if (NO_TRANSFORM.test(res.headers.get('cache-control') ?? '')) return;
    const text = stringBodyOf(res);
    if (text !== undefined && Buffer.byteLength(text) < COMPRESS_THRESHOLD) return;
    const body = text === undefined ? Buffer.from(await res.arrayBuffer()) : Buffer.from(text);
    const headers = new Headers(res.headers);
    const vary = headers.get('vary');
    if (vary !== '*' && !/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary ?? '')) headers.set('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    let payload = body;
    if (body.length >= COMPRESS_THRESHOLD && acceptsGzip(c.req.header('accept-encoding'))) {
      payload = await gzip(body);
      headers.set('content-encoding', 'gzip');
      const etag = headers.get('etag');
      if (etag && !etag.startsWith('W/')) headers.set('etag', `W/${etag}`);
    }
    headers.set('content-length', String(payload.length));
    // Cleared first: hono's setter would otherwise rebuild the reply from the old one's body stream.
    c.res = undefined;
    c.res = new Response(payload, { status: res.status, statusText: res.statusText, headers });
  };
}
