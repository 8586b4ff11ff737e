import { Server as HttpServer } from 'node:http';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { withOverrides } from '../domain/brand';
import { createApp } from './app';
import { createAuth, type Auth } from './platform/auth/create-auth';
import { ensureFirstAdmin } from './platform/auth/first-admin';
import type { Config } from './platform/config';
import { openDatabase, type Database } from './platform/db/client';
import { embeddedDatabaseWarning } from './platform/db/pglite-durability';
import { servingGuardWarning } from './platform/db/serving-role';
import { BackgroundTasks } from './platform/lib/background';
import { closeServer, shuttingDown } from './platform/http/drain';
import { createFieldCipher, resolveDataKey, type FieldCipher } from './platform/lib/crypto';
import { resolveLedgerKey } from './platform/lib/ledger-key';
import { createLogger, type Logger } from './platform/lib/logger';
import { jsonWebhook, OutboxWorker, type Deliver } from './platform/mail/outbox';
import { JobRunner } from './platform/jobs/runner';
import { registerSystemJobs } from './platform/jobs/system-jobs';
import { createMailer, type Mailer } from './platform/mail/send-mail';
import { registerNotificationJobs } from './register-jobs';
import { registerRetentionJob } from './modules/accounts';
import { scheduleVerifyReminder } from './modules/applications';
import { registerHomeEnvelopeKinds, registerHomeJobs } from './modules/homes';
import { registerLetterEnvelopeKinds } from './modules/letters';
import { eventApplier, registerPaymentJobs, startPayments, type PaymentProvider, type PaymentsRuntime, type SandboxHandle } from './modules/payments';
import { registerAnnouncementJobs, registerWaitlistConfirmations, WAITLIST_TOPIC, waitlistRateLimit, WaitlistWriter } from './modules/waitlist';
import { createStorage } from './platform/storage/create-storage';
import type { FileStorage } from './platform/storage/file-storage';

export interface RunningServer {
  url: string;
  port: number;
  database: Database;
  outbox: OutboxWorker;
  /** Everything scheduled (src/server/platform/jobs/runner.ts). */
  jobs: JobRunner;
  logger: Logger;
  auth: Auth;
  mailer: Mailer;
  /** Mail and other work started after a reply; close() waits for it. */
  background: BackgroundTasks;
  storage: FileStorage;
  /** The stand-in processor's own process, when it collects (no STRIPE_SECRET_KEY): tests steer it through this. */
  sandboxProcessor?: SandboxHandle;
  /** The processor's adapter and the field cipher: tests run the payment jobs with the server's own. */
  payments: PaymentProvider;
  cipher: FieldCipher;
  close(): Promise<void>;
}

export interface StartOptions {
  logger?: Logger;
  /** An already opened database (tests share one between two instances). */
  database?: Database;
}

/**
 * How long an idle kept-alive connection stays open: longer than a client's or a load balancer's own idle time (Node's
 * agent: 5 s; an AWS load balancer: 60 s), so the client is always the end that closes it. At Node's default of 5 s
 * both ends could close at the same moment, and a request sent on a connection the server was closing failed with
 * ECONNRESET (a load balancer answers 502). Headers get a little longer, as Node requires. Shutting down does not
 * wait for idle connections (closeServer closes them).
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

function keepIdleConnectionsOpen(server: ServerType) {
  if (!(server instanceof HttpServer)) return;
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
}

/** Opens the database, applies migrations, starts background work and listens. */
export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(config.LOG_LEVEL);
  // Bank debits: Stripe, or the stand-in processor, whose own process starts while the database opens
  // (docs/decisions/032-processor-payments.md, docs/decisions/045-sandbox-processor-process.md).
  const paymentsStarting = startPayments(config, logger);
  // Its failure is awaited below, where the server needs it; not an unhandled rejection meanwhile.
  paymentsStarting.catch(() => undefined);
  try {
    return await startServerWith(config, options, logger, paymentsStarting);
  } catch (error) {
    // A server that never started leaves no stand-in behind.
    await paymentsStarting.then(
      (payments) => payments.stop(),
      () => undefined,
    );
    throw error;
  }
}

