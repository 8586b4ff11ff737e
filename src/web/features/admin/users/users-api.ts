import { useMutation } from '@tanstack/react-query';
import type { AddUserInput } from '../../../../domain/admin/users';
import { adminUsersApi } from '../../../../domain/api/admin-users';
import type { Role } from '../../../../domain/roles';
import { callApi } from '../../../lib/call-api';
import { refreshAdminList, useAdminList } from '../lib/use-admin-list';
import { USER_TEXTS } from './user-texts';

/** GET /api/admin/users (and its export link) with the page's state in the URL (docs/product/back-office.md#users). */
export const useUsersList = () => useAdminList({ list: adminUsersApi.list, export: adminUsersApi.export, loadFailed: USER_TEXTS.loadFailed });

/** Asks for every cached page of the users list again. */
export const refreshUsers = () => refreshAdminList(adminUsersApi.list);

/** POST /api/admin/users; the dialog shows the outcome, the page refreshes its list. */
export function useAddUser() {
  return useMutation({ mutationFn: (body: AddUserInput) => callApi(adminUsersApi.add, { body }) });
}

/** PATCH /api/admin/users/{id}; settles after the list is fresh, so the row shows the new role. */
export function useChangeRole() {
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: Role }) => callApi(adminUsersApi.changeRole, { params: { id }, body: { role } }),
    onSuccess: () => refreshUsers(),
  });
}

/** DELETE /api/admin/users/{id}; settles after the list is fresh. */
export function useDeleteUser() {
  return useMutation({
    mutationFn: (id: string) => callApi(adminUsersApi.delete, { params: { id } }),
    onSuccess: () => refreshUsers(),
  });
}
