import type { SignUpRequest } from '../../domain/auth';
import { api } from './api';

/**
 * better-auth's endpoints under /api/auth (docs/decisions/006-accounts.md), called
 * through the one API client; the app's own /api/me routes are declared in
 * src/domain/api/me.ts and called from src/web/features/account/account-api.ts.
 * Errors arrive as ApiError with the server's code: the screens turn codes into the
 * texts of docs/product/accounts.md#messages.
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
