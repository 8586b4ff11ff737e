import { queryOptions } from '@tanstack/react-query';
import type { Me } from '../../domain/account';
import { meApi } from '../../domain/api/me';
import { ApiError } from './api';
import { callApi } from './call-api';
import { queryClient } from './query-client';

/** GET /api/me: the signed-in user as the browser knows it (docs/product/accounts.md#the-signed-in-user), its shape the route's reply schema. */
export type SessionUser = Me;

/** The session: the user, or null when nobody is signed in (401 is an answer, not an error). */
export const sessionQuery = queryOptions({
  queryKey: ['session', 'me'] as const,
  queryFn: async ({ signal }): Promise<SessionUser | null> => {
    try {
      return await callApi(meApi.get, {}, { signal });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
  refetchOnWindowFocus: 'always',
});

/**
 * After signing in (or out): forget everything cached for the previous visitor,
 * then load the new session so the guarded page renders without a second wait.
 */
export async function startFreshSession(): Promise<SessionUser | null> {
  queryClient.removeQueries();
  return queryClient.fetchQuery(sessionQuery);
}

/** After signing out: nothing of the previous user stays in memory. */
export function forgetSession(): void {
  queryClient.removeQueries();
}

/** Reload the user (e.g. after verifying the address or enrolling two-factor). */
export function refreshSessionUser(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
}

/** 'Ada Lovelace' → 'AL'; falls back to the e-mail's first letter. */
export function initialsOf(user: Pick<SessionUser, 'firstName' | 'lastName' | 'email'>): string {
  const letters = `${user.firstName.trim().charAt(0)}${user.lastName.trim().charAt(0)}`.toUpperCase();
  return letters || user.email.charAt(0).toUpperCase();
}
