import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agreementBounds } from '../../domain/calculators';
import { VERIFY_MAX_BYTES } from '../../domain/signatures/envelopes';
import { DEFAULT_SETTINGS } from '../../domain/admin/settings';
import { addDays, todayIso } from '../../domain/homes/admin-homes';
import { runCharges } from '../modules/homes/charges';
import { applications, auditLog, homes, ledgerEntries, signatureEnvelopes } from '../platform/db/schema';
import { forgetCachedSettings, saveSettings } from '../platform/settings/settings-store';
import { createStorage } from '../platform/storage/create-storage';
import { insertApplication } from '../test/admin-applications';
import { signedInAdmin, signedInWithRole } from '../test/admin-client';
import { AUTH_TEST_ENV, mailsTo, type TestBrowser } from '../test/auth-client';
import { startTestServer, type TestServer } from '../test/harness';
import { settleMailJobs } from '../test/mail-jobs';
import { pdfText } from '../test/pdf-text';

/** The words a reader extracts, every run of white space made one space (a phrase may wrap). */
const flat = (bytes: Uint8Array) => pdfText(bytes).replace(/\s+/g, ' ');

/**
 * Signing the co-ownership agreement (docs/decisions/033-signatures.md): with e-signatures on, 'Record purchase'
 * sends the agreement and bills nothing; the homeowner signs, then staff countersign; the last signature seals
 * the PDF (poppler's pdfsig says valid; one flipped byte makes it invalid; the verify route agrees). Every
 * refusal answers with its own clear code and writes nothing.
 */

const AGREEMENT = { price: 420_000, downPayment: 29_400, mortgageRate: 6.4, appreciationRate: 3.8 };
const BOUNDS = agreementBounds(AGREEMENT);
const S_CENTS = Math.round((BOUNDS.max - 3 * BOUNDS.step) * 100);
const purchase = {
  address: '12 Elm Street, Springfield, IL 62701',
  purchaseDate: addDays(todayIso(), -40),
  priceCents: 42_000_000,
  downPaymentCents: 2_940_000,
  mortgageRate: 6.4,
  appreciationRate: 3.8,
  monthlyPaymentCents: S_CENTS,
};

const typed = (text: string) => ({ kind: 'typed' as const, text });
const dir = mkdtempSync(join(tmpdir(), 'signatures-test-'));
function pdfsig(bytes: Uint8Array): string {
  const file = join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  const run = spawnSync('pdfsig', [file], { encoding: 'utf8' });
  return `${run.stdout}${run.stderr}`;
}

/** A multipart POST of `bytes` as `file` to the public verify route. */
async function verify(app: TestServer, bytes: Uint8Array, name = 'agreement.pdf', type = 'application/pdf') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const response = await fetch(`${app.url}/api/verify-document`, { method: 'POST', body: form, headers: { origin: app.config.APP_URL } });
  return { status: response.status, body: await response.json() };
}

