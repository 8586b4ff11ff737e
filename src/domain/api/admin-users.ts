import { pageSchema } from '../admin/lists';
import { addUserSchema, adminUserSchema, changeRoleSchema, roleChangedSchema, userIdParamsSchema, userListParamsSchema } from '../admin/users';
import { defineRoute, okSchema } from './route';

/** `/api/admin/users`: the accounts with their derived labels (docs/product/back-office.md#users). */
export const adminUsersApi = {
  list: defineRoute({
    method: 'get',
    path: '/api/admin/users',
    access: 'admin',
    summary: 'One page of accounts with their derived labels (Applicant, Waitlist, Letter of Intent, User)',
    query: userListParamsSchema,
    responses: { 200: { description: 'A page of accounts', schema: pageSchema(adminUserSchema) } },
  }),
  export: defineRoute({
    method: 'get',
    path: '/api/admin/users/export',
    access: 'admin',
    summary: 'CSV of the filtered accounts (streamed; audited)',
    query: userListParamsSchema,
    responses: { 200: { description: 'The CSV of every account matching the filter', contentType: 'text/csv' } },
  }),
  add: defineRoute({
    method: 'post',
    path: '/api/admin/users',
    access: 'admin',
    codes: ['email_taken'],
    summary: 'Adds an account without a password (role guest); 409 when the e-mail is taken',
    body: addUserSchema,
    responses: { 201: { description: 'The account as listed', schema: adminUserSchema } },
    errors: [409],
  }),
  changeRole: defineRoute({
    method: 'patch',
    path: '/api/admin/users/{id}',
    access: 'admin',
    codes: ['has_home', 'homeowner_needs_home', 'last_admin', 'own_role'],
    summary: "Sets an account's role (not one's own; never the last admin)",
    params: userIdParamsSchema,
    body: changeRoleSchema,
    responses: { 200: { description: 'The account and its new role', schema: roleChangedSchema } },
    errors: [409],
  }),
  delete: defineRoute({
    method: 'delete',
    path: '/api/admin/users/{id}',
    access: 'admin',
    codes: ['own_account'],
    summary: "Deletes an account with its applications and documents (files too); not one's own",
    params: userIdParamsSchema,
    responses: { 200: { description: 'Deleted', schema: okSchema } },
    errors: [409],
  }),
};
