import type { ErrorCode } from '../../domain/api/error-codes';
import type { ErrorCodeOf, RouteContract } from '../../domain/api/route';
import type { FieldValues, Path, UseFormGetFieldState, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api';
import { useAnnouncer, type Announcer } from './announce';

/**
 * Puts the server's field errors (`error.fields`) under the matching fields and
 * moves focus to the first one. `rename` maps a server field to the form's
 * (e.g. reset-password's `newPassword` → the form's `password`). Returns whether
 * any field error was set.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  known: readonly Path<T>[],
  rename: Record<string, Path<T>> = {},
): boolean {
  if (!(error instanceof ApiError) || !error.fields) return false;
  let first = true;
  for (const [field, message] of Object.entries(error.fields)) {
    const name = (rename[field] ?? field) as Path<T>;
    if (!known.includes(name)) continue;
    setError(name, { type: 'server', message }, { shouldFocus: first });
    first = false;
  }
  return !first;
}

/**
 * The message of the first of `names` (in the form's order) that has an error now: after a failed validation or a
 * `setError`, for `announce` (ADR 023: a field that already has focus, where Enter was pressed, is not read again).
 */
export function firstFieldError<T extends FieldValues>(getFieldState: UseFormGetFieldState<T>, names: readonly Path<T>[]): string | undefined {
  for (const name of names) {
    const message = getFieldState(name).error?.message;
    if (message) return message;
  }
  return undefined;
}

/**
 * A form whose errors are said after a submit: `announceErrors()` in `handleSubmit`'s invalid callback and after a
 * refusal's `setError` says the first field error in the form's `<LiveRegion announcer={…} />`. Not while typing: a
 * field's error that changes as the user types stays silent until the next submit.
 */
export function useErrorAnnouncer<T extends FieldValues>(getFieldState: UseFormGetFieldState<T>, names: readonly Path<T>[]): [Announcer, () => void] {
  const announcer = useAnnouncer();
  const announceErrors = () => {
    const message = firstFieldError(getFieldState, names);
    if (message) announcer.announce(message);
  };
  return [announcer, announceErrors];
}

/**
 * The description of an error toast: the text the area's docs/product page lists under
 * Messages for the action (e.g. docs/product/accounts.md#messages), except when
 * the server asks the visitor to wait (429, its message says how long) or the
 * server could not be reached (the client's message says so).
 */
export function failureText(error: unknown, specText: string): string {
  if (error instanceof ApiError && (error.status === 429 || error.status === 0)) return error.message;
  return specText;
}

/** Whether `error` is the API's answer `code` (any code: better-auth's endpoints have no contract). */
export const isApiError = (error: unknown, code: ErrorCode): error is ApiError => error instanceof ApiError && error.code === code;

/** Whether `error` is `contract`'s answer `code`: only a code the route declares (or a common one) compiles. */
export const isErrorOf = <C extends RouteContract>(_contract: C, error: unknown, code: ErrorCodeOf<C>): error is ApiError =>
  error instanceof ApiError && error.code === code;

/** The server's own message for a refusal (it names the rule, e.g. the 5-minute delete window), or `fallback` when there is none. */
export const serverMessageOr = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback);
