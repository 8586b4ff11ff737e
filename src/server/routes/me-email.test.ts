import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notificationPreferences, users, verifications, waitlistEntries } from '../platform/db/schema';
import { pendingIdentifier } from '../modules/accounts/change-email';
import { AUTH_TEST_ENV, linkIn, mailsTo, newAccount, TestBrowser } from '../test/auth-client';
import { settleMailJobs } from '../test/mail-jobs';
import { signUp, type Member } from '../test/application-client';
import { postJson, sleep, startTestServer, uniqueEmail, waitFor, waitlistSubmission, type TestServer } from '../test/harness';

describe('/api/me/email: changing the e-mail address', () => {
  let app: TestServer;

  beforeAll(async () => {
    app = await startTestServer(AUTH_TEST_ENV);
  });
  afterAll(async () => {
    await app?.stop();
  });

  const request = (member: Member, newEmail: string, password = member.account.password) => member.browser.post('/api/me/email', { newEmail, password });
  const confirm = (browser: TestBrowser, token: string) => browser.post('/api/me/email/confirm', { token });
  /** The token of the confirmation link mailed to `to`. */
  const linkTokenFor = (to: string) =>
    waitFor(async () => (await mailsTo(app.db, to)).map((m) => linkIn(m.text, '/account/confirm-email')?.searchParams.get('token')).find(Boolean), {
      message: `the confirmation link to ${to}`,
    });
  const emailOf = async (userId: string) =>
    (await app.db.select({ email: users.email, verified: users.emailVerified }).from(users).where(eq(users.id, userId)))[0];
  const signIn = (email: string, password: string) => new TestBrowser(app.url, app.config.APP_URL).post('/api/auth/sign-in/email', { email, password });

  it('changes nothing until the link sent to the new address is opened; then the new address signs in, verified, and the change is audited', async () => {
    const member = await signUp(app, { verified: false });
    const oldEmail = member.account.email.toLowerCase();
    const newEmail = uniqueEmail('moved');

    const reply = await request(member, newEmail.toUpperCase());
    expect(reply.status).toBe(202);
    expect(reply.body).toMatchObject({ email: oldEmail, pending: { email: newEmail } });
    expect((await member.browser.get('/api/me/email')).body).toMatchObject({ email: oldEmail, emailVerified: false, pending: { email: newEmail } });
    const token = await linkTokenFor(newEmail);
    const notice = await waitFor(async () => (await mailsTo(app.db, oldEmail)).find((m) => m.subject.includes('being changed')), { message: 'the notice' });
    expect(notice.text).toContain(newEmail);
    expect(notice.text).toContain("If this wasn't you");
    expect(linkIn(notice.text, '/account/confirm-email')).toBeUndefined();
    // Not yet: the account still has its address, and the new one does not sign in.
    expect(await emailOf(member.userId)).toEqual({ email: oldEmail, verified: false });
    expect((await signIn(newEmail, member.account.password)).status).toBe(401);

    const confirmed = await confirm(member.browser, token!);
    expect(confirmed).toMatchObject({ status: 200, body: { email: newEmail, emailVerified: true, pending: null } });
    expect((await member.browser.get('/api/me')).body).toMatchObject({ email: newEmail, emailVerified: true });
    expect((await signIn(newEmail, member.account.password)).status).toBe(200);
    expect((await signIn(oldEmail, member.account.password)).status).toBe(401);
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, member.userId), eq(auditLog.action, 'update')));
    expect(entry).toMatchObject({
      actorId: member.userId,
      entityType: 'users',
      changes: { email: { from: oldEmail, to: newEmail }, emailVerified: { from: false, to: true } },
    });
    expect(entry.ip).toBeTruthy();
    // The link works once.
    expect((await confirm(member.browser, token!)).body.error.code).toBe('invalid_token');
  });

  it('revokes at the change every reset and verification link mailed to the old address, and signs out other sessions', async () => {
    const member = await signUp(app, { verified: false });
    const oldEmail = member.account.email.toLowerCase();
    const newEmail = uniqueEmail('moved');
    const laptop = new TestBrowser(app.url, app.config.APP_URL);
    expect((await laptop.post('/api/auth/sign-in/email', { email: oldEmail, password: member.account.password })).status).toBe(200);
    // Mailed to the old address before the change: a reset link and a verification link.
    expect((await new TestBrowser(app.url, app.config.APP_URL).post('/api/auth/request-password-reset', { email: oldEmail, redirectTo: '/' })).status).toBe(
      200,
    );
    const resetToken = await waitFor(
      async () => (await mailsTo(app.db, oldEmail)).map((m) => linkIn(m.text, '/auth/reset-password')?.searchParams.get('token')).find(Boolean),
      {
        message: 'the reset link',
      },
    );
    const verifyToken = await waitFor(
      async () => (await mailsTo(app.db, oldEmail)).map((m) => linkIn(m.text, '/auth/verify-email')?.searchParams.get('token')).find(Boolean),
      {
        message: 'the verification link',
      },
    );

    expect((await request(member, newEmail)).status).toBe(202);
    expect((await confirm(member.browser, (await linkTokenFor(newEmail))!)).status).toBe(200);

    const reset = await new TestBrowser(app.url, app.config.APP_URL).post('/api/auth/reset-password', {
      token: resetToken,
      newPassword: 'a-stolen-inbox-1959!',
    });
    expect(reset.status).toBe(400);
    expect((await signIn(newEmail, 'a-stolen-inbox-1959!')).status).toBe(401);
    expect((await signIn(newEmail, member.account.password)).status).toBe(200);
    const verify = await new TestBrowser(app.url, app.config.APP_URL).get(`/api/auth/verify-email?token=${verifyToken}`);
    expect(verify.status).toBeGreaterThanOrEqual(400);
    expect((await laptop.get('/api/me')).status).toBe(401);
    expect((await member.browser.get('/api/me')).body).toMatchObject({ email: newEmail, emailVerified: true });
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, member.userId), eq(auditLog.action, 'update')));
    expect(entry!.changes).toMatchObject({ linksRevoked: { from: 1, to: 0 }, otherSessions: { from: 1, to: 0 } });
  });

  it('requires the current password: a wrong one changes nothing and mails nobody', async () => {
    const member = await signUp(app);
    const newEmail = uniqueEmail('guess');
    const reply = await request(member, newEmail, 'not-my-password');
    expect(reply.status).toBe(400);
    expect(reply.body.error).toMatchObject({ code: 'invalid_password', fields: { password: expect.any(String) } });
    expect((await request(member, newEmail, '')).body.error.fields.password).toBeDefined();
    await sleep(200);
    expect(await mailsTo(app.db, newEmail)).toEqual([]);
    expect((await member.browser.get('/api/me/email')).body.pending).toBeNull();
    expect(
      await app.db
        .select()
        .from(verifications)
        .where(eq(verifications.identifier, pendingIdentifier(member.userId))),
    ).toEqual([]);
  });

  it('answers field errors for a bad or unchanged address, and 401 without a session', async () => {
    const member = await signUp(app);
    expect((await request(member, 'not-an-address')).body.error.fields.newEmail).toBe('Enter a valid email address');
    const same = await request(member, member.account.email.toUpperCase());
    expect(same.status).toBe(400);
    expect(same.body.error.fields.newEmail).toBe('This is already your email address.');
    const stranger = new TestBrowser(app.url, app.config.APP_URL);
    expect((await stranger.post('/api/me/email', { newEmail: uniqueEmail(), password: 'x' })).status).toBe(401);
    expect((await stranger.post('/api/me/email/confirm', { token: 'a.b' })).status).toBe(401);
  });

  it('answers alike for an address that has an account, mails its owner instead, and no link can take it', async () => {
    const owner = await signUp(app);
    const ownerEmail = owner.account.email.toLowerCase();
    const before = (await mailsTo(app.db, ownerEmail)).length;
    const member = await signUp(app);
    const free = await request(await signUp(app), uniqueEmail('free'));

    const reply = await request(member, ownerEmail);

    expect(reply.status).toBe(free.status);
    expect(Object.keys(reply.body).sort()).toEqual(Object.keys(free.body).sort());
    expect(reply.body.pending.email).toBe(ownerEmail);
    const mails = await waitFor(
      async () => {
        const all = await mailsTo(app.db, ownerEmail);
        return all.length > before && all;
      },
      { message: "the owner's mail" },
    );
    expect(mails[0].subject).toContain('Someone tried to use your email');
    expect(mails.some((m) => linkIn(m.text, '/account/confirm-email'))).toBe(false);
    await waitFor(async () => (await mailsTo(app.db, member.account.email)).some((m) => m.subject.includes('being changed')), { message: 'the notice' });
    expect((await emailOf(owner.userId)).email).toBe(ownerEmail);
    expect((await emailOf(member.userId)).email).toBe(member.account.email.toLowerCase());
  });

  it('lets only the account that asked use its link, and only the latest link, before it expires', async () => {
    const member = await signUp(app);
    const first = uniqueEmail('first');
    await request(member, first);
    const firstToken = await linkTokenFor(first);

    // Another signed-in account holding the link cannot use it.
    const other = await signUp(app);
    expect((await confirm(other.browser, firstToken!)).body.error.code).toBe('invalid_token');
    expect((await emailOf(other.userId)).email).toBe(other.account.email.toLowerCase());

    // A new request replaces the first link.
    const second = uniqueEmail('second');
    await request(member, second);
    const secondToken = await linkTokenFor(second);
    expect((await confirm(member.browser, firstToken!)).body.error.code).toBe('invalid_token');
    expect((await confirm(member.browser, `${secondToken!.split('.')[0]}.forged`)).body.error.code).toBe('invalid_token');

    // Expired.
    await app.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.identifier, pendingIdentifier(member.userId)));
    expect((await member.browser.get('/api/me/email')).body.pending).toBeNull();
    const expired = await confirm(member.browser, secondToken!);
    expect(expired.status).toBe(400);
    expect(expired.body.error.code).toBe('invalid_token');
    expect((await emailOf(member.userId)).email).toBe(member.account.email.toLowerCase());
  });

  it('refuses the change when the new address got an account meanwhile (409), keeping the old address', async () => {
    const member = await signUp(app);
    const wanted = uniqueEmail('raced');
    await request(member, wanted);
    const token = await linkTokenFor(wanted);
    const other = new TestBrowser(app.url, app.config.APP_URL);
    expect((await other.post('/api/auth/sign-up/email', newAccount({ email: wanted }))).status).toBe(200);

    const reply = await confirm(member.browser, token!);
    expect(reply.status).toBe(409);
    expect(reply.body.error.code).toBe('email_taken');
    expect((await emailOf(member.userId)).email).toBe(member.account.email.toLowerCase());
  });

  it('drops a pending change with the account', async () => {
    const member = await signUp(app);
    await request(member, uniqueEmail('gone'));
    expect((await member.browser.request('DELETE', '/api/me', { password: member.account.password })).status).toBe(200);
    expect(
      await app.db
        .select()
        .from(verifications)
        .where(eq(verifications.identifier, pendingIdentifier(member.userId))),
    ).toEqual([]);
  });

  it('moves the waitlist entry and the e-mail choices to the new address; deleting the account then removes what any of its addresses held, and mails a confirmation', async () => {
    const member = await signUp(app);
    const oldEmail = member.account.email.toLowerCase();
    const newEmail = uniqueEmail('followed');
    expect((await postJson(`${app.url}/api/waitlist`, waitlistSubmission({ email: oldEmail, firstName: 'Mary' }))).status).toBe(200);
    await app.db.insert(notificationPreferences).values({ emailKey: oldEmail, kind: 'waitlist_news', subscribed: false, changedVia: 'link' });
    expect((await request(member, newEmail)).status).toBe(202);
    expect((await confirm(member.browser, (await linkTokenFor(newEmail))!)).status).toBe(200);

    const entries = await app.db
      .select()
      .from(waitlistEntries)
      .where(inArray(waitlistEntries.emailKey, [oldEmail, newEmail]));
    expect(entries.map((e) => [e.email, e.emailKey, e.firstName])).toEqual([[newEmail, newEmail, 'Mary']]);
    const choices = await app.db
      .select()
      .from(notificationPreferences)
      .where(inArray(notificationPreferences.emailKey, [oldEmail, newEmail]));
    expect(choices.map((c) => [c.emailKey, c.kind, c.subscribed])).toEqual([[newEmail, 'waitlist_news', false]]);
    // The export shows the entry under the account's address.
    expect((await member.browser.get('/api/me/export')).body.waitlistEntry).toMatchObject({ email: newEmail });

    // Something still under the old address (a second sign-up on the waitlist, made after the change) goes with the account too.
    expect((await postJson(`${app.url}/api/waitlist`, waitlistSubmission({ email: oldEmail, firstName: 'Mary' }))).status).toBe(200);
    // Its welcome mail goes out from a job: let the mail jobs finish, so nothing arrives for the old address after the deletion.
    await settleMailJobs(app);
    expect((await member.browser.request('DELETE', '/api/me', { password: member.account.password })).status).toBe(200);
    expect(
      await app.db
        .select()
        .from(waitlistEntries)
        .where(inArray(waitlistEntries.emailKey, [oldEmail, newEmail])),
    ).toEqual([]);
    expect(await mailsTo(app.db, oldEmail)).toEqual([]);
    const goodbye = await waitFor(async () => (await mailsTo(app.db, newEmail)).find((m) => m.subject === 'Your Ownstead account has been deleted'), {
      message: 'the confirmation of the deletion',
    });
    expect(goodbye.text).toContain('This cannot be undone');
  });
});
