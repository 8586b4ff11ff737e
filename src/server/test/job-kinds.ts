import { z } from 'zod';
import { jobKind } from '../platform/jobs/queue';

/** Job kinds of the runner's tests (src/server/platform/jobs/runner.test.ts and its child process, job-runner-child.ts). */
export const effectJob = jobKind('test:effect', z.object({ n: z.number().int() }));

/** The table where test:effect jobs write their effect: one row per time a job's work was done. */
export const JOB_EFFECTS_TABLE = `CREATE TABLE IF NOT EXISTS job_effects (job_id uuid NOT NULL, runner text NOT NULL, at timestamptz NOT NULL DEFAULT clock_timestamp())`;
