import { stateCode } from '../../../domain/admin/states';
import type { AdminUser } from '../../../domain/admin/users';
import { adminUsersApi } from '../../../domain/api/admin-users';
import { roleLabel } from '../../../domain/roles';
import { deleteUserData, changeRole, createUser, exportUsersRows, listUsers } from '../../modules/accounts';
import { actorOf, type AuthedEnv } from '../../platform/http/guards';
import { auditedCsvExport, type CsvColumn } from '../../platform/lists/csv';
import { AppError } from '../../platform/lib/errors';
import { apiRouter, route } from '../../platform/http/route';

const CSV_COLUMNS: readonly CsvColumn<AdminUser>[] = [
  { header: 'ID', value: (u) => u.id },
  { header: 'Date Added', value: (u) => u.createdAt },
  { header: 'First Name', value: (u) => u.firstName },
  { header: 'Last Name', value: (u) => u.lastName },
  { header: 'Email', value: (u) => u.email },
  { header: 'Phone', value: (u) => u.phone },
  { header: 'Intended State', value: (u) => stateCode(u.intendedState) },
  { header: 'Role', value: (u) => roleLabel(u.role) },
  { header: 'Status', value: (u) => u.labels.join('; ') },
];

/** `/api/admin/users` (src/domain/api/admin-users.ts), behind the admin guard of src/server/routes/admin.ts. */
export function adminUsersRoutes() {
  const router = apiRouter<AuthedEnv>();
  /** A page of accounts with their derived labels (docs/product/back-office.md#users). */
  route(router, adminUsersApi.list, (c, { query }) => listUsers(c.var.deps.db, query));
  /** The CSV of the current filter, streamed; the export itself is audited. */
  route(router, adminUsersApi.export, (c, { query }) => {
    const { page: _page, pageSize: _pageSize, ...filter } = query;
    return auditedCsvExport(c.var.deps.db, actorOf(c), {
      list: 'users',
      entityType: 'users',
      filter,
      columns: CSV_COLUMNS,
      rows: exportUsersRows(query),
    });
  });
  /** Add User (docs/product/back-office.md#users): role guest, no password (they use 'Forgot password'). */
  route(router, adminUsersApi.add, (c, { body }) => createUser(c.var.deps.db, actorOf(c), body));
  /** Role change (also how e2e/support/admins.ts promotes its admins): `{ role }` → `{ id, role }`. */
  route(router, adminUsersApi.changeRole, (c, { params, body }) => changeRole(c.var.deps.db, actorOf(c), params.id, body.role));
  /** Erases the account like the person's own deletion does (documents' files too), audited in its transaction. */
  route(router, adminUsersApi.delete, async (c, { params: { id } }) => {
    if (id === c.var.user.id) {
      throw new AppError(409, 'own_account', 'You cannot delete your own account here. Use your account page, or ask another admin.');
    }
    const deleted = await deleteUserData(c.var.deps, id, { audit: { actor: actorOf(c) } });
    if (!deleted) throw new AppError(404, 'not_found', 'There is no such user.');
    return { ok: true as const };
  });
  return router;
}
