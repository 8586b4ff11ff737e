import type { JobRunner } from '../../platform/jobs/runner';
import type { NotificationDeps } from '../../platform/notifications/send-notification';
import type { FileStorage } from '../../platform/storage/file-storage';
import { registerChargeRun } from './charges';
import { registerStatementRun } from './statements';

/** What the homeowner phase's scheduled work needs. */
export type HomeJobDeps = NotificationDeps & { storage: FileStorage };

/**
 * The homeowner phase's scheduled work on the job runner (docs/decisions/022-homes-and-ledger.md
 * 'Charges and statements on the job runner'), registered at start (src/server/server.ts).
 */
export function registerHomeJobs(runner: JobRunner, deps: HomeJobDeps): void {
  registerChargeRun(runner, deps);
  registerStatementRun(runner, deps);
}
