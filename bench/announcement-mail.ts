import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { DEFAULT_BRAND } from '../src/domain/brand';
import { registerAnnouncementJobs } from '../src/server/admin/announcement-sender';
import { sendAnnouncement } from '../src/server/admin/announcements-repo';
import type { Database } from '../src/server/db/client';
import { announcements } from '../src/server/db/schema';
import { JobRunner } from '../src/server/jobs/runner';
import { createFieldCipher } from '../src/server/lib/crypto';
import { createLogger } from '../src/server/lib/logger';
import { createMailer } from '../src/server/mail/send-mail';
import { fmt } from './lib';

/**
 * Issue 13's benchmark 'the job runner sends ≥ 200 queued e-mails a second to a local SMTP sink', on the real path:
 * an announcement to the whole waitlist (BENCH_ANNOUNCEMENT_RECIPIENTS entries, default 2,000) recorded by
 * sendAnnouncement, then sent by the server's job runner with the announcement:send job (announcement-sender.ts):
 * each mail read from the queued recipients, checked against the address's choices, sealed with its one-click
 * unsubscribe, rendered and handed to the server's own mailer (createMailer with SMTP_URL) for a local SMTP sink
 * (smtp-server, discarding the data). Measured from the send to the announcement's 'sent':
 * - unthrottled (the rate set far above what the machine does): what the runner can manage, with SMTP_URL as an
 *   operator writes it (nodemailer opens one connection per message) and with `?pool=true&maxConnections=10`;
 * - throttled at ANNOUNCEMENT_RATE_PER_SECOND=200: the rate is kept.
 * Also the CPU this process spent per mail (the runner, the mailer and the sink share it; the database's is apart), a
 * figure that does not depend on what else the machine is doing.
 */

const RECIPIENTS = Number(process.env.BENCH_ANNOUNCEMENT_RECIPIENTS ?? 2000);
const silent = createLogger('silent');

async function fillWaitlist(database: Database, count: number) {
  await database.db.execute(sql`DELETE FROM announcement_recipients`);
  await database.db.execute(sql`DELETE FROM waitlist_entries WHERE email_key LIKE 'bench-reader-%'`);
  await database.db.execute(sql`INSERT INTO waitlist_entries (first_name, last_name, email, email_key)
    SELECT 'Reader', 'Number ' || n, 'bench-reader-' || n || '@example.com', 'bench-reader-' || n || '@example.com'
    FROM generate_series(1, ${count}) AS n`);
}

export async function announcementMailThroughput(database: Database) {
  let received = 0;
  const sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        received += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const port = (sink.server.address() as AddressInfo).port;
  const cipher = createFieldCipher(randomBytes(32));
  const dataDir = os.tmpdir();
  const runs = [
    { label: 'unthrottled, SMTP_URL as written (a connection per mail)', url: `smtp://127.0.0.1:${port}`, rate: 1_000_000 },
    { label: 'unthrottled, SMTP_URL with ?pool=true&maxConnections=10', url: `smtp://127.0.0.1:${port}/?pool=true&maxConnections=10`, rate: 1_000_000 },
    { label: 'throttled at 200/s, pooled', url: `smtp://127.0.0.1:${port}/?pool=true&maxConnections=10`, rate: 200 },
  ];
  try {
    await fillWaitlist(database, RECIPIENTS);
    for (const run of runs) {
      const config = {
        SMTP_URL: run.url,
        MAIL_FROM: 'bench@example.com',
        APP_URL: 'http://localhost:3000',
        BETTER_AUTH_SECRET: 'x'.repeat(32),
        DATA_DIR: dataDir,
      };
      const mailer = createMailer({ config, db: database.db, logger: silent, brand: DEFAULT_BRAND });
      const runner = new JobRunner({ db: database.db, logger: silent, pollMs: 100 });
      registerAnnouncementJobs(runner, { db: database.db, mailer, cipher, brand: DEFAULT_BRAND, logger: silent, config, ratePerSecond: run.rate });
      received = 0;
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      const announcement = await sendAnnouncement(
        database.db,
        { id: null, email: 'bench@example.com', ip: null },
        { subject: 'Bench news', body: 'We are live.\n\nApply whenever you are ready.', audience: { q: '', interest: 'all' } },
      );
      runner.start();
      for (;;) {
        const [row] = await database.db.select().from(announcements).where(eq(announcements.id, announcement.id));
        if (row!.state !== 'sending') break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const seconds = (performance.now() - started) / 1000;
      const cpu = process.cpuUsage(cpuBefore);
      const cpuMsPerMail = (cpu.user + cpu.system) / 1000 / Math.max(1, received);
      await runner.stop();
      mailer.close();
      const [row] = await database.db.select().from(announcements).where(eq(announcements.id, announcement.id));
      console.log(
        `  announcement to ${fmt(announcement.recipients)} (${run.label}): ${fmt(row!.sent / seconds)} e-mails/s ` +
          `(${fmt(row!.sent)} sent, ${fmt(row!.failed)} failed, ${fmt(received)} received by the sink, ${fmt(seconds, 1)} s; ` +
          `this process's CPU ${fmt(cpuMsPerMail, 2)} ms a mail, runner and sink together)`,
      );
    }
  } finally {
    await new Promise<void>((resolve) => sink.close(() => resolve()));
  }
}
