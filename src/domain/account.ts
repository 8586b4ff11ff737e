import { z } from 'zod';
import { APPLICATION_STATUSES, DASHBOARD_STATUSES } from './application/status';
import { preApprovalSchema } from './application/pre-approval';
import { ROLES } from './roles';
import { safeIsoDateTime, safeString } from './safe-text';

/**
 * What the signed-in user's own routes (`/api/me`, src/domain/api/me.ts) answer and
 * read, shared by the server's presenters and the web client: the one declaration of
 * each shape.
 */

/** `GET /api/me`: who is signed in, as the browser knows them (docs/product/accounts.md#the-signed-in-user). */
export const meSchema = z.object({
  id: safeString(),
  email: safeString(),
  firstName: safeString(),
  lastName: safeString(),
  /** "First Last", the display name. */
  name: safeString(),
  phone: safeString().nullable(),
  emailVerified: z.boolean(),
  phoneVerified: z.boolean(),
  role: z.enum(ROLES),
  rank: z.number().int(),
  twoFactorEnabled: z.boolean(),
  createdAt: safeIsoDateTime('A date-time'),
});
export type Me = z.output<typeof meSchema>;

/** `GET /api/me/status`: what the dashboard follows (docs/product/dashboard.md#status). */
export const meStatusSchema = z.object({
  dashboardStatus: z.enum(DASHBOARD_STATUSES),
  hasHome: z.boolean(),
  hasSubmittedApplication: z.boolean(),
  isApproved: z.boolean(),
  role: z.enum(ROLES),
  emailVerified: z.boolean(),
  /** The latest application, or null before the first save. */
  application: z
    .object({
      id: safeString(),
      status: z.enum(APPLICATION_STATUSES),
      submittedAt: safeIsoDateTime('A date-time').nullable(),
      reviewedAt: safeIsoDateTime('A date-time').nullable(),
      updatedAt: safeIsoDateTime('A date-time').nullable(),
      /** The requests waiting for the buyer (docs/product/dashboard.md#status: Missing Info lists them), oldest first. */
      openRequests: z.array(z.object({ id: safeString(), title: safeString() })),
      /** Declined: the reviewer's reason shown to the buyer; else null. */
      declineReason: safeString().nullable(),
      /** Withdrawn: when the buyer withdrew it (docs/decisions/041-withdrawal-and-change-requests.md); else null. */
      withdrawnAt: safeIsoDateTime('A date-time').nullable(),
    })
    .nullable(),
  /** The approved application's current pre-approval (docs/decisions/030-pre-approval.md), expired or not; null otherwise. */
  preApproval: preApprovalSchema.nullable(),
});
export type MeStatus = z.output<typeof meStatusSchema>;

/** `DELETE /api/me`: the current password, checked like a sign-in (docs/product/privacy.md#account-deletion). */
export const deleteAccountSchema = z.object({
  password: safeString({ error: 'Password is required' }).min(1, 'Password is required').max(1024),
});
