/**
 * The non-secret 'signed in' hint (docs/product/public-site.md#navigation): a cookie
 * script can read, set and cleared by the server whenever it sets or clears the
 * session cookie, so the public header — even on the pre-rendered landing page —
 * can offer 'Dashboard' instead of 'Sign In' without asking the server. It proves
 * nothing: every page and API call still checks the session itself.
 */
export const SIGNED_IN_HINT_COOKIE = 'signed_in';

/** Whether a `document.cookie` string carries the hint. */
export const hasSignedInHint = (cookie: string): boolean => cookie.split(/;\s*/).includes(`${SIGNED_IN_HINT_COOKIE}=1`);
