import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISABLED_PATHS } from '../auth/create-auth';
import { startTestServer, type TestServer } from '../../test/harness';
import { registeredApiRoutes } from '../../test/registered-routes';

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
    const reply = (settings.get.responses?.['200'] as { content: { 'application/json': { schema: { properties: Record<string, unknown> } } } }).content[
      'application/json'
    ].schema;
    expect(Object.keys(reply.properties)).toContain('mortgageRateDefault');
    expect(Object.keys(settings.put.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '401', '403']));
  });

  it("documents the audit log's filters and page, its CSV export, and the dashboard's figures from their contracts", () => {
    type Operation = {
      parameters?: { name: string; in: string }[];
      responses: Record<string, { content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }>;
    };
    const list = document.paths['/api/admin/audit']?.get as unknown as Operation;
    expect(list.parameters?.filter((p) => p.in === 'query').map((p) => p.name)).toEqual(
      expect.arrayContaining(['page', 'entity', 'action', 'range', 'from', 'to']),
    );
    expect(Object.keys(list.responses['200']?.content?.['application/json']?.schema.properties ?? {})).toEqual(
      expect.arrayContaining(['items', 'total', 'totalCapped']),
    );
    const csv = document.paths['/api/admin/audit/export']?.get as unknown as Operation;
    expect(Object.keys(csv.responses['200']?.content ?? {})).toEqual(['text/csv']);
    const dashboard = document.paths['/api/admin/dashboard']?.get as unknown as Operation;
    expect(Object.keys(dashboard.responses['200']?.content?.['application/json']?.schema.properties ?? {})).toEqual(['counts', 'kpis', 'homes', 'recent']);
    expect(Object.keys(document.paths['/api/admin/ping']?.get?.responses ?? {})).toEqual(expect.arrayContaining(['200', '401', '403']));
  });

  it("documents the users' and the waitlist's filters, replies and errors from their contracts", () => {
    type Schema = { properties?: Record<string, Schema>; items?: Schema };
    type Operation = { parameters?: { name: string; in: string }[]; responses: Record<string, { content?: Record<string, { schema: Schema }> }> };
    const op = (path: string, method: string) => document.paths[path]?.[method] as unknown as Operation;
    const json = (operation: Operation, status: string) => operation.responses[status]?.content?.['application/json']?.schema;
    const queryOf = (operation: Operation) => operation.parameters?.filter((p) => p.in === 'query').map((p) => p.name);

    const users = op('/api/admin/users', 'get');
    expect(queryOf(users)).toEqual(expect.arrayContaining(['page', 'q', 'filter', 'sort', 'dir', 'from', 'to']));
    expect(Object.keys(json(users, '200')?.properties?.items?.items?.properties ?? {})).toEqual([
      'id',
      'createdAt',
      'firstName',
      'lastName',
      'email',
      'phone',
      'intendedState',
      'role',
      'labels',
    ]);
    expect(Object.keys(json(op('/api/admin/users', 'post'), '201')?.properties ?? {})).toContain('labels');
    expect(Object.keys(json(op('/api/admin/users/{id}', 'patch'), '200')?.properties ?? {})).toEqual(['id', 'role']);
    expect(Object.keys(op('/api/admin/users/{id}', 'delete').responses)).toEqual(expect.arrayContaining(['200', '404', '409']));
    expect(Object.keys(op('/api/admin/users/export', 'get').responses['200']?.content ?? {})).toEqual(['text/csv']);

    const waitlist = op('/api/admin/waitlist', 'get');
    expect(queryOf(waitlist)).toEqual(expect.arrayContaining(['page', 'q', 'interest', 'sort', 'dir', 'from', 'to']));
    expect(Object.keys(json(waitlist, '200')?.properties?.items?.items?.properties ?? {})).toEqual(
      expect.arrayContaining(['source', 'interestedIn', 'timeline']),
    );
    expect(Object.keys(json(op('/api/admin/waitlist/{id}', 'get'), '200')?.properties ?? {})).toEqual(
      expect.arrayContaining(['submissionCount', 'labels', 'receivedAt']),
    );
    expect(Object.keys(op('/api/admin/waitlist', 'post').responses)).toEqual(expect.arrayContaining(['201', '400', '409']));
    expect(Object.keys(op('/api/admin/waitlist/export', 'get').responses['200']?.content ?? {})).toEqual(['text/csv']);
  });

  it("documents the waitlist and the signed-in user's own routes from their contracts", () => {
    type Schema = { properties?: Record<string, Schema>; required?: string[] };
    type Operation = {
      security?: unknown[];
      requestBody?: { content: Record<string, { schema: Schema }> };
      responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
    };
    const op = (path: string, method: string) => document.paths[path]?.[method] as unknown as Operation;
    const reply = (operation: Operation, status: string) => operation.responses[status]?.content?.['application/json']?.schema;
    const body = (operation: Operation) => operation.requestBody?.content['application/json']?.schema;

    const waitlist = op('/api/waitlist', 'post');
    expect(waitlist.security).toEqual([]);
    expect(Object.keys(body(waitlist)?.properties ?? {})).toEqual(expect.arrayContaining(['firstName', 'email', 'contactConsent', 'timestamp', 'website']));
    expect(Object.keys(reply(waitlist, '200')?.properties ?? {})).toEqual(['status']);
    expect(Object.keys(waitlist.responses)).toEqual(expect.arrayContaining(['200', '400', '429']));

    expect(Object.keys(reply(op('/api/me', 'get'), '200')?.properties ?? {})).toEqual(
      expect.arrayContaining(['id', 'email', 'phone', 'role', 'rank', 'emailVerified', 'twoFactorEnabled', 'createdAt']),
    );
    expect(Object.keys(body(op('/api/me', 'patch'))?.properties ?? {})).toEqual(['firstName', 'lastName', 'phone']);
    const deleteMe = op('/api/me', 'delete');
    expect(Object.keys(reply(deleteMe, '200')?.properties ?? {})).toEqual(['ok']);
    expect(Object.keys(deleteMe.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '409', '429']));
    expect(Object.keys(reply(op('/api/me/status', 'get'), '200')?.properties ?? {})).toEqual(expect.arrayContaining(['dashboardStatus', 'application']));
    expect(Object.keys(op('/api/me/export', 'get').responses)).toEqual(expect.arrayContaining(['200', '401']));
    expect(Object.keys(reply(op('/api/me/email', 'post'), '202')?.properties ?? {})).toEqual(['email', 'emailVerified', 'pending']);
    expect(Object.keys(op('/api/me/email/confirm', 'post').responses)).toEqual(expect.arrayContaining(['200', '400', '409']));
  });
  it("documents the applications' and the letters' filters, replies and the letter upload's form from their contracts", () => {
    type Schema = { properties?: Record<string, Schema>; items?: Schema };
    type Operation = {
      parameters?: { name: string; in: string }[];
      requestBody?: { content: Record<string, { schema: Schema }> };
      responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
    };
    const op = (path: string, method: string) => document.paths[path]?.[method] as unknown as Operation;
    const json = (operation: Operation, status: string) => operation.responses[status]?.content?.['application/json']?.schema;
    const queryOf = (operation: Operation) => operation.parameters?.filter((p) => p.in === 'query').map((p) => p.name);

    const applications = op('/api/admin/applications', 'get');
    expect(queryOf(applications)).toEqual(expect.arrayContaining(['page', 'q', 'status', 'assigned', 'waiting', 'sort', 'dir', 'from', 'to']));
    expect(Object.keys(json(applications, '200')?.properties?.items?.items?.properties ?? {})).toEqual(
      expect.arrayContaining(['submittedAt', 'propertyValue', 'status', 'assignee', 'waitingSince', 'unread']),
    );
    const assign = op('/api/admin/applications/{id}/assignee', 'put');
    expect(Object.keys(assign.requestBody?.content['application/json']?.schema.properties ?? {})).toEqual(['assigneeId']);
    expect(Object.keys(assign.responses)).toEqual(expect.arrayContaining(['200', '400', '404']));
    expect(Object.keys(json(op('/api/admin/assignees', 'get'), '200')?.properties ?? {})).toEqual(['items']);
    expect(Object.keys(json(op('/api/admin/applications/{id}', 'get'), '200')?.properties ?? {})).toEqual(
      expect.arrayContaining(['personal', 'employment', 'financial', 'property', 'documents']),
    );
    expect(Object.keys(op('/api/admin/applications/{id}/status', 'patch').responses)).toEqual(expect.arrayContaining(['200', '400', '404', '409']));
    expect(Object.keys(op('/api/admin/applications/export', 'get').responses['200']?.content ?? {})).toEqual(['text/csv']);

    const letters = op('/api/admin/letters', 'get');
    expect(queryOf(letters)).toEqual(expect.arrayContaining(['page', 'q', 'status', 'sort', 'dir', 'from', 'to']));
    expect(Object.keys(json(letters, '200')?.properties?.items?.items?.properties ?? {})).toEqual(expect.arrayContaining(['hasPdf', 'moveInDate']));
    const upload = op('/api/admin/letters', 'post');
    expect(Object.keys(upload.requestBody?.content ?? {})).toEqual(['multipart/form-data']);
    expect(Object.keys(upload.requestBody?.content['multipart/form-data']?.schema.properties ?? {})).toEqual(
      expect.arrayContaining(['firstName', 'lastName', 'email', 'status']),
    );
    expect(Object.keys(json(upload, '201')?.properties ?? {})).toContain('hasPdf');
    expect(Object.keys(upload.responses)).toEqual(expect.arrayContaining(['201', '400', '413', '415']));
    expect(Object.keys(op('/api/admin/letters/{id}/pdf', 'get').responses['200']?.content ?? {})).toEqual(['application/pdf']);
    expect(Object.keys(json(op('/api/admin/letters/{id}', 'delete'), '200')?.properties ?? {})).toEqual(['ok']);
  });
  it("documents the user's application and documents from their contracts: replies, the upload's query and form, the download's types", () => {
    type Schema = { properties?: Record<string, Schema>; items?: Schema; type?: string | string[] };
    type Operation = {
      parameters?: { name: string; in: string; required?: boolean }[];
      requestBody?: { content: Record<string, { schema: Schema }> };
      responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
    };
    const op = (path: string, method: string) => document.paths[path]?.[method] as unknown as Operation;
    const json = (operation: Operation, status: string) => operation.responses[status]?.content?.['application/json']?.schema;

    const application = json(op('/api/application', 'get'), '200');
    expect(Object.keys(application?.properties ?? {})).toEqual(
      expect.arrayContaining(['id', 'status', 'editable', 'version', 'draft', 'sensitive', 'documents', 'requiredDocuments', 'missing', 'createdAt']),
    );
    expect(Object.keys(application?.properties?.documents?.items?.properties ?? {})).toEqual(
      expect.arrayContaining(['id', 'type', 'originalName', 'contentType', 'sizeBytes', 'createdAt', 'url']),
    );
    const save = op('/api/application', 'put');
    expect(Object.keys(save.requestBody?.content['application/json']?.schema.properties ?? {})).toEqual(
      expect.arrayContaining(['personal', 'employment', 'consents', 'version']),
    );
    expect(Object.keys(save.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '409', '413', '429']));
    expect(Object.keys(op('/api/application/submit', 'post').responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '409', '429']));

    const upload = op('/api/application/documents', 'post');
    expect(upload.parameters?.find((p) => p.in === 'query')).toMatchObject({ name: 'type', required: true });
    expect(Object.keys(upload.requestBody?.content ?? {})).toEqual(['multipart/form-data']);
    expect(Object.keys(json(upload, '201')?.properties ?? {})).toContain('url');
    expect(Object.keys(upload.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '413', '415', '429']));

    const download = op('/api/documents/{id}', 'get');
    expect(Object.keys(download.responses['200']?.content ?? {})).toEqual(['application/pdf', 'image/jpeg', 'image/png']);
    expect(Object.keys(download.responses)).toEqual(expect.arrayContaining(['401', '404']));
    expect(Object.keys(json(op('/api/documents/{id}', 'delete'), '200')?.properties ?? {})).toEqual(['ok']);
  });
});
