import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeDraft } from '../domain/factories/application-draft';
import { UNSUPPORTED_TEXT } from '../domain/safe-text';
import { resolveAuthSecret } from './platform/lib/secret';
import { outboxKey } from './platform/mail/outbox-link';
import { signedInAdmin, signedInWithRole } from './test/admin-client';
import { fixture, signUp, upload, type Member } from './test/application-client';
import { AUTH_TEST_ENV, TestBrowser } from './test/auth-client';
import { startTestServer, waitlistSubmission, type HttpReply, type TestServer, readReply } from './test/harness';
import { registeredApiRoutes, routeKey } from './test/registered-routes';

/**
 * NUL bytes and lone UTF-16 surrogates in any string — body
 * field, query parameter, path parameter, multipart field or file name — of any
 * route the API registers, and of every better-auth endpoint, for the role that
 * reaches it. No answer may be a 5xx; a JSON or form field, a query value and a
 * path parameter with one are refused with 400 (the field named, the plain message).
 */

const NUL = '\u0000';
const HIGH = '\uD800';
const LOW = '\uDFFF';
/** A JSON string may carry any of them as an escape (JSON.stringify writes `\ud800`). */
const HOSTILE_TEXT: ((value: string) => string)[] = [(v) => `${v}${NUL}`, (v) => `${HIGH}${v}`, (v) => `${v}${LOW}x`];
/** In a URL: a NUL, and a lone surrogate as its (invalid) UTF-8 bytes. */
const HOSTILE_URL = { nul: '%00', surrogate: '%ED%A0%80' };

type Role = 'anonymous' | 'member' | 'homeowner' | 'admin';

interface Probe {
  route: string;
  as: Role;
  /** The path, with real ids. */
  path: string;
  /** The route's own query parameters with valid values. */
  query?: Record<string, string>;
  json?: unknown;
  form?: Record<string, string>;
}

