import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from './context';
import { databaseUnavailableError, isDatabaseUnavailable, unavailableCode } from '../db/unavailable';
import { AppError } from '../lib/errors';
import type { Logger } from '../lib/logger';

/**
 * The app's one error answer: an AppError as its status and `{ error: { code, message, fields? } }`,
 * hono's own HTTP errors in the same shape, a database outage as 503 with Retry-After, anything
 * else as a 500 that names nothing (its facts go to the log through src/server/platform/lib/error-facts.ts).
 */
export function respondToError(error: Error, c: Context<AppEnv>, logger: Logger): Response {
  if (error instanceof AppError) {
    for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
    return c.json(error.toBody(), error.status);
  }
  if (error instanceof HTTPException) {
    const status = error.status;
    const code = status === 413 ? 'payload_too_large' : 'http_error';
    const message = status === 413 ? 'That request is too large.' : error.message || 'The request could not be handled.';
    return c.json({ error: { code, message } }, status);
  }
  if (isDatabaseUnavailable(error)) {
    // An outage, not a bug: answer "retry" (src/server/platform/db/unavailable.ts) and log the driver's code alone.
    logger.warn({ code: unavailableCode(error), reqId: c.var.requestId, path: c.req.path }, 'database unavailable');
    const unavailable = databaseUnavailableError();
    for (const [name, value] of Object.entries(unavailable.headers ?? {})) c.header(name, value);
    return c.json(unavailable.toBody(), 503);
  }
  logger.error({ err: error, reqId: c.var.requestId, path: c.req.path }, 'unhandled error');
  return c.json({ error: { code: 'internal_error', message: 'Something went wrong on our side. Please try again.' } }, 500);
}
