import { and, eq, like, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { announcementRecipients, announcements, jobs, mailOutbox, waitlistEntries } from '../../platform/db/schema';
import { createTestDatabase, startTestServer, testDbKind, waitFor, type TestServer } from '../../test/harness';
import { sendAnnouncement } from './announcements-repo';
import { sendAnnouncementJob } from './announcement-sender';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** docs/product/back-office.md#announcements 'Delivery': several instances share the sending, each recipient once. */
describe('announcements and several server instances', () => {
  it('are sent once to each recipient by two instances polling one PostgreSQL database, batch by batch', { timeout: 120_000 }, async (ctx) => {
    ctx.skip(testDbKind() !== 'postgres', 'PostgreSQL only: an embedded PGlite database is opened by one process, so there is no second instance');
    const database = await createTestDatabase();
    cleanups.push(() => database.dispose());
    const batchesRun = [0, 0];
    // Each instance logs 'job done' (debug) per job it ran: count the announcement batches per instance.
    const countingLogger = (i: number) =>
      pino(
        { level: 'debug' },
        {
          write: (line: string) => {
            const entry = JSON.parse(line) as { msg?: string; kind?: string };
            if (entry.msg === 'job done' && entry.kind === sendAnnouncementJob.kind) batchesRun[i] += 1;
          },
        },
      );
    // 50 a second: each batch is about a second's worth, so 300 recipients take six batches to share out.
    const env = { JOBS_POLL_MS: '30', ANNOUNCEMENT_RATE_PER_SECOND: '50' };
    const instances: TestServer[] = [];
    for (const i of [0, 1]) {
      const instance = await startTestServer(env, { database, logger: countingLogger(i) });
      cleanups.push(() => instance.stop());
      instances.push(instance);
    }
    const db = instances[0]!.db;
    const emails = Array.from({ length: 300 }, (_, i) => `twice-${i}@example.com`);
    await db.insert(waitlistEntries).values(emails.map((email, i) => ({ firstName: `Reader${i}`, lastName: 'Shared', email, emailKey: email })));

    const announcement = await sendAnnouncement(
      db,
      { id: null, email: 'admin@example.com', ip: null },
      { subject: 'Shared sending', body: 'Hello from both.', audience: { q: 'twice-', interest: 'all' } },
    );
    expect(announcement.recipients).toBe(300);
    for (const instance of instances) instance.server.jobs.kick();
    await waitFor(async () => (await db.select().from(announcements).where(eq(announcements.id, announcement.id)))[0]!.state === 'sent', {
      timeoutMs: 60_000,
      message: 'the announcement to be sent',
    });

    const [row] = await db.select().from(announcements).where(eq(announcements.id, announcement.id));
    expect(row).toMatchObject({ recipients: 300, sent: 300, skipped: 0, failed: 0 });
    const perAddress = await db
      .select({ to: mailOutbox.to, n: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.subject, 'Shared sending'), like(mailOutbox.to, 'twice-%')))
      .groupBy(mailOutbox.to);
    expect(perAddress).toHaveLength(300);
    expect(perAddress.filter((r) => Number(r.n) !== 1)).toEqual([]);
    expect(
      await db.$count(announcementRecipients, and(eq(announcementRecipients.announcementId, announcement.id), eq(announcementRecipients.state, 'sent'))),
    ).toBe(300);
    // One job per batch, each run once by one of the instances (both poll every 30 ms; which one claims the next batch
    // is down to timing, often the one that queued it).
    const batches = await db
      .select()
      .from(jobs)
      .where(like(jobs.uniqueKey, `announcement:${announcement.id}:%`));
    expect(batches.length).toBeGreaterThanOrEqual(6);
    expect(batches.every((job) => job.state === 'done' && job.attempts === 1)).toBe(true);
    expect(batchesRun[0]! + batchesRun[1]!).toBe(batches.length);
  });
});
