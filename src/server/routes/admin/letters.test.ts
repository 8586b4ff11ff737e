import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, lettersOfIntent } from '../../platform/db/schema';
import { signedInAdmin } from '../../test/admin-client';
import { fixture, storedFiles } from '../../test/application-client';
import { AUTH_TEST_ENV, type TestBrowser } from '../../test/auth-client';
import { startTestServer, uniqueEmail, type HttpReply, type TestServer, readReply } from '../../test/harness';

type Upload = { bytes: Uint8Array; name: string; contentType?: string };

/** The Add Letter of Intent dialog's request: multipart/form-data, the PDF in `file`. */
async function addLetter(browser: TestBrowser, fields: Record<string, string>, file?: Upload): Promise<HttpReply> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.contentType ?? 'application/pdf' }), file.name);
  const response = await fetch(`${browser.baseUrl}/api/admin/letters`, {
    method: 'POST',
    headers: { origin: browser.origin, cookie: browser.cookieHeader },
    body: form,
  });
  return readReply(response);
}

/** 'Attach PDF' / 'Replace PDF' on a letter's detail view: multipart/form-data, the letter's id and the PDF in `file`. */
async function attachPdf(browser: TestBrowser, letterId: string, file?: Upload): Promise<HttpReply> {
  const form = new FormData();
  form.append('letterId', letterId);
  if (file) form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.contentType ?? 'application/pdf' }), file.name);
  const response = await fetch(`${browser.baseUrl}/api/admin/letter-pdfs`, {
    method: 'POST',
    headers: { origin: browser.origin, cookie: browser.cookieHeader },
    body: form,
  });
  return readReply(response);
}

/** A PDF of `size` bytes: the real sample's first bytes, padded. */
function pdfOfSize(size: number): Uint8Array {
  const bytes = new Uint8Array(size).fill(0x20);
  bytes.set(fixture('sample.pdf').subarray(0, Math.min(size, 64)));
  return bytes;
}

const letterFields = (overrides: Record<string, string> = {}) => ({
  firstName: 'Rosa',
  lastName: 'Parks',
  email: uniqueEmail('letter'),
  phone: '(214) 555-0187',
  propertyAddress: '12 Elm Street, Austin, TX',
  propertyValue: '450000.50',
  downPaymentAmount: '',
  desiredMonthlyPayment: '2100.25',
  moveInDate: 'Q3 2025',
  notes: 'Prefers a three-bedroom.',
  status: 'approved',
  intendedState: 'Texas',
  ...overrides,
});

