import { adminDashboardSchema } from '../admin/applications';
import { defineRoute, okSchema } from './route';

/** `/api/admin/dashboard` (docs/product/back-office.md#overview) and the admin guard's probe. */
export const adminDashboardApi = {
  ping: defineRoute({
    method: 'get',
    path: '/api/admin/ping',
    access: 'admin',
    summary: 'Answers `{ ok: true }` to an admin with two-factor enrolled (every /api/admin route is guarded alike)',
    responses: { 200: { description: 'The caller is an admin', schema: okSchema } },
  }),
  get: defineRoute({
    method: 'get',
    path: '/api/admin/dashboard',
    access: 'admin',
    summary:
      "Counts, KPIs (New (7d), In Review, Approved, Declined, Avg Decision, the oldest waiting application), the 4 most recent applications, overdue homes and the homeowners' requests waiting for staff",
    responses: { 200: { description: 'The figures; a count that could not be read is null', schema: adminDashboardSchema } },
  }),
};
