import { hasRank, type Role } from '../../domain/roles';

/** Where a visitor goes after signing in when no page asked for it (docs/product/accounts.md#screens). */
export const DEFAULT_AFTER_SIGN_IN = '/dashboard';

/** Where an admin goes instead: the back office (docs/product/accounts.md#admin-landing). */
export const ADMIN_AFTER_SIGN_IN = '/admin';

/**
 * A `redirectTo` value that is safe to follow: a path of this site (no scheme,
 * no `//host`, no backslash tricks) that is not an account screen itself.
 * Anything else falls back to the dashboard, so the link cannot send people away.
 */
export function safeRedirectTarget(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return DEFAULT_AFTER_SIGN_IN;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f]/.test(value)) return DEFAULT_AFTER_SIGN_IN;
  let url: URL;
  try {
    url = new URL(value, 'http://site.invalid');
  } catch {
    return DEFAULT_AFTER_SIGN_IN;
  }
  if (url.host !== 'site.invalid' || url.pathname.startsWith('/auth/')) return DEFAULT_AFTER_SIGN_IN;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** /auth/signin?redirectTo=<path+query> for a page that needs a session. */
export function signInPathFor(pathWithQuery: string): string {
  return `/auth/signin?redirectTo=${encodeURIComponent(pathWithQuery)}`;
}

/**
 * Where to go once signed in: the page that asked (a safe `redirectTo`), else the
 * dashboard, or for an admin the back office. An admin without two-factor is then
 * sent on by the guard to the account page to set it up, and back to /admin after
 * (docs/product/accounts.md#admin-landing).
 */
export function afterSignInPath(redirectTo: string | null | undefined, user: { role: Role } | null | undefined): string {
  const target = safeRedirectTarget(redirectTo);
  // The fallback (nothing asked, or nothing safe), not a page that asked for the dashboard itself.
  const fellBack = target === DEFAULT_AFTER_SIGN_IN && redirectTo !== DEFAULT_AFTER_SIGN_IN;
  if (fellBack && user && hasRank(user.role, 'admin')) return ADMIN_AFTER_SIGN_IN;
  return target;
}

/** A path handed over in navigation state (`{ next }`), if it is safe to follow; otherwise undefined. */
export function safeNextPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value) return undefined;
  const target = safeRedirectTarget(value);
  return target === value ? target : undefined;
}
