import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, auditLog, documents, lettersOfIntent, users } from '../../platform/db/schema';
import { signedInAdmin, signedInWithRole } from '../../test/admin-client';
import { fillApplication, signUp, storedFiles, type Member } from '../../test/application-client';
import { AUTH_TEST_ENV, linkIn, mailsTo, TestBrowser } from '../../test/auth-client';
import { postJson, startTestServer, uniqueEmail, waitFor, waitlistSubmission, type HttpReply, type TestServer } from '../../test/harness';
import { deletedUserPseudonym } from '../../modules/accounts/pseudonymise-audit';
import { agreementBounds } from '../../../domain/calculators';
import { insertApplication } from '../../test/admin-applications';

describe('/api/admin/users', () => {
  let app: TestServer;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;

  const list = (query: Record<string, string> = {}): Promise<HttpReply> => admin.browser.get(`/api/admin/users?${new URLSearchParams(query)}`);
  /** The list row of `userId`, looked up by its id (the search also matches ids exactly). */
  const rowOf = async (userId: string) => (await list({ q: userId })).body.items.find((u: { id: string }) => u.id === userId);
  const idsOf = (reply: HttpReply) => reply.body.items.map((u: { id: string }) => u.id) as string[];
  const auditOf = (entityId: string) =>
    app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'users'), eq(auditLog.entityId, entityId)));
  const joinWaitlist = (email: string) => postJson(`${app.url}/api/waitlist`, waitlistSubmission({ email }));
  const addLetter = (email: string) => app.db.insert(lettersOfIntent).values({ firstName: 'Lettie', lastName: 'Intent', email, emailKey: email.toLowerCase() });
  const submitApplication = async (member: Member) => {
    await fillApplication(member);
    const reply = await member.browser.post('/api/application/submit');
    expect(reply.status).toBe(200);
  };
  const addUser = (body: Record<string, unknown>) => admin.browser.post('/api/admin/users', body);

  beforeAll(async () => {
    app = await startTestServer({ ...AUTH_TEST_ENV, WAITLIST_RATE_LIMIT_MAX: '1000' });
    admin = await signedInAdmin(app);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("gives the whole list's exact total, which follows sign-ups, added users and deletes", async () => {
    const exact = async () => (await app.db.select({ n: count() }).from(users))[0].n;
    const before = (await list()).body;
    expect(before).toMatchObject({ total: await exact(), totalCapped: false });
    const member = await signUp(app);
    const added = await addUser({ firstName: 'Tally', lastName: 'Counted', email: uniqueEmail('tally') });
    expect(added.status).toBe(201);
    expect((await list()).body.total).toBe(before.total + 2);
    expect((await admin.browser.delete(`/api/admin/users/${member.userId}`)).status).toBe(200);
    const after = (await list()).body;
    expect(after).toMatchObject({ total: before.total + 1, totalCapped: false });
    expect(after.total).toBe(await exact());
    // Past the last page: no rows, still the total.
    expect((await list({ page: '99999' })).body).toMatchObject({ items: [], total: after.total, totalCapped: false });
  });

  it('derives the labels of docs/product/back-office.md#users for each combination, and the status filters follow them', async () => {
    const plain = await signUp(app);
    const waiting = await signUp(app);
    const lettered = await signUp(app);
    const both = await signUp(app);
    const applicant = await signUp(app);
    const drafting = await signUp(app);
    // The public form keeps the case people type; the match is case-insensitive.
    expect((await joinWaitlist(waiting.account.email.toUpperCase())).status).toBe(200);
    await addLetter(lettered.account.email.toUpperCase());
    await joinWaitlist(both.account.email);
    await addLetter(both.account.email);
    await joinWaitlist(applicant.account.email);
    await addLetter(applicant.account.email);
    await submitApplication(applicant);
    await joinWaitlist(drafting.account.email);
    await drafting.browser.request('PUT', '/api/application', { personal: { firstName: 'Draft' } });

    expect((await rowOf(plain.userId)).labels).toEqual(['User']);
    expect((await rowOf(waiting.userId)).labels).toEqual(['Waitlist']);
    expect((await rowOf(lettered.userId)).labels).toEqual(['Letter of Intent']);
    expect((await rowOf(both.userId)).labels).toEqual(['Waitlist', 'Letter of Intent']);
    expect((await rowOf(applicant.userId)).labels).toEqual(['Applicant']);
    // A draft is not an application yet.
    expect((await rowOf(drafting.userId)).labels).toEqual(['Waitlist']);
    expect(await rowOf(plain.userId)).toMatchObject({
      id: plain.userId,
      firstName: 'Grace',
      lastName: 'Hopper',
      email: plain.account.email.toLowerCase(),
      phone: null,
      intendedState: null,
      role: 'guest',
    });

    const everyone = idsOf(await list({ pageSize: '100' }));
    for (const member of [plain, waiting, lettered, both, applicant, drafting]) expect(everyone).toContain(member.userId);

    const onWaitlist = idsOf(await list({ filter: 'waitlist', pageSize: '100' }));
    expect(onWaitlist).toEqual(expect.arrayContaining([waiting.userId, both.userId, drafting.userId]));
    expect(onWaitlist).not.toContain(applicant.userId);
    expect(onWaitlist).not.toContain(lettered.userId);
    expect(onWaitlist).not.toContain(plain.userId);

    const withLetter = idsOf(await list({ filter: 'letters', pageSize: '100' }));
    expect(withLetter).toEqual(expect.arrayContaining([lettered.userId, both.userId]));
    expect(withLetter).not.toContain(applicant.userId);
    expect(withLetter).not.toContain(waiting.userId);

    expect(idsOf(await list({ filter: 'applicant', pageSize: '100' }))).toEqual([applicant.userId]);
  });

  it("lists role 'homeowner' under the Homeowner filter, and only those", async () => {
    const member = await signUp(app);
    expect(idsOf(await list({ filter: 'homeowner', pageSize: '100' }))).not.toContain(member.userId);
    // The role follows a recorded purchase (docs/decisions/022-homes-and-ledger.md 'Roles').
    const application = await insertApplication(app.db, { userId: member.userId, status: 'approved' });
    const purchase = await admin.browser.post(`/api/admin/applications/${application.id}/home`, {
      address: '7 Birch Road, Boise, ID',
      purchaseDate: '2025-06-02',
      priceCents: 42_000_000,
      downPaymentCents: 2_940_000,
      mortgageRate: 6.4,
      appreciationRate: 3.8,
      monthlyPaymentCents: Math.round(agreementBounds({ price: 420_000, downPayment: 29_400, mortgageRate: 6.4, appreciationRate: 3.8 }).max * 100),
    });
    expect(purchase.status, JSON.stringify(purchase.body)).toBe(201);
    const homeowners = await list({ filter: 'homeowner', pageSize: '100' });
    expect(idsOf(homeowners)).toContain(member.userId);
    expect(homeowners.body.items.every((u: { role: string }) => u.role === 'homeowner')).toBe(true);
    expect(homeowners.body.total).toBe(homeowners.body.items.length);
    // They read 'Homeowner' (not 'Applicant', though their application is there), and the other filters leave them out.
    expect((await rowOf(member.userId)).labels).toEqual(['Homeowner']);
    await joinWaitlist(member.account.email);
    for (const filter of ['applicant', 'waitlist', 'letters']) expect(idsOf(await list({ filter, pageSize: '100' })), filter).not.toContain(member.userId);
  });

  it('searches names and e-mail in any case and part, ids exactly; takes % and _ literally; pages and sorts', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const made: { id: string }[] = [];
    for (const [firstName, lastName] of [
      ['Xavier', `Aa${tag}`],
      ['Yolanda', `Bb${tag}`],
      ['Wendy', `Cc${tag}`],
    ]) {
      const reply = await addUser({ firstName, lastName, email: uniqueEmail(`${firstName}.${tag}`) });
      expect(reply.status).toBe(201);
      made.push(reply.body);
    }
    const found = await list({ q: tag.toUpperCase() });
    expect(found.body).toMatchObject({ page: 1, pageSize: 25, total: 3, totalCapped: false });
    expect(found.body.items).toHaveLength(3);
    // Newest first by default.
    expect(found.body.items.map((u: { firstName: string }) => u.firstName)).toEqual(['Wendy', 'Yolanda', 'Xavier']);
    expect((await list({ q: tag, sort: 'name', dir: 'asc' })).body.items.map((u: { firstName: string }) => u.firstName)).toEqual([
      'Wendy',
      'Xavier',
      'Yolanda',
    ]);
    expect((await list({ q: tag, sort: 'email', dir: 'desc' })).body.items.map((u: { firstName: string }) => u.firstName)).toEqual([
      'Yolanda',
      'Xavier',
      'Wendy',
    ]);
    expect((await list({ q: `xavier ${'aa'}${tag}` })).body.items).toHaveLength(1);
    expect((await list({ q: `wendy.${tag}` })).body.items).toHaveLength(1);
    expect(idsOf(await list({ q: made[1].id }))).toEqual([made[1].id]);
    expect(idsOf(await list({ q: made[1].id.slice(0, 8) }))).toEqual([]);
    expect((await list({ q: '%' })).body.total).toBe(0);
    expect((await list({ q: '_' })).body.total).toBe(0);

    const second = await list({ q: tag, pageSize: '2', page: '2' });
    expect(second.body).toMatchObject({ page: 2, pageSize: 2, total: 3 });
    expect(second.body.items.map((u: { firstName: string }) => u.firstName)).toEqual(['Xavier']);

    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await list({ q: tag, from: today, to: today })).body.total).toBe(3);
    expect((await list({ q: tag, from: tomorrow })).body.total).toBe(0);
  });

  it('answers 400 with fields for bad list parameters', async () => {
    const reply = await list({ filter: 'everyone', sort: 'password', page: '0', from: '2025-1-1' });
    expect(reply.status).toBe(400);
    expect(Object.keys(reply.body.error.fields).sort()).toEqual(['filter', 'from', 'page', 'sort']);
    const backwards = await list({ from: '2025-02-01', to: '2025-01-01' });
    expect(backwards.status).toBe(400);
    expect(Object.keys(backwards.body.error.fields)).toEqual(['to']);
  });

  it('adds a user without a password (role guest, audited) who then sets one with Forgot password and signs in', async () => {
    const email = uniqueEmail('Added.User');
    const reply = await addUser({ firstName: ' Nora ', lastName: 'Newcomb', email, phone: '(512) 555-0100', intendedState: 'Texas' });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      firstName: 'Nora',
      lastName: 'Newcomb',
      email: email.toLowerCase(),
      phone: '(512) 555-0100',
      intendedState: 'Texas',
      role: 'guest',
      labels: ['User'],
    });
    const [row] = await app.db.select().from(users).where(eq(users.id, reply.body.id));
    expect(row).toMatchObject({ name: 'Nora Newcomb', email: email.toLowerCase(), emailVerified: false, role: 'guest' });
    expect(await app.db.select().from(accounts).where(eq(accounts.userId, row.id))).toEqual([]);
    const [entry] = await auditOf(row.id);
    expect(entry).toMatchObject({ action: 'create', actorId: admin.user.id, actorEmail: admin.account.email.toLowerCase() });
    expect(entry.changes).toMatchObject({ email: email.toLowerCase(), firstName: 'Nora', role: 'guest' });

    // No password: signing in fails until they reset one through the mailed link.
    const person = new TestBrowser(app.url, app.config.APP_URL);
    expect((await person.post('/api/auth/sign-in/email', { email, password: 'anything-at-all-1' })).status).toBe(401);
    expect((await person.post('/api/auth/request-password-reset', { email })).status).toBe(200);
    const link = await waitFor(async () => (await mailsTo(app.db, email)).map((m) => linkIn(m.text, '/auth/reset-password')).find(Boolean), {
      message: 'the reset mail',
    });
    const newPassword = 'my-own-new-passphrase';
    expect((await person.post('/api/auth/reset-password', { token: link.searchParams.get('token'), newPassword })).status).toBe(200);
    const signIn = await person.post('/api/auth/sign-in/email', { email, password: newPassword });
    expect(signIn.status).toBe(200);
    expect((await person.get('/api/me')).body).toMatchObject({ email: email.toLowerCase(), firstName: 'Nora', role: 'guest' });
  });

  it('refuses an address already in use (409 fields.email, in any case) and bad input (400 fields); writes nothing', async () => {
    const existing = await signUp(app);
    const before = (await app.db.select({ n: count() }).from(users))[0].n;
    const taken = await addUser({ firstName: 'Dup', lastName: 'Licate', email: existing.account.email.toUpperCase() });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({ code: 'email_taken', fields: { email: expect.any(String) } });

    const bad = await addUser({ firstName: '  ', email: 'not-an-email', phone: 'call me', intendedState: 'TX' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['email', 'firstName', 'intendedState', 'lastName', 'phone']);
    expect((await admin.browser.request('POST', '/api/admin/users', undefined, { 'content-type': 'application/json' })).status).toBe(400);
    expect((await app.db.select({ n: count() }).from(users))[0].n).toBe(before);
  });

  it('changes a role with an audit entry; 409 for homeowner by hand, 400 for an unknown role, 404 for an unknown user', async () => {
    const member = await signUp(app);
    const reply = await admin.browser.patch(`/api/admin/users/${member.userId}`, { role: 'applicant' });
    expect(reply).toMatchObject({ status: 200, body: { id: member.userId, role: 'applicant' } });
    expect((await member.browser.get('/api/me')).body.role).toBe('applicant');
    expect((await rowOf(member.userId)).role).toBe('applicant');
    const [entry] = await auditOf(member.userId);
    expect(entry).toMatchObject({ action: 'update', actorId: admin.user.id, changes: { role: { from: 'guest', to: 'applicant' } } });

    // Homeowner comes with a recorded purchase, never by hand (docs/decisions/022-homes-and-ledger.md 'Roles').
    const byHand = await admin.browser.patch(`/api/admin/users/${member.userId}`, { role: 'homeowner' });
    expect(byHand.status).toBe(409);
    expect(byHand.body.error).toMatchObject({ code: 'homeowner_needs_home', message: expect.stringContaining('Record purchase') });
    expect((await rowOf(member.userId)).role).toBe('applicant');

    expect((await admin.browser.patch(`/api/admin/users/${member.userId}`, { role: 'owner' })).status).toBe(400);
    expect((await admin.browser.patch(`/api/admin/users/${member.userId}`, {})).body.error.fields).toHaveProperty('role');
    expect((await admin.browser.patch('/api/admin/users/no-such-user', { role: 'guest' })).status).toBe(404);
    expect(await auditOf(member.userId)).toHaveLength(1);
  });

  it('promotes to admin and lets another admin demote; an admin cannot change their own role', async () => {
    const member = await signUp(app);
    expect((await admin.browser.patch(`/api/admin/users/${member.userId}`, { role: 'admin' })).status).toBe(200);
    // Two admins now, yet nobody changes their own role.
    const own = await admin.browser.patch(`/api/admin/users/${admin.user.id}`, { role: 'guest' });
    expect(own.status).toBe(409);
    expect(own.body.error.code).toBe('own_role');
    expect((await app.db.select().from(users).where(eq(users.id, admin.user.id)))[0].role).toBe('admin');

    expect((await admin.browser.patch(`/api/admin/users/${member.userId}`, { role: 'applicant' })).status).toBe(200);
    expect((await app.db.select().from(users).where(eq(users.id, member.userId)))[0].role).toBe('applicant');
  });

  it('deletes a user with their documents (files too) and an audit entry; 404 after; not oneself', async () => {
    const member = await signUp(app);
    await submitApplication(member);
    const keys = (await app.db.select({ key: documents.storageKey }).from(documents).where(eq(documents.userId, member.userId))).map((d) => d.key);
    expect(keys).toHaveLength(3);
    const isTheirs = (file: string) => keys.some((key) => file.replaceAll('\\', '/').endsWith(key));
    expect(storedFiles(app).filter(isTheirs)).toHaveLength(3);

    const reply = await admin.browser.delete(`/api/admin/users/${member.userId}`);
    expect(reply.status).toBe(200);
    expect(await app.db.select().from(users).where(eq(users.id, member.userId))).toEqual([]);
    expect(await app.db.select().from(documents).where(eq(documents.userId, member.userId))).toEqual([]);
    expect(storedFiles(app).filter(isTheirs)).toEqual([]);
    expect((await member.browser.get('/api/me')).status).toBe(401);
    const [entry] = await auditOf(member.userId);
    expect(entry).toMatchObject({ action: 'delete', actorId: admin.user.id });
    // The entry keeps what was deleted, but not the person's address (ADR 016).
    expect(entry.changes).toMatchObject({ email: deletedUserPseudonym(member.userId), role: 'applicant', documents: 3 });

    expect((await admin.browser.delete(`/api/admin/users/${member.userId}`)).status).toBe(404);
    const self = await admin.browser.delete(`/api/admin/users/${admin.user.id}`);
    expect(self.status).toBe(409);
    expect(await app.db.select().from(users).where(eq(users.id, admin.user.id))).toHaveLength(1);
  });

  it('exports the current filter as CSV with formulas neutralised, and audits the export', async () => {
    const tag = `csv${Date.now().toString(36)}`;
    await addUser({ firstName: '=HYPERLINK("http://evil.example")', lastName: `Quote, ${tag}`, email: uniqueEmail(`csv.${tag}`), phone: '+1 512 555 0199' });
    await addUser({ firstName: 'Plain', lastName: tag, email: uniqueEmail(`csv.${tag}`) });
    const response = await fetch(`${app.url}/api/admin/users/export?q=${tag}&sort=name&dir=asc`, { headers: { cookie: admin.browser.cookieHeader } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="users-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await response.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('ID,Date Added,First Name,Last Name,Email,Phone,Intended State,Role,Status');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"")","Quote, ${tag}"`);
    expect(lines[1]).toContain("'+1 512 555 0199");
    expect(lines[1]).toMatch(/,Guest,User$/);
    expect(lines[2]).toContain(`,Plain,${tag},`);

    const exports = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'users'), eq(auditLog.action, 'export')));
    expect(exports.map((e) => (e.changes as { filter: { q: string } }).filter.q)).toContain(tag);
  });

  it('answers 403 to a signed-in non-admin', async () => {
    const { browser } = await signedInWithRole(app, 'homeowner');
    expect((await browser.get('/api/admin/users')).status).toBe(403);
    expect((await browser.patch(`/api/admin/users/${admin.user.id}`, { role: 'guest' })).status).toBe(403);
  });

  // Last: it leaves this file's admin as the only one.
  it('refuses to demote the last admin', async () => {
    await app.db.update(users).set({ role: 'guest' }).where(eq(users.role, 'admin'));
    await app.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.user.id));
    const reply = await admin.browser.patch(`/api/admin/users/${admin.user.id}`, { role: 'homeowner' });
    expect(reply.status).toBe(409);
    expect(reply.body.error.code).toBe('last_admin');
    expect((await app.db.select().from(users).where(eq(users.id, admin.user.id)))[0].role).toBe('admin');
  });
});
