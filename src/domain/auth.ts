import { z } from 'zod';
import { emailFormat, personName, safeString } from './safe-text';

/**
 * Account forms (docs/product/accounts.md#screens, #sign-up, #messages), shared by the
 * browser's forms and the server's checks. The server also refuses common and
 * guessable passwords, and ones made of the account's name or address
 * (src/server/platform/auth/password-strength.ts); its dictionaries are too large for the
 * browser, which shows the server's reason under the field.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const PASSWORD_MISMATCH = 'Passwords do not match';
export const PASSWORD_TOO_COMMON = 'This password is too common. Please choose a less common one.';

/** A new password: at least 8 characters and at most 128, so passphrases fit and password managers work. */
export const passwordSchema = safeString({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const emailSchema = safeString({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(emailFormat('Enter a valid email address'));

/** What the browser sends to sign up (docs/product/accounts.md#sign-up: confirmPassword stays in the form). */
export const signUpRequestSchema = z.object({
  firstName: personName('First name'),
  lastName: personName('Last name'),
  email: emailSchema,
  password: passwordSchema,
});

export const signUpSchema = signUpRequestSchema
  .extend({ confirmPassword: safeString({ error: 'Please confirm your password' }) })
  .refine((v) => v.password === v.confirmPassword, { message: PASSWORD_MISMATCH, path: ['confirmPassword'] });

export const signInSchema = z.object({
  email: emailSchema,
  // Any length: an existing password is checked, not judged.
  password: safeString({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
});

export const forgotPasswordSchema = z.object({ email: emailSchema });

export const resetPasswordSchema = z
  .object({ password: passwordSchema, confirmPassword: safeString({ error: 'Please confirm your password' }) })
  .refine((v) => v.password === v.confirmPassword, { message: PASSWORD_MISMATCH, path: ['confirmPassword'] });

export const changePasswordSchema = z
  .object({
    currentPassword: safeString({ error: 'Current password is required' }).min(1, 'Current password is required'),
    newPassword: passwordSchema,
    confirmPassword: safeString({ error: 'Please confirm your password' }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: PASSWORD_MISMATCH, path: ['confirmPassword'] });

/** Profile on the account page; an empty phone clears it. */
export const profileSchema = z.object({
  firstName: personName('First name'),
  lastName: personName('Last name'),
  phone: safeString()
    .trim()
    .max(40, 'Phone must be at most 40 characters')
    .refine((v) => v === '' || /^[+()\d\s.-]*\d{3}[()\d\s.-]*\d{4}\s*$/.test(v), 'Enter a valid phone number')
    .optional(),
});

/** Re-entering the current password before a sensitive change (two-factor on or off). */
export const confirmPasswordSchema = z.object({
  password: safeString({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
});

/** The 6-digit code of an authenticator app (TOTP); spaces people type or paste are dropped. */
export const totpCodeSchema = z.object({
  code: safeString({ error: 'Enter the 6-digit code' })
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(safeString().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app')),
});

/** A one-time backup code as shown at enrolment (`abcde-12345`). */
export const backupCodeSchema = z.object({
  code: safeString({ error: 'Enter a backup code' }).trim().min(1, 'Enter a backup code').max(64, 'That is not a backup code'),
});

export type SignUpForm = z.input<typeof signUpSchema>;
export type SignUpRequest = z.output<typeof signUpRequestSchema>;
export type SignInForm = z.input<typeof signInSchema>;
export type ForgotPasswordForm = z.input<typeof forgotPasswordSchema>;
export type ResetPasswordForm = z.input<typeof resetPasswordSchema>;
export type ChangePasswordForm = z.input<typeof changePasswordSchema>;
export type ProfileForm = z.input<typeof profileSchema>;
export type ConfirmPasswordForm = z.input<typeof confirmPasswordSchema>;
export type TotpCodeForm = z.input<typeof totpCodeSchema>;
export type BackupCodeForm = z.input<typeof backupCodeSchema>;

/** Display name kept in the account's `name`: first and last name. */
export const fullName = (firstName: string, lastName: string) => `${firstName} ${lastName}`.trim();
