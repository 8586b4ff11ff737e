import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_BYTES } from '../../domain/application';
import { documents } from '../platform/db/schema';
import { AUTH_TEST_ENV } from '../test/auth-client';
import { fillApplication, fixture, signUp, storedFiles, upload, uploadChunked, type Member } from '../test/application-client';
import { startTestServer, type TestServer } from '../test/harness';

const pdf = () => ({ bytes: fixture('sample.pdf'), name: 'statement.pdf', contentType: 'application/pdf' });
const png = () => ({ bytes: fixture('sample.png'), name: 'id-front.png', contentType: 'image/png' });
/** A Windows program ('MZ' header) named and typed as a PDF. */
const exeAsPdf = () => ({
  bytes: new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0, 0, 0]),
  name: 'invoice.pdf',
  contentType: 'application/pdf',
});

describe('documents: upload, download, several per type, delete', () => {
  let app: TestServer;
  const rowsOf = (member: Member) => app.db.select().from(documents).where(eq(documents.userId, member.userId));

  beforeAll(async () => {
    app = await startTestServer(AUTH_TEST_ENV);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('accepts a real PDF and a real PNG, names the stored files itself, and lists them on the application', async () => {
    const member = await signUp(app);
    const a = await upload(member.browser, 'bankStatements', pdf());
    const b = await upload(member.browser, 'governmentId', png());
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({
      type: 'bankStatements',
      title: 'Bank Statements',
      originalName: 'statement.pdf',
      contentType: 'application/pdf',
      sizeBytes: fixture('sample.pdf').length,
    });
    expect(b.body).toMatchObject({
      type: 'governmentId',
      contentType: 'image/png',
      sizeBytes: fixture('sample.png').length,
      url: `/api/documents/${b.body.id}`,
    });
    expect(a.body).not.toHaveProperty('storageKey');

    const rows = await rowsOf(member);
    expect(rows.map((r) => r.storageKey)).toEqual(expect.arrayContaining([expect.stringMatching(/^documents\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/)]));
    const files = storedFiles(app);
    for (const row of rows) expect(files.some((f) => f.endsWith(row.storageKey.split('/').pop()!))).toBe(true);
    expect(files.some((f) => f.includes('statement') || f.includes('id-front'))).toBe(false);

    // JPEG by its first bytes, whatever the browser called it.
    const jpeg = await upload(member.browser, 'paystubs', {
      bytes: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]),
      name: 'scan.jpeg',
      contentType: 'application/octet-stream',
    });
    expect(jpeg.body).toMatchObject({ contentType: 'image/jpeg', sizeBytes: 10 });

    const application = await member.browser.get('/api/application');
    expect(application.body.documents.map((d: { type: string }) => d.type).sort()).toEqual(['bankStatements', 'governmentId', 'paystubs']);
    expect(application.body.id).toBe(rows[0].applicationId);
  });

  it('serves a document to its owner as an attachment with its real type and a safe name', async () => {
    const member = await signUp(app);
    const up = await upload(member.browser, 'paystubs', { ...pdf(), name: '../../etc/pay stub März.pdf' });
    expect(up.body.originalName).toBe('pay stub März.pdf');
    const response = await fetch(`${app.url}/api/documents/${up.body.id}`, { headers: { cookie: member.browser.cookieHeader } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="pay stub M_rz.pdf"; filename*=UTF-8''pay%20stub%20M%C3%A4rz.pdf`);
    expect(Buffer.from(await response.arrayBuffer()).equals(fixture('sample.pdf'))).toBe(true);
  });

  it('refuses a .exe renamed .pdf (415), an empty file (400) and keeps nothing', async () => {
    const member = await signUp(app);
    const filesBefore = storedFiles(app).length;
    const exe = await upload(member.browser, 'bankStatements', exeAsPdf());
    expect(exe.status).toBe(415);
    expect(exe.body.error).toEqual({ code: 'unsupported_file_type', message: 'Please upload PDF, JPG, or PNG files only.' });
    const text = await upload(member.browser, 'bankStatements', { bytes: new TextEncoder().encode('%PDF'), name: 'short.pdf' });
    expect(text.status).toBe(415);
    const empty = await upload(member.browser, 'bankStatements', { bytes: new Uint8Array(), name: 'empty.pdf', contentType: 'application/pdf' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.code).toBe('empty_file');
    expect(await rowsOf(member)).toEqual([]);
    expect(storedFiles(app).length).toBe(filesBefore);
  });

  it('refuses a 26 MB file with 413, whether it says its size or not, and keeps nothing', async () => {
    const member = await signUp(app);
    const filesBefore = storedFiles(app).length;
    const big = new Uint8Array(26 * 1024 * 1024);
    big.set(fixture('sample.pdf').subarray(0, 16));
    const declared = await upload(member.browser, 'bankStatements', { bytes: big, name: 'big.pdf', contentType: 'application/pdf' });
    expect(declared.status).toBe(413);
    expect(declared.body.error).toEqual({ code: 'file_too_large', message: 'Files must be smaller than 25MB.' });

    // Without Content-Length the server counts while it streams to storage, and removes the partial file.
    const chunked = await uploadChunked(member.browser, 'bankStatements', fixture('sample.pdf').subarray(0, 16), 26 * 1024 * 1024);
    expect(chunked.status).toBe(413);
    expect(chunked.body.error.code).toBe('file_too_large');
    expect(await rowsOf(member)).toEqual([]);
    expect(storedFiles(app).length).toBe(filesBefore);
    expect(storedFiles(app).filter((f) => f.endsWith('.part'))).toEqual([]);
  });

  it('accepts a file of exactly 25 MB streamed without a declared size', async () => {
    const member = await signUp(app);
    const reply = await uploadChunked(member.browser, 'bankStatements', fixture('sample.pdf').subarray(0, 16), MAX_DOCUMENT_BYTES);
    expect(reply.status).toBe(201);
    expect(reply.body.sizeBytes).toBe(MAX_DOCUMENT_BYTES);
  });

  it('takes only the first file of a request; a second upload of a type is one more file, the first kept', async () => {
    const member = await signUp(app);
    const first = await upload(member.browser, 'governmentId', [png(), pdf()]);
    expect(first.body).toMatchObject({ contentType: 'image/png', originalName: 'id-front.png' });
    expect(await rowsOf(member)).toHaveLength(1);
    const firstKey = (await rowsOf(member))[0].storageKey;

    // docs/product/application.md#documents: a type takes several files (ID front and back); nothing is replaced.
    const second = await upload(member.browser, 'governmentId', { ...pdf(), name: 'id-back.pdf' });
    expect(second.status).toBe(201);
    const rows = await rowsOf(member);
    expect(rows.map((r) => r.originalName).sort()).toEqual(['id-back.pdf', 'id-front.png']);
    expect(await app.server.storage.exists(firstKey)).toBe(true);
    expect((await member.browser.get(`/api/documents/${first.body.id}`)).status).toBe(200);
  });

  it('refuses an unknown document type and a body that is not multipart', async () => {
    const member = await signUp(app);
    const badType = await upload(member.browser, 'selfie', png());
    expect(badType.status).toBe(400);
    // The route's contract validates `?type=` before a byte of the body is read (src/domain/api/application.ts).
    expect(badType.body.error).toMatchObject({
      code: 'validation_failed',
      fields: { type: 'Say which document this is: one of governmentId, bankStatements, paystubs, taxReturns.' },
    });
    // Refused before the body is read, by the one content-type check (src/server/platform/http/same-origin.ts).
    const json = await member.browser.post('/api/application/documents?type=paystubs', { file: 'x' });
    expect(json.status).toBe(415);
    expect(json.body.error.code).toBe('unsupported_media_type');
    expect((await member.browser.get('/api/application')).body.documents).toEqual([]);
  });

  it('removes a document of a draft with its file; after submission refuses (409) but still takes new uploads', async () => {
    const member = await signUp(app);
    const up = await upload(member.browser, 'taxReturns', pdf());
    const key = (await rowsOf(member))[0].storageKey;
    const removed = await member.browser.request('DELETE', `/api/documents/${up.body.id}`);
    expect(removed).toMatchObject({ status: 200, body: { ok: true } });
    expect(await rowsOf(member)).toEqual([]);
    expect(await app.server.storage.exists(key)).toBe(false);

    await fillApplication(member);
    expect((await member.browser.post('/api/application/submit')).status).toBe(200);
    const [doc] = await rowsOf(member);
    const refused = await member.browser.request('DELETE', `/api/documents/${doc.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('application_submitted');
    expect(await app.server.storage.exists(doc.storageKey)).toBe(true);
    expect((await upload(member.browser, 'taxReturns', png())).status).toBe(201);
  });
});
