import { z } from 'zod';
import { emailSchema, PASSWORD_MAX } from './auth';
import { safeIsoDateTime, safeString } from './safe-text';

/**
 * Changing the account's e-mail address (docs/decisions/006-accounts.md; the e-sign disclosure promises
 * it): the new address and the current password, shared by the account page's form
 * and POST /api/me/email.
 */
export const changeEmailSchema = z.object({
  newEmail: emailSchema,
  password: safeString({ error: 'Enter your current password' })
    .min(1, 'Enter your current password')
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
});

export type ChangeEmailForm = z.input<typeof changeEmailSchema>;

/** POST /api/me/email/confirm: the token from the link sent to the new address. */
export const confirmEmailChangeSchema = z.object({
  token: safeString({ error: 'The link is incomplete' }).min(1, 'The link is incomplete').max(200, 'The link is not valid'),
});

/** What GET /api/me/email, POST /api/me/email and its confirmation answer. */
export const emailStateSchema = z.object({
  email: safeString(),
  emailVerified: z.boolean(),
  /** A change waiting for its link to be opened, or null. */
  pending: z.object({ email: safeString(), expiresAt: safeIsoDateTime('A date-time') }).nullable(),
});
export type EmailState = z.output<typeof emailStateSchema>;
