import { queryOptions } from '@tanstack/react-query';
import type { ApplicationStatus, DashboardStatus } from '../../../domain/application';
import type { Role } from '../../../domain/roles';
import { api } from '../../lib/api';

/** GET /api/me/status (spec §3 'User as read by the dashboard', §4 'User status'). */
export interface MeStatus {
  dashboardStatus: DashboardStatus;
  hasHome: boolean;
  hasSubmittedApplication: boolean;
  isApproved: boolean;
  role: Role;
  emailVerified: boolean;
  application: { id: string; status: ApplicationStatus; submittedAt: string | null; reviewedAt: string | null; updatedAt: string | null } | null;
}

/** Always asked again when the dashboard opens: the dialog must follow the real status (decisions.md 'Dashboard'). */
export const meStatusQuery = queryOptions({
  queryKey: ['me', 'status'] as const,
  queryFn: ({ signal }) => api<MeStatus>('/api/me/status', { signal }),
  refetchOnMount: 'always',
});
