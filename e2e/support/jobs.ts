/**
 * The failed jobs seeded before the e2e server starts (e2e/support/seed-jobs.ts), one
 * per journey of e2e/admin-jobs.spec.ts: each error text names its journey, so the
 * journeys never see each other's row.
 */
export const FAILED_JOBS = {
  /** Retried: the server's runner runs it (a rate-limit prune) and it leaves the list. */
  retried: { kind: 'rate-limits:prune', lastError: 'Error: seeded failure for the retry journey', uniqueKey: 'e2e:failed-job:retried' },
  /** Only looked at, on a phone. */
  shown: { kind: 'jobs:prune', lastError: 'Error: seeded failure for the phone journey', uniqueKey: 'e2e:failed-job:shown' },
} as const;
