import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRoute, type RouteContract } from '../../../domain/api/route';
import { AppError } from '../lib/errors';
import { createLogger } from '../lib/logger';
import type { AppEnv } from './context';
import { respondToError } from './error-response';
import { apiRouter, route } from './route';

/**
 * route() in tests: a route that answers one of its own error codes that its contract does
 * not declare fails loudly (docs/architecture.md 'Errors'); declared and common codes pass.
 */
const contract = (codes?: RouteContract['codes']) =>
  defineRoute({
    method: 'post',
    path: '/api/example',
    access: 'public',
    summary: 'An example',
    body: z.object({}),
    responses: { 200: { description: 'ok', schema: z.object({ ok: z.literal(true) }) } },
    ...(codes ? { codes } : {}),
  });

async function answerOf(declared: RouteContract['codes'], thrown: AppError) {
  const router = apiRouter<AppEnv>();
  router.onError((error, c) => respondToError(error, c, createLogger('silent')));
  route(router, contract(declared), () => {
    throw thrown;
  });
  const response = await router.request('/api/example', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  return { status: response.status, code: ((await response.json()) as { error: { code: string } }).error.code };
}

describe('error codes declared with their route', () => {
  it('passes a code the contract declares, and a common one', async () => {
    expect(await answerOf(['home_exists'], new AppError(409, 'home_exists', 'There is a home.'))).toEqual({ status: 409, code: 'home_exists' });
    expect(await answerOf(undefined, new AppError(404, 'not_found', 'Not found.'))).toEqual({ status: 404, code: 'not_found' });
  });

  it('fails a route that answers a code of its own it does not declare', async () => {
    expect(await answerOf(['home_closed'], new AppError(409, 'home_exists', 'There is a home.'))).toEqual({ status: 500, code: 'internal_error' });
    expect(await answerOf(undefined, new AppError(409, 'home_exists', 'There is a home.'))).toEqual({ status: 500, code: 'internal_error' });
  });
});
