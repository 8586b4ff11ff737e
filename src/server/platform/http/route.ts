import { createRoute, OpenAPIHono, type RouteConfig } from '@hono/zod-openapi';
import type { Context, Env, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { isCommonErrorCode } from '../../../domain/api/error-codes';
import type { Access, ReplyBody, RouteContract, SuccessStatus } from '../../../domain/api/route';
import { ROLE_RANK } from '../../../domain/roles';
import { AppError, validationError } from '../lib/errors';
import { requireRole, requireUser } from './guards';
import { refuseUnsafeUrlText } from './safe-request';
import { requireBodyType } from './same-origin';

/**
 * Registers the routes declared in src/domain/api (docs/decisions/017-route-contracts.md):
 * the router validates the path parameters, the query and the JSON body with the
 * contract's schemas before the handler runs (400 `validation_failed` with field
 * messages; a path parameter that fits no record is 404), and the OpenAPI document
 * is generated from the same contracts.
 */

/** What a handler receives: its inputs, already validated and converted by their schemas. */
export interface RouteArgs<C extends RouteContract> {
  params: C['params'] extends z.ZodType ? z.output<C['params']> : Record<string, never>;
  query: C['query'] extends z.ZodType ? z.output<C['query']> : Record<string, never>;
  body: C['body'] extends z.ZodType ? z.output<C['body']> : undefined;
}

/**
 * A handler answers its contract's success body (sent as JSON with the success status)
 * or a Response of its own (a file, a CSV stream). The compiler checks the body against
 * the response schema; in tests the server checks it at run time too.
 */
export type RouteHandler<C extends RouteContract, E extends Env> = (
  c: Context<E>,
  args: RouteArgs<C>,
) => Promise<ReplyBody<C> | Response> | ReplyBody<C> | Response;

/** The API's routers: validation failures answer in the API's one error shape. */
export function apiRouter<E extends Env>() {
  return new OpenAPIHono<E>({
    defaultHook: (result) => {
      if (result.success) return;
      // A malformed id names no record: the same 404 as an id that does not exist.
      if (result.target === 'param') throw new AppError(404, 'not_found', 'Not found.');
      throw validationError(result.error);
    },
  });
}

const errorContent = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } as const;

const ERROR_TEXT: Record<number, string> = {
  400: 'A value is missing or invalid; `fields` names each one',
  401: 'Not signed in',
  403: 'Signed in without the rights this needs (admins: two-factor at sign-in), or a cross-site request',
  404: 'No such record',
  409: 'Conflicts with the current state',
  413: 'Too large',
  415: 'Wrong content type',
  422: 'Not allowed in this state',
  429: 'Too many requests; `Retry-After` says when to try again',
  503: 'The database is unavailable; `Retry-After` says when to try again',
};

/** The error statuses a route can answer, from its access and inputs plus what it declares. */
export function errorStatuses(contract: RouteContract): number[] {
  const statuses = new Set<number>(contract.errors ?? []);
  if (contract.params) statuses.add(404);
  if (contract.query || contract.body || contract.form) statuses.add(400);
  if (contract.access !== 'public') statuses.add(401);
  if (contract.access === 'admin' || contract.access === 'homeowner' || contract.method !== 'get') statuses.add(403);
  statuses.add(503);
  return [...statuses].sort();
}

/** The contract as @hono/zod-openapi's route config (the document's view of it). */
export function routeConfigOf(contract: RouteContract, { withForm = false } = {}): RouteConfig {
  const responses: RouteConfig['responses'] = {};
  for (const [status, reply] of Object.entries(contract.responses)) {
    if (!reply) continue;
    const types = typeof reply.contentType === 'object' ? reply.contentType : [reply.contentType ?? 'application/json'];
    const file = { schema: { type: 'string', format: 'binary' } } as const;
    responses[status] = reply.schema
      ? { description: reply.description, content: { [types[0]]: { schema: reply.schema } } }
      : {
          description: reply.description,
          ...(types[0] === 'application/json' ? {} : { content: Object.fromEntries(types.map((type) => [type, file])) }),
        };
  }
  for (const status of errorStatuses(contract)) responses[status] = { description: ERROR_TEXT[status] ?? 'Error', content: errorContent };
  const request: NonNullable<RouteConfig['request']> = {};
  if (contract.params) request.params = contract.params;
  if (contract.query) request.query = contract.query as NonNullable<RouteConfig['request']>['query'];
  if (contract.body) request.body = { required: true, content: { 'application/json': { schema: contract.body } } };
  if (contract.form && withForm) {
    request.body = {
      required: true,
      content: { 'multipart/form-data': { schema: contract.form.extend({}).meta({ description: 'The fields, and the file in a `file` part' }) } },
    };
  }
  return createRoute({
    method: contract.method,
    path: contract.path,
    summary: contract.summary,
    tags: [contract.path.split('/')[2] === 'admin' ? `admin/${contract.path.split('/')[3]}` : contract.path.split('/')[2]],
    ...(contract.access === 'public' ? { security: [] } : {}),
    request,
    responses,
  });
}

