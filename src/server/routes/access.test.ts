import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Access, RouteContract } from '../../domain/api/route';
import { signedInWithRole } from '../test/admin-client';
import { AUTH_TEST_ENV, TestBrowser } from '../test/auth-client';
import { startTestServer, type HttpReply, type TestServer } from '../test/harness';
import { registeredApiRoutes, routeKey } from '../test/registered-routes';

/**
 * Access comes from the contract (src/domain/api): route() puts the guard its `access` names
 * before anything reads the request (src/server/platform/http/route.ts). Generated from every
 * declared contract, so a route added later is covered without anyone listing it: each is called
 * by every caller below its access, with inputs a validator would refuse, and must answer
 * 401/403 and nothing else.
 */
const modules = import.meta.glob<Record<string, unknown>>(['../../domain/api/*.ts', '!../../domain/api/*.test.ts'], { eager: true });

const isContract = (value: unknown): value is RouteContract =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'access' in value && 'responses' in value;

const contracts: RouteContract[] = [];
for (const exported of Object.values(modules)) {
  for (const group of Object.values(exported)) {
    if (typeof group !== 'object' || group === null) continue;
    for (const value of Object.values(group)) if (isContract(value) && !contracts.includes(value)) contracts.push(value);
  }
}

/** The contract's path with each parameter filled: a UUID, or for a text parameter a word. */
const pathOf = (contract: RouteContract) => contract.path.replace(/\{([A-Za-z]+)\}/g, (_, name: string) => (name === 'kind' ? 'status' : randomUUID()));

/** Requests a validator would refuse: no body, a body that is not JSON, the wrong type of body. */
const BAD_INPUTS: { name: string; body?: string; headers: Record<string, string> }[] = [
  { name: 'no body', headers: {} },
  { name: 'broken JSON', body: '{"not json', headers: { 'content-type': 'application/json' } },
  { name: 'text/plain', body: 'hello', headers: { 'content-type': 'text/plain' } },
  { name: 'a multipart body without a file', body: '--x--\r\n', headers: { 'content-type': 'multipart/form-data; boundary=x' } },
];

async function send(browser: TestBrowser, contract: RouteContract, input: (typeof BAD_INPUTS)[number]): Promise<HttpReply> {
  const method = contract.method.toUpperCase();
  const path = pathOf(contract) + (contract.query ? '?page=-1&sort=%00' : '');
  const response = await fetch(`${browser.baseUrl}${path}`, {
    method,
    redirect: 'manual',
    headers: { origin: browser.origin, ...(browser.cookies.size ? { cookie: browser.cookieHeader } : {}), ...(method === 'GET' ? {} : input.headers) },
    body: method === 'GET' ? undefined : input.body,
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: the assertion below shows it
  }
  return { status: response.status, headers: response.headers, body: body as HttpReply['body'] };
}

/** Who is below each access, and what each must be answered. */
type Caller = 'anonymous' | 'guest' | 'admin without two-factor';
const EXPECTED: Record<Caller, Partial<Record<Access, string>>> = {
  anonymous: { user: '401 unauthenticated', homeowner: '401 unauthenticated', admin: '401 unauthenticated' },
  guest: { homeowner: '403 no_home', admin: '403 forbidden' },
  'admin without two-factor': { admin: '403 two_factor_required' },
};

describe('every declared route answers callers below its access with 401 or 403 only', () => {
  let app: TestServer;
  const browsers = new Map<Caller, TestBrowser>();
  beforeAll(async () => {
    app = await startTestServer(AUTH_TEST_ENV);
    browsers.set('anonymous', new TestBrowser(app.url, app.config.APP_URL));
    browsers.set('guest', (await signedInWithRole(app, 'guest')).browser);
    browsers.set('admin without two-factor', (await signedInWithRole(app, 'admin')).browser);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('finds every contract, and every route the app registers has one', () => {
    expect(contracts.length).toBeGreaterThan(100);
    for (const access of ['public', 'user', 'homeowner', 'admin'] as const) expect(contracts.some((c) => c.access === access)).toBe(true);
    const declared = new Set(contracts.map((c) => `${c.method.toUpperCase()} ${c.path.replace(/\{([A-Za-z]+)\}/g, ':$1')}`));
    // health and openapi.json are contracts too; registeredApiRoutes leaves them out.
    expect(
      registeredApiRoutes()
        .map(routeKey)
        .filter((key) => !declared.has(key)),
    ).toEqual([]);
  });

  for (const caller of Object.keys(EXPECTED) as Caller[]) {
    const below = contracts.filter((contract) => EXPECTED[caller][contract.access]);
    it(`${caller}: ${below.length} routes, each with bad inputs`, async () => {
      expect(below.length).toBeGreaterThan(caller === 'anonymous' ? 100 : 60);
      const browser = browsers.get(caller)!;
      const answers: string[] = [];
      const expected: string[] = [];
      for (const contract of below) {
        for (const input of contract.method === 'get' ? BAD_INPUTS.slice(0, 1) : BAD_INPUTS) {
          const reply = await send(browser, contract, input);
          const route = `${contract.method.toUpperCase()} ${contract.path} (${input.name})`;
          answers.push(`${route}: ${reply.status} ${(reply.body as { error?: { code?: string } })?.error?.code}`);
          expected.push(`${route}: ${EXPECTED[caller][contract.access]}`);
        }
      }
      expect(answers).toEqual(expected);
    });
  }

  it('has every homeowner route declare the code its guard answers below the rank', () => {
    const homeowners = contracts.filter((c) => c.access === 'homeowner');
    expect(homeowners.map((c) => c.path)).toContain('/api/me/home');
    expect(homeowners.filter((c) => !c.codes?.includes('no_home')).map((c) => `${c.method} ${c.path}`)).toEqual([]);
    // Every /api/me/home route is a homeowner's.
    expect(contracts.filter((c) => c.path.startsWith('/api/me/home') && c.access !== 'homeowner')).toEqual([]);
  });

  it('lets the caller at the access through to the route: a signed-in user reaches a user route’s validator', async () => {
    const guest = browsers.get('guest')!;
    const reply = await send(
      guest,
      contracts.find((c) => c.path === '/api/me' && c.method === 'patch')!,
      BAD_INPUTS[1],
    );
    expect([reply.status, (reply.body as { error?: { code?: string } }).error?.code]).toEqual([400, 'invalid_json']);
  });
});
