import type { Config } from '../../platform/config';
import type { JobRunner } from '../../platform/jobs/runner';
import type { LedgerKey } from '../../platform/lib/ledger-key';
import type { NotificationDeps } from '../../platform/notifications/send-notification';
import type { FileStorage } from '../../platform/storage/file-storage';
import { registerChargeRun } from './charges';
import { registerLateFeeRun } from './fees';
import { alertCheckpointProblems, checkpointDay, registerCheckpointMail, verifyCheckpoints, writeCheckpoint } from './ledger-checkpoints';
import { registerLedgerCheck } from './ledger-checks';
import { registerStatementRun } from './statements';
import { registerOverdueMails } from './overdue-notifications';

/** What the homeowner phase's scheduled work needs. */
export type HomeJobDeps = Omit<NotificationDeps, 'config'> & {
  config: Pick<Config, 'APP_URL' | 'LEDGER_OPERATOR_EMAIL'>;
  storage: FileStorage;
  ledgerKey: LedgerKey;
};

/**
 * The homeowner phase's scheduled work on the job runner (docs/decisions/022-homes-and-ledger.md
 * 'Charges and statements on the job runner'), registered at start (src/server/server.ts).
 */
export function registerHomeJobs(runner: JobRunner, deps: HomeJobDeps): void {
  registerChargeRun(runner, deps);
  registerLateFeeRun(runner, deps);
  registerOverdueMails(runner, deps);
  registerStatementRun(runner, deps);
  registerCheckpointMail(runner, deps);
  // Right after the daily check, the day's signed checkpoint (docs/decisions/029-ledger-checks.md).
  registerLedgerCheck(runner, deps, async (report, runAt) => {
    const { problems } = await verifyCheckpoints(deps.db, deps.ledgerKey);
    if (problems.length > 0) {
      deps.logger.warn({ problems: problems.length }, 'homes: the signed ledger checkpoints do not hold; run npm run ledger:verify');
      await alertCheckpointProblems(deps.db, problems);
    }
    const written = await writeCheckpoint(deps.db, deps.ledgerKey, checkpointDay(runAt), report.homes);
    if (written) deps.logger.info({ day: written.day, heads: written.heads, keyId: deps.ledgerKey.keyId }, 'homes: ledger checkpoint signed');
    if (written || problems.length > 0) runner.kick();
  });
}