/**
 * The guard each access names (src/domain/api/route.ts `Access`), the one place access is
 * enforced: a signed-in session for `user`; the homeowner rank for `homeowner` (an admin passes
 * too, and the route answers 404 `no_home` when they have no home; below it, 403 `no_home`); for `admin`, the admin rank and a session that
 * passed two-factor (guards.ts roleRefusal).
 */
const GUARDS: Record<Access, MiddlewareHandler | undefined> = {
  public: undefined,
  user: requireUser as unknown as MiddlewareHandler,
  homeowner: requireRole(ROLE_RANK.homeowner) as unknown as MiddlewareHandler,
  admin: requireRole(ROLE_RANK.admin) as unknown as MiddlewareHandler,
};

/** The body-type checks, made once: every route takes JSON but the streamed uploads (a contract's `form`). */
const JSON_BODY = requireBodyType('application/json');
const MULTIPART_BODY = requireBodyType('multipart/form-data');

/**
 * What runs before a route's inputs are read, in this order: the guard its access names (401/403
 * before anything else, so a caller below the route's access learns nothing of its inputs), no
 * NUL or lone surrogate in the URL (safe-request.ts), the body's type (JSON, or multipart for a
 * streamed upload: 415 otherwise), the route's own `before` (a rate limit that counts refused
 * bodies too), then the JSON body's parse.
 */
export function routeMiddleware(contract: RouteContract, before: readonly MiddlewareHandler[] = []): MiddlewareHandler[] {
  const guard = GUARDS[contract.access];
  return [
    ...(guard ? [guard] : []),
    refuseUnsafeUrlText,
    // The one-click route's form body was checked with its origin (same-origin.ts oneClickPaths).
    ...(contract.oneClick ? [] : [contract.form ? MULTIPART_BODY : JSON_BODY]),
    ...before,
    ...(contract.body ? [jsonBodyFirst] : []),
  ];
}

/**
 * A body that is not JSON (or none where one is declared) answers the API's `invalid_json`,
 * as before route contracts, rather than the validator's bare 400. Read once: the
 * validator then reads the same parsed body.
 */
const jsonBodyFirst: MiddlewareHandler = async (c, next) => {
  try {
    await c.req.json();
  } catch {
    throw new AppError(400, 'invalid_json', 'The request body must be valid JSON.');
  }
  await next();
};

/**
 * In tests, a route that answers an error code of its own that its contract does not declare
 * (`codes`, src/domain/api/error-codes.ts) fails loudly: the web compares the declared union.
 */
async function withDeclaredCodes<T>(contract: RouteContract, work: () => Promise<T> | T): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError && !isCommonErrorCode(error.code) && !contract.codes?.includes(error.code)) {
      throw new Error(`${contract.method.toUpperCase()} ${contract.path} answered ${error.code}, which its contract does not declare in \`codes\``, {
        cause: error,
      });
    }
    throw error;
  }
}

/**
 * Registers `contract` on `router` with `handler`. A streamed multipart route is
 * registered without a body validator (which would buffer the upload) and documented
 * with its form separately.
 */
export function route<C extends RouteContract, E extends Env>(
  router: OpenAPIHono<E>,
  contract: C,
  handler: RouteHandler<C, E>,
  { before = [] }: { before?: readonly MiddlewareHandler<E>[] } = {},
): void {
  const success = (contract.responses[201] ? 201 : contract.responses[202] ? 202 : 200) as SuccessStatus<C>;
  const reply = contract.responses[success];
  const checkReplies = process.env.NODE_ENV === 'test' && reply?.schema;
  const checkCodes = process.env.NODE_ENV === 'test';
  const run = async (c: Context<E>) => {
    const valid = c.req as unknown as { valid(target: string): unknown };
    const args = {
      params: contract.params ? valid.valid('param') : {},
      query: contract.query ? valid.valid('query') : {},
      body: contract.body ? valid.valid('json') : undefined,
    } as RouteArgs<C>;
    const result = checkCodes ? await withDeclaredCodes(contract, () => handler(c, args)) : await handler(c, args);
    if (result instanceof Response) return result;
    if (checkReplies) {
      // Tests catch a reply that drifted from its declared shape (the client's types come from it).
      const parsed = reply.schema!.safeParse(result);
      if (!parsed.success) throw new Error(`${contract.method.toUpperCase()} ${contract.path} answered outside its schema: ${parsed.error.message}`);
    }
    return c.json(result as object, success);
  };
  const config = { ...routeConfigOf(contract), middleware: routeMiddleware(contract, before as readonly MiddlewareHandler[]) };
  if (contract.form) {
    router.openapi({ ...config, hide: true }, run as never);
    router.openAPIRegistry.registerPath(routeConfigOf(contract, { withForm: true }));
  } else {
    router.openapi(config, run as never);
  }
}
