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

/**
 * The recurring schedules (docs/product/back-office.md#jobs): each kind the runner
 * runs once per period, with a plain-words name and what one run does where one is
 * known, and a 'Run now' that queues one run at once (the jobs are idempotent: an
 * early run never doubles the work of its period).
 */
export const JOB_SCHEDULE_WORDS: Readonly<Record<string, { name: string; does: string }>> = {
  'rate-limits:prune': { name: 'Rate-limit clean-up', does: 'Deletes the rate-limit counters of windows that have ended.' },
  'jobs:prune': { name: 'Finished jobs clean-up', does: 'Deletes jobs that finished more than 14 days ago.' },
  'privacy:retention': { name: 'Data retention', does: 'Deletes personal data past its keeping period.' },
  'homes:charges': { name: 'Monthly charges', does: 'Posts each home’s monthly charge once it is due; a home is charged once per month.' },
  'homes:statements': { name: 'Statements', does: 'Issues each home’s statement for a period that has ended; one statement per period.' },
  'homes:late-fees': { name: 'Late fees', does: 'Charges the late fee on payments past their grace period; once per payment.' },
  'homes:overdue-mails': { name: 'Overdue reminders', does: 'E-mails homeowners whose payment is overdue; once per reminder.' },
  'ledger:check': { name: 'Ledger check', does: 'Checks every home’s ledger adds up and alerts staff if one does not.' },
  'payments:autopay': { name: 'Autopay', does: 'Collects the payments due from homes on autopay; once per charge.' },
  'payments:ach-file': { name: 'ACH file', does: 'Builds the bank file of the debits waiting to be sent.' },
  'payments:events': { name: 'Payment processor events', does: 'Applies the payment processor’s events not yet applied.' },
  'applications:pre-approval-expiry': { name: 'Pre-approval expiry', does: 'Marks pre-approvals past their date as expired and tells the buyer.' },
};

const PERIODS: readonly [number, string, string][] = [
  [86_400_000, 'Every day', 'days'],
  [3_600_000, 'Every hour', 'hours'],
  [60_000, 'Every minute', 'minutes'],
];

/** A period in words: 'Every hour', 'Every 6 hours'. */
export function periodText(everyMs: number): string {
  for (const [unit, one, many] of PERIODS) {
    if (everyMs % unit !== 0) continue;
    const n = everyMs / unit;
    return n === 1 ? one : `Every ${n} ${many}`;
  }
  return `Every ${Math.round(everyMs / 1000)} seconds`;
}

/** A job kind as the runner names it: what `POST /api/admin/jobs/schedules/{kind}/run` takes. */
export const jobKindParamsSchema = z.object({
  kind: safeString()
    .min(1)
    .max(100)
    .regex(/^[a-z0-9][a-z0-9:._-]*$/, 'A job kind is lower-case letters, digits and : . _ -'),
});

/** One recurring schedule: its last finished run and when it is next due (ISO 8601, UTC). */
export const jobScheduleSchema = z.object({
  kind: safeString(),
  /** The plain-words name, or null when there is none (the page shows the kind). */
  name: safeString().nullable(),
  does: safeString().nullable(),
  everyMs: z.number().int().positive(),
  lastRun: z
    .object({
      finishedAt: safeIsoDateTime('An ISO 8601 date-time'),
      state: z.enum(['done', 'failed']),
    })
    .nullable(),
  nextDueAt: safeIsoDateTime('An ISO 8601 date-time'),
  /** A 'Run now' of this kind is waiting or running: another is refused until it has finished. */
  manualRunPending: z.boolean(),
});
export type JobSchedule = z.output<typeof jobScheduleSchema>;

export const jobScheduleListSchema = z.object({ items: z.array(jobScheduleSchema) });
export type JobScheduleList = z.output<typeof jobScheduleListSchema>;

/** What 'Run now' answers: the run it queued. */
export const jobRunNowSchema = z.object({ jobId: safeString(), kind: safeString(), runAt: safeIsoDateTime('An ISO 8601 date-time') });
export type JobRunNow = z.output<typeof jobRunNowSchema>;
