import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withOverrides } from '../../domain/brand';
import { NOTIFICATION_KIND_INFO, UNSUBSCRIBE_TEXTS } from '../../domain/notifications';
import { announcementRecipients, announcements, auditLog, notificationPreferences } from '../platform/db/schema';
import { createFieldCipher, resolveDataKey } from '../platform/lib/crypto';
import { emailKeyOf, setPreference } from '../platform/notifications/preferences';
import { sendNotification, type NotificationDeps } from '../platform/notifications/send-notification';
import { sealUnsubscribe } from '../platform/notifications/unsubscribe-token';
import { signedInAdmin } from '../test/admin-client';
import { signUp, type Member } from '../test/application-client';
import { AUTH_TEST_ENV, mailsTo, TestBrowser } from '../test/auth-client';
import { startTestServer, type TestServer } from '../test/harness';

/**
 * E-mail switches and the one-click unsubscribe (docs/product/accounts.md#e-mail-notifications;
 * RFC 8058): the account page's kinds, a notification mail's headers and footer link, the
 * link's POST from a mail client (no origin of ours, a form body), the page's 'turn it back
 * on', tokens we did not make, audit entries, and erasure.
 */
describe('notifications: switches and one-click unsubscribe', () => {
  let app: TestServer;
  let deps: NotificationDeps;
  let buyer: Member;
  /** A mail client: another origin, no cookies. */
  let client: TestBrowser;

  beforeAll(async () => {
    app = await startTestServer(AUTH_TEST_ENV);
    deps = {
      db: app.db,
      mailer: app.server.mailer,
      cipher: createFieldCipher(resolveDataKey(app.config)),
      brand: withOverrides({}),
      logger: app.server.logger,
      config: app.config,
    };
    buyer = await signUp(app);
    client = new TestBrowser(app.url, 'https://mail.example.net');
  });
  afterAll(async () => {
    await app?.stop();
  });

  const mail = (to: string) => ({ to, kind: 'messages' as const, parts: { subject: 'New message', greeting: 'Hi,', paragraphs: ['You have a new message.'] } });
  const tokenFor = (email: string, kind: 'messages' | 'draft_reminders' = 'messages') => sealUnsubscribe(deps.cipher, { emailKey: emailKeyOf(email), kind });
  const stored = (email: string) =>
    app.db
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.emailKey, emailKeyOf(email)));

  it('a buyer sees the buyer and waitlist kinds, all on; an admin sees the staff notices too, off', async () => {
    const reply = await buyer.browser.get('/api/me/notifications');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('cache-control')).toBe('no-store');
    const kinds = reply.body.kinds as { kind: string; subscribed: boolean; label: string }[];
    expect(kinds.map((k) => k.kind)).toEqual([
      'application_updates',
      'messages',
      'draft_reminders',
      'verify_reminders',
      'request_reminders',
      'home_updates',
      'waitlist_news',
    ]);
    expect(kinds.every((k) => k.subscribed)).toBe(true);
    expect(kinds[1].label).toBe(NOTIFICATION_KIND_INFO.messages.label);

    const admin = await signedInAdmin(app);
    const staff = (await admin.browser.get('/api/me/notifications')).body.kinds as { kind: string; subscribed: boolean }[];
    expect(staff.filter((k) => k.kind.startsWith('staff_'))).toEqual([
      expect.objectContaining({ kind: 'staff_submissions', subscribed: false }),
      expect.objectContaining({ kind: 'staff_answers', subscribed: false }),
      expect.objectContaining({ kind: 'staff_messages', subscribed: false }),
      expect.objectContaining({ kind: 'staff_exit_quotes', subscribed: false }),
      expect.objectContaining({ kind: 'staff_home_notices', subscribed: false }),
      expect.objectContaining({ kind: 'staff_payment_changes', subscribed: false }),
      expect.objectContaining({ kind: 'staff_signatures', subscribed: false }),
    ]);
  });

  it('a switch turns one kind off and on again, audited once per change; a staff kind or an unknown one is refused to a buyer', async () => {
    const off = await buyer.browser.put('/api/me/notifications/draft_reminders', { subscribed: false });
    expect(off.status).toBe(200);
    expect(off.body.kinds.find((k: { kind: string }) => k.kind === 'draft_reminders').subscribed).toBe(false);
    expect(off.body.kinds.find((k: { kind: string }) => k.kind === 'messages').subscribed).toBe(true);
    // The same choice again changes nothing and writes no second entry.
    await buyer.browser.put('/api/me/notifications/draft_reminders', { subscribed: false });
    const entries = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'notifications'), eq(auditLog.entityId, buyer.userId)))
      .orderBy(asc(auditLog.id));
    expect(entries).toHaveLength(1);
    expect(entries[0].changes).toEqual({ kind: 'draft_reminders', subscribed: { from: true, to: false }, via: 'account' });

    const on = await buyer.browser.put('/api/me/notifications/draft_reminders', { subscribed: true });
    expect(on.body.kinds.find((k: { kind: string }) => k.kind === 'draft_reminders').subscribed).toBe(true);

    expect((await buyer.browser.put('/api/me/notifications/staff_messages', { subscribed: true })).status).toBe(404);
    // A kind that does not exist names nothing: 404, like a malformed id.
    expect((await buyer.browser.put('/api/me/notifications/newsletter', { subscribed: true })).status).toBe(404);
    const bad = await buyer.browser.put('/api/me/notifications/messages', { subscribed: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.subscribed).toBeTruthy();
    expect((await new TestBrowser(app.url, app.config.APP_URL).get('/api/me/notifications')).status).toBe(401);
  });

  it('a notification mail carries RFC 8058 headers and a footer link; the mail client’s one-click POST turns the kind off', async () => {
    const member = await signUp(app);
    expect(await sendNotification(deps, mail(member.account.email))).toBe('sent');
    const [sent] = await mailsTo(app.db, member.account.email);
    expect(sent.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const oneClick = new URL(/^<(.+)>$/.exec(sent.headers?.['List-Unsubscribe'] ?? '')![1]);
    expect(oneClick.pathname).toBe('/api/unsubscribe');
    expect(oneClick.href).not.toContain(encodeURIComponent(member.account.email));
    const page = new URL(/Unsubscribe: (\S+)/.exec(sent.text)![1]);
    expect(page.pathname).toBe('/unsubscribe');
    expect(sent.html).toContain('Unsubscribe</a>');
    expect(sent.text).toContain(NOTIFICATION_KIND_INFO.messages.label);

    // The page's GET changes nothing (link scanners open links).
    const state = await client.get(`/api/unsubscribe${page.search}`);
    expect(state.body).toMatchObject({ kind: 'messages', subscribed: true });

    const post = await client.request('POST', `${oneClick.pathname}${oneClick.search}`, undefined, {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(post.status).toBe(200);
    expect(post.body).toMatchObject({ kind: 'messages', subscribed: false });
    expect(await stored(member.account.email)).toEqual([expect.objectContaining({ kind: 'messages', subscribed: false, changedVia: 'link' })]);
    // Idempotent: a second click answers the same.
    expect((await client.request('POST', `${oneClick.pathname}${oneClick.search}`)).body.subscribed).toBe(false);

    // Now the kind is off: the next mail of it is not sent; another kind still is.
    expect(await sendNotification(deps, mail(member.account.email))).toBe('unsubscribed');
    expect((await mailsTo(app.db, member.account.email)).filter((m) => m.subject === 'New message')).toHaveLength(1);
    expect(await sendNotification(deps, { ...mail(member.account.email), kind: 'application_updates' })).toBe('sent');

    const entries = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'notifications'), eq(auditLog.entityId, member.userId)));
    expect(entries).toEqual([expect.objectContaining({ action: 'update', changes: { kind: 'messages', subscribed: { from: true, to: false }, via: 'link' } })]);
  });

  it('the unsubscribe page turns it back on from our own pages only; the one-click URL takes no JSON', async () => {
    const member = await signUp(app);
    const token = tokenFor(member.account.email, 'draft_reminders');
    await client.request('POST', `/api/unsubscribe?token=${token}`, 'List-Unsubscribe=One-Click', { 'content-type': 'application/x-www-form-urlencoded' });
    expect((await client.put(`/api/unsubscribe?token=${token}`, { subscribed: true })).status).toBe(403);
    expect((await client.request('POST', `/api/unsubscribe?token=${token}`, {})).status).toBe(415);
    const page = new TestBrowser(app.url, app.config.APP_URL);
    const back = await page.put(`/api/unsubscribe?token=${token}`, { subscribed: true });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ kind: 'draft_reminders', subscribed: true });
    expect(await stored(member.account.email)).toEqual([expect.objectContaining({ kind: 'draft_reminders', subscribed: true })]);
  });

  it('a token we did not make, a cut-off one or one sealed for another purpose is refused with a clear message', async () => {
    const token = tokenFor(buyer.account.email);
    const tampered = `${token.slice(0, -3)}${token.endsWith('A') ? 'B' : 'A'}AA`;
    for (const bad of [tampered, token.slice(0, 40), deps.cipher.encrypt(JSON.stringify({ e: 'x@y.z', k: 'messages' }), 'ssn')]) {
      const reply = await client.request('POST', `/api/unsubscribe?token=${bad}`);
      expect(reply.status).toBe(404);
      expect(reply.body.error.message).toBe(UNSUBSCRIBE_TEXTS.invalid);
    }
    expect((await client.get('/api/unsubscribe?token=%3Cscript%3E')).status).toBe(400);
    expect((await client.get('/api/unsubscribe')).status).toBe(400);
  });

  it('a token whose tag was cut, extended, re-encoded or flipped never opens, by GET or by POST', async () => {
    const email = 'tag.attack@example.com';
    const token = tokenFor(email);
    const parts = token.split('.');
    const tag = Buffer.from(parts[4]!, 'base64url');
    const withTag = (bytes: Buffer | string) => [...parts.slice(0, 4), typeof bytes === 'string' ? bytes : bytes.toString('base64url')].join('.');
    const flipped = Buffer.from(tag);
    flipped[0]! ^= 1;
    const forged = [
      withTag(tag.subarray(0, 12)),
      withTag(tag.subarray(0, 8)),
      withTag(tag.subarray(0, 4)),
      withTag(Buffer.concat([tag, Buffer.from([0])])),
      withTag(`${parts[4]}==`),
      withTag(flipped),
    ];
    // 404 'not a link of ours'; a padded one is not even the token's shape (400).
    for (const bad of forged) {
      expect([400, 404], bad).toContain((await client.get(`/api/unsubscribe?token=${encodeURIComponent(bad)}`)).status);
      expect([400, 404], bad).toContain((await client.request('POST', `/api/unsubscribe?token=${encodeURIComponent(bad)}`)).status);
    }
    expect(await stored(email)).toEqual([]);
  });

  it('counts every use of a link per IP: past the budget a link answers 429 with Retry-After, whatever its token', async () => {
    const limited = await startTestServer({ ...AUTH_TEST_ENV, UNSUBSCRIBE_RATE_LIMIT_MAX: '3' });
    try {
      const mailClient = new TestBrowser(limited.url, 'https://mail.example.net');
      const token = sealUnsubscribe(createFieldCipher(resolveDataKey(limited.config)), { emailKey: emailKeyOf('limited@example.com'), kind: 'messages' });
      expect((await mailClient.get(`/api/unsubscribe?token=${token}x`)).status).toBe(404);
      expect((await mailClient.get(`/api/unsubscribe?token=${token}y`)).status).toBe(404);
      expect((await mailClient.get(`/api/unsubscribe?token=${token}`)).status).toBe(200);
      const refused = await mailClient.get(`/api/unsubscribe?token=${token}`);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await mailClient.request('POST', `/api/unsubscribe?token=${token}`)).status).toBe(429);
    } finally {
      await limited.stop();
    }
  });

  it('a waitlist address without an account can unsubscribe; its entry names nobody', async () => {
    const token = tokenFor('someone.waiting@example.com', 'messages');
    const reply = await client.request('POST', `/api/unsubscribe?token=${token}`);
    expect(reply.status).toBe(200);
    expect(await stored('someone.waiting@example.com')).toHaveLength(1);
  });

  it('deleting the account deletes its e-mail choices and the announcements recorded for its address', async () => {
    const member = await signUp(app);
    const key = emailKeyOf(member.account.email);
    await setPreference(app.db, { emailKey: key, kind: 'waitlist_news', subscribed: false, via: 'link' });
    const [announcement] = await app.db.insert(announcements).values({ subject: 'We launched', body: 'Hello' }).returning();
    await app.db.insert(announcementRecipients).values({ announcementId: announcement.id, emailKey: key, state: 'sent' });
    const reply = await member.browser.request('DELETE', '/api/me', { password: member.account.password });
    expect(reply.status).toBe(200);
    expect(await stored(member.account.email)).toEqual([]);
    expect(await app.db.select().from(announcementRecipients).where(eq(announcementRecipients.emailKey, key))).toEqual([]);
  });
});
