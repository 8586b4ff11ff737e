import { randomBytes } from 'node:crypto';
import { fork } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { DEFAULT_BRAND } from '../src/domain/brand';
import { registerAnnouncementJobs } from '../src/server/modules/waitlist/announcement-sender';
import { sendAnnouncement } from '../src/server/modules/waitlist/announcements-repo';
import type { Database } from '../src/server/platform/db/client';
import { announcements } from '../src/server/platform/db/schema';
import { JobRunner } from '../src/server/platform/jobs/runner';
import { createFieldCipher } from '../src/server/platform/lib/crypto';
import { createLogger } from '../src/server/platform/lib/logger';
import { createMailer } from '../src/server/platform/mail/send-mail';
import { fmt } from './lib';

/**
 * The benchmark 'the job runner sends ≥ 200 queued e-mails a second to a local SMTP sink' (docs/decisions/020-job-runner.md),
 * on the real path:
 * an announcement to the whole waitlist (BENCH_ANNOUNCEMENT_RECIPIENTS entries, default 2,000) recorded by
 * sendAnnouncement, then sent by the server's job runner with the announcement:send job (announcement-sender.ts):
 * each mail read from the queued recipients, checked against the address's choices, sealed with its one-click
 * unsubscribe, rendered and handed to the server's own mailer (createMailer with SMTP_URL) for a local SMTP sink
 * (smtp-server in a process of its own, bench/smtp-sink.mjs, discarding the data). Measured from the send to the announcement's 'sent':
 * - unthrottled (the rate set far above what the machine does): what the runner can manage, with SMTP_URL as an
 *   operator writes it (nodemailer opens one connection per message) and pooled with as many connections as the
 *   sender has mails under way (`?pool=true&maxConnections=50`; with 10 the pool is the bottleneck, ~170/s);
 * - throttled at ANNOUNCEMENT_RATE_PER_SECOND=200: the rate is kept.
 * Also the CPU the runner's process spent per mail (the runner and the mailer; the sink's and the database's are
 * apart), a figure that does not depend on what else the machine is doing.
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

/** The sink in a process of its own (bench/smtp-sink.mjs), as a mail server would be: it does not share this one's CPU. */
async function startSink() {
  const child = fork(fileURLToPath(new URL('./smtp-sink.mjs', import.meta.url)), [], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const ask = <T>(message: string, key: string) =>
    new Promise<T>((resolve) => {
      const onMessage = (reply: Record<string, T>) => {
        if (!(key in reply)) return;
        child.off('message', onMessage);
        resolve(reply[key]!);
      };
      child.on('message', onMessage);
      if (message) child.send(message);
    });
  const port = await ask<number>('', 'port');
  return {
    port,
    received: () => ask<number>('count', 'received'),
    reset: () => child.send('reset'),
    stop: () => child.kill(),
  };
}

export async function announcementMailThroughput(database: Database) {
  const sink = await startSink();
  const port = sink.port;
  const cipher = createFieldCipher(randomBytes(32));
  const dataDir = os.tmpdir();
  const runs = [
    { label: 'unthrottled, SMTP_URL as written (a connection per mail)', url: `smtp://127.0.0.1:${port}`, rate: 1_000_000 },
    { label: 'unthrottled, SMTP_URL with ?pool=true&maxConnections=50', url: `smtp://127.0.0.1:${port}/?pool=true&maxConnections=50`, rate: 1_000_000 },
    { label: 'throttled at 200/s, pooled', url: `smtp://127.0.0.1:${port}/?pool=true&maxConnections=50`, rate: 200 },
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
      sink.reset();
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
      const received = await sink.received();
      const cpuMsPerMail = (cpu.user + cpu.system) / 1000 / Math.max(1, received);
      await runner.stop();
      mailer.close();
      const [row] = await database.db.select().from(announcements).where(eq(announcements.id, announcement.id));
      console.log(
        `  announcement to ${fmt(announcement.recipients)} (${run.label}): ${fmt(row!.sent / seconds)} e-mails/s ` +
          `(${fmt(row!.sent)} sent, ${fmt(row!.failed)} failed, ${fmt(received)} received by the sink, ${fmt(seconds, 1)} s; ` +
          `the runner's process's CPU ${fmt(cpuMsPerMail, 2)} ms a mail)`,
      );
    }
  } finally {
    sink.stop();
  }
}
