import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeChanges, type AuditItem } from '../../../domain/admin/audit-query';
import { auditLog, homes } from '../../platform/db/schema';
import { enrolTotp, signedInAdmin, signedInWithRole } from '../../test/admin-client';
import { AUTH_TEST_ENV, newAccount, TestBrowser } from '../../test/auth-client';
import { startTestServer, type TestServer } from '../../test/harness';
import { insertTestHome } from '../../test/home-fixtures';

/**
 * The audit log in words (docs/product/back-office.md#audit-log): a home's and a payment's entries name the home
 * by its address and its owner, their money reads in dollars and their states as 'from → to'; turning two-factor
 * on or off (audited by src/server/platform/auth) reads as 'off → on'.
 */
describe('the audit log reads in words', () => {
  let app: TestServer;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;

  beforeAll(async () => {
    app = await startTestServer(AUTH_TEST_ENV);
    admin = await signedInAdmin(app);
  });
  afterAll(async () => {
    await app?.stop();
  });

  const entries = async (entity: string) => {
    const reply = await admin.browser.get(`/api/admin/audit?entity=${entity}&pageSize=100`);
    expect(reply.status).toBe(200);
    return reply.body.items as AuditItem[];
  };

  it('names a home’s entries by address and owner, in dollars, with its state changes', async () => {
    const owner = await signedInWithRole(app, 'homeowner');
    const home = await insertTestHome(app.db, { purchaseDate: '2026-01-15', monthlyPaymentCents: 235_400 });
    await app.db.update(homes).set({ userId: owner.user.id, address: '7 Birch Lane, Springfield, IL 62701' }).where(eq(homes.id, home.homeId));
    const notice = await owner.browser.post('/api/me/home/notices', { kind: 'move', requestedDate: '2031-01-02' });
    expect(notice.status).toBe(201);
    expect((await admin.browser.post(`/api/admin/notices/${notice.body.id}/acknowledge`, {})).status).toBe(200);
    expect((await admin.browser.post(`/api/admin/notices/${notice.body.id}/cancel`, { reason: 'Asked by phone to stop it' })).status).toBe(200);

    const items = (await entries('homes')).filter((item) => item.entityId === home.homeId);
    expect(items.length).toBeGreaterThanOrEqual(3);
    for (const item of items) expect(item.subject).toBe(`7 Birch Lane, Springfield, IL 62701 (${owner.account.firstName} ${owner.account.lastName})`);
    const cancelled = items.find((item) => item.action === 'cancel')!;
    expect(describeChanges(cancelled.changes, { labels: true })).toContain('Notice: State: acknowledged → cancelled');
    const sent = items.find((item) => item.action === 'create')!;
    expect(describeChanges(sent.changes, { labels: true }).find((line) => line.startsWith('Notice: Estimated payout:'))).toMatch(
      /^Notice: Estimated payout: \$[\d,]+(\.\d\d)?$/,
    );
  });

  it('names a payment’s entry by its home, and reads its amount in dollars', async () => {
    const home = await insertTestHome(app.db, { purchaseDate: '2026-01-15' });
    await app.db.update(homes).set({ address: '3 Cedar Court, Springfield, IL 62701' }).where(eq(homes.id, home.homeId));
    const paid = await admin.browser.post(`/api/admin/homes/${home.homeId}/ledger/payments`, {
      amountCents: 235_450,
      receivedOn: '2026-02-01',
      reference: 'WORDS-1',
    });
    expect(paid.status).toBe(201);
    const [item] = (await entries('payments')).filter((entry) => entry.entityId === home.homeId);
    expect(item?.subject).toBe('3 Cedar Court, Springfield, IL 62701 (Hana Home)');
    expect(describeChanges(item!.changes, { labels: true })).toContain('Amount: $2,354.50');
  });

  it('reads turning two-factor on and off in words, and records no change for a sign-in with the code', async () => {
    const account = newAccount({ firstName: 'Tess', lastName: 'Factor' });
    const { browser, user } = await signedInWithRole(app, 'admin', account);
    const totp = await enrolTotp(browser, account.password);
    const other = new TestBrowser(app.url, app.config.APP_URL);
    expect((await other.post('/api/auth/sign-in/email', { email: account.email, password: account.password })).status).toBe(200);
    expect((await other.post('/api/auth/two-factor/verify-totp', { code: totp.generate() })).status).toBe(200);
    expect((await browser.post('/api/auth/two-factor/disable', { password: account.password })).status).toBe(200);

    const rows = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'users'), eq(auditLog.entityId, user.id), eq(auditLog.action, 'update')))
      .orderBy(auditLog.id);
    expect(rows.map((row) => describeChanges(row.changes as Record<string, unknown>, { labels: true }))).toEqual([
      ['Two-factor authentication: off → on', 'Other sessions signed out: 0'],
      ['Two-factor authentication: on → off', 'Other sessions signed out: 1'],
    ]);
    expect(rows.every((row) => row.actorEmail === account.email.toLowerCase())).toBe(true);
  });
});
