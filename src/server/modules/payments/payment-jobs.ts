import type { JobRunner } from '../../platform/jobs/runner';
import { achFileJob, runAchFiles, type AchDeps } from './ach-files';
import { autopayJob, runAutopay } from './autopay';
import { applyPendingEvents, providerEventsJob } from './provider-events';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * The payments module's recurring work (docs/decisions/037-autopay-and-ach-files.md), hourly on the job runner, each
 * hour's run once across instances: autopay's debits on their banking day, and the bank's day file (settling, writing
 * once a banking day from the cut-off, dropping it in the outbox folder).
 */
export function registerPaymentJobs(runner: JobRunner, deps: AchDeps, applyPending: () => Promise<number> = () => applyPendingEvents(deps)): void {
  runner
    .register(autopayJob, async () => {
      const report = await runAutopay(deps);
      if (report.created > 0 || report.resent > 0) deps.logger.info({ autopay: report }, 'payments: autopay debits made');
    })
    .every(autopayJob, HOUR, { firstAfterMs: MINUTE })
    .register(achFileJob, async () => {
      const report = await runAchFiles(deps);
      if (report.file || report.settled > 0) {
        deps.logger.info({ settled: report.settled, debits: report.file?.debitCount ?? 0, dropped: report.dropped }, 'payments: the day’s ACH file');
      }
    })
    .every(achFileJob, HOUR, { firstAfterMs: 2 * MINUTE })
    // The provider's events a crash left stored and not applied (docs/decisions/044-payments-throughput.md).
    .register(providerEventsJob, async () => {
      const applied = await applyPending();
      if (applied > 0) deps.logger.info({ applied }, 'payments: provider events applied by the job');
    })
    .every(providerEventsJob, MINUTE, { firstAfterMs: 5_000 });
}
