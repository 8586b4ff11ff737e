import { queryOptions, useMutation } from '@tanstack/react-query';
import type { ChangeEmailForm } from '../../../domain/change-email';
import type { ProfileForm } from '../../../domain/auth';
import { meApi } from '../../../domain/api/me';
import { notificationsApi } from '../../../domain/api/notifications';
import type { NotificationKind, NotificationSettings } from '../../../domain/notifications';
import {
  changePassword,
  currentSession,
  disableTwoFactor,
  enableTwoFactor,
  listSessions,
  revokeOtherSessions,
  revokeSession,
  verifyTotp,
  type DeviceSession,
} from '../../lib/auth-api';
import { callApi, hrefOf } from '../../lib/call-api';
import { queryClient } from '../../lib/query-client';
import { refreshSessionUser, sessionQuery } from '../../lib/session';
import { withSetting } from './notification-settings';

/**
 * What the account page (docs/product/accounts.md#account-page) reads and changes, as
 * queries and mutation hooks: the app's own `/api/me` routes (src/domain/api/me.ts,
 * called with callApi), and better-auth's password, two-factor and session endpoints
 * (called through its client, src/web/lib/auth-api.ts). Components show the outcome
 * at the call site.
 */

/** PATCH /api/me (docs/product/accounts.md#account-page): the saved user replaces the session's. */
export function useUpdateProfile() {
  return useMutation({
    mutationFn: (body: ProfileForm) => callApi(meApi.update, { body }),
    onSuccess: (updated) => queryClient.setQueryData(sessionQuery.queryKey, updated),
  });
}

/** The e-mail state's cache entry; a change request and its confirmation write their reply there. */
export const EMAIL_STATE_KEY = ['session', 'email'] as const;

/** GET /api/me/email: the address and a change waiting for its link. */
export const emailStateQuery = () =>
  queryOptions({
    queryKey: EMAIL_STATE_KEY,
    queryFn: ({ signal }) => callApi(meApi.email, {}, { signal }),
  });

/** POST /api/me/email: mails a link to the new address and a notice to the current one; nothing changes until the link is opened. */
export function useRequestEmailChange() {
  return useMutation({
    mutationFn: (body: ChangeEmailForm) => callApi(meApi.changeEmail, { body }),
    onSuccess: (state) => queryClient.setQueryData(EMAIL_STATE_KEY, state),
  });
}

/**
 * POST /api/me/email/confirm with the link's token, sent once: a query (not an effect or
 * a mutation fired on mount), so StrictMode's double mount and re-renders never send the
 * one-time token twice. The account then has the new address, verified.
 */
export const confirmEmailQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['confirm-email', token] as const,
    enabled: Boolean(token),
    queryFn: async () => {
      const state = await callApi(meApi.confirmEmail, { body: { token: token as string } });
      queryClient.setQueryData(EMAIL_STATE_KEY, state);
      await refreshSessionUser();
      return state;
    },
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

/** DELETE /api/me (docs/product/privacy.md#account-deletion): erases the account; the server clears the session cookie. */
export function useDeleteAccount() {
  return useMutation({ mutationFn: (password: string) => callApi(meApi.delete, { body: { password } }) });
}

/** GET /api/me/export: everything stored about the user, as a JSON file (a plain link downloads it). */
export const EXPORT_DATA_HREF = hrefOf(meApi.export, {});

/** The signed-in devices' cache entry; what signs sessions out or in refreshes it. */
export const SESSIONS_KEY = ['account', 'sessions'] as const;
const refreshSessions = () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });

async function loadSessions(signal: AbortSignal) {
  const [sessions, current] = await Promise.all([listSessions(signal), currentSession(signal)]);
  const currentToken = current?.session.token;
  const sorted = [...sessions].sort((a, b) => {
    if (a.token === currentToken) return -1;
    if (b.token === currentToken) return 1;
    return Date.parse(b.createdAt) - Date.parse(a.createdAt);
  });
  return { sessions: sorted, currentToken };
}

/** The signed-in devices, this one first, then the newest, and which one is this. */
export const sessionsQuery = () => queryOptions({ queryKey: SESSIONS_KEY, queryFn: ({ signal }) => loadSessions(signal) });

/** Signs out one other device; the list follows, whatever the outcome. */
export function useRevokeSession() {
  return useMutation({ mutationFn: (session: DeviceSession) => revokeSession(session.token), onSettled: refreshSessions });
}

/** Signs out every device but this one; the list follows, whatever the outcome. */
export function useRevokeOtherSessions() {
  return useMutation({ mutationFn: () => revokeOtherSessions(), onSettled: refreshSessions });
}

/** Changes the password, which signs out every other session: the list follows. */
export function useChangePassword() {
  return useMutation({
    mutationFn: ({ currentPassword, newPassword }: { currentPassword: string; newPassword: string }) => changePassword(currentPassword, newPassword),
    onSuccess: () => void refreshSessions(),
  });
}

/** Turning two-factor on or off makes a new session for this device (better-auth): reload the user and the sessions. */
export const afterTwoFactorChange = () => Promise.all([refreshSessionUser(), refreshSessions()]);

/** Starts enrolment with the password: the otpauth URI for the QR code, and the backup codes. */
export function useEnableTwoFactor() {
  return useMutation({ mutationFn: (password: string) => enableTwoFactor(password) });
}

/** Confirms enrolment with a code from the app; settles once the user and the sessions are reloaded. */
export function useConfirmTwoFactor() {
  return useMutation({ mutationFn: (code: string) => verifyTotp(code), onSuccess: afterTwoFactorChange });
}

/** Turns two-factor off with the password; settles once the user and the sessions are reloaded. */
export function useDisableTwoFactor() {
  return useMutation({ mutationFn: (password: string) => disableTwoFactor(password), onSuccess: afterTwoFactorChange });
}

/** The e-mail switches' cache entry (docs/product/accounts.md#e-mail-notifications). */
export const NOTIFICATIONS_KEY = ['account', 'notifications'] as const;

/** GET /api/me/notifications: each kind of e-mail that can reach this account, on or off. */
export const notificationSettingsQuery = () =>
  queryOptions({
    queryKey: NOTIFICATIONS_KEY,
    queryFn: ({ signal }) => callApi(notificationsApi.settings, {}, { signal }),
  });

export interface NotificationChange {
  kind: NotificationKind;
  subscribed: boolean;
}

const setSwitch = (kind: NotificationKind, subscribed: boolean) =>
  queryClient.setQueryData<NotificationSettings>(NOTIFICATIONS_KEY, (settings) => settings && withSetting(settings, kind, subscribed));

/**
 * PUT /api/me/notifications/{kind}: the switch moves at once and goes back if the save fails.
 * Changes are sent one after another (one scope), so quick clicks reach the server in their
 * order; each one writes back only its own kind, so a reply never undoes a newer click's switch.
 */
export function useChangeNotification() {
  return useMutation({
    scope: { id: 'account-notifications' },
    mutationFn: ({ kind, subscribed }: NotificationChange) => callApi(notificationsApi.change, { params: { kind }, body: { subscribed } }),
    onMutate: async ({ kind, subscribed }) => {
      await queryClient.cancelQueries({ queryKey: NOTIFICATIONS_KEY });
      setSwitch(kind, subscribed);
    },
    onError: (_error, { kind, subscribed }) => setSwitch(kind, !subscribed),
    onSuccess: (settings, { kind }) => {
      const saved = settings.kinds.find((setting) => setting.kind === kind);
      if (saved) setSwitch(kind, saved.subscribed);
    },
  });
}
