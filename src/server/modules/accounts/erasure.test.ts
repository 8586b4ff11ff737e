import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/client';
import { applications, auditLog, mailOutbox, waitlistEntries } from '../../platform/db/schema';
import { signedInAdmin } from '../../test/admin-client';
import { AUTH_TEST_ENV, mailsTo, TestBrowser } from '../../test/auth-client';
import { signUp, verifyByMail } from '../../test/application-client';
import { postJson, startTestServer, uniqueEmail, waitlistSubmission, type TestServer } from '../../test/harness';
import { deletedUserPseudonym } from './pseudonymise-audit';

const ACCOUNT_DELETED_SUBJECT = 'Your Ownstead account has been deleted';

/** Every audit entry that mentions `text` anywhere (actor, IP, changes). */
async function auditMentioning(app: TestServer, text: string) {
  return queryRows<{ id: number }>(app.db, sql`SELECT id FROM audit_log WHERE position(lower(${text}) in lower(audit_log::text)) > 0`);
}

describe('erasure: a deleted account leaves its actions in the audit log, not the person', () => {
  let app: TestServer;

  beforeAll(async () => {
    app = await startTestServer(AUTH_TEST_ENV);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('self-deletion: own entries keep the action under a pseudonym without IP; entries about the person lose e-mail, names, phone and notes', async () => {
    const member = await signUp(app, { verified: false });
    await verifyByMail(app, member);
    const email = member.account.email.toLowerCase();
    const signIn = await new TestBrowser(app.url, app.config.APP_URL).post('/api/auth/sign-in/email', { email, password: member.account.password });
    expect(signIn.status).toBe(200);
    await postJson(`${app.url}/api/waitlist`, waitlistSubmission({ email, phone: '(512) 555-0142', firstName: 'Grace' }));
    await member.browser.request('PUT', '/api/application', { personal: { firstName: 'Grace' } });
    const [waitlist] = await app.db.select().from(waitlistEntries).where(eq(waitlistEntries.emailKey, email));
    const [application] = await app.db.select().from(applications).where(eq(applications.userId, member.userId));
    // An admin's earlier changes to the person's records, as the back office writes them.
    const admin = { actorId: 'admin-1', actorEmail: 'boss@example.com', ip: '192.0.2.1' };
    await app.db.insert(auditLog).values([
      {
        ...admin,
        action: 'update',
        entityType: 'waitlist',
        entityId: waitlist.id,
        changes: { phone: { from: '(512) 555-0142', to: '(512) 555-0143' }, email: { from: email, to: email } },
      },
      {
        ...admin,
        action: 'update',
        entityType: 'applications',
        entityId: application.id,
        changes: { notes: { from: null, to: 'Grace called about her pay stubs' }, status: { from: 'draft', to: 'submitted' } },
      },
    ]);
    const own = await app.db.select().from(auditLog).where(eq(auditLog.actorId, member.userId));
    const actions = own.map((e) => e.action).sort();
    expect(actions).toEqual(expect.arrayContaining(['sign_in', 'verify']));
    expect(own.every((e) => e.actorEmail === email && e.ip)).toBe(true);
    expect((await mailsTo(app.db, email)).length).toBeGreaterThan(0);

    const reply = await member.browser.request('DELETE', '/api/me', { password: member.account.password });
    expect(reply.status).toBe(200);

    expect(await auditMentioning(app, email)).toEqual([]);
    expect(await auditMentioning(app, '555-014')).toEqual([]);
    expect(await auditMentioning(app, 'pay stubs')).toEqual([]);
    const after = await app.db.select().from(auditLog).where(eq(auditLog.actorId, member.userId));
    expect(after.map((e) => e.action).sort()).toEqual(actions);
    for (const entry of after) expect(entry).toMatchObject({ actorEmail: deletedUserPseudonym(member.userId), ip: null });
    const about = await app.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.entityId, [waitlist.id, application.id]));
    expect(about.map((e) => e.changes)).toEqual(
      expect.arrayContaining([
        { phone: { from: null, to: null }, email: { from: deletedUserPseudonym(member.userId), to: deletedUserPseudonym(member.userId) } },
        { notes: { from: null, to: null }, status: { from: 'draft', to: 'submitted' } },
      ]),
    );
    // The admin who acted is still named, with their address.
    for (const entry of about) expect(entry).toMatchObject(admin);
    // No mail kept for the address but the confirmation of the deletion itself (docs/product/privacy.md#account-deletion).
    expect(
      await app.db
        .select()
        .from(mailOutbox)
        .where(and(sql`lower(${mailOutbox.to}) = ${email}`, ne(mailOutbox.subject, ACCOUNT_DELETED_SUBJECT))),
    ).toEqual([]);
  });

  it("deletion by an admin: the entries about the account, the deletion's own included, keep the actions and the admin", async () => {
    const admin = await signedInAdmin(app);
    const email = uniqueEmail('erased');
    const created = await admin.browser.post('/api/admin/users', {
      firstName: 'Erin',
      lastName: 'Erased',
      email,
      phone: '+1 512 555 0177',
      intendedState: 'Texas',
    });
    expect(created.status).toBe(201);
    const userId: string = created.body.id;
    expect((await admin.browser.patch(`/api/admin/users/${userId}`, { role: 'applicant' })).status).toBe(200);
    expect((await auditMentioning(app, email)).length).toBeGreaterThan(0);

    expect((await admin.browser.delete(`/api/admin/users/${userId}`)).status).toBe(200);

    const entries = await app.db
      .select()
      .from(auditLog)
      .where(or(eq(auditLog.entityId, userId)));
    expect(entries.map((e) => e.action).sort()).toEqual(['create', 'delete', 'update']);
    for (const entry of entries) expect(entry).toMatchObject({ actorId: admin.user.id, actorEmail: admin.account.email.toLowerCase() });
    const pseudonym = deletedUserPseudonym(userId);
    expect(entries.find((e) => e.action === 'create')?.changes).toMatchObject({
      email: pseudonym,
      firstName: null,
      lastName: null,
      phone: null,
      role: 'guest',
    });
    expect(entries.find((e) => e.action === 'delete')?.changes).toMatchObject({ email: pseudonym, firstName: null, lastName: null, role: 'applicant' });
    for (const text of [email, 'Erased', '555 0177']) expect(await auditMentioning(app, text)).toEqual([]);
  });
});
