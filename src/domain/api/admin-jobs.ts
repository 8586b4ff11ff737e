import { adminJobSchema, jobListSchema, jobPageSchema } from '../admin/jobs';
import { defineRoute, idParamsSchema } from './route';

/** `/api/admin/jobs`: the job runner's jobs not done yet, and a retry (docs/product/back-office.md#jobs). */
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
};
