import type { Brand } from '../domain/brand';
import type { Auth } from './auth/create-auth';
import type { Config } from './config';
import type { Db } from './db/client';
import type { Logger } from './lib/logger';
import type { OutboxWorker } from './lib/outbox';
import type { Mailer } from './mail/send-mail';

/** What every route can reach through `c.var.deps`. */
export interface Deps {
  config: Config;
  db: Db;
  logger: Logger;
  brand: Brand;
  outbox?: OutboxWorker;
  /** better-auth (src/server/auth/create-auth.ts), mounted at /api/auth. */
  auth: Auth;
  mailer: Mailer;
}

export interface AppEnv {
  Variables: { deps: Deps; requestId: string };
}
