import { Hono } from 'hono';
import { addUserSchema, changeRoleSchema, userListParamsSchema, type AdminUser } from '../../../domain/admin/users';
import { roleLabel } from '../../../domain/roles';
import { deleteUserData } from '../../account/delete-account';
import { actorOf } from '../../admin/audit';
import { auditedCsvExport, type CsvColumn } from '../../admin/csv';
import { readListParams } from '../../admin/list-query';
import { changeRole, createUser, exportUsersRows, listUsers } from '../../admin/users-repo';
import type { AuthedEnv } from '../../auth/guards';
import { AppError } from '../../lib/errors';
import { readJson } from '../../lib/validate';

const CSV_COLUMNS: readonly CsvColumn<AdminUser>[] = [
  { header: 'ID', value: (u) => u.id },
  { header: 'Date Added', value: (u) => u.createdAt },
  { header: 'First Name', value: (u) => u.firstName },
  { header: 'Last Name', value: (u) => u.lastName },
  { header: 'Email', value: (u) => u.email },
  { header: 'Phone', value: (u) => u.phone },
  { header: 'Intended State', value: (u) => u.intendedState },
  { header: 'Role', value: (u) => roleLabel(u.role) },
  { header: 'Status', value: (u) => u.labels.join('; ') },
];

/** `/api/admin/users` — mounted behind the admin guard by src/server/routes/admin.ts. */
export function adminUsersRoutes() {
  return (
    new Hono<AuthedEnv>()
      /** A page of accounts with their derived labels (spec §2, §4). */
      .get('/', async (c) => {
        const params = readListParams(c, userListParamsSchema);
        return c.json(await listUsers(c.var.deps.db, params));
      })
      /** The CSV of the current filter, streamed; the export itself is audited. */
      .get('/export', async (c) => {
        const { db } = c.var.deps;
        const params = readListParams(c, userListParamsSchema);
        const { page: _page, pageSize: _pageSize, ...filter } = params;
        return auditedCsvExport(db, actorOf(c), {
          list: 'users',
          entityType: 'users',
          filter,
          columns: CSV_COLUMNS,
          rows: exportUsersRows(params),
        });
      })
      /** spec §5 'Add User': role guest, no password (they use 'Forgot password'). */
      .post('/', async (c) => {
        const input = await readJson(c, addUserSchema);
        return c.json(await createUser(c.var.deps.db, actorOf(c), input), 201);
      })
      /** Role change (also how e2e/support/admins.ts promotes its admins): `{ role }` → `{ id, role }`. */
      .patch('/:id', async (c) => {
        const { role } = await readJson(c, changeRoleSchema);
        return c.json(await changeRole(c.var.deps.db, actorOf(c), c.req.param('id'), role));
      })
      /** Erases the account like the person's own deletion does (documents' files too), audited in its transaction. */
      .delete('/:id', async (c) => {
        const id = c.req.param('id');
        if (id === c.var.user.id) {
          throw new AppError(409, 'own_account', 'You cannot delete your own account here. Use your account page, or ask another admin.');
        }
        const deleted = await deleteUserData(c.var.deps, id, { audit: { actor: actorOf(c) } });
        if (!deleted) throw new AppError(404, 'not_found', 'There is no such user.');
        return c.json({ ok: true });
      })
  );
}
