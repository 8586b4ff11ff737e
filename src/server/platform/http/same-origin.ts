import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './context';
import { AppError } from '../lib/errors';

/** Methods that never change state; everything else must come from our own pages. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface SameOriginOptions {
  /** APP_URL: the one origin the web app is served from. */
  appUrl: string;
  /** TRUSTED_ORIGINS: further origins allowed to call the API (e.g. a separate admin host). */
  trustedOrigins?: readonly string[];
  /**
   * Paths no route contract declares (better-auth's `/api/auth/*`): their body's type is checked here.
   * A declared route checks it itself after its guard (route.ts routeMiddleware), so a caller below
   * its access gets 401/403 whatever it sends.
   */
  checksBodyTypeOf?: (path: string) => boolean;
  /**
   * RFC 8058 one-click unsubscribe URLs: a mail client POSTs `List-Unsubscribe=One-Click` to them from no page
   * of ours, so a POST there passes without our origin — with a form body or none, never JSON. The route
   * carries no ambient authority (it reads no cookie; a sealed token in the URL names what it changes), which
   * is what the origin check protects.
   */
  oneClickPaths?: ReadonlySet<string>;
  /**
   * A provider's signed webhooks (the payment processor's): a server, not a browser, POSTs them, with no
   * Origin. They carry no ambient authority (no cookie is read); the route checks the body's signature
   * before anything else, and its JSON type like every declared route.
   */
  signedPaths?: ReadonlySet<string>;
  /** Told once per refused origin (no more than 20): a misconfigured APP_URL shows in the log at the first refused form. */
  onRefusedOrigin?: (refused: { origin: string; expected: string }) => void;
}

const ONE_CLICK_TYPES = new Set(['', 'application/x-www-form-urlencoded', 'multipart/form-data']);

/** The origin of a URL string, or undefined when it is not an http(s) URL (`null`, garbage, `file:`…). */
export function originOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** The media type of a Content-Type header without its parameters, lower-cased. */
const mediaType = (header: string | undefined) => header?.split(';')[0].trim().toLowerCase() ?? '';

/** Whether the request carries a body (a declared non-zero length, or a chunked one). */
function hasBody(length: string | undefined, transferEncoding: string | undefined): boolean {
  if (transferEncoding) return true;
  return length !== undefined && length.trim() !== '0';
}

/**
 * The one cross-site request check of the API (SECURITY.md 'Cross-site requests'): every
 * state-changing request must name our own origin in `Origin` — or, when a browser sent
 * none, in `Referer` — and a body must be JSON (the uploads: multipart; a declared route checks
 * that after its guard, requireBodyType below). SameSite=Lax
 * cookies stop other sites but not a page on the same site (another port, a sibling
 * subdomain), and `text/plain` is a body a form on any page can send without a preflight.
 * Mounted once on `/api`, so every route the router registers, better-auth's included,
 * passes it (src/server/platform/http/same-origin.test.ts enumerates them).
 */
export function sameOriginOnly({
  appUrl,
  trustedOrigins = [],
  checksBodyTypeOf = () => true,
  oneClickPaths = new Set(),
  signedPaths = new Set(),
  onRefusedOrigin,
}: SameOriginOptions): MiddlewareHandler<AppEnv> {
  const allowed = new Set([originOf(appUrl), ...trustedOrigins.map(originOf)].filter((o): o is string => o !== undefined));
  const expected = originOf(appUrl) ?? appUrl;
  const told = new Set<string>();
  const refuse = (source: string | undefined) => {
    const origin = source ?? 'none';
    if (onRefusedOrigin && !told.has(origin) && told.size < 20) {
      told.add(origin);
      onRefusedOrigin({ origin, expected });
    }
    // What to set, for whoever runs the server; a forged request learns nothing it did not know.
    return new AppError(
      403,
      'cross_origin_refused',
      `This request did not come from our own pages (${expected}). Reload the page and try again; if you run this server, open it at APP_URL or set APP_URL (or TRUSTED_ORIGINS) to the address you open.`,
    );
  };
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    if (c.req.method === 'POST' && oneClickPaths.has(c.req.path)) {
      if (!ONE_CLICK_TYPES.has(mediaType(c.req.header('content-type')))) {
        throw new AppError(415, 'unsupported_media_type', 'Send this request as application/x-www-form-urlencoded.');
      }
      return next();
    }
    if (c.req.method === 'POST' && signedPaths.has(c.req.path)) return next();
    const origin = c.req.header('origin');
    // `Origin: null` (sandboxed frames, some redirects) is never ours and does not fall back to Referer.
    const source = origin !== undefined ? originOf(origin) : originOf(c.req.header('referer'));
    if (!source || !allowed.has(source)) throw refuse(source);
    if (checksBodyTypeOf(c.req.path)) assertBodyType(c, 'application/json');
    return next();
  };
}

/**
 * Personal and admin answers must never be kept by a browser or a proxy cache: every API
 * reply is `Cache-Control: no-store` unless its route chose otherwise (the downloads say
 * `private, no-store` themselves).
 */
export const noStoreByDefault: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (c.res.headers.has('cache-control')) return;
  try {
    c.res.headers.set('Cache-Control', 'no-store');
  } catch {
    // A response with immutable headers (a fetched Response passed through): copy it.
    const headers = new Headers(c.res.headers);
    headers.set('Cache-Control', 'no-store');
    c.res = new Response(c.res.body, { status: c.res.status, statusText: c.res.statusText, headers });
  }
};

type BodyType = 'application/json' | 'multipart/form-data';

/** 415 unless a body (or a Content-Type) there is has type `expected`; a request without either passes. */
function assertBodyType(c: Context, expected: BodyType): void {
  const type = c.req.header('content-type');
  if (type === undefined && !hasBody(c.req.header('content-length'), c.req.header('transfer-encoding'))) return;
  if (mediaType(type) !== expected) throw new AppError(415, 'unsupported_media_type', `Send this request as ${expected}.`);
}

/**
 * The body type of a state-changing request to a declared route: JSON, or multipart for a streamed
 * upload. `text/plain` is a body a form on any page can send without a preflight; with the origin
 * check above, a forged request never reaches a route. Run by route() after the route's guard.
 */
export function requireBodyType(expected: BodyType): MiddlewareHandler {
  return async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method)) assertBodyType(c, expected);
    await next();
  };
}
