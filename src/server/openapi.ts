import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Env } from 'hono';
import { DISABLED_PATHS, type Auth } from './auth/create-auth';

const errorSchema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string' },
        message: { type: 'string' },
        fields: { type: 'object', additionalProperties: { type: 'string' } },
      },
    },
  },
};

type Paths = Record<string, Record<string, unknown>>;

/**
 * better-auth's endpoints as its OpenAPI plugin describes them, under `/api/auth`, without
 * the endpoints this app disables (src/server/auth/create-auth.ts).
 */
async function authPaths(auth: Auth): Promise<{ paths: Paths; schemas: Record<string, unknown> }> {
  const document = (await auth.api.generateOpenAPISchema()) as unknown as { paths: Paths; components?: { schemas?: Record<string, unknown> } };
  const paths: Paths = {};
  for (const [path, operations] of Object.entries(document.paths)) {
    if (DISABLED_PATHS.includes(path)) continue;
    paths[`/api/auth${path}`] = operations;
  }
  return { paths, schemas: document.components?.schemas ?? {} };
}

const documents = new WeakMap<object, Promise<object>>();

/**
 * The API's OpenAPI document (docs/decisions/017-route-contracts.md): the routes declared in
 * src/domain/api, generated from their schemas; better-auth's, from its plugin; and the
 * routes not yet declared there, from the hand-written tables this replaces. Built once.
 */
export function openApiDocument<E extends Env>(router: OpenAPIHono<E>, auth: Auth, productName: string): Promise<object> {
  let document = documents.get(router);
  if (!document) {
    document = buildDocument(router, auth, productName);
    document.catch(() => documents.delete(router));
    documents.set(router, document);
  }
  return document;
}

async function buildDocument<E extends Env>(router: OpenAPIHono<E>, auth: Auth, productName: string) {
  const legacy = legacyDocument(productName);
  const generated = router.getOpenAPI31Document({ openapi: '3.1.0', info: { title: `${productName} API`, version: '1' } });
  const fromAuth = await authPaths(auth);
  const paths: Paths = { ...fromAuth.paths };
  for (const [path, operations] of Object.entries(legacy.paths)) if (!path.startsWith('/api/auth/')) paths[path] = operations;
  for (const [path, operations] of Object.entries(generated.paths ?? {})) paths[path] = { ...paths[path], ...operations };
  return {
    ...legacy,
    components: { ...legacy.components, schemas: { ...fromAuth.schemas, ...generated.components?.schemas, ...legacy.components.schemas } },
    paths,
  };
}

/** The hand-written part, for the routes not yet declared in src/domain/api. */
function legacyDocument(productName: string) {
  return {
    openapi: '3.1.0',
    info: { title: `${productName} API`, version: '1' },
    components: {
      schemas: {
        Error: errorSchema,
      },
    },
    paths: {} as Paths,
  };
}
