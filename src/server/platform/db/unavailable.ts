import { AppError } from '../lib/errors';

/**
 * "The database is not reachable right now" — as opposed to a query it refused.
 * PostgreSQL restarting, failing over, or a connection cut shows up through
 * node-postgres as one of these (drizzle wraps each in a DrizzleQueryError whose
 * `cause` is the driver's error, so the whole cause chain is searched):
 * - a socket error of the connection: refused, reset, timed out, no route;
 * - SQLSTATE class 08 (connection exception), 57P01 admin_shutdown (the server
 *   stopping, or pg_terminate_backend), 57P02 crash_shutdown, 57P03
 *   cannot_connect_now (starting up or shutting down), 53300 too_many_connections;
 * - node-postgres's own messages for a connection that died mid-query, a client
 *   left unusable by one, or a pool that found no connection within its
 *   connectionTimeoutMillis.
 * A visitor is told to retry (503 with Retry-After), never "something went wrong" (500).
 */

/** Seconds a client is told to wait before retrying; the pool reconnects on the first request after the database is back. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const DRIVER_MESSAGES = [
  /^Connection terminated/, // 'Connection terminated unexpectedly', '… due to connection timeout'
  /^timeout exceeded when trying to connect$/,
  /is not queryable$/, // 'Client has encountered a connection error and is not queryable'
];

function isUnavailableCause(error: object): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  return typeof message === 'string' && DRIVER_MESSAGES.some((pattern) => pattern.test(message));
}

/** True when `error` (or what it wraps) says the database could not be reached, not that it refused the request. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0) {
    const current = pending.pop();
    if (!current || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    if (isUnavailableCause(current)) return true;
    pending.push((current as { cause?: unknown }).cause);
    // Node reports a refused connection to a name with several addresses (localhost: ::1 and 127.0.0.1) as an AggregateError.
    if (current instanceof AggregateError) pending.push(...current.errors);
  }
  return false;
}

/** The driver's code of the failure, for the log: a code says what happened without any of the statement's parameters. */
export function unavailableCode(error: unknown): string {
  for (let current = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    if (current instanceof AggregateError) return unavailableCode(current.errors[0]);
    if (!(current as { cause?: unknown }).cause) {
      const message = (current as { message?: unknown }).message;
      return typeof message === 'string' ? message.slice(0, 80) : 'unknown';
    }
  }
  return 'unknown';
}

/** The answer while the database is away: 503, a plain message, and when to try again. */
export const databaseUnavailableError = () =>
  new AppError(503, 'database_unavailable', 'We cannot reach our database right now. Please try again in a few seconds.', undefined, {
    'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS),
  });
