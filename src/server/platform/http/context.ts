import type { Brand } from '../../../domain/brand';
import type { Auth } from '../auth/create-auth';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { BackgroundTasks } from '../lib/background';
import type { JobRunner } from '../jobs/runner';
import type { FieldCipher } from '../lib/crypto';
import type { LedgerKey } from '../lib/ledger-key';
import type { Logger } from '../lib/logger';
import type { OutboxWorker } from '../mail/outbox';
import type { Mailer } from '../mail/send-mail';
import type { FileStorage } from '../storage/file-storage';

/**
 * What every route can reach through `c.var.deps`: the platform's services. A module that
 * owns a long-lived service adds it by augmenting this interface from its index.ts
 * (modules/waitlist/index.ts adds `waitlist`), so the platform imports no module.
 */
export interface Deps {
  config: Config;
  db: Db;
  logger: Logger;
  brand: Brand;
  outbox?: OutboxWorker;
  /** The durable job runner (src/server/platform/jobs/runner.ts): enqueue in your transaction, then kick() it after the commit. */
  jobs: JobRunner;
  /** better-auth (src/server/platform/auth/create-auth.ts), mounted at /api/auth. */
  auth: Auth;
  mailer: Mailer;
  /** Work started after a reply (mail); shutdown waits for it. */
  background: BackgroundTasks;
  /** Uploaded documents: DATA_DIR/uploads or S3 (src/server/platform/storage). */
  storage: FileStorage;
  /** Encrypts the SSN digits and the date of birth (src/server/platform/lib/crypto.ts). */
  cipher: FieldCipher;
  /** Signs and checks the ledger's daily checkpoints (src/server/platform/lib/ledger-key.ts). */
  ledgerKey: LedgerKey;
}

export interface AppEnv {
  Variables: { deps: Deps; requestId: string };
}
