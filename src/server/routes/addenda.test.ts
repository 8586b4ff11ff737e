import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agreementBounds } from '../../domain/calculators';
import { DEFAULT_SETTINGS } from '../../domain/admin/settings';
import { earliestNoticeDate } from '../../domain/homes/changes';
import { ledgerToday } from '../../domain/homes/dates';
import { runCharges } from '../modules/homes/charges';
import { auditLog, homeNotices, homePaymentChanges, homes, homeTerms, lettersOfIntent, signatureEnvelopes } from '../platform/db/schema';
import { pdfDocument } from '../platform/pdf/pdf';
import { forgetCachedSettings, saveSettings } from '../platform/settings/settings-store';
import { signedInAdmin, signedInWithRole } from '../test/admin-client';
import { AUTH_TEST_ENV, mailsTo, type TestBrowser } from '../test/auth-client';
import { startTestServer, type TestServer } from '../test/harness';
import { insertTestHome } from '../test/home-fixtures';
import { settleMailJobs } from '../test/mail-jobs';
import { pdfText } from '../test/pdf-text';

/**
 * Addenda, notices and letters signed like the agreement (docs/decisions/039-addenda-and-envelopes.md): a payment
 * change applies only once the homeowner and staff signed its addendum, a 60-day notice proceeds only once the
 * homeowner signed it, staff resend and void waiting envelopes (audited), the countersign mail goes only to staff
 * who asked for it, a drawn signature is drawn into the sealed PDF; with e-signatures off staff upload the
 * wet-signed scan, refused unless a PDF under 25 MB for a home that exists.
 */

const AGREEMENT = { price: 420_000, downPayment: 29_400, mortgageRate: 6.4, appreciationRate: 3.8 };
const BOUNDS = agreementBounds(AGREEMENT);
const TOP = Math.round(BOUNDS.max * 100);
const LOWER = Math.round((BOUNDS.max - 6 * BOUNDS.step) * 100);
const typed = (text: string) => ({ kind: 'typed' as const, text });
// A 1×1 PNG: the smallest drawing.
const DOT = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const dir = mkdtempSync(join(tmpdir(), 'addenda-test-'));

function imagesIn(bytes: Uint8Array): number {
  const file = join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  const run = spawnSync('pdfimages', ['-list', file], { encoding: 'utf8' });
  return run.stdout.split('\n').filter((line) => /^\s*\d+\s+\d+\s+image/.test(line)).length;
}

