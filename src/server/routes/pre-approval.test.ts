import { and, asc, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../domain/homes/admin-homes';
import { ledgerToday } from '../../domain/homes/dates';
import { runPreApprovalExpiryNotices } from '../modules/applications';
import { applications, auditLog, preApprovals } from '../platform/db/schema';
import { insertApplication } from '../test/admin-applications';
import { signedInAdmin, signedInWithRole } from '../test/admin-client';
import { AUTH_TEST_ENV, linkIn, mailsTo } from '../test/auth-client';
import { startTestServer, type TestServer } from '../test/harness';
import { pdfText, pdfWords } from '../test/pdf-text';
import { settleMailJobs } from '../test/mail-jobs';

/**
 * Pre-approvals (docs/decisions/030-pre-approval.md): approving asks for the maximum price and the
 * monthly range, pre-filled by variant B from the applicant's figures; a down payment under 2 % is
 * refused with nothing written; the buyer sees and downloads their own letter; the expiry notice
 * goes out once; staff renew.
 */

const TERMS = { maxPriceCents: 50_000_000, monthlyMinCents: 276_200, monthlyMaxCents: 352_800, downPaymentCents: 1_000_000 };

describe('pre-approvals', () => {
  let app: TestServer;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;

  /** A signed-in buyer whose application (calculators.md's calibration figures, $10,000 down) is in review. */
  async function buyerInReview(name = { firstName: 'Pia', lastName: 'Preston' }) {
    const buyer = await signedInWithRole(app, 'applicant');
    const row = await insertApplication(app.db, { userId: buyer.user.id, status: 'in_review', ...name });
    await app.db
      .update(applications)
      .set({
        draft: { ...row.draft, employment: { grossMonthlyIncome: 7916.67 }, debts: { creditCards: 0 }, assets: { downPayment: 10000 } },
        downPayment: 10000,
      })
      .where(eq(applications.id, row.id));
    return { ...buyer, applicationId: row.id };
  }
  const approve = (applicationId: string, preApproval: unknown = TERMS) =>
    admin.browser.patch(`/api/admin/applications/${applicationId}/status`, { status: 'approved', preApproval });
  const rowsOf = (applicationId: string) => app.db.select().from(preApprovals).where(eq(preApprovals.applicationId, applicationId));

  beforeAll(async () => {
    app = await startTestServer(AUTH_TEST_ENV);
    admin = await signedInAdmin(app);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('pre-fills the approval from the applicant’s own figures (variant B), held to the 2 % floor of their down payment', async () => {
    const buyer = await buyerInReview();
    const detail = await admin.browser.get(`/api/admin/applications/${buyer.applicationId}`);
    expect(detail.status).toBe(200);
    expect(detail.body.preApproval).toBeNull();
    expect(detail.body.preApprovalSuggestion).toEqual(TERMS);
  });

  it('refuses a down payment under 2 % of the price under its field, and writes nothing', async () => {
    const buyer = await buyerInReview();
    const preApprovalAudits = () => app.db.select().from(auditLog).where(eq(auditLog.entityType, 'pre_approvals'));
    const auditsBefore = (await preApprovalAudits()).length;
    const refused = await approve(buyer.applicationId, { ...TERMS, maxPriceCents: 50_100_000 });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({
      'preApproval.downPaymentCents': 'The down payment must be at least 2% of the maximum home price: $10,020 or more.',
    });
    const missing = await admin.browser.patch(`/api/admin/applications/${buyer.applicationId}/status`, { status: 'approved' });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.error.fields)).toEqual(['preApproval']);

    const [row] = await app.db.select().from(applications).where(eq(applications.id, buyer.applicationId));
    expect(row!.status).toBe('in_review');
    expect(await rowsOf(buyer.applicationId)).toEqual([]);
    expect(await app.db.select().from(auditLog).where(eq(auditLog.entityId, buyer.applicationId))).toEqual([]);
    expect(await preApprovalAudits()).toHaveLength(auditsBefore);
  });

  it('approves with the pre-approval in one transaction, audited, valid 90 days; the mail and the dashboard say so', async () => {
    const buyer = await buyerInReview();
    const reply = await approve(buyer.applicationId);
    expect(reply.status).toBe(200);
    const today = ledgerToday();
    expect(reply.body.status).toBe('approved');
    expect(reply.body.preApproval).toMatchObject({
      ...TERMS,
      issuedOn: today,
      expiresOn: addDays(today, 90),
      renewals: 0,
      expired: false,
      issuedBy: 'Ada Admin',
    });

    const [row] = await rowsOf(buyer.applicationId);
    expect(row).toMatchObject({ userId: buyer.user.id, issuedBy: admin.user.id, ...TERMS });
    const audits = await app.db.select().from(auditLog).where(eq(auditLog.entityId, buyer.applicationId)).orderBy(asc(auditLog.id));
    expect(audits.map((a) => a.action)).toEqual(['approve']);
    const [created] = await app.db.select().from(auditLog).where(eq(auditLog.entityId, row!.id));
    expect(created).toMatchObject({
      action: 'create',
      entityType: 'pre_approvals',
      actorId: admin.user.id,
      changes: { applicationId: buyer.applicationId, ...TERMS, expiresOn: addDays(today, 90) },
    });

    const status = await buyer.browser.get('/api/me/status');
    expect(status.headers.get('cache-control')).toContain('no-store');
    expect(status.body.preApproval).toMatchObject({ id: row!.id, maxPriceCents: TERMS.maxPriceCents, expiresOn: addDays(today, 90) });

    await settleMailJobs(app);
    const [mail] = await mailsTo(app.db, buyer.account.email);
    expect(mail?.subject).toBe('Your home application is approved');
    expect(mail?.text).toContain('You’re approved up to $500,000 until');
    expect(mail?.text).toContain('$2,762 to $3,528 a month');
    expect(linkIn(mail!.text, '/dashboard')).toBeDefined();
  });

  it('lets the buyer download their own letter, answers 404 to anyone else, and lets staff download it (audited)', async () => {
    const buyer = await buyerInReview({ firstName: 'Lena', lastName: 'Letter' });
    await approve(buyer.applicationId);
    const [row] = await rowsOf(buyer.applicationId);

    const pdf = await buyer.browser.get(`/api/me/pre-approvals/${row!.id}/letter`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="pre-approval-${row!.issuedOn}.pdf"`);
    expect(pdf.headers.get('cache-control')).toContain('no-store');
    expect(Buffer.from(pdf.bytes!).toString('latin1').startsWith('%PDF-')).toBe(true);
    const text = pdfWords(pdf.bytes!);
    expect(text).toContain('\nOwnstead is prepared to buy a home up to $500,000 with Lena Letter.\n');
    const [y, m, d] = row!.expiresOn.split('-').map(Number);
    const expires = `${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][m! - 1]} ${d}, ${y}`;
    expect(text).toContain(`Valid until ${expires}`);
    expect(text).toContain('\nConditions\n');

    const other = await signedInWithRole(app, 'applicant');
    expect((await other.browser.get(`/api/me/pre-approvals/${row!.id}/letter`)).status).toBe(404);
    expect((await admin.browser.get(`/api/me/pre-approvals/${row!.id}/letter`)).status).toBe(404);

    const staff = await admin.browser.get(`/api/admin/applications/${buyer.applicationId}/pre-approval/letter`);
    expect(staff.status).toBe(200);
    expect(pdfText(staff.bytes!)).toContain('Lena Letter');
    const downloads = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, row!.id), eq(auditLog.action, 'download')));
    expect(downloads.map((a) => [a.entityType, a.changes])).toEqual([['pre_approvals', { letter: true, applicationId: buyer.applicationId }]]);
  });

  it('shows an expired pre-approval as expired to buyer and staff, and no longer gives its letter', async () => {
    const buyer = await buyerInReview();
    await approve(buyer.applicationId);
    const [row] = await rowsOf(buyer.applicationId);
    const yesterday = addDays(ledgerToday(), -1);
    await app.db
      .update(preApprovals)
      .set({ issuedOn: addDays(yesterday, -90), expiresOn: yesterday })
      .where(eq(preApprovals.id, row!.id));

    expect((await buyer.browser.get('/api/me/status')).body.preApproval).toMatchObject({ expired: true, expiresOn: yesterday });
    expect((await admin.browser.get(`/api/admin/applications/${buyer.applicationId}`)).body.preApproval).toMatchObject({ expired: true });
    const refused = await buyer.browser.get(`/api/me/pre-approvals/${row!.id}/letter`);
    expect([refused.status, refused.body.error.code]).toEqual([409, 'pre_approval_expired']);
  });

  it('mails the expiry notice once, 14 days before, however often and on however many instances the job runs', async () => {
    const buyer = await buyerInReview({ firstName: 'Nia', lastName: 'Notice' });
    await approve(buyer.applicationId);
    const [row] = await rowsOf(buyer.applicationId);
    await settleMailJobs(app);
    // The earlier tests' pre-approvals fall due the same day: count only this one's.
    await app.db.update(preApprovals).set({ expiryNoticeSentAt: new Date() }).where(ne(preApprovals.id, row!.id));

    // Fifteen days ahead: not yet.
    expect(await runPreApprovalExpiryNotices(app.db, { today: addDays(row!.expiresOn, -15) })).toBe(0);
    const due = addDays(row!.expiresOn, -14);
    const [a, b] = await Promise.all([runPreApprovalExpiryNotices(app.db, { today: due }), runPreApprovalExpiryNotices(app.db, { today: due })]);
    expect(a + b).toBe(1);
    expect(await runPreApprovalExpiryNotices(app.db, { today: addDays(due, 1) })).toBe(0);
    await settleMailJobs(app);
    const notices = (await mailsTo(app.db, buyer.account.email)).filter((mail) => mail.subject.startsWith('Your pre-approval expires on'));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain('up to $500,000');
    const reminders = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, row!.id), eq(auditLog.action, 'remind')));
    expect(reminders).toHaveLength(1);
  });

  it('renews from the review dialog: 90 days from today, audited, mailed, and the notice due again for the new date', async () => {
    const buyer = await buyerInReview({ firstName: 'Ray', lastName: 'Renew' });
    await approve(buyer.applicationId);
    const [row] = await rowsOf(buyer.applicationId);
    await app.db
      .update(preApprovals)
      .set({ issuedOn: addDays(ledgerToday(), -80), expiresOn: addDays(ledgerToday(), 10), expiryNoticeSentAt: new Date() })
      .where(eq(preApprovals.id, row!.id));

    const renewed = await admin.browser.post(`/api/admin/applications/${buyer.applicationId}/pre-approval/renew`);
    expect(renewed.status).toBe(200);
    const today = ledgerToday();
    expect(renewed.body.preApproval).toMatchObject({ id: row!.id, renewals: 1, renewedOn: today, expiresOn: addDays(today, 90), expiryNoticeSentAt: null });
    const audits = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, row!.id), eq(auditLog.action, 'update')));
    expect(audits.at(-1)!.changes).toMatchObject({ applicationId: buyer.applicationId, expiresOn: { to: addDays(today, 90) }, renewals: { from: 0, to: 1 } });
    await settleMailJobs(app);
    const [mail] = await mailsTo(app.db, buyer.account.email);
    expect(mail?.subject).toBe('Your pre-approval is renewed');
    expect(mail?.text).toContain(`You’re approved up to $500,000 until`);

    // Not Approved any more: nothing to renew, and the buyer has no current pre-approval.
    await admin.browser.patch(`/api/admin/applications/${buyer.applicationId}/status`, { status: 'in_review' });
    const refused = await admin.browser.post(`/api/admin/applications/${buyer.applicationId}/pre-approval/renew`);
    expect([refused.status, refused.body.error.code]).toEqual([409, 'not_approved']);
    expect((await buyer.browser.get('/api/me/status')).body.preApproval).toBeNull();
    expect((await buyer.browser.get(`/api/me/pre-approvals/${row!.id}/letter`)).status).toBe(404);
  });
});
