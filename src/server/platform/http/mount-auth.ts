import type { Context } from 'hono';
import type { AppEnv } from './context';
import type { ErrorBody } from '../lib/errors';
import { headersWithClientIp } from '../auth/client-ip-header';
import { watchForOutage } from '../auth/outage-watch';

const DEFAULT_MESSAGES: Record<number, string> = {
  400: 'The request could not be handled.',
  401: 'Please sign in to continue.',
  403: 'You do not have access to this.',
  404: 'Not found.',
  429: 'Too many attempts. Please wait and try again.',
};

/** better-auth's codes (INVALID_EMAIL_OR_PASSWORD) in the API's style (invalid_email_or_password). */
const toCode = (code: unknown, status: number) =>
  typeof code === 'string' && code !== '' ? code.toLowerCase() : status === 404 ? 'not_found' : status >= 500 ? 'internal_error' : 'http_error';

/** Rewrites a better-auth error reply into the API's one error shape, `{ error: { code, message, fields? } }`. */
async function reshapeError(response: Response): Promise<Response> {
  const text = await response.text();
  let body: { code?: unknown; message?: unknown; fields?: unknown } = {};
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    // not JSON: keep the defaults
  }
  const status = response.status;
  const error: ErrorBody['error'] = {
    code: toCode(body?.code, status),
    message:
      typeof body?.message === 'string' && body.message ? body.message : (DEFAULT_MESSAGES[status] ?? 'Something went wrong on our side. Please try again.'),
    ...(body?.fields && typeof body.fields === 'object' ? { fields: body.fields as Record<string, string> } : {}),
  };
  const headers = new Headers(response.headers);
  headers.set('content-type', 'application/json; charset=utf-8');
  headers.delete('content-length');
  return new Response(JSON.stringify({ error }), { status, headers });
}

/**
 * Hands `/api/auth/*` to better-auth with a copy of the request that carries the
 * visitor's address in CLIENT_IP_HEADER (set here, never taken from outside),
 * and answers its errors in the API's error shape.
 */
export async function handleAuthRequest(c: Context<AppEnv>): Promise<Response> {
  const { auth, config, logger } = c.var.deps;
  const request = new Request(c.req.raw, { headers: headersWithClientIp(c, config.TRUST_PROXY) });
  // Errors that are not better-auth's own answers are thrown on to the app's error handler (log-bridge.ts).
  const { value: response, outage } = await watchForOutage(() => auth.handler(request));
  // A database outage better-auth caught and answered as its own 500 or 4xx: thrown on, it is answered 503 (outage-watch.ts).
  if (outage && response.status >= 400) throw outage;
  if (response.status >= 500) logger.error({ source: 'better-auth', status: response.status, path: c.req.path, reqId: c.var.requestId }, 'auth request failed');
  return response.status >= 400 ? reshapeError(response) : response;
}
