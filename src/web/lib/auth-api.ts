import type { ProfileForm, SignUpRequest } from '../../domain/auth';
import type { EmailState } from '../../domain/change-email';
import { api } from './api';
import type { SessionUser } from './session';

/**
 * The account endpoints (better-auth under /api/auth, docs/decisions/006-accounts.md,
 * and /api/me), called through the one API client. Errors arrive as ApiError
 * with the server's code: the screens turn codes into spec §8's texts.
 */

export type SignInReply = { twoFactorRedirect: true } | { twoFactorRedirect?: false; user: { id: string } };

export const signUp = (body: SignUpRequest) => api<{ user: { id: string } }>('/api/auth/sign-up/email', { body });

export const signIn = (body: { email: string; password: string }) => api<SignInReply>('/api/auth/sign-in/email', { body });

export const verifyTotp = (code: string) => api<unknown>('/api/auth/two-factor/verify-totp', { body: { code } });

export const verifyBackupCode = (code: string) => api<unknown>('/api/auth/two-factor/verify-backup-code', { body: { code } });

export const signOut = () => api<unknown>('/api/auth/sign-out', { body: {} });

export const verifyEmail = (token: string, signal?: AbortSignal) =>
  api<{ status: boolean }>(`/api/auth/verify-email?token=${encodeURIComponent(token)}`, { signal });

export const sendVerificationEmail = (email: string) => api<unknown>('/api/auth/send-verification-email', { body: { email } });

export const requestPasswordReset = (email: string) => api<unknown>('/api/auth/request-password-reset', { body: { email } });

export const resetPassword = (token: string, newPassword: string) => api<unknown>('/api/auth/reset-password', { body: { token, newPassword } });

export const changePassword = (currentPassword: string, newPassword: string) =>
  api<unknown>('/api/auth/change-password', { body: { currentPassword, newPassword } });

export const updateProfile = (body: ProfileForm) => api<SessionUser>('/api/me', { method: 'PATCH', body });

export interface DeviceSession {
  id: string;
  token: string;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: string;
  expiresAt: string;
}

export const listSessions = (signal?: AbortSignal) => api<DeviceSession[]>('/api/auth/list-sessions', { signal });

export const currentSession = (signal?: AbortSignal) => api<{ session: { token: string } } | null>('/api/auth/get-session', { signal });

export const revokeSession = (token: string) => api<unknown>('/api/auth/revoke-session', { body: { token } });

export const revokeOtherSessions = () => api<unknown>('/api/auth/revoke-other-sessions', { body: {} });

export const enableTwoFactor = (password: string) => api<{ totpURI: string; backupCodes: string[] }>('/api/auth/two-factor/enable', { body: { password } });

export const disableTwoFactor = (password: string) => api<unknown>('/api/auth/two-factor/disable', { body: { password } });

/** DELETE /api/me: erases the account and everything stored for it (decisions.md 'Privacy'); clears the session cookie. */
export const deleteAccount = (password: string) => api<{ deleted: true }>('/api/me', { method: 'DELETE', body: { password } });

/** GET /api/me/export: everything stored about the user, as a JSON file (a plain link downloads it). */
export const EXPORT_DATA_URL = '/api/me/export';

/** GET /api/me/email: the address and a change waiting for its link (src/server/routes/me-email.ts). */
export const EMAIL_STATE_KEY = ['session', 'email'] as const;
export const emailState = (signal?: AbortSignal) => api<EmailState>('/api/me/email', { signal });

/** POST /api/me/email: mails a link to the new address and a notice to the current one; nothing changes until the link is opened. */
export const requestEmailChange = (body: { newEmail: string; password: string }) => api<EmailState>('/api/me/email', { body });

/** POST /api/me/email/confirm: the link's token; the account takes the new address, verified. */
export const confirmEmailChange = (token: string) => api<EmailState>('/api/me/email/confirm', { body: { token } });
