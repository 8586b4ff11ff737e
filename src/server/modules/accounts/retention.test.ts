import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/client';
import {
  announcementRecipients,
  announcements,
  auditLog,
  notificationPreferences,
  sessions,
  users,
  waitlistEntries,
  webhookOutbox,
} from '../../platform/db/schema';
import { startTestServer, uniqueEmail, waitFor, type TestServer } from '../../test/harness';
import { WAITLIST_TOPIC } from '../waitlist/store-submission';
import { enqueue } from '../../platform/jobs/queue';
import { retentionJob } from './retention-job';
import { applyRetention } from './retention';

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);
/** Just past the policy's periods (3 years, 12 months), and just inside them. */
const PAST_WAITLIST = daysAgo(3 * 365 + 2);
const WITHIN_WAITLIST = daysAgo(3 * 365 - 2);
const PAST_SECURITY = daysAgo(366);
const WITHIN_SECURITY = daysAgo(360);

describe("retention: the privacy policy's periods, applied by a job", () => {
  let app: TestServer;

  beforeAll(async () => {
    app = await startTestServer();
  });
  afterAll(async () => {
    await app?.stop();
  });

  async function waitlistEntry(createdAt: Date, receivedAt = createdAt): Promise<string> {
    const email = uniqueEmail('retained');
    const [row] = await app.db
      .insert(waitlistEntries)
      .values({ firstName: 'Old', lastName: 'Entry', email, emailKey: email, createdAt, receivedAt, updatedAt: receivedAt })
      .returning({ id: waitlistEntries.id });
    return row.id;
  }
  const waitlistIds = async (ids: string[]) =>
    (await app.db.select({ id: waitlistEntries.id }).from(waitlistEntries).where(inArray(waitlistEntries.id, ids))).map((r) => r.id);
  /** The dashboard's kept count against the real one. */
  async function waitlistCounts() {
    const [kept] = await queryRows<{ n: number }>(
      app.db,
      sql`SELECT coalesce(sum(count), 0)::int AS n FROM table_row_counts WHERE table_name = 'waitlist_entries'`,
    );
    const [real] = await queryRows<{ n: number }>(app.db, sql`SELECT count(*)::int AS n FROM waitlist_entries`);
    return { kept: Number(kept.n), real: Number(real.n) };
  }

  it('deletes waitlist entries not heard from in 3 years, in chunks, and keeps the dashboard count exact', async () => {
    const old = await Promise.all([1, 2, 3, 4, 5].map(() => waitlistEntry(PAST_WAITLIST)));
    const recent = await waitlistEntry(WITHIN_WAITLIST);
    // Signed up long ago but sent the form again last month: 'after we last heard from you'.
    const resubmitted = await waitlistEntry(daysAgo(4 * 365), daysAgo(30));
    const before = await waitlistCounts();
    expect(before.kept).toBe(before.real);

    const report = await applyRetention(app.db, { batchSize: 2 });

    expect(report.waitlistEntries).toBe(5);
    expect(await waitlistIds(old)).toEqual([]);
    expect((await waitlistIds([recent, resubmitted])).sort()).toEqual([recent, resubmitted].sort());
    const after = await waitlistCounts();
    expect(after).toEqual({ kept: before.real - 5, real: before.real - 5 });
    expect((await applyRetention(app.db)).waitlistEntries).toBe(0);
  });

  it("erases what hung on an expired entry's address: its announcement recipients, and its e-mail choices unless an account has it", async () => {
    const [expired, kept] = [uniqueEmail('expired'), uniqueEmail('kept')];
    const member = uniqueEmail('member');
    for (const email of [expired, kept, member]) {
      await app.db.insert(waitlistEntries).values({
        firstName: 'Old',
        lastName: 'Entry',
        email,
        emailKey: email,
        createdAt: email === kept ? WITHIN_WAITLIST : PAST_WAITLIST,
        receivedAt: email === kept ? WITHIN_WAITLIST : PAST_WAITLIST,
      });
      await app.db.insert(notificationPreferences).values({ emailKey: email, kind: 'waitlist_news', subscribed: false, changedVia: 'link' });
    }
    await app.db.insert(users).values({ id: randomUUID(), name: 'Member', firstName: 'Mem', lastName: 'Ber', email: member });
    const [announcement] = await app.db.insert(announcements).values({ subject: 'News', body: 'Hello', state: 'sending', recipients: 3, sent: 1 }).returning();
    await app.db.insert(announcementRecipients).values([
      { announcementId: announcement!.id, emailKey: expired, state: 'queued' },
      { announcementId: announcement!.id, emailKey: kept, state: 'queued' },
      { announcementId: announcement!.id, emailKey: member, state: 'sent' },
    ]);

    await applyRetention(app.db);

    const recipients = await app.db.select().from(announcementRecipients).where(eq(announcementRecipients.announcementId, announcement!.id));
    expect(recipients.map((r) => r.emailKey)).toEqual([kept]);
    // The expired queued recipient is counted as skipped, so the progress still adds up.
    const [after] = await app.db.select().from(announcements).where(eq(announcements.id, announcement!.id));
    expect(after).toMatchObject({ recipients: 3, sent: 1, skipped: 1 });
    const choices = await app.db
      .select({ key: notificationPreferences.emailKey })
      .from(notificationPreferences)
      .where(inArray(notificationPreferences.emailKey, [expired, kept, member]));
    expect(choices.map((c) => c.key).sort()).toEqual([kept, member].sort());
  });

  it('deletes forwarded copies of sign-ups with the same period', async () => {
    const [old] = await app.db
      .insert(webhookOutbox)
      .values({ topic: WAITLIST_TOPIC, payload: { email: 'old@example.com' }, createdAt: PAST_WAITLIST })
      .returning();
    const [recent] = await app.db
      .insert(webhookOutbox)
      .values({ topic: WAITLIST_TOPIC, payload: { email: 'new@example.com' }, createdAt: WITHIN_WAITLIST })
      .returning();
    await applyRetention(app.db);
    const left = (
      await app.db
        .select({ id: webhookOutbox.id })
        .from(webhookOutbox)
        .where(inArray(webhookOutbox.id, [old.id, recent.id]))
    ).map((r) => r.id);
    expect(left).toEqual([recent.id]);
  });

  it('deletes sign-in records after 12 months and strips the IP address from older audit entries, keeping the entry', async () => {
    const entry = (action: 'sign_in' | 'update', at: Date) => ({
      at,
      action,
      actorId: 'user-1',
      actorEmail: 'member@example.com',
      ip: '203.0.113.9',
      entityType: action === 'sign_in' ? 'sessions' : 'applications',
      entityId: randomUUID(),
      changes: { method: 'password' },
    });
    const rows = await app.db
      .insert(auditLog)
      .values([entry('sign_in', PAST_SECURITY), entry('sign_in', WITHIN_SECURITY), entry('update', PAST_SECURITY), entry('update', WITHIN_SECURITY)])
      .returning({ id: auditLog.id });
    const [oldSignIn, recentSignIn, oldUpdate, recentUpdate] = rows.map((r) => r.id);

    const report = await applyRetention(app.db, { batchSize: 1 });

    expect(report.signIns).toBeGreaterThanOrEqual(1);
    const left = await app.db
      .select()
      .from(auditLog)
      .where(
        inArray(
          auditLog.id,
          rows.map((r) => r.id),
        ),
      );
    const byId = new Map(left.map((r) => [r.id, r]));
    expect(byId.has(oldSignIn)).toBe(false);
    expect(byId.get(recentSignIn)?.ip).toBe('203.0.113.9');
    expect(byId.get(oldUpdate)).toMatchObject({ action: 'update', actorEmail: 'member@example.com', ip: null });
    expect(byId.get(recentUpdate)?.ip).toBe('203.0.113.9');
    expect(await applyRetention(app.db)).toMatchObject({ signIns: 0, auditIps: 0 });
  });

  it('deletes ended sessions recorded more than 12 months ago, never one still in use', async () => {
    const userId = randomUUID();
    const email = uniqueEmail('sessions');
    await app.db.insert(users).values({ id: userId, name: 'Session Owner', firstName: 'Session', lastName: 'Owner', email });
    const session = (createdAt: Date, expiresAt: Date) => ({
      id: randomUUID(),
      token: randomUUID(),
      userId,
      createdAt,
      updatedAt: createdAt,
      expiresAt,
      ipAddress: '198.51.100.7',
      userAgent: 'Test',
    });
    const oldEnded = session(PAST_SECURITY, daysAgo(359));
    const oldInUse = session(PAST_SECURITY, daysAgo(-3));
    const recentEnded = session(WITHIN_SECURITY, daysAgo(353));
    await app.db.insert(sessions).values([oldEnded, oldInUse, recentEnded]);

    await applyRetention(app.db);

    const left = (await app.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))).map((r) => r.id);
    expect(left.sort()).toEqual([oldInUse.id, recentEnded.id].sort());
  });

  it('shares the work when several instances run at once: each row once, counts exact', async () => {
    const old = await Promise.all(Array.from({ length: 12 }, () => waitlistEntry(PAST_WAITLIST)));
    const before = await waitlistCounts();
    const reports = await Promise.all([
      applyRetention(app.db, { batchSize: 3 }),
      applyRetention(app.db, { batchSize: 3 }),
      applyRetention(app.db, { batchSize: 3 }),
    ]);
    expect(reports.reduce((sum, r) => sum + r.waitlistEntries, 0)).toBe(12);
    expect(await waitlistIds(old)).toEqual([]);
    expect(await waitlistCounts()).toEqual({ kept: before.real - 12, real: before.real - 12 });
  });

  it('runs hourly on the job runner, as the server schedules it', async () => {
    expect(app.server.jobs.scheduled).toContainEqual(expect.objectContaining({ kind: retentionJob.kind, everyMs: 60 * 60_000 }));
    const id = await waitlistEntry(PAST_WAITLIST);
    await enqueue(app.db, retentionJob, {});
    app.server.jobs.kick();
    await waitFor(async () => (await waitlistIds([id])).length === 0, { message: 'the job to delete the old entry' });
  });
});