describe('addenda, notices and letters for signature; wet-signed scans', () => {
  let app: TestServer;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;
  let listening: Awaited<ReturnType<typeof signedInAdmin>>;

  beforeAll(async () => {
    app = await startTestServer(AUTH_TEST_ENV);
    admin = await signedInAdmin(app);
    listening = await signedInAdmin(app);
    expect((await listening.browser.put('/api/me/notifications/staff_signatures', { subscribed: true })).status).toBe(200);
  });
  afterAll(async () => {
    await app?.stop();
  });

  async function setESign(on: boolean) {
    await saveSettings(app.db, { ...DEFAULT_SETTINGS, featureFlags: { ...DEFAULT_SETTINGS.featureFlags, eSign: on } }, admin.user.id);
    forgetCachedSettings(app.db);
  }

  async function homeowner() {
    const owner = await signedInWithRole(app, 'homeowner');
    const home = await insertTestHome(app.db, { purchaseDate: '2026-01-15', monthlyPaymentCents: TOP });
    await app.db.update(homes).set({ userId: owner.user.id }).where(eq(homes.id, home.homeId));
    await runCharges(app.db, { today: ledgerToday() });
    return { ...owner, homeId: home.homeId };
  }

  const envelopeOf = async (kind: 'payment_change' | 'notice' | 'letter', subjectId: string) =>
    (
      await app.db
        .select()
        .from(signatureEnvelopes)
        .where(and(eq(signatureEnvelopes.kind, kind), eq(signatureEnvelopes.subjectId, subjectId)))
    )[0]!;

  async function sign(browser: TestBrowser, id: string, signature: unknown, fields: Record<string, string>) {
    const opened = await browser.post(`/api/envelopes/${id}/open`, {});
    expect(opened.status).toBe(200);
    return browser.post(`/api/envelopes/${id}/sign`, { documentSha256: opened.body.documentSha256, consent: true, signature, fields });
  }

  async function approvedChange() {
    const me = await homeowner();
    const asked = await me.browser.post('/api/me/home/payment-changes', { monthlyPaymentCents: LOWER });
    expect(asked.status).toBe(201);
    const approved = await admin.browser.post(`/api/admin/payment-changes/${asked.body.id}/approve`, {});
    expect([approved.status, approved.body.state]).toEqual([200, 'signing']);
    return { me, changeId: asked.body.id as string, envelope: await envelopeOf('payment_change', asked.body.id) };
  }

  it('applies an approved payment change only once the homeowner (drawing) and then staff signed its addendum', async () => {
    await setESign(true);
    const { me, changeId, envelope } = await approvedChange();
    const terms = () => app.db.select().from(homeTerms).where(eq(homeTerms.homeId, me.homeId));
    expect(await terms()).toHaveLength(1);
    // One request at a time: another while the addendum waits is refused.
    const another = await me.browser.post('/api/me/home/payment-changes', { monthlyPaymentCents: Math.round((BOUNDS.max - 3 * BOUNDS.step) * 100) });
    expect([another.status, another.body.error.code]).toEqual([409, 'change_pending']);

    const detail = (await me.browser.get(`/api/envelopes/${envelope.id}`)).body;
    expect(detail.kind).toBe('payment_change');
    expect(JSON.stringify(detail.document)).toContain('applies from the first month billed after both parties have signed');
    const drawn = await sign(me.browser, envelope.id, { kind: 'drawn', image: DOT, text: me.user.firstName + ' Home' }, { initials: 'HH' });
    expect(drawn.status).toBe(200);
    expect((await app.db.select().from(homePaymentChanges).where(eq(homePaymentChanges.id, changeId)))[0]!.state).toBe('signing');
    expect(await terms()).toHaveLength(1);

    // The countersign mail goes to the admin who turned it on, not to every admin.
    await settleMailJobs(app);
    expect((await mailsTo(app.db, listening.user.email)).map((m) => m.subject)).toContain(`Please countersign: ${envelope.title}`);
    expect((await mailsTo(app.db, admin.user.email)).filter((m) => m.subject.startsWith('Please countersign'))).toEqual([]);

    const countersigned = await sign(admin.browser, envelope.id, typed('Ada Admin'), { title: 'Servicing' });
    expect([countersigned.status, countersigned.body.status]).toEqual([200, 'completed']);
    const [change] = await app.db.select().from(homePaymentChanges).where(eq(homePaymentChanges.id, changeId));
    expect(change!.state).toBe('approved');
    const now = await terms();
    expect(now.find((t) => t.fromMonth === change!.fromMonth)?.monthlyPaymentCents).toBe(LOWER);
    const sealed = (await me.browser.get(`/api/envelopes/${envelope.id}/file`)).bytes!;
    expect(pdfText(sealed)).toContain('Payment change addendum');
    expect(imagesIn(sealed)).toBe(1);
  });

  it('sends a 60-day notice to staff only once the homeowner signed it; a declined one is cancelled', async () => {
    await setESign(true);
    const me = await homeowner();
    const requestedDate = earliestNoticeDate(ledgerToday());
    const sent = await me.browser.post('/api/me/home/notices', { kind: 'cash_out', requestedDate });
    expect([sent.status, sent.body.state]).toEqual([201, 'signing']);
    const early = await admin.browser.post(`/api/admin/notices/${sent.body.id}/acknowledge`, {});
    expect([early.status, early.body.error.code]).toEqual([409, 'notice_state']);
    const envelope = await envelopeOf('notice', sent.body.id);
    expect((await sign(me.browser, envelope.id, typed('Hana Home'), { initials: 'HH' })).body.status).toBe('completed');
    expect((await app.db.select().from(homeNotices).where(eq(homeNotices.id, sent.body.id)))[0]!.state).toBe('sent');
    expect((await admin.browser.post(`/api/admin/notices/${sent.body.id}/acknowledge`, {})).status).toBe(200);

    const other = await homeowner();
    const second = await other.browser.post('/api/me/home/notices', { kind: 'move', requestedDate });
    const secondEnvelope = await envelopeOf('notice', second.body.id);
    expect((await other.browser.post(`/api/envelopes/${secondEnvelope.id}/decline`, { reason: 'Changed my mind' })).status).toBe(200);
    const [cancelled] = await app.db.select().from(homeNotices).where(eq(homeNotices.id, second.body.id));
    expect([cancelled!.state, cancelled!.cancelReason]).toEqual(['cancelled', 'You declined to sign the notice: Changed my mind']);
  });

  it('lists waiting envelopes for staff, resends (mailed, audited) and voids with a reason (audited; the homeowner sees it voided)', async () => {
    await setESign(true);
    const { me, changeId, envelope } = await approvedChange();
    const list = await admin.browser.get('/api/admin/envelopes');
    const row = list.body.envelopes.find((e: { id: string }) => e.id === envelope.id);
    expect(row).toMatchObject({ status: 'sent', kind: 'payment_change', waitingSince: envelope.createdAt.toISOString() });

    await settleMailJobs(app);
    const before = (await mailsTo(app.db, me.user.email)).filter((m) => m.subject.startsWith('Please sign')).length;
    expect((await admin.browser.post(`/api/admin/envelopes/${envelope.id}/resend`, {})).status).toBe(200);
    await settleMailJobs(app);
    expect((await mailsTo(app.db, me.user.email)).filter((m) => m.subject.startsWith('Please sign')).length).toBe(before + 1);

    const noReason = await admin.browser.post(`/api/admin/envelopes/${envelope.id}/void`, { reason: '' });
    expect(noReason.status).toBe(400);
    const voided = await admin.browser.post(`/api/admin/envelopes/${envelope.id}/void`, { reason: 'Wrong amount' });
    expect([voided.status, voided.body.status]).toEqual([200, 'voided']);
    const again = await admin.browser.post(`/api/admin/envelopes/${envelope.id}/void`, { reason: 'Wrong amount' });
    expect([again.status, again.body.error.code]).toEqual([409, 'envelope_closed']);
    const seen = await me.browser.get(`/api/envelopes/${envelope.id}`);
    expect([seen.body.status, seen.body.endReason, seen.body.mine.canSign]).toEqual(['voided', 'Wrong amount', false]);
    const [change] = await app.db.select().from(homePaymentChanges).where(eq(homePaymentChanges.id, changeId));
    expect([change!.state, change!.reason]).toEqual(['declined', 'We withdrew the addendum: Wrong amount']);
    const audits = await app.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, envelope.id));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['send', 'remind', 'void']));
    await settleMailJobs(app);
    expect((await mailsTo(app.db, me.user.email)).map((m) => m.subject)).toContain(`Withdrawn: ${envelope.title}`);
    // A homeowner cannot void, nor resend.
    expect((await me.browser.post(`/api/admin/envelopes/${envelope.id}/resend`, {})).status).toBe(403);
  });

  it('sends a letter of intent to its buyer for signature (an account needed, one at a time)', async () => {
    await setESign(true);
    const buyer = await signedInWithRole(app, 'applicant');
    const [letter] = await app.db
      .insert(lettersOfIntent)
      .values({ firstName: 'Lena', lastName: 'Letter', email: buyer.user.email, emailKey: buyer.user.email.toLowerCase(), propertyValue: 350_000 })
      .returning();
    const sent = await admin.browser.post(`/api/admin/letters/${letter!.id}/signature`, {});
    expect([sent.status, sent.body.kind, sent.body.homeId]).toEqual([201, 'letter', null]);
    const twice = await admin.browser.post(`/api/admin/letters/${letter!.id}/signature`, {});
    expect([twice.status, twice.body.error.code]).toEqual([409, 'envelope_open']);
    expect((await sign(buyer.browser, sent.body.id, typed('Lena Letter'), { initials: 'LL' })).body.status).toBe('completed');
    const [signed] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'letters_of_intent'), eq(auditLog.entityId, letter!.id), eq(auditLog.action, 'sign')));
    expect(signed).toBeDefined();

    const [stranger] = await app.db
      .insert(lettersOfIntent)
      .values({ firstName: 'No', lastName: 'Account', email: 'nobody@example.com', emailKey: 'nobody@example.com' })
      .returning();
    const refused = await admin.browser.post(`/api/admin/letters/${stranger!.id}/signature`, {});
    expect([refused.status, refused.body.error.code]).toEqual([409, 'no_account']);
  });

  async function upload(browser: TestBrowser, homeId: string, bytes: Uint8Array, name = 'signed.pdf', type = 'application/pdf') {
    const form = new FormData();
    form.append('homeId', homeId);
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
    const response = await fetch(`${app.url}/api/admin/agreement-scans`, {
      method: 'POST',
      body: form,
      headers: { origin: app.config.APP_URL, cookie: browser.cookieHeader },
    });
    return { status: response.status, body: await response.json() };
  }

  it('stores, hashes and audits the wet-signed scan (e-signatures off), and refuses anything else', async () => {
    const me = await homeowner();
    await app.db.update(homes).set({ agreementState: 'awaiting_signatures' }).where(eq(homes.id, me.homeId));
    const scan = await pdfDocument({ title: 'Signed on paper', lines: [{ text: 'Signed by hand.' }] });

    await setESign(true);
    expect((await upload(admin.browser, me.homeId, scan)).body.error.code).toBe('esign_on');
    await setESign(false);
    const notPdf = await upload(admin.browser, me.homeId, Buffer.from('just text'), 'note.txt', 'text/plain');
    expect([notPdf.status, notPdf.body.error.code]).toEqual([400, 'not_pdf']);
    const disguised = await upload(admin.browser, me.homeId, Buffer.from('just text, named like a PDF'));
    expect([disguised.status, disguised.body.error.code]).toEqual([400, 'not_pdf']);
    const tooBig = await upload(admin.browser, me.homeId, Buffer.concat([scan, Buffer.alloc(25 * 1024 * 1024)]));
    expect([tooBig.status, tooBig.body.error.code]).toEqual([413, 'file_too_large']);
    const otherHome = await upload(admin.browser, '00000000-0000-4000-8000-000000000000', scan);
    expect([otherHome.status, otherHome.body.error.code]).toEqual([404, 'not_found']);
    expect((await upload(me.browser, me.homeId, scan)).status).toBe(403);
    expect(await app.db.select().from(signatureEnvelopes).where(eq(signatureEnvelopes.homeId, me.homeId))).toEqual([]);

    const stored = await upload(admin.browser, me.homeId, scan);
    const hash = createHash('sha256').update(scan).digest('hex');
    expect([stored.status, stored.body.method, stored.body.status, stored.body.sealedSha256]).toEqual([201, 'wet', 'completed', hash]);
    expect((await app.db.select().from(homes).where(eq(homes.id, me.homeId)))[0]!.agreementState).toBe('in_force');
    const [audit] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, stored.body.id), eq(auditLog.action, 'create')));
    expect(audit!.changes).toMatchObject({ sha256: hash, method: 'wet', homeId: me.homeId });
    // Downloadable by the homeowner and staff, not by another homeowner.
    expect((await me.browser.get('/api/envelopes')).body.envelopes.map((e: { id: string }) => e.id)).toContain(stored.body.id);
    expect(Buffer.from((await me.browser.get(`/api/envelopes/${stored.body.id}/file`)).bytes!).equals(scan)).toBe(true);
    expect((await admin.browser.get(`/api/admin/envelopes/${stored.body.id}/file`)).status).toBe(200);
    const stranger = await homeowner();
    expect((await stranger.browser.get(`/api/envelopes/${stored.body.id}/file`)).status).toBe(404);
    const duplicate = await upload(admin.browser, me.homeId, scan);
    expect([duplicate.status, duplicate.body.error.code]).toEqual([409, 'scan_exists']);
  });
});