describe('signatures: the agreement signed and sealed', () => {
  let app: TestServer;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;

  beforeAll(async () => {
    app = await startTestServer(AUTH_TEST_ENV);
    admin = await signedInAdmin(app);
  });
  afterAll(async () => {
    await app?.stop();
  });

  async function setESign(on: boolean) {
    await saveSettings(app.db, { ...DEFAULT_SETTINGS, featureFlags: { ...DEFAULT_SETTINGS.featureFlags, eSign: on } }, admin.user.id);
    forgetCachedSettings(app.db);
  }

  /** A signed-in buyer with an approved application, and the purchase recorded by staff. */
  async function bought(): Promise<{ browser: TestBrowser; email: string; homeId: string; envelopeId: string }> {
    const buyer = await signedInWithRole(app, 'applicant');
    const row = await insertApplication(app.db, { status: 'approved', userId: buyer.user.id, firstName: buyer.user.firstName, lastName: buyer.user.lastName });
    await app.db
      .update(applications)
      .set({ propertyAddress: purchase.address, propertyValue: 420_000, downPayment: 29_400 })
      .where(eq(applications.id, row.id));
    const recorded = await admin.browser.post(`/api/admin/applications/${row.id}/home`, purchase);
    expect(recorded.status).toBe(201);
    const [envelope] = await app.db.select().from(signatureEnvelopes).where(eq(signatureEnvelopes.homeId, recorded.body.id));
    return { browser: buyer.browser, email: buyer.user.email, homeId: recorded.body.id, envelopeId: envelope!.id };
  }

  async function openAndRead(browser: TestBrowser, id: string) {
    const opened = await browser.post(`/api/envelopes/${id}/open`, {});
    expect(opened.status).toBe(200);
    return opened.body;
  }

  it('sends the agreement, bills nothing until both sign, then seals a PDF that pdfsig and the verify page call valid', async () => {
    await setESign(true);
    const buyer = await bought();
    const [home] = await app.db.select().from(homes).where(eq(homes.id, buyer.homeId));
    expect(home!.agreementState).toBe('awaiting_signatures');

    // No figures of their own yet, and the charge run bills nothing.
    const mine = await buyer.browser.get('/api/me/home');
    expect([mine.status, mine.body.error.code]).toEqual([409, 'awaiting_signatures']);
    await runCharges(app.db);
    expect(await app.db.select().from(ledgerEntries).where(eq(ledgerEntries.homeId, buyer.homeId))).toEqual([]);

    // The homeowner is mailed a link to sign.
    await settleMailJobs(app);
    const [request] = await mailsTo(app.db, buyer.email);
    expect(request!.subject).toContain('Please sign');
    expect(request!.text).toContain(`/sign?envelope=${buyer.envelopeId}`);

    // The document as sent: its text, and the PDF with the same words and the settings' transfer fee.
    const list = await buyer.browser.get('/api/envelopes');
    expect(list.body.envelopes.map((e: { id: string; status: string }) => [e.id, e.status])).toEqual([[buyer.envelopeId, 'sent']]);
    const detail = await openAndRead(buyer.browser, buyer.envelopeId);
    expect(detail.mine).toMatchObject({ role: 'homeowner', canSign: true });
    const original = await buyer.browser.get(`/api/envelopes/${buyer.envelopeId}/file`);
    const originalText = flat(original.bytes!);
    expect(originalText).toContain('Co-ownership agreement: 12 Elm Street');
    expect(originalText).toContain('$420,000');
    expect(originalText).toContain('the transfer fee of 2% of your total equity');
    expect(originalText).toContain('plus 10 days is overdue and carries one late fee of 5%');
    expect(originalText).toContain('Buy out');
    const htmlText = JSON.stringify(detail.document);
    expect(htmlText).toContain('the transfer fee of 2% of your total equity');
    expect(detail.documentSha256).toBe(createHash('sha256').update(original.bytes!).digest('hex'));

    // Staff cannot sign before the homeowner, nor in their place.
    const early = await admin.browser.post(`/api/envelopes/${buyer.envelopeId}/sign`, {
      documentSha256: detail.documentSha256,
      consent: true,
      signature: typed('Ada Admin'),
      fields: { title: 'Closer' },
    });
    expect([early.status, early.body.error.code]).toEqual([409, 'not_your_turn']);

    // Consent and fields are required.
    const noConsent = await buyer.browser.post(`/api/envelopes/${buyer.envelopeId}/sign`, {
      documentSha256: detail.documentSha256,
      consent: false,
      signature: typed('Grace Buyer'),
      fields: { initials: 'GB' },
    });
    expect(noConsent.status).toBe(400);
    const noInitials = await buyer.browser.post(`/api/envelopes/${buyer.envelopeId}/sign`, {
      documentSha256: detail.documentSha256,
      consent: true,
      signature: typed('Grace Buyer'),
      fields: {},
    });
    expect([noInitials.status, Object.keys(noInitials.body.error.fields)]).toEqual([400, ['fields.initials']]);

    const signed = await buyer.browser.post(
      `/api/envelopes/${buyer.envelopeId}/sign`,
      { documentSha256: detail.documentSha256, consent: true, signature: typed('Grace Buyer'), fields: { initials: 'GB' } },
      { 'user-agent': 'HomeownerBrowser/1.0' },
    );
    expect(signed.status).toBe(200);
    expect(signed.body.signers.map((s: { role: string; state: string }) => [s.role, s.state])).toEqual([
      ['homeowner', 'signed'],
      ['staff', 'pending'],
    ]);
    // Signing twice is refused; still nothing billed.
    const again = await buyer.browser.post(`/api/envelopes/${buyer.envelopeId}/sign`, {
      documentSha256: detail.documentSha256,
      consent: true,
      signature: typed('Grace Buyer'),
      fields: { initials: 'GB' },
    });
    expect([again.status, again.body.error.code]).toEqual([409, 'already_signed']);
    await runCharges(app.db);
    expect(await app.db.select().from(ledgerEntries).where(eq(ledgerEntries.homeId, buyer.homeId))).toEqual([]);

    // Staff countersign; the last signature seals.
    await openAndRead(admin.browser, buyer.envelopeId);
    const sealedReply = await admin.browser.post(
      `/api/envelopes/${buyer.envelopeId}/sign`,
      { documentSha256: detail.documentSha256, consent: true, signature: typed('Ada Admin'), fields: { title: 'Closing officer' } },
      { 'user-agent': 'StaffBrowser/2.0' },
    );
    expect(sealedReply.status).toBe(200);
    expect(sealedReply.body.status).toBe('completed');

    const sealed = (await buyer.browser.get(`/api/envelopes/${buyer.envelopeId}/file`)).bytes!;
    const sealedSha = createHash('sha256').update(sealed).digest('hex');
    expect(sealedReply.body.sealedSha256).toBe(sealedSha);
    expect(pdfsig(sealed)).toContain('Signature is Valid.');
    const certificate = flat(sealed);
    expect(certificate).toContain('Certificate of completion');
    expect(certificate).toContain(detail.documentSha256);
    expect(certificate).toContain('HomeownerBrowser/1.0');
    expect(certificate).toContain('StaffBrowser/2.0');
    expect(certificate).toContain('I agree to receive disclosures and sign documents electronically');
    expect(certificate).toContain('self-signed');
    expect(pdfText(sealed).indexOf('Co-ownership agreement')).toBeLessThan(pdfText(sealed).indexOf('Certificate of completion'));

    const seal = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, buyer.envelopeId), eq(auditLog.action, 'seal')));
    expect(seal[0]!.changes).toMatchObject({ sealedSha256: sealedSha, documentSha256: detail.documentSha256 });

    // Billing starts, the figures are theirs, and both parties get the sealed PDF's link.
    await runCharges(app.db);
    expect((await app.db.select().from(ledgerEntries).where(eq(ledgerEntries.homeId, buyer.homeId))).length).toBeGreaterThan(0);
    expect((await buyer.browser.get('/api/me/home')).status).toBe(200);
    await settleMailJobs(app);
    for (const to of [buyer.email, admin.user.email]) {
      const mails = await mailsTo(app.db, to);
      const done = mails.find((m) => m.subject.startsWith('Signed and sealed'));
      expect(done?.text).toContain(sealedSha);
    }

    // The verify route: ours and unchanged; one flipped byte, not.
    const ok = await verify(app, sealed);
    expect([ok.status, ok.body.verdict]).toEqual([200, 'sealed_unchanged']);
    expect(ok.body.signers.map((s: { name: string }) => s.name)).toEqual([expect.any(String), 'Ada Admin']);
    const flipped = Buffer.from(sealed);
    const at = Math.floor(flipped.length / 3);
    flipped[at] = flipped[at]! ^ 0x01;
    expect(pdfsig(flipped)).not.toContain('Signature is Valid.');
    expect((await verify(app, flipped)).body.verdict).toBe('altered');
    expect((await verify(app, original.bytes!)).body.verdict).toBe('unsigned');
    const notPdf = await verify(app, Buffer.from('hello, not a pdf'), 'note.txt', 'text/plain');
    expect([notPdf.status, notPdf.body.error.code]).toEqual([400, 'not_pdf']);
    // A PDF one byte over 25 MB: 413 with the limit under the field, and nothing kept.
    const huge = new Uint8Array(VERIFY_MAX_BYTES + 1).fill(0x20);
    huge.set(Buffer.from('%PDF-1.7\n'));
    const tooLarge = await verify(app, huge, 'huge.pdf');
    expect([tooLarge.status, tooLarge.body.error.code, tooLarge.body.error.fields]).toEqual([
      413,
      'file_too_large',
      { file: 'Files must be smaller than 25 MB.' },
    ]);

    // Signing a completed envelope is refused.
    const closed = await admin.browser.post(`/api/envelopes/${buyer.envelopeId}/sign`, {
      documentSha256: detail.documentSha256,
      consent: true,
      signature: typed('Ada Admin'),
      fields: { title: 'Closing officer' },
    });
    expect([closed.status, closed.body.error.code]).toEqual([409, 'already_signed']);
  });

  it("refuses another person's envelope, a changed document, an expired or declined one, and everything with e-signatures off", async () => {
    await setESign(true);
    const buyer = await bought();
    const other = await signedInWithRole(app, 'applicant');
    expect((await other.browser.get(`/api/envelopes/${buyer.envelopeId}`)).status).toBe(404);
    expect((await other.browser.post(`/api/envelopes/${buyer.envelopeId}/open`, {})).status).toBe(404);
    const detail = await openAndRead(buyer.browser, buyer.envelopeId);
    const body = { documentSha256: detail.documentSha256, consent: true, signature: typed('Grace Buyer'), fields: { initials: 'GB' } };
    expect((await other.browser.post(`/api/envelopes/${buyer.envelopeId}/sign`, body)).status).toBe(404);

    // A page showing another version of the document cannot sign.
    const stale = await buyer.browser.post(`/api/envelopes/${buyer.envelopeId}/sign`, { ...body, documentSha256: 'a'.repeat(64) });
    expect([stale.status, stale.body.error.code]).toEqual([409, 'document_changed']);

    // Expired.
    await app.db
      .update(signatureEnvelopes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signatureEnvelopes.id, buyer.envelopeId));
    const expired = await buyer.browser.post(`/api/envelopes/${buyer.envelopeId}/sign`, body);
    expect([expired.status, expired.body.error.code, expired.body.error.message]).toEqual([409, 'envelope_closed', expect.stringContaining('expired')]);
    // Staff send it again: a new envelope for the same home.
    const resent = await admin.browser.post(`/api/admin/envelopes/${buyer.envelopeId}/resend`, {});
    expect(resent.status).toBe(200);
    expect(resent.body.id).not.toBe(buyer.envelopeId);
    const waiting = await admin.browser.get('/api/admin/envelopes');
    expect(waiting.body.envelopes.map((e: { id: string }) => e.id)).toContain(resent.body.id);

    // Declined, with a reason.
    await openAndRead(buyer.browser, resent.body.id);
    const noReason = await buyer.browser.post(`/api/envelopes/${resent.body.id}/decline`, { reason: '' });
    expect(noReason.status).toBe(400);
    const declined = await buyer.browser.post(`/api/envelopes/${resent.body.id}/decline`, { reason: 'The address is misspelt.' });
    expect([declined.status, declined.body.status, declined.body.endReason]).toEqual([200, 'declined', 'The address is misspelt.']);
    const afterDecline = await buyer.browser.post(`/api/envelopes/${resent.body.id}/sign`, { ...body, documentSha256: declined.body.documentSha256 });
    expect([afterDecline.status, afterDecline.body.error.code]).toEqual([409, 'envelope_closed']);

    // A changed stored document: the hash no longer matches what the signer opened.
    const third = await admin.browser.post(`/api/admin/envelopes/${resent.body.id}/resend`, {});
    const thirdDetail = await openAndRead(buyer.browser, third.body.id);
    const [row] = await app.db.select().from(signatureEnvelopes).where(eq(signatureEnvelopes.id, third.body.id));
    await createStorage(app.config).put(row!.documentKey, Readable.from(Buffer.from('%PDF-1.7 something else')), { contentType: 'application/pdf' });
    const changed = await buyer.browser.post(`/api/envelopes/${third.body.id}/sign`, { ...body, documentSha256: thirdDetail.documentSha256 });
    expect([changed.status, changed.body.error.code]).toEqual([409, 'document_changed']);

    // Void with a reason.
    const voided = await admin.browser.post(`/api/admin/envelopes/${third.body.id}/void`, { reason: 'Wrong document stored.' });
    expect([voided.status, voided.body.status]).toEqual([200, 'voided']);
    expect((await admin.browser.post(`/api/admin/envelopes/${third.body.id}/void`, { reason: 'Again.' })).body.error.code).toBe('envelope_closed');

    // Off: the routes refuse with a clear message; the records stay readable.
    await setESign(false);
    const off = await buyer.browser.post(`/api/envelopes/${buyer.envelopeId}/open`, {});
    expect([off.status, off.body.error.code]).toEqual([409, 'esign_off']);
    expect((await buyer.browser.get(`/api/envelopes/${buyer.envelopeId}`)).status).toBe(200);
    await setESign(true);
  });
});
