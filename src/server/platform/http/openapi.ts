import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Env } from 'hono';
import { DISABLED_PATHS, type Auth } from '../auth/create-auth';

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
 * the endpoints this app disables (src/server/platform/auth/create-auth.ts).
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
 * The API's OpenAPI document (docs/decisions/017-route-contracts.md): every route declared in
 * src/domain/api, generated from its schemas, and better-auth's, from its plugin, with the one
 * error shape every route answers in. Built once per router.
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
  const generated = router.getOpenAPI31Document({ openapi: '3.1.0', info: { title: `${productName} API`, version: '1' } });
  const fromAuth = await authPaths(auth);
  const paths: Paths = { ...fromAuth.paths };
  for (const [path, operations] of Object.entries(generated.paths ?? {})) paths[path] = { ...paths[path], ...operations };
  return {
    ...generated,
    components: { ...generated.components, schemas: { ...fromAuth.schemas, ...generated.components?.schemas, Error: errorSchema } },
    paths,
  };
}
