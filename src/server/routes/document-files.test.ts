import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeDraft } from '../../domain/factories/application-draft';
import { documents } from '../platform/db/schema';
import { AUTH_TEST_ENV } from '../test/auth-client';
import { fixture, signUp, storedFiles, upload, uploadChunked, type Member } from '../test/application-client';
import { startTestServer, type TestServer } from '../test/harness';

/**
 * Several files per document (docs/product/application.md#documents): ID front and back, 2–3 statements, 2–3 pay
 * stubs — up to 10 per type, each listed and removable before submit, every file checked by its content; a submit
 * names the documents still missing.
 */

const pdf = (name: string) => ({ bytes: fixture('sample.pdf'), name, contentType: 'application/pdf' });
const png = (name: string) => ({ bytes: fixture('sample.png'), name, contentType: 'image/png' });

interface Listed {
  id: string;
  type: string;
  originalName: string;
}

describe('documents: several files per type', () => {
  let app: TestServer;
  const rowsOf = (member: Member) => app.db.select().from(documents).where(eq(documents.userId, member.userId));
  const listed = async (member: Member, type: string) =>
    ((await member.browser.get('/api/application')).body.documents as Listed[]).filter((d) => d.type === type).map((d) => d.originalName);

  beforeAll(async () => {
    app = await startTestServer(AUTH_TEST_ENV);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('keeps the front and the back of an ID, and up to 10 statements; the 11th is refused with a message and nothing kept', async () => {
    const member = await signUp(app);
    expect((await upload(member.browser, 'governmentId', png('id-front.png'))).status).toBe(201);
    expect((await upload(member.browser, 'governmentId', pdf('id-back.pdf'))).status).toBe(201);
    expect(await listed(member, 'governmentId')).toEqual(['id-front.png', 'id-back.pdf']);

    for (let month = 1; month <= 10; month += 1) {
      const reply = await upload(member.browser, 'bankStatements', pdf(`statement-${month}.pdf`));
      expect(reply.status).toBe(201);
    }
    const filesBefore = storedFiles(app).length;
    const eleventh = await upload(member.browser, 'bankStatements', pdf('statement-11.pdf'));
    expect(eleventh.status).toBe(409);
    expect(eleventh.body.error).toEqual({ code: 'too_many_files', message: 'You can add at most 10 files of one kind. Remove one to add another.' });
    expect(storedFiles(app).length).toBe(filesBefore);
    expect(await listed(member, 'bankStatements')).toHaveLength(10);
    expect(await listed(member, 'bankStatements')).not.toContain('statement-11.pdf');
    // Another type is counted on its own.
    expect((await upload(member.browser, 'paystubs', pdf('stub.pdf'))).status).toBe(201);

    // Removing one makes room again.
    const first = (await rowsOf(member)).find((r) => r.originalName === 'statement-1.pdf')!;
    expect((await member.browser.request('DELETE', `/api/documents/${first.id}`)).status).toBe(200);
    expect((await upload(member.browser, 'bankStatements', pdf('statement-11.pdf'))).status).toBe(201);
    expect(await listed(member, 'bankStatements')).toHaveLength(10);
  });

  it('keeps at most 10 of a type when 12 arrive at once: the limit is counted with the application locked', async () => {
    const member = await signUp(app);
    await upload(member.browser, 'paystubs', pdf('first.pdf')); // the draft exists before the race
    const replies = await Promise.all(Array.from({ length: 12 }, (_, i) => upload(member.browser, 'paystubs', pdf(`stub-${i}.pdf`))));
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(9);
    expect(statuses.filter((s) => s === 409)).toHaveLength(3);
    const rows = (await rowsOf(member)).filter((r) => r.type === 'paystubs');
    expect(rows).toHaveLength(10);
    for (const row of rows) expect(await app.server.storage.exists(row.storageKey)).toBe(true);
  });

  it('removes one file before submit and keeps the others of its type, with their stored files', async () => {
    const member = await signUp(app);
    const front = await upload(member.browser, 'governmentId', png('front.png'));
    const back = await upload(member.browser, 'governmentId', png('back.png'));
    const [frontRow, backRow] = [front.body.id, back.body.id].map((id) => id as string);
    const rows = await rowsOf(member);
    const keyOf = (id: string) => rows.find((r) => r.id === id)!.storageKey;

    const removed = await member.browser.request('DELETE', `/api/documents/${frontRow}`);
    expect(removed).toMatchObject({ status: 200, body: { ok: true } });
    expect(await listed(member, 'governmentId')).toEqual(['back.png']);
    expect(await app.server.storage.exists(keyOf(frontRow))).toBe(false);
    expect(await app.server.storage.exists(keyOf(backRow))).toBe(true);
    expect((await member.browser.get(`/api/documents/${frontRow}`)).status).toBe(404);
    expect((await member.browser.get(`/api/documents/${backRow}`)).status).toBe(200);
  });

  it('checks every file of a type by its content: a bad second file is refused, the first stays', async () => {
    const member = await signUp(app);
    const good = await upload(member.browser, 'paystubs', pdf('stub-1.pdf'));
    expect(good.status).toBe(201);
    const filesBefore = storedFiles(app).length;

    const exe = await upload(member.browser, 'paystubs', {
      bytes: new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0, 0, 0]),
      name: 'stub-2.pdf',
      contentType: 'application/pdf',
    });
    expect(exe.status).toBe(415);
    expect(exe.body.error.code).toBe('unsupported_file_type');
    const truncated = await upload(member.browser, 'paystubs', { bytes: new TextEncoder().encode('%PDF'), name: 'stub-3.pdf' });
    expect(truncated.status).toBe(415);
    const empty = await upload(member.browser, 'paystubs', { bytes: new Uint8Array(), name: 'stub-4.pdf', contentType: 'application/pdf' });
    expect(empty).toMatchObject({ status: 400, body: { error: { code: 'empty_file' } } });
    const big = new Uint8Array(26 * 1024 * 1024);
    big.set(fixture('sample.pdf').subarray(0, 16));
    const declared = await upload(member.browser, 'paystubs', { bytes: big, name: 'stub-5.pdf', contentType: 'application/pdf' });
    expect(declared).toMatchObject({ status: 413, body: { error: { code: 'file_too_large' } } });
    const chunked = await uploadChunked(member.browser, 'paystubs', fixture('sample.pdf').subarray(0, 16), 26 * 1024 * 1024);
    expect(chunked.status).toBe(413);

    expect(await listed(member, 'paystubs')).toEqual(['stub-1.pdf']);
    expect(storedFiles(app).length).toBe(filesBefore);
    // A good second file is still taken.
    expect((await upload(member.browser, 'paystubs', png('stub-2.png'))).status).toBe(201);
    expect(await listed(member, 'paystubs')).toEqual(['stub-1.pdf', 'stub-2.png']);
  });

  it('refuses a submit while a required document is missing, naming it; removing the last file of a type brings it back', async () => {
    const member = await signUp(app);
    expect((await member.browser.request('PUT', '/api/application', completeDraft())).status).toBe(200);
    await upload(member.browser, 'governmentId', png('front.png'));
    await upload(member.browser, 'governmentId', png('back.png'));
    const stub = await upload(member.browser, 'paystubs', pdf('stub.pdf'));

    const refused = await member.browser.post('/api/application/submit');
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      code: 'application_incomplete',
      message: 'Add your bank statements to submit.',
      fields: { 'documents.bankStatements': 'Add your bank statements to submit' },
    });
    expect(refused.body.error.steps).toEqual([
      { stepIndex: 5, stepId: 'documents', stepTitle: 'Documents', fields: { 'documents.bankStatements': 'Add your bank statements to submit' } },
    ]);

    await upload(member.browser, 'bankStatements', pdf('january.pdf'));
    await member.browser.request('DELETE', `/api/documents/${stub.body.id}`);
    const again = await member.browser.post('/api/application/submit');
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe('Add your pay stubs to submit.');
    expect(Object.keys(again.body.error.fields)).toEqual(['documents.paystubs']);

    await upload(member.browser, 'paystubs', pdf('stub-again.pdf'));
    const submitted = await member.browser.post('/api/application/submit');
    expect(submitted.status).toBe(200);
    // Every file went with it.
    expect((await rowsOf(member)).map((r) => r.originalName).sort()).toEqual(['back.png', 'front.png', 'january.pdf', 'stub-again.pdf']);
  });

  it('names every missing document, and the other gaps, when more is missing', async () => {
    const member = await signUp(app);
    await member.browser.request('PUT', '/api/application', { ...completeDraft(), certified: false });
    const refused = await member.browser.post('/api/application/submit');
    expect(refused.body.error.message).toBe(
      'Some information is still missing. Please complete the highlighted steps. Add your government ID, bank statements and pay stubs to submit.',
    );
  });

  it('refuses removing any of the files after submission, and keeps them all', async () => {
    const member = await signUp(app);
    await member.browser.request('PUT', '/api/application', completeDraft());
    for (const [type, name] of [
      ['governmentId', 'front.png'],
      ['governmentId', 'back.png'],
      ['bankStatements', 'march.pdf'],
      ['bankStatements', 'april.pdf'],
      ['paystubs', 'stub.pdf'],
    ] as const)
      expect((await upload(member.browser, type, name.endsWith('png') ? png(name) : pdf(name))).status).toBe(201);
    expect((await member.browser.post('/api/application/submit')).status).toBe(200);
    for (const row of await rowsOf(member)) {
      const refused = await member.browser.request('DELETE', `/api/documents/${row.id}`);
      expect(refused).toMatchObject({ status: 409, body: { error: { code: 'application_submitted' } } });
      expect(await app.server.storage.exists(row.storageKey)).toBe(true);
    }
    expect(await listed(member, 'governmentId')).toEqual(['front.png', 'back.png']);
  });

  it("answers 404 for another user's file, to download or remove, and keeps it", async () => {
    const owner = await signUp(app);
    const other = await signUp(app);
    await upload(owner.browser, 'governmentId', png('front.png'));
    const back = await upload(owner.browser, 'governmentId', png('back.png'));
    expect((await other.browser.get(`/api/documents/${back.body.id}`)).status).toBe(404);
    const remove = await other.browser.request('DELETE', `/api/documents/${back.body.id}`);
    expect(remove).toMatchObject({ status: 404, body: { error: { code: 'not_found' } } });
    expect(await listed(owner, 'governmentId')).toEqual(['front.png', 'back.png']);
  });
});
