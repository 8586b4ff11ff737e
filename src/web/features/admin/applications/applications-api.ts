import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminApplicationDetail, AssigneeChange, NotesChange, StatusChange } from '../../../../domain/admin/applications';
import { adminApplicationsApi } from '../../../../domain/api/admin-applications';
import { adminRequestsApi } from '../../../../domain/api/admin-requests';
import type { NewRequest, ReopenRequest } from '../../../../domain/application/requests';
import { adminChangeRequestsApi } from '../../../../domain/api/application-changes';
import type { ChangeDecision } from '../../../../domain/application/change-requests';
import { ApiError } from '../../../lib/api';
import { callApi } from '../../../lib/call-api';
import { failureText } from '../../../lib/form-errors';
import { notify } from '../../../lib/toast';
import { ADMIN_APPLICATIONS_KEY as APPLICATIONS_KEY, ADMIN_DASHBOARD_KEY as DASHBOARD_KEY } from '../lib/admin-query-keys';
import { useAdminList } from '../lib/use-admin-list';

/** GET /api/admin/applications (and its export link) with the page's state in the URL (docs/product/back-office.md#applications). */
export const useApplicationsList = () =>
  useAdminList({ list: adminApplicationsApi.list, export: adminApplicationsApi.export, loadFailed: 'Failed to load applications' });

/** The review records sit under the list's key, so invalidating the applications refreshes both. */
const detailKey = (id: string) => [...APPLICATIONS_KEY, 'detail', id] as const;

/** GET /api/admin/applications/{id}: the review dialog's record, read afresh each time it opens. */
export const applicationDetailQuery = (id: string | null) =>
  queryOptions({
    queryKey: detailKey(id ?? ''),
    queryFn: ({ signal }) => callApi(adminApplicationsApi.detail, { params: { id: id! } }, { signal }),
    enabled: Boolean(id),
    staleTime: 0,
  });

interface ChangeTexts<Body> {
  success: string | ((body: Body) => string);
  failure: string;
}

/**
 * A change made in the review dialog. The reply (the new record) replaces the
 * cached one at once, then the lists and the dashboard's figures are asked for
 * again. The toasts live here, not at the call, so a save that ends after the
 * dialog closed still reports (docs/product/back-office.md#messages).
 */
export function useApplicationChange<Body>(change: (body: Body) => Promise<AdminApplicationDetail>, id: string, texts: ChangeTexts<Body>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (detail, body) => {
      client.setQueryData(detailKey(id), detail);
      void client.invalidateQueries({ queryKey: APPLICATIONS_KEY, predicate: (query) => query.queryKey[2] !== 'detail' });
      void client.invalidateQueries({ queryKey: DASHBOARD_KEY });
      notify.success(typeof texts.success === 'string' ? texts.success : texts.success(body));
    },
    // A refusal on purpose explains itself (409: a declined application whose owner started another, a request no
    // longer open; 422: Missing Info without an open request); a form's field errors show under its fields; otherwise the page's own text.
    onError: (error) => {
      if (error instanceof ApiError && error.fields && Object.keys(error.fields).length > 0) return;
      notify.error('Error', error instanceof ApiError && (error.status === 409 || error.status === 422) ? error.message : failureText(error, texts.failure));
    },
  });
}

/** PATCH /api/admin/applications/{id}/status. */
export const useStatusChange = (id: string) =>
  useApplicationChange((body: StatusChange) => callApi(adminApplicationsApi.changeStatus, { params: { id }, body }), id, {
    success: 'Application status updated',
    failure: 'Failed to update status',
  });

/** PATCH /api/admin/applications/{id}/notes. */
export const useNotesChange = (id: string) =>
  useApplicationChange((body: NotesChange) => callApi(adminApplicationsApi.changeNotes, { params: { id }, body }), id, {
    success: 'Notes updated',
    failure: 'Failed to update notes',
  });

/** GET /api/admin/assignees: the admins the picker offers (docs/product/back-office.md#assignment); the team changes rarely. */
export const assigneesQuery = () =>
  queryOptions({
    queryKey: [...APPLICATIONS_KEY, 'assignees'] as const,
    queryFn: ({ signal }) => callApi(adminApplicationsApi.assignees, {}, { signal }),
    staleTime: 60_000,
  });

/** PUT /api/admin/applications/{id}/assignee: 'Assign to me', another admin, or Unassigned. */
export const useAssigneeChange = (id: string) =>
  useApplicationChange((body: AssigneeChange) => callApi(adminApplicationsApi.changeAssignee, { params: { id }, body }), id, {
    success: ({ assigneeId }) => (assigneeId ? 'Application assigned' : 'Application unassigned'),
    failure: 'Failed to change the assignee',
  });

/** POST /api/admin/applications/{id}/requests: ask the applicant for a document or a correction (docs/product/back-office.md#requests). */
export const useCreateRequest = (id: string) =>
  useApplicationChange((body: NewRequest) => callApi(adminRequestsApi.create, { params: { id }, body }), id, {
    success: 'Request added',
    failure: 'Failed to add the request',
  });

const REQUEST_DONE = { withdraw: 'Request withdrawn', accept: 'Request accepted', reopen: 'Request reopened' } as const;

/** POST /api/admin/requests/{id}/withdraw | accept | reopen; `id` is the application's, whose record the reply is. */
export const useRequestAction = (id: string) =>
  useApplicationChange(
    ({ requestId, action, body }: { requestId: string; action: 'withdraw' | 'accept' | 'reopen'; body?: ReopenRequest }) =>
      action === 'reopen'
        ? callApi(adminRequestsApi.reopen, { params: { id: requestId }, body: body! })
        : callApi(action === 'withdraw' ? adminRequestsApi.withdraw : adminRequestsApi.accept, { params: { id: requestId } }),
    id,
    { success: ({ action }) => REQUEST_DONE[action], failure: 'Failed to update the request' },
  );

/** POST /api/admin/applications/{id}/pre-approval/renew: valid 90 days from today; the buyer is e-mailed (docs/product/back-office.md#pre-approval). */
export const useRenewPreApproval = (id: string) =>
  useApplicationChange(() => callApi(adminApplicationsApi.renewPreApproval, { params: { id } }), id, {
    success: 'Pre-approval renewed for 90 days',
    failure: 'Failed to renew the pre-approval',
  });

/** POST /api/admin/change-requests/{id}/decision: accept the buyer's change, or decline it with a reason; `id` is the application's. */
export const useChangeDecision = (id: string) =>
  useApplicationChange(
    ({ id: requestId, ...body }: ChangeDecision & { id: string }) => callApi(adminChangeRequestsApi.decide, { params: { id: requestId }, body }),
    id,
    {
      success: ({ decision }) => (decision === 'accept' ? 'Answer changed' : 'Request declined'),
      failure: 'Failed to decide the request',
    },
  );
