import { adminJobsApi } from '../../../domain/api/admin-jobs';
import { actorOf, type AuthedEnv } from '../../platform/http/guards';
import { listJobs, listSchedules, retryJob, runScheduleNow } from '../../platform/jobs/jobs-repo';
import { apiRouter, route } from '../../platform/http/route';

/** `/api/admin/jobs` (src/domain/api/admin-jobs.ts), behind the admin guard of src/server/routes/admin.ts; docs/product/back-office.md#jobs. */
export function adminJobsRoutes() {
  const router = apiRouter<AuthedEnv>();
  /** A page of the jobs not done: failed first, with their error. */
  route(router, adminJobsApi.list, (c, { query }) => listJobs(c.var.deps.db, query));
  /** Queues the job again, due now (audited); the runner is woken once the retry is committed. */
  route(router, adminJobsApi.retry, async (c, { params }) => {
    const job = await retryJob(c.var.deps.db, actorOf(c), params.id);
    c.var.deps.jobs.kick();
    return job;
  });
  /** The recurring kinds: period, last run, next due. */
  route(router, adminJobsApi.schedules, (c) => listSchedules(c.var.deps.db, c.var.deps.jobs));
  /** One run of a recurring kind now (audited); the runner is woken once it is committed. */
  route(router, adminJobsApi.runNow, async (c, { params }) => {
    const run = await runScheduleNow(c.var.deps.db, c.var.deps.jobs, actorOf(c), params.kind);
    c.var.deps.jobs.kick();
    return run;
  });
  return router;
}
