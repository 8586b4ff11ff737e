import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationMessages, auditLog } from '../platform/db/schema';
import { signedInAdmin } from '../test/admin-client';
import { fillApplication, fixture, signUp, storedFiles, type Member } from '../test/application-client';
import { AUTH_TEST_ENV, type TestBrowser } from '../test/auth-client';
import { readReply, startTestServer, type HttpReply, type TestServer } from '../test/harness';

/**
 * Chat takes an attachment (docs/decisions/041-withdrawal-and-change-requests.md): the same content checks, size
 * limit and storage as the application's documents; shown in the conversation with its name and a download link
 * for the owner and staff only; audited; removed with its message.
 */
describe('a message with a file', () => {
  let app: TestServer;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;

  beforeAll(async () => {
    app = await startTestServer(AUTH_TEST_ENV);
    admin = await signedInAdmin(app);
  });
  afterAll(async () => {
    await app?.stop();
  });

  async function send(browser: TestBrowser, path: string, file: { bytes: Uint8Array; name: string; type: string } | null, body?: string): Promise<HttpReply> {
    const form = new FormData();
    if (body !== undefined) form.append('body', body);
    if (file) form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
    return readReply(
      await fetch(`${browser.baseUrl}${path}`, { method: 'POST', headers: { origin: browser.origin, cookie: browser.cookieHeader }, body: form }),
    );
  }
  const pdf = { bytes: fixture('sample.pdf'), name: 'pay stub (March).pdf', type: 'application/pdf' };
  const png = { bytes: fixture('sample.png'), name: 'photo.png', type: 'image/png' };

  async function submitted(): Promise<Member & { applicationId: string }> {
    const member = await signUp(app);
    await fillApplication(member);
    const reply = await member.browser.post('/api/application/submit', {});
    expect(reply.status).toBe(200);
    return { ...member, applicationId: reply.body.id };
  }

  it('sends a PDF with a note, shown to both sides with its name and link; only the owner and staff download it, audited', async () => {
    const member = await submitted();
    const before = storedFiles(app).length;
    const sent = await send(member.browser, '/api/messages/attachment', pdf, 'Here is my latest pay stub.');
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      body: 'Here is my latest pay stub.',
      side: 'applicant',
      attachment: { name: 'pay stub (March).pdf', contentType: 'application/pdf', sizeBytes: pdf.bytes.length },
    });
    expect(storedFiles(app)).toHaveLength(before + 1);
    const url = sent.body.attachment.url as string;
    expect(url).toBe(`/api/messages/${sent.body.id}/attachment`);

    // A file alone is a message too.
    expect((await send(member.browser, '/api/messages/attachment', png)).body).toMatchObject({
      body: '',
      attachment: { name: 'photo.png', contentType: 'image/png' },
    });

    const staffView = await admin.browser.get(`/api/admin/applications/${member.applicationId}/messages`);
    expect(staffView.body.messages.map((m: { attachment: { name: string } | null }) => m.attachment?.name)).toEqual(['pay stub (March).pdf', 'photo.png']);

    const own = await fetch(`${member.browser.baseUrl}${url}`, { headers: { cookie: member.browser.cookieHeader } });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('application/pdf');
    expect(own.headers.get('content-disposition')).toMatch(/^attachment; filename="pay stub _March_.pdf"/);
    expect(own.headers.get('cache-control')).toContain('no-store');
    expect(Buffer.from(await own.arrayBuffer()).equals(Buffer.from(pdf.bytes))).toBe(true);
    expect((await admin.browser.get(url)).status).toBe(200);
    const stranger = await signUp(app);
    expect((await stranger.browser.get(url)).status).toBe(404);
    const downloads = (await app.db.select().from(auditLog).where(eq(auditLog.entityId, sent.body.id))).filter((e) => e.action === 'download');
    expect(downloads).toHaveLength(2);

    // Staff answer with a file, named in the query.
    const answer = await send(admin.browser, `/api/admin/message-attachments?application=${member.applicationId}`, png, 'Thanks! Is this the right form?');
    expect(answer.status).toBe(201);
    const buyerView = await member.browser.get('/api/messages');
    expect(buyerView.body.messages.at(-1)).toMatchObject({ side: 'staff', body: 'Thanks! Is this the right form?', attachment: { name: 'photo.png' } });
    expect((await send(admin.browser, `/api/admin/message-attachments?application=${crypto.randomUUID()}`, png)).status).toBe(404);
  });

  it('refuses what a document upload refuses, and keeps nothing of it', async () => {
    const member = await submitted();
    const before = storedFiles(app).length;
    const text = await send(member.browser, '/api/messages/attachment', {
      bytes: new TextEncoder().encode('hello'),
      name: 'notes.pdf',
      type: 'application/pdf',
    });
    expect(text.status).toBe(415);
    expect(text.body.error).toMatchObject({ code: 'unsupported_file_type', message: 'Please upload PDF, JPG, or PNG files only.' });
    const empty = await send(member.browser, '/api/messages/attachment', { bytes: new Uint8Array(), name: 'empty.pdf', type: 'application/pdf' });
    expect(empty.body.error.code).toBe('empty_file');
    expect((await send(member.browser, '/api/messages/attachment', null, 'No file.')).body.error.code).toBe('no_file');
    const tooLong = await send(member.browser, '/api/messages/attachment', pdf, 'x'.repeat(5001));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.fields.body).toMatch(/5,000 characters/);
    // The 25 MB limit is the documents' own (receiveMultipart with MAX_DOCUMENT_BYTES), tested with them (documents.test.ts).
    expect(storedFiles(app)).toHaveLength(before);
    expect(await app.db.select().from(applicationMessages).where(eq(applicationMessages.applicationId, member.applicationId))).toEqual([]);

    // Nobody to write to without an application.
    const nobody = await signUp(app);
    expect((await send(nobody.browser, '/api/messages/attachment', pdf)).body.error.code).toBe('no_application');
  });

  it('removes the file with its message', async () => {
    const member = await submitted();
    const before = storedFiles(app).length;
    const sent = await send(member.browser, '/api/messages/attachment', pdf, 'Wrong file, sorry.');
    expect(storedFiles(app)).toHaveLength(before + 1);
    expect((await member.browser.request('DELETE', `/api/messages/${sent.body.id}`)).status).toBe(200);
    expect(storedFiles(app)).toHaveLength(before);
    const [row] = await app.db.select().from(applicationMessages).where(eq(applicationMessages.id, sent.body.id));
    expect(row).toMatchObject({ body: '', attachmentKey: null, attachmentName: null });
    expect((await member.browser.get(sent.body.attachment.url)).status).toBe(404);
    expect((await member.browser.get('/api/messages')).body.messages[0].attachment).toBeNull();
  });
});