/** A multipart body written by hand, so a file name can carry any bytes. */
async function sendMultipart(
  browser: TestBrowser,
  method: string,
  path: string,
  fields: Record<string, string>,
  file?: { field: string; disposition: string; bytes: Uint8Array },
): Promise<HttpReply> {
  const boundary = `----hostile${Date.now()}`;
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; ${file.disposition}\r\nContent-Type: application/pdf\r\n\r\n`),
    );
    parts.push(file.bytes, encoder.encode('\r\n'));
  }
  parts.push(encoder.encode(`--${boundary}--\r\n`));
  const response = await fetch(`${browser.baseUrl}${path}`, {
    method,
    headers: { origin: browser.origin, cookie: browser.cookieHeader, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: Buffer.concat(parts),
  });
  return readReply(response);
}

/** Every string leaf of `value`, as a path. */
function stringPaths(value: unknown, path: string[] = []): string[][] {
  if (typeof value === 'string') return [path];
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => stringPaths(inner, [...path, key]));
}

function withValue(value: unknown, path: string[], replace: (old: string) => string): unknown {
  if (path.length === 0) return replace(value as string);
  const [head, ...rest] = path;
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  copy[head!] = withValue(copy[head!], rest, replace);
  return copy;
}

const queryString = (query: Record<string, string>) => {
  const text = Object.entries(query)
    .map(([k, v]) => `${encodeURIComponent(k)}=${v}`)
    .join('&');
  return text ? `?${text}` : '';
};

describe('hostile strings never cause a server error', () => {
  let app: TestServer;
  let member: Member;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;
  const anonymous = () => new TestBrowser(app.url, app.config.APP_URL);
  // A homeowner's routes take the homeowner rank (src/domain/api/home.ts): a member without it is refused before any input is read.
  let homeowner: Awaited<ReturnType<typeof signedInWithRole>>;
  const browserOf = (role: Role) =>
    role === 'member' ? member.browser : role === 'homeowner' ? homeowner.browser : role === 'admin' ? admin.browser : anonymous();

  beforeAll(async () => {
    app = await startTestServer({ ...AUTH_TEST_ENV, WAITLIST_RATE_LIMIT_MAX: '100000', APPLICATION_RATE_LIMIT_MAX: '100000', UPLOAD_RATE_LIMIT_MAX: '100000' });
    member = await signUp(app);
    homeowner = await signedInWithRole(app, 'homeowner');
    admin = await signedInAdmin(app);
  });
  afterAll(async () => {
    await app?.stop();
  });

  /** Every 5xx seen, for one assertion per test (a list tells more than a count). */
  const serverErrors: string[] = [];
  async function send(role: Role, method: string, path: string, body?: { json?: unknown; form?: Record<string, string> }): Promise<HttpReply> {
    const browser = browserOf(role);
    const reply = body?.form ? await sendMultipart(browser, method, path, body.form) : await browser.request(method, path, body?.json);
    if (reply.status >= 500) serverErrors.push(`${role} ${method} ${path} ${JSON.stringify(body?.json ?? body?.form ?? null).slice(0, 200)} → ${reply.status}`);
    return reply;
  }

  /** What the routes work on and one probe per route, made once; the shards below each send a quarter of them. */
  let probes: Probe[] = [];
  let letterFields: Record<string, string> = {};
  const registered = new Set(registeredApiRoutes().map(routeKey));
  let sent = 0;
  const refusedWithout: string[] = [];

  beforeAll(async () => {
    // What the routes work on.
    expect((await member.browser.put('/api/application', completeDraft())).status).toBe(200);
    const documentId = (await upload(member.browser, 'governmentId', { bytes: fixture('sample.pdf'), name: 'id.pdf' })).body.id as string;
    const other = await signUp(app);
    for (const type of ['governmentId', 'bankStatements', 'paystubs'] as const)
      await upload(other.browser, type, { bytes: fixture('sample.pdf'), name: `${type}.pdf` });
    expect((await other.browser.put('/api/application', completeDraft())).status).toBe(200);
    expect((await other.browser.post('/api/application/submit')).status).toBe(200);
    const applicationId = (await other.browser.get('/api/application')).body.id as string;
    const reviewedId = ((await other.browser.get('/api/application')).body.documents as { id: string; type: string }[]).find(
      (d) => d.type === 'bankStatements',
    )!.id;
    const entry = await admin.browser.post('/api/admin/waitlist', { firstName: 'Wait', lastName: 'Listed', email: `wait.${Date.now()}@example.com` });
    letterFields = {
      firstName: 'Rosa',
      lastName: 'Parks',
      email: `rosa.${Date.now()}@example.com`,
      phone: '(214) 555-0187',
      propertyAddress: '12 Elm St',
      propertyValue: '450000',
      downPaymentAmount: '',
      desiredMonthlyPayment: '2100',
      moveInDate: 'Q3',
      notes: 'Prefers three bedrooms.',
      status: 'pending',
      intendedState: 'Texas',
    };
    const letter = await sendMultipart(admin.browser, 'POST', '/api/admin/letters', letterFields);
    expect(letter.status).toBe(201);
    const settings = (await admin.browser.get('/api/admin/settings')).body;
    const listQuery = { q: 'ada', sort: 'created_at', dir: 'desc', page: '1', pageSize: '25', from: '2025-01-01', to: '2025-12-31' };

    probes = [
      { route: 'POST /api/waitlist', as: 'anonymous', path: '/api/waitlist', json: waitlistSubmission({ website: '' }) },
      { route: 'GET /api/me', as: 'member', path: '/api/me' },
      { route: 'PATCH /api/me', as: 'member', path: '/api/me', json: { firstName: 'Ada', lastName: 'Lovelace', phone: '(214) 555-0187' } },
      { route: 'DELETE /api/me', as: 'member', path: '/api/me', json: { password: 'not-the-password-1' } },
      { route: 'GET /api/me/status', as: 'member', path: '/api/me/status' },
      { route: 'GET /api/me/export', as: 'member', path: '/api/me/export' },
      { route: 'GET /api/me/email', as: 'member', path: '/api/me/email' },
      { route: 'GET /api/me/home', as: 'homeowner', path: '/api/me/home' },
      { route: 'GET /api/me/home/ledger', as: 'homeowner', path: '/api/me/home/ledger' },
      { route: 'GET /api/me/home/valuations', as: 'homeowner', path: '/api/me/home/valuations' },
      { route: 'GET /api/me/home/statements', as: 'homeowner', path: '/api/me/home/statements' },
      { route: 'GET /api/me/home/statements/:id', as: 'homeowner', path: `/api/me/home/statements/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}` },
      { route: 'GET /api/me/notifications', as: 'member', path: '/api/me/notifications' },
      // The buyer's pre-approval letter (src/domain/api/pre-approval.ts); this member has none.
      { route: 'GET /api/me/pre-approvals/:id/letter', as: 'member', path: `/api/me/pre-approvals/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/letter` },
      // Signatures (src/domain/api/signatures.ts): this member signs nothing; e-signatures are off.
      { route: 'GET /api/envelopes', as: 'member', path: '/api/envelopes' },
      { route: 'GET /api/envelopes/:id', as: 'member', path: `/api/envelopes/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}` },
      { route: 'GET /api/envelopes/:id/file', as: 'member', path: `/api/envelopes/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/file` },
      { route: 'POST /api/envelopes/:id/open', as: 'member', path: `/api/envelopes/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/open`, json: {} },
      {
        route: 'POST /api/envelopes/:id/sign',
        as: 'member',
        path: `/api/envelopes/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/sign`,
        json: { documentSha256: 'a'.repeat(64), consent: true, signature: { kind: 'typed', text: 'Ada Lovelace' }, fields: { initials: 'AL' } },
      },
      {
        route: 'POST /api/envelopes/:id/decline',
        as: 'member',
        path: `/api/envelopes/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/decline`,
        json: { reason: 'Not mine' },
      },
      { route: 'GET /api/admin/envelopes', as: 'admin', path: '/api/admin/envelopes' },
      { route: 'GET /api/admin/envelopes/:id/file', as: 'admin', path: `/api/admin/envelopes/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/file` },
      {
        route: 'POST /api/admin/envelopes/:id/void',
        as: 'admin',
        path: `/api/admin/envelopes/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/void`,
        json: { reason: 'Wrong home' },
      },
      {
        route: 'POST /api/admin/envelopes/:id/resend',
        as: 'admin',
        path: `/api/admin/envelopes/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/resend`,
        json: {},
      },
      { route: 'POST /api/verify-document', as: 'anonymous', path: '/api/verify-document', form: {} },
      // The wet-signed scan (docs/decisions/039-addenda-and-envelopes.md): no file, no such home.
      {
        route: 'POST /api/admin/agreement-scans',
        as: 'admin',
        path: '/api/admin/agreement-scans',
        form: { homeId: `${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}` },
      },
      // A homeowner's payment changes and 60-day notices (src/domain/api/home-changes.ts); this homeowner has no home.
      { route: 'GET /api/me/home/changes', as: 'homeowner', path: '/api/me/home/changes' },
      { route: 'POST /api/me/home/payment-changes', as: 'homeowner', path: '/api/me/home/payment-changes', json: { monthlyPaymentCents: 210_000 } },
      {
        route: 'POST /api/me/home/payment-changes/:id/withdraw',
        as: 'homeowner',
        path: `/api/me/home/payment-changes/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/withdraw`,
      },
      {
        route: 'POST /api/me/home/notices',
        as: 'homeowner',
        path: '/api/me/home/notices',
        json: { kind: 'move', requestedDate: '2030-01-02', note: 'Moving' },
      },
      // Paying by bank debit (src/domain/api/payments.ts); this homeowner has no home. The webhook's body is read only
      // once its signature holds: its query is probed.
      { route: 'GET /api/me/home/payments', as: 'homeowner', path: '/api/me/home/payments' },
      {
        route: 'POST /api/me/home/bank-account',
        as: 'homeowner',
        path: '/api/me/home/bank-account',
        json: {
          holderName: 'Ada Owner',
          routingNumber: '110000000',
          accountNumber: '000123456789',
          accountType: 'checking',
          authorisationVersion: '2026-11-28',
          agreed: true,
        },
      },
      { route: 'POST /api/me/home/bank-account/verify', as: 'homeowner', path: '/api/me/home/bank-account/verify', json: { firstCents: 32, secondCents: 45 } },
      // Instant bank links (docs/decisions/046-instant-bank-verification.md).
      {
        route: 'POST /api/me/home/bank-account/instant',
        as: 'homeowner',
        path: '/api/me/home/bank-account/instant',
        json: { holderName: 'Ada Owner', authorisationVersion: '2026-11-28', agreed: true },
      },
      {
        route: 'POST /api/me/home/bank-account/instant/complete',
        as: 'homeowner',
        path: '/api/me/home/bank-account/instant/complete',
        json: { sessionId: 'cs_test_a1b2c3d4e5' },
      },
      {
        route: 'POST /api/me/home/bank-account/instant/cancel',
        as: 'homeowner',
        path: '/api/me/home/bank-account/instant/cancel',
        json: { linkId: '00000000-0000-4000-8000-000000000000' },
      },
      { route: 'POST /api/me/home/bank-account/remove', as: 'homeowner', path: '/api/me/home/bank-account/remove' },
      { route: 'POST /api/me/home/payments', as: 'homeowner', path: '/api/me/home/payments', json: { amountCents: 10_000, idempotencyKey: 'k'.repeat(24) } },
      { route: 'POST /api/payments/webhook', as: 'anonymous', path: '/api/payments/webhook' },
      // Autopay (src/domain/api/autopay.ts); this homeowner has no home.
      { route: 'POST /api/me/home/autopay', as: 'homeowner', path: '/api/me/home/autopay', json: { on: true } },
      { route: 'GET /api/admin/home-changes', as: 'admin', path: '/api/admin/home-changes' },
      { route: 'GET /api/admin/homes/:id/changes', as: 'admin', path: `/api/admin/homes/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/changes` },
      { route: 'GET /api/admin/homes/:id/statements', as: 'admin', path: `/api/admin/homes/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/statements` },
      {
        route: 'GET /api/admin/homes/:id/statements/:statementId',
        as: 'admin',
        path: `/api/admin/homes/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/statements/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`,
      },
      {
        route: 'POST /api/admin/payment-changes/:id/approve',
        as: 'admin',
        path: `/api/admin/payment-changes/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/approve`,
      },
      {
        route: 'POST /api/admin/payment-changes/:id/decline',
        as: 'admin',
        path: `/api/admin/payment-changes/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/decline`,
        json: { reason: 'Overdue' },
      },
      {
        route: 'POST /api/admin/notices/:id/acknowledge',
        as: 'admin',
        path: `/api/admin/notices/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/acknowledge`,
      },
      {
        route: 'POST /api/admin/notices/:id/schedule',
        as: 'admin',
        path: `/api/admin/notices/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/schedule`,
        json: { scheduledDate: '2030-01-02' },
      },
      {
        route: 'POST /api/admin/notices/:id/complete',
        as: 'admin',
        path: `/api/admin/notices/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/complete`,
        json: { payoutCents: 100 },
      },
      {
        route: 'POST /api/admin/notices/:id/cancel',
        as: 'admin',
        path: `/api/admin/notices/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/cancel`,
        json: { reason: 'Asked to' },
      },
      // Exit quotes (src/domain/api/exit-quotes.ts); this homeowner has no home.
      { route: 'GET /api/me/home/exit', as: 'homeowner', path: '/api/me/home/exit' },
      { route: 'POST /api/me/home/quotes', as: 'homeowner', path: '/api/me/home/quotes', json: { kind: 'move' } },
      { route: 'GET /api/me/home/quotes/:id', as: 'homeowner', path: `/api/me/home/quotes/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}` },
      { route: 'GET /api/me/home/quotes/:id/pdf', as: 'homeowner', path: `/api/me/home/quotes/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/pdf` },
      {
        route: 'GET /api/me/home/quotes/:id/final-statement',
        as: 'homeowner',
        path: `/api/me/home/quotes/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/final-statement`,
      },
      {
        route: 'POST /api/me/home/dispute-documents',
        as: 'homeowner',
        path: '/api/me/home/dispute-documents',
        query: { quote: `${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}` },
        form: {},
      },
      {
        route: 'GET /api/me/home/dispute-documents/:id',
        as: 'homeowner',
        path: `/api/me/home/dispute-documents/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`,
      },
      { route: 'GET /api/admin/dispute-documents/:id', as: 'admin', path: `/api/admin/dispute-documents/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}` },
      {
        route: 'POST /api/me/home/quotes/:id/dispute',
        as: 'homeowner',
        path: `/api/me/home/quotes/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/dispute`,
        json: { reason: 'Too low' },
      },
      {
        route: 'POST /api/me/home/quotes/:id/accept',
        as: 'homeowner',
        path: `/api/me/home/quotes/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/accept`,
        json: { moveDate: '2030-01-02', confirm: true },
      },
      {
        route: 'POST /api/me/home/quotes/:id/withdraw',
        as: 'homeowner',
        path: `/api/me/home/quotes/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/withdraw`,
        json: { reason: 'Staying' },
      },
      { route: 'GET /api/admin/exit-quotes', as: 'admin', path: '/api/admin/exit-quotes' },
      { route: 'GET /api/admin/homes/:id/exit-quotes', as: 'admin', path: `/api/admin/homes/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/exit-quotes` },
      {
        route: 'POST /api/admin/exit-quotes/:id/answer',
        as: 'admin',
        path: `/api/admin/exit-quotes/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/answer`,
        json: { answer: 'Comparable' },
      },
      {
        route: 'POST /api/admin/exit-quotes/:id/withdraw',
        as: 'admin',
        path: `/api/admin/exit-quotes/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/withdraw`,
        json: { reason: 'Asked' },
      },
      {
        route: 'GET /api/admin/exit-quotes/:id/completion',
        as: 'admin',
        path: `/api/admin/exit-quotes/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/completion`,
      },
      {
        route: 'POST /api/admin/exit-quotes/:id/complete',
        as: 'admin',
        path: `/api/admin/exit-quotes/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/complete`,
        json: { confirm: true },
      },
      { route: 'PUT /api/me/notifications/:kind', as: 'member', path: '/api/me/notifications/messages', json: { subscribed: false } },
      { route: 'GET /api/unsubscribe', as: 'anonymous', path: '/api/unsubscribe', query: { token: 'v1.abc.def.ghi.jkl' } },
      { route: 'POST /api/unsubscribe', as: 'anonymous', path: '/api/unsubscribe', query: { token: 'v1.abc.def.ghi.jkl' } },
      { route: 'PUT /api/unsubscribe', as: 'anonymous', path: '/api/unsubscribe', query: { token: 'v1.abc.def.ghi.jkl' }, json: { subscribed: true } },
      { route: 'POST /api/me/email', as: 'member', path: '/api/me/email', json: { newEmail: 'new.address@example.com', password: 'not-the-password-1' } },
      { route: 'POST /api/me/email/confirm', as: 'member', path: '/api/me/email/confirm', json: { token: 'x'.repeat(40) } },
      { route: 'GET /api/application', as: 'member', path: '/api/application' },
      { route: 'PUT /api/application', as: 'member', path: '/api/application', json: completeDraft() },
      { route: 'POST /api/application/submit', as: 'member', path: '/api/application/submit', json: {} },
      { route: 'POST /api/application/documents', as: 'member', path: '/api/application/documents', query: { type: 'governmentId' } },
      { route: 'GET /api/application/requests', as: 'member', path: '/api/application/requests' },
      {
        route: 'PUT /api/application/requests/:id/correction',
        as: 'member',
        path: `/api/application/requests/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/correction`,
        json: { values: { 'personal.phone': '(214) 555-0187' }, comment: 'Corrected.' },
      },
      {
        route: 'POST /api/application/requests/:id/answer',
        as: 'member',
        path: `/api/application/requests/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/answer`,
        json: { comment: 'Here it is.' },
      },
      // A message with a file (docs/decisions/041-withdrawal-and-change-requests.md): its text field; the file's name is probed below.
      { route: 'POST /api/messages/attachment', as: 'member', path: '/api/messages/attachment', form: { body: 'Here is my pay stub.' } },
      {
        route: 'POST /api/admin/message-attachments',
        as: 'admin',
        path: '/api/admin/message-attachments',
        query: { application: applicationId },
        form: { body: 'Is this the right form?' },
      },
      { route: 'GET /api/messages/:id/attachment', as: 'member', path: `/api/messages/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/attachment` },
      // Withdrawing and asking to change an answer (docs/decisions/041-withdrawal-and-change-requests.md).
      { route: 'POST /api/application/withdraw', as: 'member', path: '/api/application/withdraw', json: { reason: 'We decided to rent another year.' } },
      { route: 'GET /api/application/change-requests', as: 'member', path: '/api/application/change-requests' },
      {
        route: 'POST /api/application/change-requests',
        as: 'member',
        path: '/api/application/change-requests',
        json: { field: 'personal.phone', value: '(555) 987-6543', note: 'I have a new number.' },
      },
      {
        route: 'POST /api/admin/change-requests/:id/decision',
        as: 'admin',
        path: `/api/admin/change-requests/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/decision`,
        json: { decision: 'decline', reason: 'Send the new pay stub first.' },
      },
      { route: 'GET /api/documents/:id', as: 'member', path: `/api/documents/${documentId}` },
      { route: 'GET /api/mail-outbox/:id', as: 'anonymous', path: '/api/mail-outbox/1', query: { key: outboxKey(resolveAuthSecret(app.config), 1) } },
      { route: 'DELETE /api/documents/:id', as: 'member', path: `/api/documents/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}` },
      { route: 'GET /api/admin/ping', as: 'admin', path: '/api/admin/ping' },
      { route: 'GET /api/admin/dashboard', as: 'admin', path: '/api/admin/dashboard' },
      {
        route: 'GET /api/admin/applications',
        as: 'admin',
        path: '/api/admin/applications',
        query: { ...listQuery, sort: 'submitted_at', status: 'all', assigned: 'me', waiting: 'us' },
      },
      {
        route: 'GET /api/admin/applications/export',
        as: 'admin',
        path: '/api/admin/applications/export',
        query: { ...listQuery, sort: 'submitted_at', status: 'all', assigned: 'me', waiting: 'us' },
      },
      { route: 'GET /api/admin/assignees', as: 'admin', path: '/api/admin/assignees' },
      {
        route: 'PUT /api/admin/applications/:id/assignee',
        as: 'admin',
        path: `/api/admin/applications/${applicationId}/assignee`,
        json: { assigneeId: admin.user.id },
      },
      { route: 'GET /api/admin/applications/:id', as: 'admin', path: `/api/admin/applications/${applicationId}` },
      {
        route: 'POST /api/admin/applications/:id/requests',
        as: 'admin',
        path: `/api/admin/applications/${applicationId}/requests`,
        json: { kind: 'document', documentType: 'other', title: 'Divorce decree', note: 'The final decree, all pages.' },
      },
      {
        route: 'POST /api/admin/requests/:id/withdraw',
        as: 'admin',
        path: `/api/admin/requests/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/withdraw`,
        json: {},
      },
      {
        route: 'POST /api/admin/requests/:id/accept',
        as: 'admin',
        path: `/api/admin/requests/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/accept`,
        json: {},
      },
      {
        route: 'POST /api/admin/requests/:id/reopen',
        as: 'admin',
        path: `/api/admin/requests/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/reopen`,
        json: { note: 'Please send all pages.' },
      },
      {
        route: 'PUT /api/admin/documents/:id/review',
        as: 'admin',
        path: `/api/admin/documents/${reviewedId}/review`,
        json: { state: 'needs_attention', reason: 'The statement is cut off: please send every page.' },
      },
      {
        route: 'PATCH /api/admin/applications/:id/status',
        as: 'admin',
        path: `/api/admin/applications/${applicationId}/status`,
        json: { status: 'in_review' },
      },
      {
        route: 'PATCH /api/admin/applications/:id/notes',
        as: 'admin',
        path: `/api/admin/applications/${applicationId}/notes`,
        json: { notes: 'Called back.' },
      },
      { route: 'GET /api/admin/users', as: 'admin', path: '/api/admin/users', query: { ...listQuery, filter: 'all' } },
      { route: 'GET /api/admin/users/export', as: 'admin', path: '/api/admin/users/export', query: { ...listQuery, filter: 'all' } },
      {
        route: 'POST /api/admin/users',
        as: 'admin',
        path: '/api/admin/users',
        json: { firstName: 'Ada', lastName: 'Lovelace', email: `added.${Date.now()}@example.com`, phone: '(214) 555-0187', intendedState: 'Texas' },
      },
      { route: 'PATCH /api/admin/users/:id', as: 'admin', path: `/api/admin/users/${member.userId}`, json: { role: 'guest' } },
      { route: 'DELETE /api/admin/users/:id', as: 'admin', path: '/api/admin/users/no-such-user' },
      { route: 'GET /api/admin/waitlist', as: 'admin', path: '/api/admin/waitlist', query: { ...listQuery, interest: 'all' } },
      { route: 'GET /api/admin/waitlist/export', as: 'admin', path: '/api/admin/waitlist/export', query: { ...listQuery, interest: 'all' } },
      { route: 'GET /api/admin/waitlist/:id', as: 'admin', path: `/api/admin/waitlist/${entry.body.id}` },
      {
        route: 'POST /api/admin/waitlist',
        as: 'admin',
        path: '/api/admin/waitlist',
        json: {
          firstName: 'Ada',
          lastName: 'Lovelace',
          email: `applicant.${Date.now()}@example.com`,
          phone: '(214) 555-0187',
          interestedIn: 'buying',
          downPaymentRange: '$20K',
          monthlyPaymentRange: '$2,000',
          location: 'Dallas',
          timeline: 'Soon',
          intendedState: 'Texas',
        },
      },
      { route: 'DELETE /api/admin/waitlist/:id', as: 'admin', path: `/api/admin/waitlist/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}` },
      { route: 'GET /api/admin/letters', as: 'admin', path: '/api/admin/letters', query: { ...listQuery, status: 'all' } },
      { route: 'GET /api/admin/letters/export', as: 'admin', path: '/api/admin/letters/export', query: { ...listQuery, status: 'all' } },
      { route: 'POST /api/admin/letters', as: 'admin', path: '/api/admin/letters', form: { ...letterFields, email: `rosa2.${Date.now()}@example.com` } },
      { route: 'POST /api/admin/letter-pdfs', as: 'admin', path: '/api/admin/letter-pdfs', form: { letterId: letter.body.id } },
      { route: 'GET /api/admin/letters/:id/pdf', as: 'admin', path: `/api/admin/letters/${letter.body.id}/pdf` },
      { route: 'GET /api/admin/letters/:id', as: 'admin', path: `/api/admin/letters/${letter.body.id}` },
      { route: 'POST /api/admin/letters/:id/signature', as: 'admin', path: `/api/admin/letters/${letter.body.id}/signature`, json: {} },
      {
        route: 'PATCH /api/admin/letters/:id',
        as: 'admin',
        path: `/api/admin/letters/${letter.body.id}`,
        json: (({ status: _status, ...edit }) => edit)(letterFields),
      },
      { route: 'PATCH /api/admin/letters/:id/status', as: 'admin', path: `/api/admin/letters/${letter.body.id}/status`, json: { status: 'approved' } },
      { route: 'DELETE /api/admin/letters/:id', as: 'admin', path: `/api/admin/letters/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}` },
      // Homes (src/domain/api/admin-homes.ts): Record purchase on a submitted (not approved) application, the list, a home.
      { route: 'GET /api/admin/applications/:id/home', as: 'admin', path: `/api/admin/applications/${applicationId}/home` },
      { route: 'GET /api/admin/applications/:id/pre-approval/letter', as: 'admin', path: `/api/admin/applications/${applicationId}/pre-approval/letter` },
      { route: 'POST /api/admin/applications/:id/pre-approval/renew', as: 'admin', path: `/api/admin/applications/${applicationId}/pre-approval/renew` },
      {
        route: 'POST /api/admin/applications/:id/home',
        as: 'admin',
        path: `/api/admin/applications/${applicationId}/home`,
        json: {
          address: '12 Elm Street, Springfield, IL',
          purchaseDate: '2025-06-02',
          priceCents: 42_000_000,
          downPaymentCents: 2_940_000,
          mortgageRate: 6.4,
          appreciationRate: 3.8,
          monthlyPaymentCents: 235_000,
        },
      },
      // Agents (src/domain/api/agents.ts, admin-agents.ts): the buyer's choice (this member has no approved application) and staff's lists.
      { route: 'GET /api/me/agent', as: 'member', path: '/api/me/agent' },
      {
        route: 'PUT /api/me/agent',
        as: 'member',
        path: '/api/me/agent',
        json: {
          kind: 'own',
          name: 'Rosa Parks',
          brokerage: 'Elm Realty',
          licenceNumber: 'TX-123',
          email: 'rosa@example.com',
          phone: '(214) 555-0187',
          state: 'TX',
        },
      },
      { route: 'GET /api/admin/agents', as: 'admin', path: '/api/admin/agents', query: { ...listQuery, sort: 'name', state: 'TX', status: 'all' } },
      {
        route: 'GET /api/admin/agents/export',
        as: 'admin',
        path: '/api/admin/agents/export',
        query: { ...listQuery, sort: 'name', state: 'TX', status: 'all' },
      },
      {
        route: 'POST /api/admin/agents',
        as: 'admin',
        path: '/api/admin/agents',
        json: {
          name: 'Ana Agent',
          brokerage: 'Elm Realty',
          licenceNumber: 'TX-9',
          email: `ana.${Date.now()}@example.com`,
          phone: '(214) 555-0100',
          states: 'TX, OK',
        },
      },
      {
        route: 'PUT /api/admin/agents/:id',
        as: 'admin',
        path: `/api/admin/agents/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`,
        json: { name: 'Ana Agent', brokerage: 'Elm Realty', licenceNumber: 'TX-9', email: 'ana@example.com', phone: '(214) 555-0100', states: 'TX' },
      },
      {
        route: 'PATCH /api/admin/agents/:id/active',
        as: 'admin',
        path: `/api/admin/agents/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/active`,
        json: { active: false },
      },
      { route: 'GET /api/admin/agent-requests', as: 'admin', path: '/api/admin/agent-requests', query: { ...listQuery, sort: 'state', status: 'all' } },
      {
        route: 'GET /api/admin/agent-requests/export',
        as: 'admin',
        path: '/api/admin/agent-requests/export',
        query: { ...listQuery, sort: 'state', status: 'all' },
      },
      {
        route: 'POST /api/admin/agent-requests/:id/assign',
        as: 'admin',
        path: `/api/admin/agent-requests/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/assign`,
        json: { agentId: `${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}` },
      },
      // Find and offer (src/domain/api/buying.ts, admin-offers.ts): the member has no approval; ids name nothing.
      { route: 'GET /api/me/considered-homes', as: 'member', path: '/api/me/considered-homes' },
      {
        route: 'POST /api/me/considered-homes',
        as: 'member',
        path: '/api/me/considered-homes',
        json: {
          street: '12 Elm St',
          city: 'Austin',
          state: 'TX',
          zip: '78701',
          listingUrl: 'https://example.com/1',
          listPrice: '420000',
          beds: '3',
          baths: '2',
          squareFeet: '1800',
          notes: 'Sunny',
        },
      },
      {
        route: 'PUT /api/me/considered-homes/:id',
        as: 'member',
        path: `/api/me/considered-homes/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`,
        json: {
          street: '12 Elm St',
          city: 'Austin',
          state: 'TX',
          zip: '78701',
          listingUrl: 'https://example.com/1',
          listPrice: '420000',
          beds: '3',
          baths: '2',
          squareFeet: '1800',
          notes: 'Sunny',
        },
      },
      { route: 'DELETE /api/me/considered-homes/:id', as: 'member', path: `/api/me/considered-homes/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}` },
      {
        route: 'POST /api/me/considered-homes/:id/offer',
        as: 'member',
        path: `/api/me/considered-homes/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/offer`,
        json: { offerPrice: '415000', downPayment: '10000', monthlyPayment: '2500', moveInDate: 'Q3 2026', notes: 'Flexible' },
      },
      { route: 'GET /api/me/offers', as: 'member', path: '/api/me/offers' },
      { route: 'POST /api/me/offers/:id/withdraw', as: 'member', path: `/api/me/offers/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/withdraw` },
      {
        route: 'POST /api/me/offers/:id/counter',
        as: 'member',
        path: `/api/me/offers/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/counter`,
        json: { answer: 'accept' },
      },
      { route: 'GET /api/admin/offers', as: 'admin', path: '/api/admin/offers', query: { ...listQuery, sort: 'name', status: 'live' } },
      {
        route: 'POST /api/admin/offers/:id/status',
        as: 'admin',
        path: `/api/admin/offers/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/status`,
        json: { status: 'countered', counterPrice: '425000', answerBy: '2030-01-01T12:00:00.000Z' },
      },
      { route: 'GET /api/admin/offers/pipeline', as: 'admin', path: '/api/admin/offers/pipeline' },
      { route: 'GET /api/admin/pipeline', as: 'admin', path: '/api/admin/pipeline', query: { ...listQuery, sort: 'days', stage: 'searching' } },
      {
        route: 'POST /api/me/closing-documents',
        as: 'member',
        path: '/api/me/closing-documents',
        query: { offer: `${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`, milestone: 'inspection' },
        form: {},
      },
      { route: 'GET /api/me/closing-documents/:id', as: 'member', path: `/api/me/closing-documents/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}` },
      {
        route: 'POST /api/admin/closing-documents',
        as: 'admin',
        path: '/api/admin/closing-documents',
        query: { offer: `${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`, milestone: 'title' },
        form: {},
      },
      { route: 'GET /api/admin/closing-documents/:id', as: 'admin', path: `/api/admin/closing-documents/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}` },
      { route: 'GET /api/admin/offers/:id/closing', as: 'admin', path: `/api/admin/offers/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/closing` },
      {
        route: 'PUT /api/admin/offers/:id/closing/:kind',
        as: 'admin',
        path: `/api/admin/offers/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/closing/inspection`,
        json: { status: 'done', owner: 'buyer', dueOn: '2030-01-01', findings: 'A leaking valve under the sink', appraisedValue: '' },
      },
      { route: 'GET /api/admin/homes', as: 'admin', path: '/api/admin/homes', query: { ...listQuery, state: 'all' } },
      { route: 'GET /api/admin/homes/export', as: 'admin', path: '/api/admin/homes/export', query: { ...listQuery, state: 'all' } },
      { route: 'GET /api/admin/homes/:id', as: 'admin', path: `/api/admin/homes/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}` },
      {
        route: 'POST /api/admin/homes/:id/valuations',
        as: 'admin',
        path: `/api/admin/homes/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/valuations`,
        json: { valueCents: 45_000_000, valuedOn: '2025-07-01', source: 'appraisal', note: 'Spring appraisal' },
      },
      // Staff's money operations and /admin/payments (src/domain/api/admin-payments.ts).
      {
        route: 'GET /api/admin/payments',
        as: 'admin',
        path: '/api/admin/payments',
        query: { month: '2026-03', state: 'all', q: 'ada', page: '1', pageSize: '25' },
      },
      { route: 'GET /api/admin/payments/export', as: 'admin', path: '/api/admin/payments/export', query: { month: '2026-03', state: 'due', q: 'ada' } },
      {
        route: 'POST /api/admin/payments/import/preview',
        as: 'admin',
        path: '/api/admin/payments/import/preview',
        json: { csv: 'date,amount,reference,home\n2025-07-01,10.00,R-1,ada@example.com\n' },
      },
      {
        route: 'POST /api/admin/payments/import',
        as: 'admin',
        path: '/api/admin/payments/import',
        json: { csv: 'date,amount,reference,home\n2025-07-01,10.00,R-1,ada@example.com\n' },
      },
      { route: 'POST /api/admin/payments/verify', as: 'admin', path: '/api/admin/payments/verify' },
      { route: 'GET /api/admin/homes/:id/ledger', as: 'admin', path: `/api/admin/homes/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/ledger` },
      {
        route: 'POST /api/admin/homes/:id/ledger/payments',
        as: 'admin',
        path: `/api/admin/homes/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/ledger/payments`,
        json: { amountCents: 10_000, receivedOn: '2025-07-01', reference: 'R-1', memo: 'Wire' },
      },
      {
        route: 'POST /api/admin/homes/:id/ledger/refunds',
        as: 'admin',
        path: `/api/admin/homes/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/ledger/refunds`,
        json: { amountCents: 10_000, refundedOn: '2025-07-01', reference: 'R-2', memo: 'Paid twice' },
      },
      {
        route: 'POST /api/admin/homes/:id/ledger/reversals',
        as: 'admin',
        path: `/api/admin/homes/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/ledger/reversals`,
        json: { seq: 1, reason: 'Mistake' },
      },
      // Late-fee waivers (src/domain/api/home-fees.ts); this homeowner has no home.
      { route: 'POST /api/me/home/fee-waivers', as: 'homeowner', path: '/api/me/home/fee-waivers', json: { seq: 2, reason: 'I was away' } },
      { route: 'GET /api/admin/fee-waivers', as: 'admin', path: '/api/admin/fee-waivers' },
      {
        route: 'POST /api/admin/fee-waivers/:id/grant',
        as: 'admin',
        path: `/api/admin/fee-waivers/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/grant`,
        json: { reason: 'Goodwill' },
      },
      {
        route: 'POST /api/admin/fee-waivers/:id/refuse',
        as: 'admin',
        path: `/api/admin/fee-waivers/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/refuse`,
        json: { reason: 'Second this year' },
      },
      {
        route: 'POST /api/admin/payments/nacha-returns/preview',
        as: 'admin',
        path: '/api/admin/payments/nacha-returns/preview',
        json: { file: '101 bank file' },
      },
      { route: 'POST /api/admin/payments/nacha-returns', as: 'admin', path: '/api/admin/payments/nacha-returns', json: { file: '101 bank file' } },
      { route: 'GET /api/admin/payments/autopay', as: 'admin', path: '/api/admin/payments/autopay', query: { q: 'ada', page: '1' } },
      { route: 'GET /api/admin/payments/ach-files', as: 'admin', path: '/api/admin/payments/ach-files' },
      {
        route: 'GET /api/admin/payments/ach-files/:id',
        as: 'admin',
        path: `/api/admin/payments/ach-files/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`,
      },
      {
        route: 'POST /api/admin/homes/:id/ledger/fee-waivers',
        as: 'admin',
        path: `/api/admin/homes/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/ledger/fee-waivers`,
        json: { seq: 2, reason: 'Goodwill' },
      },
      // Staff's side of bank debits (src/domain/api/admin-processor-payments.ts).
      { route: 'GET /api/admin/processor-payments', as: 'admin', path: '/api/admin/processor-payments', query: { view: 'failed', page: '1' } },
      { route: 'GET /api/admin/processor-payments/exceptions', as: 'admin', path: '/api/admin/processor-payments/exceptions', query: { page: '1' } },
      { route: 'GET /api/admin/bank-accounts', as: 'admin', path: '/api/admin/bank-accounts', query: { state: 'locked', page: '1' } },
      {
        route: 'POST /api/admin/processor-payments/:id/retry',
        as: 'admin',
        path: `/api/admin/processor-payments/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/retry`,
      },
      {
        route: 'POST /api/admin/processor-payments/:id/refunds',
        as: 'admin',
        path: `/api/admin/processor-payments/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/refunds`,
        json: { amountCents: 100, reason: 'Overpaid', idempotencyKey: 'k'.repeat(24) },
      },
      {
        route: 'POST /api/admin/homes/:id/bank-account/unlock',
        as: 'admin',
        path: `/api/admin/homes/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/bank-account/unlock`,
      },
      {
        route: 'POST /api/admin/homes/:id/ledger/verify',
        as: 'admin',
        path: `/api/admin/homes/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/ledger/verify`,
      },
      { route: 'GET /api/admin/settings', as: 'admin', path: '/api/admin/settings' },
      { route: 'PUT /api/admin/settings', as: 'admin', path: '/api/admin/settings', json: settings },
      { route: 'GET /api/admin/audit', as: 'admin', path: '/api/admin/audit', query: { ...listQuery, sort: 'at', entity: 'all', action: 'all', range: '30d' } },
      {
        route: 'GET /api/admin/audit/export',
        as: 'admin',
        path: '/api/admin/audit/export',
        query: { ...listQuery, sort: 'at', entity: 'all', action: 'all', range: '30d' },
      },
      { route: 'GET /api/admin/jobs', as: 'admin', path: '/api/admin/jobs', query: { state: 'failed', page: '1', pageSize: '25' } },
      { route: 'POST /api/admin/jobs/:id/retry', as: 'admin', path: `/api/admin/jobs/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/retry` },
      { route: 'GET /api/admin/jobs/schedules', as: 'admin', path: '/api/admin/jobs/schedules' },
      // The hourly prune of done jobs: harmless to run now (a second probe within the minute is refused: 409).
      { route: 'POST /api/admin/jobs/schedules/:kind/run', as: 'admin', path: '/api/admin/jobs/schedules/jobs:prune/run' },
      // Announcements to the waitlist (docs/product/back-office.md#announcements).
      { route: 'GET /api/admin/announcements', as: 'admin', path: '/api/admin/announcements', query: { page: '1', pageSize: '25' } },
      {
        route: 'POST /api/admin/announcements/preview',
        as: 'admin',
        path: '/api/admin/announcements/preview',
        json: { subject: 'We are live', body: 'Hello there.', audience: { q: 'ada', interest: 'all' } },
      },
      {
        route: 'POST /api/admin/announcements',
        as: 'admin',
        path: '/api/admin/announcements',
        json: { subject: 'We are live', body: 'Hello there.', audience: { q: 'ada', interest: 'all' } },
      },
      { route: 'GET /api/admin/announcements/:id', as: 'admin', path: `/api/admin/announcements/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}` },
      {
        route: 'POST /api/admin/announcements/:id/cancel',
        as: 'admin',
        path: `/api/admin/announcements/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/cancel`,
      },
      // The conversation per application (docs/product/application.md#conversation).
      { route: 'GET /api/messages', as: 'member', path: '/api/messages' },
      { route: 'GET /api/messages/unread', as: 'member', path: '/api/messages/unread' },
      { route: 'POST /api/messages', as: 'member', path: '/api/messages', json: { body: 'When will I hear back?' } },
      { route: 'POST /api/messages/read', as: 'member', path: '/api/messages/read', json: { upTo: `${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}` } },
      { route: 'DELETE /api/messages/:id', as: 'member', path: `/api/messages/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}` },
      { route: 'GET /api/admin/applications/:id/messages', as: 'admin', path: `/api/admin/applications/${applicationId}/messages` },
      {
        route: 'POST /api/admin/applications/:id/messages',
        as: 'admin',
        path: `/api/admin/applications/${applicationId}/messages`,
        json: { body: 'Within two days.' },
      },
      {
        route: 'POST /api/admin/applications/:id/messages/read',
        as: 'admin',
        path: `/api/admin/applications/${applicationId}/messages/read`,
        json: { upTo: `${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}` },
      },
      { route: 'DELETE /api/admin/messages/:id', as: 'admin', path: `/api/admin/messages/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}` },
    ];
  });

  const expectRefused = (what: string, reply: HttpReply, field?: string) => {
    if (reply.status !== 400 || !reply.body?.error?.fields)
      return void refusedWithout.push(`${what} → ${reply.status} ${JSON.stringify(reply.body).slice(0, 160)}`);
    if (field && !(field in reply.body.error.fields)) refusedWithout.push(`${what} → 400 without fields.${field}: ${JSON.stringify(reply.body.error.fields)}`);
  };

  it('has a probe for every route the API registers', () => {
    const probed = new Set(probes.map((p) => p.route));
    for (const route of registered) expect(probed, route).toContain(route);
  });

  const SHARDS = 4;
  it.each(Array.from({ length: SHARDS }, (_, shard) => shard + 1))(
    `every route the API registers, in every string it takes (part %i of ${SHARDS})`,
    async (part) => {
      const before = serverErrors.length;
      const refusedBefore = refusedWithout.length;
      for (const probe of probes.filter((p, index) => registered.has(p.route) && index % SHARDS === part - 1)) {
        const method = probe.route.split(' ')[0]!;
        const query = probe.query ?? {};
        // Each JSON string field.
        for (const field of stringPaths(probe.json)) {
          for (const hostile of HOSTILE_TEXT) {
            const reply = await send(probe.as, method, `${probe.path}${queryString(query)}`, { json: withValue(probe.json, field, hostile) });
            sent += 1;
            expectRefused(`${probe.route} ${field.join('.')}=${JSON.stringify(hostile('x'))}`, reply, field.join('.'));
          }
        }
        // Each multipart text field. A form carries UTF-8, in which a lone surrogate cannot be written: NUL only.
        for (const field of Object.keys(probe.form ?? {})) {
          for (const hostile of HOSTILE_TEXT.slice(0, 1)) {
            const reply = await send(probe.as, method, `${probe.path}${queryString(query)}`, {
              form: { ...probe.form, [field]: hostile(probe.form![field]!) },
            });
            sent += 1;
            expectRefused(`${probe.route} ${field}=${JSON.stringify(hostile('x'))}`, reply, field);
          }
        }
        // Each query parameter, and one the route does not read.
        for (const name of [...Object.keys(query), 'unread']) {
          for (const [kind, hostile] of Object.entries(HOSTILE_URL)) {
            const path = `${probe.path}${queryString({ ...query, [name]: `${query[name] ?? 'x'}${hostile}` })}`;
            const reply = await send(probe.as, method, path, { json: probe.json, form: probe.form });
            sent += 1;
            // A lone surrogate cannot be percent-encoded (its bytes are not UTF-8): it arrives as those characters, harmless.
            if (kind === 'nul') expectRefused(`${probe.route} ?${name}=…%00`, reply, name);
          }
        }
        // Each path parameter: the id replaced, or suffixed.
        const ids = probe.route
          .split(' ')[1]!
          .split('/')
          .map((segment, index) => (segment.startsWith(':') ? index : -1))
          .filter((index) => index >= 0);
        for (const index of ids) {
          for (const [kind, hostile] of Object.entries(HOSTILE_URL)) {
            for (const id of [hostile, `abc${hostile}`]) {
              const segments = probe.path.split('/');
              segments[index] = `${segments[index]}${id}`;
              const reply = await send(probe.as, method, `${segments.join('/')}${queryString(query)}`, { json: probe.json, form: probe.form });
              sent += 1;
              if (kind === 'nul') expectRefused(`${probe.route} path …${id}`, reply, 'path');
            }
          }
        }
      }

      expect(serverErrors.slice(before)).toEqual([]);
      expect(refusedWithout.slice(refusedBefore)).toEqual([]);
    },
  );

  it('file names in uploads, and the probes all sent', async () => {
    // Uploads: a file name is not a field the user types, so it is cleaned rather than refused (or the part is
    // unreadable: 400). A name cut at 255 characters in the middle of an emoji kept half of it: a 500.
    const pdf = fixture('sample.pdf');
    const names = [
      `filename="pay${NUL}stub.pdf"`,
      `filename*=UTF-8''${HOSTILE_URL.surrogate}.pdf`,
      `filename*=UTF-8''${'a'.repeat(254)}${encodeURIComponent('🏠')}.pdf`,
    ];
    for (const disposition of names) {
      const document = await sendMultipart(member.browser, 'POST', '/api/application/documents?type=paystubs', {}, { field: 'file', disposition, bytes: pdf });
      const withLetter = await sendMultipart(
        admin.browser,
        'POST',
        '/api/admin/letters',
        { ...letterFields, email: `rosa.${sent}.${Date.now()}@example.com` },
        { field: 'file', disposition, bytes: pdf },
      );
      const withMessage = await sendMultipart(member.browser, 'POST', '/api/messages/attachment', {}, { field: 'file', disposition, bytes: pdf });
      sent += 3;
      for (const reply of [document, withLetter, withMessage]) expect(reply.status, disposition).toBeLessThan(500);
    }
    const cut = await sendMultipart(
      member.browser,
      'POST',
      '/api/application/documents?type=paystubs',
      {},
      { field: 'file', disposition: names[2]!, bytes: pdf },
    );
    expect(cut.status).toBe(201);
    expect(cut.body.originalName).toBe('a'.repeat(254));

    expect(serverErrors).toEqual([]);
    expect(sent).toBeGreaterThan(300);
  });

  it('every better-auth endpoint, anonymous and signed in, in every string of its body, query and path', async () => {
    const endpoints = Object.values(app.server.auth.api as Record<string, { path?: string; options?: { method?: string | string[] } }>)
      .filter((endpoint) => typeof endpoint?.path === 'string')
      .flatMap((endpoint) => [endpoint.options?.method ?? 'GET'].flat().map((method) => ({ method, path: endpoint.path! })));
    expect(endpoints.length).toBeGreaterThan(30);
    // What the endpoints read between them; each is sent hostile in turn, the rest plausible.
    const body = {
      email: member.account.email,
      password: member.account.password,
      currentPassword: member.account.password,
      newPassword: 'another-long-pass-42',
      name: 'Ada Lovelace',
      firstName: 'Ada',
      lastName: 'Lovelace',
      token: 'x'.repeat(40),
      code: '123456',
      callbackURL: '/dashboard',
      redirectTo: '/auth/reset-password',
      newEmail: 'new.address@example.com',
      provider: 'google',
      providerId: 'google',
      accountId: 'x',
      issuer: 'x',
    };
    const accepted: string[] = [];
    let refusedByRule = 0;
    for (const role of ['anonymous', 'member'] as const) {
      for (const [number, { method, path }] of endpoints.entries()) {
        const concrete = `/api/auth${path.replace(/:([A-Za-z]+)/g, 'x'.repeat(20))}`;
        if (method === 'POST') {
          for (const [index, field] of Object.keys(body).entries()) {
            // One of the hostile forms per field, a different one for the next field (and the next endpoint).
            for (const hostile of [HOSTILE_TEXT[(index + number) % HOSTILE_TEXT.length]!]) {
              const reply = await send(role, 'POST', concrete, { json: { ...body, [field]: hostile(body[field as keyof typeof body]) } });
              // Refused: by the rule, or earlier by better-auth itself (switched off: 404; a callback URL that is
              // not ours: 403; POST get-session: 405).
              if (reply.status < 400) accepted.push(`${role} POST ${concrete} ${field} → ${reply.status}`);
              if (reply.status === 400 && reply.body?.error?.fields?.[field] === UNSUPPORTED_TEXT) refusedByRule += 1;
            }
          }
        }
        for (const name of ['token', 'callbackURL', 'email', 'unread']) {
          for (const hostile of Object.values(HOSTILE_URL))
            await send(role, method, `${concrete}?${name}=abc${hostile}`, method === 'POST' ? { json: {} } : undefined);
        }
        if (path.includes(':')) {
          for (const hostile of Object.values(HOSTILE_URL))
            await send(role, method, `/api/auth${path.replace(/:([A-Za-z]+)/g, `abc${hostile}`)}`, method === 'POST' ? { json: {} } : undefined);
        }
      }
    }
    expect(serverErrors).toEqual([]);
    expect(accepted).toEqual([]);
    // Every endpoint that is on and reads a body reached the rule, for most fields.
    expect(refusedByRule).toBeGreaterThan(400);
  }, 180_000);
});
