import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISABLED_PATHS } from './auth/create-auth';
import { startTestServer, type TestServer } from './test/harness';
import { registeredApiRoutes } from './test/registered-routes';

type Document = { paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>; components: { schemas: Record<string, unknown> } };

describe('/api/openapi.json', () => {
  let app: TestServer;
  let document: Document;
  beforeAll(async () => {
    app = await startTestServer();
    const reply = await fetch(`${app.url}/api/openapi.json`);
    expect(reply.status).toBe(200);
    document = (await reply.json()) as Document;
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('describes every route the app registers', () => {
    const missing = registeredApiRoutes()
      .map((route) => ({ method: route.method.toLowerCase(), path: route.pattern.replace(/:([A-Za-z0-9_]+)/g, '{$1}') }))
      .filter(({ method, path }) => !document.paths[path]?.[method])
      .map(({ method, path }) => `${method.toUpperCase()} ${path}`);
    expect(missing).toEqual([]);
    for (const path of ['/api/health', '/api/openapi.json']) expect(document.paths[path]?.get, path).toBeDefined();
  });

  it("describes better-auth's endpoints from its own plugin, and none this app disables", () => {
    const authPaths = Object.keys(document.paths).filter((path) => path.startsWith('/api/auth/'));
    for (const path of ['/api/auth/sign-up/email', '/api/auth/sign-in/email', '/api/auth/two-factor/enable', '/api/auth/reset-password']) {
      expect(authPaths, path).toContain(path);
    }
    for (const path of DISABLED_PATHS) expect(authPaths).not.toContain(`/api/auth${path}`);
    for (const endpoint of Object.values(app.server.auth.api) as { path?: string; options?: { metadata?: { SERVER_ONLY?: boolean; isAction?: boolean } } }[]) {
      if (!endpoint.path || DISABLED_PATHS.includes(endpoint.path) || endpoint.options?.metadata?.SERVER_ONLY) continue;
      if (endpoint.options?.metadata?.isAction === false) continue;
      expect(authPaths, endpoint.path).toContain(`/api/auth${endpoint.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`);
    }
  });

  it('generates the declared routes from their schemas: the settings reply and body', () => {
    const settings = document.paths['/api/admin/settings'];
    const reply = (settings.get.responses?.['200'] as { content: { 'application/json': { schema: { properties: Record<string, unknown> } } } }).content['application/json'].schema;
    expect(Object.keys(reply.properties)).toContain('mortgageRateDefault');
    expect(Object.keys(settings.put.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '401', '403']));
  });
});
