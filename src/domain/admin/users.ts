import { z } from 'zod';
import { emailSchema } from '../auth';
import { ROLES } from '../roles';
import { US_STATES } from '../waitlist';
import { listParamsSchema } from './lists';
import { personName, safeIsoDateTime, safeString } from '../safe-text';

/**
 * The back office's users list (docs/product/back-office.md#users), shared by
 * the server and the page.
 */

/**
 * docs/product/back-office.md#users: a homeowner (the role, which follows a home) is 'Homeowner' only; else an
 * application gives 'Applicant' only; otherwise 'Waitlist' and/or 'Letter of Intent'; else 'User'.
 */
export const USER_LABELS = ['Homeowner', 'Applicant', 'Waitlist', 'Letter of Intent', 'User'] as const;
export type UserLabel = (typeof USER_LABELS)[number];

/** The label set of one account from its role and what matches its e-mail address / id in the other tables. */
export function userLabels({
  role,
  hasApplication,
  onWaitlist,
  hasLetter,
}: {
  role: string;
  hasApplication: boolean;
  onWaitlist: boolean;
  hasLetter: boolean;
}): UserLabel[] {
  if (role === 'homeowner') return ['Homeowner'];
  if (hasApplication) return ['Applicant'];
  const labels: UserLabel[] = [];
  if (onWaitlist) labels.push('Waitlist');
  if (hasLetter) labels.push('Letter of Intent');
  return labels.length ? labels : ['User'];
}

/**
 * The filter of docs/product/back-office.md#users: 'Homeowner' lists accounts whose role is homeowner.
 * waitlist / letters: on the waitlist / has a letter, and no application (as the labels show).
 */
export const USER_FILTERS = [
  { value: 'all', label: 'All Statuses' },
  { value: 'waitlist', label: 'Waitlist' },
  { value: 'letters', label: 'Letters of Intent' },
  { value: 'applicant', label: 'Applicant' },
  { value: 'homeowner', label: 'Homeowner' },
] as const;
export type UserFilter = (typeof USER_FILTERS)[number]['value'];
const FILTER_VALUES = USER_FILTERS.map((f) => f.value) as [UserFilter, ...UserFilter[]];

export const USER_SORTS = ['created_at', 'name', 'email'] as const;
export type UserSort = (typeof USER_SORTS)[number];

/** `GET /api/admin/users` and its export: the common list parameters plus the status filter. */
// One object (safeExtend keeps the dates' refinement), not an intersection: the OpenAPI document lists an object's fields as query parameters.
export const userListParamsSchema = listParamsSchema(USER_SORTS, 'created_at').safeExtend({
  filter: z.enum(FILTER_VALUES, { error: 'Choose a listed status.' }).default('all'),
});
export type UserListParams = z.output<typeof userListParamsSchema>;

/** One row of the users list (`GET /api/admin/users`, and `POST`'s reply). */
export const adminUserSchema = z.object({
  id: safeString(),
  createdAt: safeIsoDateTime('A date-time'),
  firstName: safeString(),
  lastName: safeString(),
  email: safeString(),
  phone: safeString().nullable(),
  intendedState: safeString().nullable(),
  role: z.enum(ROLES),
  labels: z.array(z.enum(USER_LABELS)),
});
export type AdminUser = z.output<typeof adminUserSchema>;

/** An account's id in a path: better-auth's ids are random text, not uuids (src/server/platform/db/schema.ts). */
export const userIdParamsSchema = z.object({ id: safeString().min(1).max(200) });

/** An optional US phone number; '' means none. */
export const optionalPhoneSchema = safeString()
  .trim()
  .max(40, 'Phone must be at most 40 characters')
  .refine((v) => v === '' || /^[+()\d\s.-]*\d{3}[()\d\s.-]*\d{4}\s*$/.test(v), 'Enter a valid phone number');

/** One of the 50 states or DC by full name (as the waitlist stores it), or '' for none. */
export const optionalStateSchema = z.union([z.enum(US_STATES), z.literal('')], { error: 'Choose a state from the list' });

/** Add User (docs/product/back-office.md#users): first name, last name and e-mail required; phone and intended state optional. */
export const addUserSchema = z.object({
  firstName: personName('First name'),
  lastName: personName('Last name'),
  email: emailSchema,
  phone: optionalPhoneSchema.optional(),
  intendedState: optionalStateSchema.optional(),
});
export type AddUserForm = z.input<typeof addUserSchema>;
export type AddUserInput = z.output<typeof addUserSchema>;

export const ADD_USER_EMPTY: Required<AddUserForm> = { firstName: '', lastName: '', email: '', phone: '', intendedState: '' };

/** `PATCH /api/admin/users/:id`. */
export const changeRoleSchema = z.object({ role: z.enum(ROLES, { error: 'Choose guest, applicant, homeowner or admin.' }) });
export type ChangeRoleInput = z.output<typeof changeRoleSchema>;
/** What a role change answers. */
export const roleChangedSchema = z.object({ id: safeString(), role: z.enum(ROLES) });
