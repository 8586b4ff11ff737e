import { queryOptions, useMutation } from '@tanstack/react-query';
import type { AddApplicantInput } from '../../../../domain/admin/waitlist';
import { adminWaitlistApi } from '../../../../domain/api/admin-waitlist';
import { callApi } from '../../../lib/call-api';
import { refreshAdminList, useAdminList } from '../lib/use-admin-list';
import { WAITLIST_TEXTS } from './waitlist-texts';

/** GET /api/admin/waitlist (and its export link) with the page's state in the URL (docs/product/back-office.md#waitlist). */
export const useWaitlistList = () => useAdminList({ list: adminWaitlistApi.list, export: adminWaitlistApi.export, loadFailed: WAITLIST_TEXTS.loadFailed });

/** Asks for every cached page of the waitlist again. */
export const refreshWaitlist = () => refreshAdminList(adminWaitlistApi.list);

/** GET /api/admin/waitlist/{id}: every stored field of one entry, read afresh each time the details open. */
export const applicantDetailQuery = (id: string | undefined) =>
  queryOptions({
    queryKey: ['admin', 'waitlist', 'detail', id],
    queryFn: ({ signal }) => callApi(adminWaitlistApi.detail, { params: { id: id! } }, { signal }),
    enabled: Boolean(id),
    staleTime: 0,
  });

/** POST /api/admin/waitlist; the dialog shows the outcome, the page refreshes its list. */
export function useAddApplicant() {
  return useMutation({ mutationFn: (body: AddApplicantInput) => callApi(adminWaitlistApi.add, { body }) });
}

/** DELETE /api/admin/waitlist/{id}; settles after the list is fresh. */
export function useDeleteApplicant() {
  return useMutation({
    mutationFn: (id: string) => callApi(adminWaitlistApi.delete, { params: { id } }),
    onSuccess: () => refreshWaitlist(),
  });
}
