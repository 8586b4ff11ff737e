/** Where a visitor goes after signing in when no page asked for it (docs/product/accounts.md#screens). */
export const DEFAULT_AFTER_SIGN_IN = '/dashboard';

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