describe('letters of intent: add with a PDF, list, download, delete', () => {
  let app: TestServer;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;

  beforeAll(async () => {
    app = await startTestServer(AUTH_TEST_ENV);
    admin = await signedInAdmin(app);
  });
  afterAll(async () => {
    await app?.stop();
  });

  const auditOf = (entityId: string) =>
    app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'letters_of_intent'), eq(auditLog.entityId, entityId)))
      .orderBy(desc(auditLog.id));

  it('adds a letter with a PDF: money as decimals or null, the file in storage, the creation audited', async () => {
    const fields = letterFields();
    const reply = await addLetter(admin.browser, fields, { bytes: fixture('sample.pdf'), name: 'Signed Letter.pdf' });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body).toMatchObject({
      firstName: 'Rosa',
      lastName: 'Parks',
      email: fields.email,
      phone: '(214) 555-0187',
      propertyAddress: '12 Elm Street, Austin, TX',
      propertyValue: 450000.5,
      downPaymentAmount: null,
      desiredMonthlyPayment: 2100.25,
      moveInDate: 'Q3 2025',
      notes: 'Prefers a three-bedroom.',
      status: 'approved',
      intendedState: 'Texas',
      hasPdf: true,
    });

    const [row] = await app.db.select().from(lettersOfIntent).where(eq(lettersOfIntent.id, reply.body.id));
    expect(row!.fileKey).toMatch(/^letters-of-intent\/[0-9a-f-]{36}$/);
    expect(row!.emailKey).toBe(fields.email.toLowerCase());
    expect(row!.createdBy).toBe(admin.user.id);
    expect(await app.server.storage.exists(row!.fileKey!)).toBe(true);

    const [entry] = await auditOf(reply.body.id);
    expect(entry).toMatchObject({ action: 'create', actorEmail: admin.account.email.toLowerCase(), actorId: admin.user.id });
    expect(entry!.changes).toMatchObject({
      firstName: 'Rosa',
      email: fields.email,
      propertyValue: 450000.5,
      downPaymentAmount: null,
      status: 'approved',
      pdf: 'attached',
    });
  });

  it('adds a letter without a PDF, pending by default, every optional field null', async () => {
    const reply = await addLetter(admin.browser, { firstName: 'Ida', lastName: 'Wells', email: uniqueEmail('nofile') });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body).toMatchObject({
      status: 'pending',
      hasPdf: false,
      phone: null,
      propertyAddress: null,
      propertyValue: null,
      downPaymentAmount: null,
      desiredMonthlyPayment: null,
      moveInDate: null,
      notes: null,
      intendedState: null,
    });
    const download = await admin.browser.get(`/api/admin/letters/${reply.body.id}/pdf`);
    expect(download.status).toBe(404);
    expect(download.body.error.code).toBe('no_pdf');
  });

  it('refuses an exact duplicate (the e-mail in any case) with 409, keeping neither a row nor its file; one field changed is a new letter', async () => {
    const fields = letterFields();
    const first = await addLetter(admin.browser, fields);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const count = async () => (await app.db.select().from(lettersOfIntent).where(eq(lettersOfIntent.emailKey, fields.email.toLowerCase()))).length;
    const filesBefore = storedFiles(app).length;

    // The same letter again, the address typed in capitals and a different status, with a PDF this time.
    const again = await addLetter(
      admin.browser,
      { ...fields, email: fields.email.toUpperCase(), status: 'pending' },
      { bytes: fixture('sample.pdf'), name: 'again.pdf' },
    );
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('duplicate_letter');
    expect(again.body.error.message).toBe(`This letter is already on the list (Rosa Parks, ${fields.email}). Open it there to attach or replace its PDF.`);
    expect(await count()).toBe(1);
    expect(storedFiles(app)).toHaveLength(filesBefore);

    // Two at once: one is added, the other refused.
    const twin = letterFields({ notes: 'Twins.' });
    const both = await Promise.all([addLetter(admin.browser, twin), addLetter(admin.browser, twin)]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);

    // Another amount is another letter.
    expect((await addLetter(admin.browser, { ...fields, propertyValue: '450001' })).status).toBe(201);
    expect(await count()).toBe(2);
  });

  it('attaches a PDF to a letter added without one, then replaces it: the old file removed, each audited', async () => {
    const added = await addLetter(admin.browser, { firstName: 'Ella', lastName: 'Baker', email: uniqueEmail('later') });
    const id = added.body.id as string;

    const attached = await attachPdf(admin.browser, id, { bytes: fixture('sample.pdf'), name: 'Signed.pdf' });
    expect(attached.status, JSON.stringify(attached.body)).toBe(200);
    expect(attached.body).toMatchObject({ id, hasPdf: true });
    const [first] = await app.db.select().from(lettersOfIntent).where(eq(lettersOfIntent.id, id));
    expect(await app.server.storage.exists(first!.fileKey!)).toBe(true);

    const replacement = pdfOfSize(5000);
    const replaced = await attachPdf(admin.browser, id, { bytes: replacement, name: 'Countersigned.pdf' });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    const [second] = await app.db.select().from(lettersOfIntent).where(eq(lettersOfIntent.id, id));
    expect(second!.fileKey).not.toBe(first!.fileKey);
    expect(second!.fileSize).toBe(5000);
    expect(await app.server.storage.exists(first!.fileKey!)).toBe(false);
    const download = await fetch(`${app.url}/api/admin/letters/${id}/pdf`, { headers: { cookie: admin.browser.cookieHeader } });
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(replacement);

    expect((await auditOf(id)).map((entry) => [entry.action, entry.changes])).toEqual(
      expect.arrayContaining([
        ['update', { pdf: { from: 'attached', to: 'replaced' } }],
        ['update', { pdf: { from: 'none', to: 'attached' } }],
      ]),
    );
  });

  it('refuses a later PDF without a file or for an unknown letter, keeping the PDF there and storing nothing', async () => {
    const added = await addLetter(
      admin.browser,
      { firstName: 'Fannie', lastName: 'Hamer', email: uniqueEmail('refused') },
      { bytes: fixture('sample.pdf'), name: 'a.pdf' },
    );
    const id = added.body.id as string;
    const [before] = await app.db.select().from(lettersOfIntent).where(eq(lettersOfIntent.id, id));
    const filesBefore = storedFiles(app).length;

    // (The PDF check is the Add form's, receiveLetterForm: tested above with Add.)
    const none = await attachPdf(admin.browser, id);
    expect(none.status).toBe(400);
    expect(none.body.error).toMatchObject({ code: 'no_file', fields: { file: 'Choose a PDF to attach.' } });
    const unknown = await attachPdf(admin.browser, '00000000-0000-4000-8000-000000000000', { bytes: fixture('sample.pdf'), name: 'b.pdf' });
    expect(unknown.status).toBe(404);

    const [after] = await app.db.select().from(lettersOfIntent).where(eq(lettersOfIntent.id, id));
    expect(after!.fileKey).toBe(before!.fileKey);
    expect(storedFiles(app)).toHaveLength(filesBefore);
  });

  it('refuses bad fields with 400 and field messages, keeping neither a row nor a file', async () => {
    const before = storedFiles(app).length;
    const email = uniqueEmail('refused');
    const cases: [Record<string, string>, string[]][] = [
      [{ email: 'not-an-email' }, ['email']],
      [{ firstName: '  ', lastName: '' }, ['firstName', 'lastName']],
      [{ propertyValue: '12.345', downPaymentAmount: '-5', desiredMonthlyPayment: 'lots' }, ['desiredMonthlyPayment', 'downPaymentAmount', 'propertyValue']],
      [{ status: 'maybe', intendedState: 'Atlantis' }, ['intendedState', 'status']],
      [{ moveInDate: 'x'.repeat(101) }, ['moveInDate']],
    ];
    for (const [overrides, fields] of cases) {
      const reply = await addLetter(admin.browser, letterFields({ email, ...overrides }), { bytes: fixture('sample.pdf'), name: 'letter.pdf' });
      expect(reply.status, JSON.stringify(overrides)).toBe(400);
      expect(reply.body.error.code).toBe('validation_failed');
      expect(Object.keys(reply.body.error.fields).sort()).toEqual(fields);
    }
    expect(storedFiles(app)).toHaveLength(before);
    expect(await app.db.select().from(lettersOfIntent).where(eq(lettersOfIntent.emailKey, email))).toHaveLength(0);
  });

  it('takes a PDF only: a PNG renamed .pdf, or a text file, is refused with 400 and nothing is stored', async () => {
    const before = storedFiles(app).length;
    const email = uniqueEmail('notpdf');
    const png = await addLetter(admin.browser, letterFields({ email }), { bytes: fixture('sample.png'), name: 'letter.pdf', contentType: 'application/pdf' });
    expect(png.status).toBe(400);
    expect(png.body.error).toMatchObject({ code: 'not_pdf', fields: { file: 'Please upload a PDF file.' } });

    const text = await addLetter(admin.browser, letterFields({ email }), {
      bytes: new TextEncoder().encode('%PDF-1.7 but a text file'),
      name: 'letter.txt',
      contentType: 'text/plain',
    });
    expect(text.status).toBe(400);
    expect(text.body.error.code).toBe('not_pdf');

    const empty = await addLetter(admin.browser, letterFields({ email }), { bytes: new Uint8Array(0), name: 'empty.pdf' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields).toHaveProperty('file');

    expect(storedFiles(app)).toHaveLength(before);
    expect(await app.db.select().from(lettersOfIntent).where(eq(lettersOfIntent.emailKey, email))).toHaveLength(0);
  });

  it('streams PDFs past the 64 KB JSON limit, and refuses one over 25 MB (413) keeping nothing', async () => {
    const big = await addLetter(admin.browser, letterFields(), { bytes: pdfOfSize(300 * 1024), name: 'big.pdf' });
    expect(big.status, JSON.stringify(big.body)).toBe(201);
    const [row] = await app.db.select().from(lettersOfIntent).where(eq(lettersOfIntent.id, big.body.id));
    expect(row!.fileSize).toBe(300 * 1024);

    const before = storedFiles(app).length;
    const tooBig = await addLetter(admin.browser, letterFields(), { bytes: pdfOfSize(25 * 1024 * 1024 + 1), name: 'huge.pdf' });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error.code).toBe('file_too_large');
    expect(storedFiles(app)).toHaveLength(before);
  });

  it('downloads the PDF as first-last-letter-of-intent.pdf, byte for byte, and audits the download', async () => {
    const added = await addLetter(admin.browser, letterFields({ firstName: 'José María', lastName: "O'Neil" }), {
      bytes: fixture('sample.pdf'),
      name: 'whatever.pdf',
    });
    expect(added.status).toBe(201);
    const response = await fetch(`${app.url}/api/admin/letters/${added.body.id}/pdf`, { headers: { cookie: admin.browser.cookieHeader } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="jose-maria-o-neil-letter-of-intent.pdf"');
    expect(Buffer.from(await response.arrayBuffer()).equals(fixture('sample.pdf'))).toBe(true);

    const [entry] = await auditOf(added.body.id);
    expect(entry).toMatchObject({ action: 'download', actorEmail: admin.account.email.toLowerCase() });

    expect((await admin.browser.get('/api/admin/letters/not-a-uuid/pdf')).status).toBe(404);
  });

  it('deletes a letter: the PDF leaves storage, the row goes, the deletion is audited', async () => {
    const added = await addLetter(admin.browser, letterFields(), { bytes: fixture('sample.pdf'), name: 'letter.pdf' });
    const [row] = await app.db.select().from(lettersOfIntent).where(eq(lettersOfIntent.id, added.body.id));
    expect(await app.server.storage.exists(row!.fileKey!)).toBe(true);

    const reply = await admin.browser.delete(`/api/admin/letters/${added.body.id}`);
    expect(reply.status).toBe(200);
    expect(await app.server.storage.exists(row!.fileKey!)).toBe(false);
    expect(await app.db.select().from(lettersOfIntent).where(eq(lettersOfIntent.id, added.body.id))).toHaveLength(0);
    const [entry] = await auditOf(added.body.id);
    expect(entry).toMatchObject({ action: 'delete', actorEmail: admin.account.email.toLowerCase() });
    expect(entry!.changes).toMatchObject({ email: row!.email, pdf: true });

    expect((await admin.browser.delete(`/api/admin/letters/${added.body.id}`)).status).toBe(404);
  });

  it('lists newest first, searches name, e-mail and ID, filters by status, pages and sorts in SQL', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const made: { id: string; email: string }[] = [];
    for (const [i, status] of (['pending', 'approved', 'declined', 'pending'] as const).entries()) {
      const email = uniqueEmail(`${tag}${i}`);
      const reply = await addLetter(admin.browser, { firstName: `Name${i}`, lastName: `${tag}Family`, email, status });
      expect(reply.status).toBe(201);
      made.push({ id: reply.body.id, email });
    }
    const list = async (query: string) => {
      const reply = await admin.browser.get(`/api/admin/letters?${query}`);
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      return reply.body as { items: { id: string; status: string }[]; total: number; page: number; pageSize: number };
    };

    const all = await list(`q=${tag}family`);
    expect(all.total).toBe(4);
    expect(all.items.map((l) => l.id)).toEqual([...made].reverse().map((l) => l.id));

    expect((await list(`q=${encodeURIComponent(made[2]!.email.toUpperCase())}`)).items.map((l) => l.id)).toEqual([made[2]!.id]);
    expect((await list(`q=${made[1]!.id.slice(0, 8)}`)).items.map((l) => l.id)).toContain(made[1]!.id);

    const pending = await list(`q=${tag}&status=pending`);
    expect(pending.items.map((l) => l.status)).toEqual(['pending', 'pending']);

    const page2 = await list(`q=${tag}&pageSize=3&page=2&sort=created_at&dir=asc`);
    expect(page2).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(page2.items.map((l) => l.id)).toEqual([made[3]!.id]);

    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`q=${tag}&from=${today}&to=${today}`)).total).toBe(4);
    expect((await list(`q=${tag}&to=2000-01-01`)).total).toBe(0);

    for (const bad of ['status=maybe', 'sort=password', 'page=0', 'pageSize=1000', 'from=yesterday', 'from=2025-02-01&to=2025-01-01']) {
      const reply = await admin.browser.get(`/api/admin/letters?${bad}`);
      expect(reply.status, bad).toBe(400);
      expect(reply.body.error.code).toBe('validation_failed');
    }
  });

  it('exports the current filter as CSV, neutralising formulas, and audits the export', async () => {
    const tag = `csv${Date.now().toString(36)}`;
    await addLetter(admin.browser, {
      firstName: '=HYPERLINK("http://evil")',
      lastName: tag,
      email: uniqueEmail(tag),
      status: 'declined',
      propertyValue: '1234.5',
    });
    await addLetter(admin.browser, { firstName: 'Other', lastName: tag, email: uniqueEmail(tag), status: 'pending' });
    const response = await fetch(`${app.url}/api/admin/letters/export?q=${tag}&status=declined`, { headers: { cookie: admin.browser.cookieHeader } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toMatch(/attachment; filename="letters-of-intent-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = (await response.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'ID,Date,First Name,Last Name,Email,Phone,Property Address,Property Value,Down Payment,Desired Monthly Payment,Move-in Date,Intended State,Status,Source,PDF,Notes',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil"")",${tag}`);
    expect(lines[1]).toContain(',1234.5,');
    expect(lines[1]).toContain(',Declined,Staff,no,');

    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'export'), eq(auditLog.entityType, 'letters_of_intent')))
      .orderBy(desc(auditLog.id));
    expect(entry).toMatchObject({ actorEmail: admin.account.email.toLowerCase() });
    expect(entry!.changes).toMatchObject({ filter: { q: tag, status: 'declined' } });
  });
});

describe('letters of intent: the detail view, edit and status changes', () => {
  let app: TestServer;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;

  beforeAll(async () => {
    app = await startTestServer(AUTH_TEST_ENV);
    admin = await signedInAdmin(app);
  });
  afterAll(async () => {
    await app?.stop();
  });

  const auditOf = (entityId: string) =>
    app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'letters_of_intent'), eq(auditLog.entityId, entityId)))
      .orderBy(desc(auditLog.id));

  const editOf = (letter: Record<string, unknown>, overrides: Record<string, string> = {}) => ({
    firstName: String(letter.firstName),
    lastName: String(letter.lastName),
    email: String(letter.email),
    phone: '(214) 555-0187',
    propertyAddress: '12 Elm Street, Austin, TX',
    propertyValue: '450000.50',
    downPaymentAmount: '',
    desiredMonthlyPayment: '2100.25',
    moveInDate: 'Q3 2025',
    notes: 'Prefers a three-bedroom.',
    intendedState: 'Texas',
    ...overrides,
  });

  it('answers one letter with every field, and 404 for an unknown one', async () => {
    const added = await addLetter(admin.browser, letterFields({ downPaymentAmount: '45000' }));
    const reply = await admin.browser.get(`/api/admin/letters/${added.body.id}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      id: added.body.id,
      propertyValue: 450000.5,
      downPaymentAmount: 45000,
      desiredMonthlyPayment: 2100.25,
      moveInDate: 'Q3 2025',
      notes: 'Prefers a three-bedroom.',
      status: 'approved',
    });
    expect((await admin.browser.get(`/api/admin/letters/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`)).status).toBe(404);
  });

  it('edits the fields with an audit entry of exactly what changed; an unchanged edit writes nothing', async () => {
    const added = await addLetter(admin.browser, letterFields());
    const id = added.body.id as string;
    const reply = await admin.browser.patch(
      `/api/admin/letters/${id}`,
      editOf(added.body, { propertyValue: '$475,000', downPaymentAmount: '50000', moveInDate: 'Flexible', notes: 'Wants a yard.' }),
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toMatchObject({
      propertyValue: 475000,
      downPaymentAmount: 50000,
      desiredMonthlyPayment: 2100.25,
      moveInDate: 'Flexible',
      notes: 'Wants a yard.',
      status: 'approved',
    });
    const [row] = await app.db.select().from(lettersOfIntent).where(eq(lettersOfIntent.id, id));
    expect(row).toMatchObject({ propertyValue: 475000, downPaymentAmount: 50000, moveInDate: 'Flexible' });
    const [entry] = await auditOf(id);
    expect(entry).toMatchObject({ action: 'update', actorEmail: admin.account.email.toLowerCase() });
    expect(entry!.changes).toEqual({
      propertyValue: { from: 450000.5, to: 475000 },
      downPaymentAmount: { from: null, to: 50000 },
      moveInDate: { from: 'Q3 2025', to: 'Flexible' },
      notes: { from: 'Prefers a three-bedroom.', to: 'Wants a yard.' },
    });

    const again = await admin.browser.patch(
      `/api/admin/letters/${id}`,
      editOf(added.body, { propertyValue: '475000', downPaymentAmount: '50000', moveInDate: 'Flexible', notes: 'Wants a yard.' }),
    );
    expect(again.status).toBe(200);
    expect(await auditOf(id)).toHaveLength(2); // the creation and the one edit
  });

  it('refuses a bad edit with 400 and a message per field, changing nothing', async () => {
    const added = await addLetter(admin.browser, letterFields());
    const id = added.body.id as string;
    const reply = await admin.browser.patch(
      `/api/admin/letters/${id}`,
      editOf(added.body, { firstName: ' ', email: 'not-an-email', propertyValue: '-5', desiredMonthlyPayment: '12.345', intendedState: 'Atlantis' }),
    );
    expect(reply.status).toBe(400);
    expect(reply.body.error.fields).toMatchObject({
      firstName: 'First name is required',
      email: 'Enter a valid email address',
      propertyValue: 'Property value cannot be negative',
      desiredMonthlyPayment: 'Desired monthly payment takes at most two decimals',
      intendedState: 'Choose a US state',
    });
    const [row] = await app.db.select().from(lettersOfIntent).where(eq(lettersOfIntent.id, id));
    expect(row).toMatchObject({ firstName: 'Rosa', propertyValue: 450000.5 });
    expect(await auditOf(id)).toHaveLength(1);
  });

  it('changes the status, audited as approve, decline or update; the same status changes nothing; a bad one is refused', async () => {
    const added = await addLetter(admin.browser, letterFields({ status: 'pending' }));
    const id = added.body.id as string;
    const approve = await admin.browser.patch(`/api/admin/letters/${id}/status`, { status: 'approved' });
    expect(approve.status).toBe(200);
    expect(approve.body).toMatchObject({ status: 'approved' });
    expect((await auditOf(id))[0]).toMatchObject({ action: 'approve', changes: { status: { from: 'pending', to: 'approved' } } });

    const decline = await admin.browser.patch(`/api/admin/letters/${id}/status`, { status: 'declined' });
    expect(decline.body).toMatchObject({ status: 'declined' });
    expect((await auditOf(id))[0]).toMatchObject({ action: 'decline', changes: { status: { from: 'approved', to: 'declined' } } });

    await admin.browser.patch(`/api/admin/letters/${id}/status`, { status: 'pending' });
    expect((await auditOf(id))[0]).toMatchObject({ action: 'update', changes: { status: { from: 'declined', to: 'pending' } } });

    const same = await admin.browser.patch(`/api/admin/letters/${id}/status`, { status: 'pending' });
    expect(same.status).toBe(200);
    expect(await auditOf(id)).toHaveLength(4); // the creation and three changes

    const bad = await admin.browser.patch(`/api/admin/letters/${id}/status`, { status: 'maybe' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({ status: 'Choose Pending, Approved or Declined' });
    const [row] = await app.db.select().from(lettersOfIntent).where(eq(lettersOfIntent.id, id));
    expect(row!.status).toBe('pending');
  });
});
