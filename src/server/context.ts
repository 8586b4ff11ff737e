import type { Brand } from '../domain/brand';
import type { Config } from './config';
import type { Db } from './db/client';
import type { Logger } from './lib/logger';
import type { OutboxWorker } from './lib/outbox';

/** What every route can reach through `c.var.deps`. */
export interface Deps {
  config: Config;
  db: Db;
  logger: Logger;
  brand: Brand;
  outbox?: OutboxWorker;
}

export interface AppEnv {
  Variables: { deps: Deps; requestId: string };
}