async function startServerWith(config: Config, options: StartOptions, logger: Logger, paymentsStarting: Promise<PaymentsRuntime>): Promise<RunningServer> {
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.DATABASE_URL,
      ownerUrl: config.DATABASE_OWNER_URL,
      pgliteDir: path.join(config.DATA_DIR, 'db'),
      pgliteFsync: config.PGLITE_FSYNC,
      poolSize: config.DATABASE_POOL_SIZE,
    }));
  await database.migrate();
  const embeddedWarning = embeddedDatabaseWarning(config);
  if (embeddedWarning) logger.warn(embeddedWarning);
  const guardWarning = servingGuardWarning(config, database.servingGuard());
  if (guardWarning) logger.warn(guardWarning);

  const handlers: Record<string, Deliver> = {};
  if (config.WAITLIST_WEBHOOK_URL) handlers[WAITLIST_TOPIC] = jsonWebhook(config.WAITLIST_WEBHOOK_URL);
  const outbox = new OutboxWorker({
    db: database.db,
    logger,
    handlers,
    pollMs: config.OUTBOX_POLL_MS,
    retryBaseMs: config.OUTBOX_RETRY_BASE_MS,
    retryMaxMs: config.OUTBOX_RETRY_MAX_MS,
  });
  if (Object.keys(handlers).length > 0) outbox.start();

  // Everything scheduled runs on the job runner (docs/decisions/020-job-runner.md): the privacy policy's retention
  // periods (docs/product/privacy.md), the rate-limit prune, the prune of done jobs, and the kinds features register.
  const jobs = new JobRunner({
    db: database.db,
    logger,
    pollMs: config.JOBS_POLL_MS,
    retryBaseMs: config.JOBS_RETRY_BASE_MS,
    retryMaxMs: config.JOBS_RETRY_MAX_MS,
    leaseMs: config.JOBS_LEASE_SECONDS * 1000,
  });
  registerSystemJobs(jobs, { db: database.db, logger });
  registerRetentionJob(jobs, { db: database.db, logger });

  const brand = withOverrides({
    contactEmail: config.CONTACT_EMAIL,
    coinSiteUrl: config.COIN_SITE_URL,
    mortgageCalculatorUrl: config.MORTGAGE_CALCULATOR_URL,
  });
  const mailer = createMailer({ config, db: database.db, logger, brand });
  const background = new BackgroundTasks(logger);
  const auth = createAuth({ config, db: database.db, logger, brand, mailer, background, onUnverifiedSignUp: scheduleVerifyReminder });
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    await ensureFirstAdmin(auth, database.db, logger, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD });
  }
  const storage = createStorage(config);
  const cipher = createFieldCipher(resolveDataKey(config));
  // Signs the ledger's daily checkpoints (src/server/platform/lib/ledger-key.ts).
  const ledgerKey = resolveLedgerKey(config);
  if (ledgerKey.source === 'local')
    logger.info({ keyId: ledgerKey.keyId }, 'ledger checkpoints are signed with a local key (DATA_DIR); set LEDGER_SIGNING_KEY in production');
  const waitlist = new WaitlistWriter({
    db: database.db,
    logger,
    rule: waitlistRateLimit(config),
    outbox: config.WAITLIST_WEBHOOK_URL ? outbox : undefined,
    jobs,
    // PGlite is one connection; on PostgreSQL two batches in flight keep the pool and the commits busy.
    concurrency: database.kind === 'pglite' ? 1 : 2,
  });
  // Notification and reminder mail (src/server/platform/notifications and each module's notifications): jobs the features enqueue with their changes.
  registerNotificationJobs(jobs, { db: database.db, mailer, cipher, brand, logger, config });
  // The waitlist's e-mail (sign-up confirmations, announcements), at ANNOUNCEMENT_RATE_PER_SECOND each.
  const waitlistMail = { db: database.db, mailer, cipher, brand, logger, config, ratePerSecond: config.ANNOUNCEMENT_RATE_PER_SECOND };
  registerWaitlistConfirmations(jobs, waitlistMail);
  registerAnnouncementJobs(jobs, waitlistMail);
  // The homeowners' monthly charges and statements (src/server/modules/homes).
  registerHomeJobs(jobs, { db: database.db, mailer, cipher, brand, logger, config, storage, ledgerKey });
  // What signing a home's documents and a letter of intent does (docs/decisions/039-addenda-and-envelopes.md).
  registerHomeEnvelopeKinds();
  registerLetterEnvelopeKinds();
  // Bank debits, started in startServer: Stripe's adapter, or the stand-in's process once it is ready.
  const payments = await paymentsStarting;
  // Autopay's debits and the bank's day file (docs/decisions/037-autopay-and-ach-files.md).
  // The webhook stores an event and wakes this to apply it (docs/decisions/044-payments-throughput.md).
  const paymentEvents = eventApplier({ db: database.db, logger, kick: () => jobs.kick() });
  registerPaymentJobs(jobs, { db: database.db, cipher, payments: payments.provider, logger, brand, config }, paymentEvents.applyPending);
  const app = createApp({
    config,
    db: database.db,
    logger,
    brand,
    outbox,
    jobs,
    waitlist,
    auth,
    mailer,
    background,
    storage,
    cipher,
    ledgerKey,
    payments: payments.provider,
    paymentEvents,
  });

  // Set by close(): what arrives after it is turned away, what came before finishes (src/server/platform/http/drain.ts).
  let draining = false;
  const fetch: typeof app.fetch = (request, env, executionCtx) => (draining ? shuttingDown() : app.fetch(request, env, executionCtx));
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch, port: config.PORT, hostname: config.HOST }, () => resolve(s));
  });
  keepIdleConnectionsOpen(server);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const url = `http://127.0.0.1:${port}`;
  payments.listening(url);
  logger.info({ port, database: database.kind }, `listening on http://localhost:${port}`);
  jobs.start();
  // Events a crash left acknowledged and not applied are applied now, not at the job's first run.
  paymentEvents.wake();

  return {
    url,
    port,
    database,
    outbox,
    jobs,
    logger,
    auth,
    mailer,
    background,
    storage,
    sandboxProcessor: payments.sandbox,
    payments: payments.provider,
    cipher,
    async close() {
      draining = true;
      // The job runner claims nothing more; its running jobs finish (or go back to the queue after its drain time)
      // while the requests drain.
      const jobsStopped = jobs.stop();
      await outbox.stop();
      // Every request that started is answered (their waitlist sign-ups committed) before this resolves.
      await closeServer(server);
      await paymentEvents.idle();
      await waitlist.drain();
      await jobsStopped;
      await background.settle();
      await payments.stop();
      mailer.close();
      if (!options.database) await database.close();
    },
  };
}
