import { adminJobSchema, jobKindParamsSchema, jobListSchema, jobPageSchema, jobRunNowSchema, jobScheduleListSchema } from '../admin/jobs';
import { defineRoute, idParamsSchema } from './route';

/** `/api/admin/jobs`: the job runner's jobs not done yet, a retry, and the recurring schedules with a 'Run now' (docs/product/back-office.md#jobs). */
export const adminJobsApi = {
  list: defineRoute({
    method: 'get',
    path: '/api/admin/jobs',
    access: 'admin',
    summary: 'One page of the jobs not done: failed first (with their error), then by when each is due',
    query: jobListSchema,
    responses: { 200: { description: 'A page of jobs', schema: jobPageSchema } },
  }),
  retry: defineRoute({
    method: 'post',
    path: '/api/admin/jobs/{id}/retry',
    access: 'admin',
    codes: ['job_done', 'job_running'],
    summary: 'Runs a failed job again (its attempts start over), or a job waiting for its back-off now; audited',
    params: idParamsSchema,
    responses: { 200: { description: 'The job, queued and due now', schema: adminJobSchema } },
    errors: [409],
  }),
  schedules: defineRoute({
    method: 'get',
    path: '/api/admin/jobs/schedules',
    access: 'admin',
    summary: 'Every recurring job kind: its period, its last finished run and when it is next due',
    responses: { 200: { description: 'The schedules', schema: jobScheduleListSchema } },
  }),
  runNow: defineRoute({
    method: 'post',
    path: '/api/admin/jobs/schedules/{kind}/run',
    access: 'admin',
    codes: ['job_running'],
    summary: "Queues one run of a recurring job now, outside its period's slot; refused while a run queued this way is waiting or running; audited",
    params: jobKindParamsSchema,
    responses: { 201: { description: 'The run, queued and due now', schema: jobRunNowSchema } },
    errors: [404, 409],
  }),
};
