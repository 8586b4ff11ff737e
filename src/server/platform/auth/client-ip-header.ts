import type { Context } from 'hono';
import { clientIp } from '../lib/client-ip';

/**
 * The header that carries the visitor's address into better-auth (sessions
 * record it; the rate-limit hook counts by it). Only the server sets it: any
 * copy arriving from outside is replaced.
 */
export const CLIENT_IP_HEADER = 'x-app-client-ip';

/** The request's headers, with CLIENT_IP_HEADER set from the socket (or the trusted proxy). */
export function headersWithClientIp(c: Context, trustProxy: boolean): Headers {
  const headers = new Headers(c.req.raw.headers);
  headers.set(CLIENT_IP_HEADER, clientIp(c, trustProxy));
  return headers;
}

export function clientIpFrom(headers: Headers | undefined | null): string | undefined {
  return headers?.get(CLIENT_IP_HEADER) ?? undefined;
}
