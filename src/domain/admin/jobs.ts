import { z } from 'zod';
import { MAX_PAGE_SIZE, PAGE_SIZE, pageSchema } from './lists';
import { safeIsoDateTime, safeString } from '../safe-text';

/**
 * The job runner's queue as the back office sees it (docs/product/back-office.md#jobs;
 * docs/decisions/020-job-runner.md): the jobs not done yet — waiting, running, or
 * failed for good with their error — and a retry for a failed one.
 */

/** A job's life: queued → running → done, or back to queued to retry, or failed once its attempts are spent. */
export const JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

export const JOB_STATE_LABELS: Readonly<Record<JobState, string>> = {
  queued: 'Waiting',
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
};

/** The page's filter: every job not done ('open'), or one state of those. */
export const JOB_FILTERS = ['open', 'failed', 'queued', 'running'] as const;
export type JobFilter = (typeof JOB_FILTERS)[number];

export const JOB_FILTER_LABELS: Readonly<Record<JobFilter, string>> = {
  open: 'All not done',
  failed: 'Failed',
  queued: 'Waiting',
  running: 'Running',
};

/** `GET /api/admin/jobs`: paged like every list (docs/product/back-office.md#lists); failed first, then by when each is due. */
export const jobListSchema = z.object({
  page: z.coerce.number().int('Page must be a whole number.').min(1, 'Page starts at 1.').max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE, `At most ${MAX_PAGE_SIZE} rows per page.`).default(PAGE_SIZE),
  state: z.enum(JOB_FILTERS, { error: 'Choose a state from the list.' }).default('open'),
});
export type JobListParams = z.output<typeof jobListSchema>;

/** One job as listed: times in ISO 8601 (UTC); `lastError` is the error's safe facts, never personal data. */
export const adminJobSchema = z.object({
  id: safeString(),
  kind: safeString(),
  state: z.enum(JOB_STATES),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  runAt: safeIsoDateTime('An ISO 8601 date-time'),
  lastError: safeString().nullable(),
  createdAt: safeIsoDateTime('An ISO 8601 date-time'),
  finishedAt: safeIsoDateTime('An ISO 8601 date-time').nullable(),
});
export type AdminJob = z.output<typeof adminJobSchema>;

export const jobPageSchema = pageSchema(adminJobSchema);
