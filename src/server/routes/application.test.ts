import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../platform/db/client';
import { applications, users } from '../platform/db/schema';
import { mailsTo, TestBrowser, AUTH_TEST_ENV } from '../test/auth-client';
import { completeDraft, fillApplication, fixture, signUp, upload, verifyByMail } from '../test/application-client';
import { startTestServer, waitFor, type TestServer } from '../test/harness';

describe('the home application: draft, resume, submit', () => {
  let app: TestServer;

  beforeAll(async () => {
    app = await startTestServer(AUTH_TEST_ENV);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('answers a fresh draft pre-filled from the account before anything is saved', async () => {
    const { browser, account } = await signUp(app);
    const reply = await browser.get('/api/application');
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      id: null,
      status: 'draft',
      editable: true,
      version: 0,
      draft: { personal: { firstName: account.firstName, lastName: account.lastName, email: account.email.toLowerCase() } },
      sensitive: { ssnLast4: null, dateOfBirth: null },
      documents: [],
      requiredDocuments: ['governmentId', 'bankStatements', 'paystubs'],
      submittedAt: null,
    });
    expect(reply.body.missing.map((s: { stepTitle: string }) => s.stepTitle)).toEqual([
      'Personal Information',
      'Employment & Income',
      'Assets',
      'Consent & Disclosures',
      'Documents',
    ]);
  });

  it('saves as the user goes and resumes in another session of the same user, with SSN and birth date masked', async () => {
    const member = await signUp(app);
    const partial = {
      personal: { firstName: 'Ada', lastName: 'Lovelace', ssnLast4: '6789', dateOfBirth: '1990-12-10', yearsAtAddress: 2.5 },
      assets: { bankBalances: 1200 },
    };
    const saved = await member.browser.request('PUT', '/api/application', partial);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ status: 'draft', version: 1, sensitive: { ssnLast4: '•••• 6789', dateOfBirth: '••/••/1990' } });
    expect(saved.body.draft.personal).not.toHaveProperty('ssnLast4');
    expect(saved.body.draft.personal).not.toHaveProperty('dateOfBirth');

    // Another device: sign in again, read it back.
    const other = new TestBrowser(app.url, app.config.APP_URL);
    expect((await other.post('/api/auth/sign-in/email', { email: member.account.email, password: member.account.password })).status).toBe(200);
    const resumed = await other.get('/api/application');
    expect(resumed.body).toMatchObject({
      id: saved.body.id,
      version: 1,
      draft: { personal: { firstName: 'Ada', lastName: 'Lovelace', yearsAtAddress: 2.5 }, assets: { bankBalances: 1200 } },
      sensitive: { ssnLast4: '•••• 6789', dateOfBirth: '••/••/1990' },
    });
    expect(JSON.stringify(resumed.body)).not.toContain('1990-12-10');

    // Leaving the sensitive fields out keeps them; '' clears one.
    const next = await other.request('PUT', '/api/application', { personal: { firstName: 'Ada', dateOfBirth: '' }, version: 1 });
    expect(next.body).toMatchObject({ version: 2, sensitive: { ssnLast4: '•••• 6789', dateOfBirth: null } });
    expect(next.body.draft.assets).toEqual({});
  });

  it('keeps one active application per user, however many saves race', async () => {
    const { browser, userId } = await signUp(app);
    const replies = await Promise.all(Array.from({ length: 5 }, (_, i) => browser.request('PUT', '/api/application', { personal: { firstName: `N${i}` } })));
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await app.db.select().from(applications).where(eq(applications.userId, userId))).toHaveLength(1);
  });

  it('refuses a draft with a wrong type or out of bounds (400 with fields) and changes nothing', async () => {
    const { browser } = await signUp(app);
    await browser.request('PUT', '/api/application', { personal: { firstName: 'Kept' } });
    const reply = await browser.request('PUT', '/api/application', { personal: { ssnLast4: '12345', yearsAtAddress: 51 }, assets: { bankBalances: 'lots' } });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toMatchObject({ code: 'validation_failed' });
    expect(Object.keys(reply.body.error.fields).sort()).toEqual(['assets.bankBalances', 'personal.ssnLast4', 'personal.yearsAtAddress']);
    expect((await browser.get('/api/application')).body.draft.personal.firstName).toBe('Kept');
  });

  it('answers 409 version_conflict to a save from a stale version', async () => {
    const { browser } = await signUp(app);
    const fresh = await browser.get('/api/application');
    // An upload creates the application but does not change the draft: version 0 still matches.
    await upload(browser, 'paystubs', { bytes: fixture('sample.pdf'), name: 'stub.pdf' });
    const first = await browser.request('PUT', '/api/application', { personal: { firstName: 'One' }, version: fresh.body.version });
    expect(first).toMatchObject({ status: 200, body: { version: 1 } });
    await browser.request('PUT', '/api/application', { personal: { firstName: 'Two' }, version: first.body.version });
    const stale = await browser.request('PUT', '/api/application', { personal: { firstName: 'Stale' }, version: first.body.version });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({ code: 'version_conflict', currentVersion: first.body.version + 1 });
  });

  it('records the consent time once, when both consents are first ticked (the server clock, not the browser)', async () => {
    const { browser } = await signUp(app);
    const one = await browser.request('PUT', '/api/application', { consents: { creditPull: true, eConsent: false, consentedAt: '2000-01-01T00:00:00Z' } });
    expect(one.body.consentedAt).toBeNull();
    const both = await browser.request('PUT', '/api/application', { consents: { creditPull: true, eConsent: true } });
    const at = both.body.consentedAt;
    expect(Date.now() - Date.parse(at)).toBeLessThan(60_000);
    expect(both.body.draft.consents).toEqual({ creditPull: true, eConsent: true, consentedAt: at });
    const unticked = await browser.request('PUT', '/api/application', { consents: { creditPull: false, eConsent: true } });
    expect(unticked.body.consentedAt).toBe(at);
  });

  it('answers 400 application_incomplete listing what is missing per step, and submits nothing', async () => {
    const { browser, userId } = await signUp(app);
    const input = completeDraft();
    await browser.request('PUT', '/api/application', {
      ...input,
      personal: { ...input.personal, ssnLast4: '' },
      consents: { creditPull: true },
      certified: false,
    });
    await upload(browser, 'governmentId', { bytes: fixture('sample.png'), name: 'id.png', contentType: 'image/png' });
    const reply = await browser.post('/api/application/submit');
    expect(reply.status).toBe(400);
    expect(reply.body.error.code).toBe('application_incomplete');
    expect(reply.body.error.steps).toEqual([
      { stepIndex: 0, stepId: 'personal', stepTitle: 'Personal Information', fields: { 'personal.ssnLast4': 'Last 4 of SSN is required' } },
      { stepIndex: 4, stepId: 'consents', stepTitle: 'Consent & Disclosures', fields: { 'consents.eConsent': expect.any(String) } },
      {
        stepIndex: 5,
        stepId: 'documents',
        stepTitle: 'Documents',
        fields: {
          'documents.bankStatements': 'Add your bank statements to submit',
          'documents.paystubs': 'Add your pay stubs to submit',
          certified: expect.any(String),
        },
      },
    ]);
    expect(reply.body.error.fields).toHaveProperty('personal.ssnLast4');
    const [row] = await app.db.select().from(applications).where(eq(applications.userId, userId));
    expect(row).toMatchObject({ status: 'draft', submittedAt: null, firstName: null });
    expect((await app.db.select().from(users).where(eq(users.id, userId)))[0].role).toBe('guest');
  });

  it('answers 400 with every step when nothing was ever saved', async () => {
    const { browser } = await signUp(app);
    const reply = await browser.post('/api/application/submit');
    expect(reply.status).toBe(400);
    expect(reply.body.error.steps.map((s: { stepIndex: number }) => s.stepIndex)).toEqual([0, 1, 2, 4, 5]);
  });

  it('answers 403 email_not_verified to a complete application from an unverified address', async () => {
    const member = await signUp(app, { verified: false });
    await fillApplication(member);
    const reply = await member.browser.post('/api/application/submit');
    expect(reply.status).toBe(403);
    expect(reply.body.error.code).toBe('email_not_verified');
    expect((await member.browser.get('/api/application')).body.status).toBe('draft');
  });

  it('submits a complete application: status, timestamps, admin columns, role applicant, confirmation e-mail; then read-only', async () => {
    const member = await signUp(app, { verified: false });
    await verifyByMail(app, member);
    await fillApplication(member);
    const before = Date.now();

    const reply = await member.browser.post('/api/application/submit');
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ status: 'submitted', editable: false, missing: [] });
    expect(Date.parse(reply.body.submittedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(reply.body.certifiedAt).toBe(reply.body.submittedAt);

    const [row] = await app.db.select().from(applications).where(eq(applications.userId, member.userId));
    expect(row).toMatchObject({
      status: 'submitted',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: '(214) 555-0187',
      employmentStatus: 'employed',
      employerName: 'Babbage & Co',
      jobTitle: 'Engineer',
      annualIncome: 102000,
      savingsAmount: 57000.5,
      retirementAccounts: 60000,
      creditCardDebt: 150,
      studentLoans: 320,
      propertyAddress: '400 Oak Lane, Austin, TX',
      propertyValue: 420000,
      downPayment: 29400,
      consentCreditPull: true,
      consentESign: true,
    });
    expect(row.submittedAt).toBeInstanceOf(Date);
    expect(row.consentedAt).toBeInstanceOf(Date);
    expect((await member.browser.get('/api/me')).body).toMatchObject({ role: 'applicant', rank: 1 });

    const mail = await waitFor(async () => (await mailsTo(app.db, member.account.email)).find((m) => m.subject === 'Application Submitted'), {
      message: 'the confirmation e-mail',
    });
    expect(mail.text).toContain('3-5 business days');
    expect(mail.html).toContain('Application Submitted');
    expect(mail.text).not.toContain('6789');

    const edit = await member.browser.request('PUT', '/api/application', completeDraft());
    expect(edit.status).toBe(409);
    expect(edit.body.error.code).toBe('application_submitted');
    expect((await member.browser.post('/api/application/submit')).status).toBe(409);
    // Documents can still be added after submission.
    const late = await upload(member.browser, 'taxReturns', { bytes: fixture('sample.png'), name: 'tax.png', contentType: 'image/png' });
    expect(late.status).toBe(201);
  });

  it('keeps no plaintext SSN digits or birth date in the row (encrypted columns, draft without them)', async () => {
    const member = await signUp(app);
    await member.browser.request('PUT', '/api/application', { personal: { ssnLast4: '4821', dateOfBirth: '1984-07-23' } });
    const [raw] = await queryRows<Record<string, unknown>>(app.db, sql`SELECT * FROM applications WHERE user_id = ${member.userId}`);
    expect(raw.ssn_last4).toMatch(/^v1\.[0-9a-f]{8}\./);
    expect(raw.date_of_birth).toMatch(/^v1\.[0-9a-f]{8}\./);
    // No column holds them: not the encrypted ones, not the draft (ids are random and could contain digits, so look per column).
    for (const column of ['ssn_last4', 'date_of_birth', 'draft']) {
      const text = JSON.stringify(raw[column]);
      expect(text, column).not.toContain('4821');
      expect(text, column).not.toContain('1984-07-23');
    }
    expect(Object.values(raw).filter((v) => v === '4821' || v === '1984-07-23')).toEqual([]);
    expect(JSON.stringify(raw)).not.toContain('1984-07-23');
  });

  it('keeps guests out without a session (401)', async () => {
    const anonymous = new TestBrowser(app.url, app.config.APP_URL);
    for (const [method, path] of [
      ['GET', '/api/application'],
      ['PUT', '/api/application'],
      ['POST', '/api/application/submit'],
    ] as const) {
      expect((await anonymous.request(method, path, method === 'GET' ? undefined : {})).status, `${method} ${path}`).toBe(401);
    }
  });
});
