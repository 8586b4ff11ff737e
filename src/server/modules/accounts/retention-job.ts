import { z } from 'zod';
import type { Db } from '../../platform/db/client';
import { jobKind } from '../../platform/jobs/queue';
import type { JobRunner } from '../../platform/jobs/runner';
import type { Logger } from '../../platform/lib/logger';
import { applyRetention } from './retention';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The privacy policy's retention periods (docs/product/privacy.md; docs/decisions/016-retention-and-erasure.md), hourly. */
export const retentionJob = jobKind('privacy:retention', z.object({}), { maxAttempts: 3 });

/** Registers and schedules the retention run on `runner` (at start, src/server/server.ts). */
export function registerRetentionJob(runner: JobRunner, { db, logger }: { db: Db; logger: Logger }): void {
  runner
    .register(retentionJob, async () => {
      const report = await applyRetention(db);
      if (Object.values(report).some((n) => n > 0)) logger.info({ retention: report }, 'retention: removed data past its period');
    })
    // A minute after start: not in the way of start-up.
    .every(retentionJob, HOUR, { firstAfterMs: MINUTE });
}
