import { createMiddleware } from 'hono/factory';
import { hasSignedInHint, SIGNED_IN_HINT_COOKIE } from '../../../domain/signed-in-hint';
import type { AppEnv } from './context';

/** better-auth's session cookie, with or without its `__Secure-` prefix. */
const SESSION_COOKIE = /^(?:__Secure-)?[\w.-]*session_token=/;

/**
 * Follows the session cookie with the readable 'signed in' hint (src/domain/signed-in-hint.ts):
 * a reply that sets the session cookie (sign-in, two-factor, renewal) sets the hint with
 * the same lifetime; one that clears it (sign-out, account deletion, an invalid session)
 * clears the hint; and a 401 from our own API to a request that still carried the hint
 * (a session that ended elsewhere) clears it too. Never HttpOnly: the public pages read it.
 */
export function signedInHint({ secure }: { secure: boolean }) {
  const attributes = `Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
  const clear = `${SIGNED_IN_HINT_COOKIE}=; ${attributes}; Max-Age=0`;
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    let hint: string | undefined;
    const session = c.res.headers.getSetCookie().find((line) => SESSION_COOKIE.test(line));
    if (session) {
      const [pair = '', ...rest] = session.split(';').map((part) => part.trim());
      const value = pair.slice(pair.indexOf('=') + 1);
      const lifetime = rest.filter((part) => /^(max-age|expires)=/i.test(part));
      const ended = value === '' || lifetime.some((part) => /^max-age=0$/i.test(part));
      hint = ended ? clear : [`${SIGNED_IN_HINT_COOKIE}=1`, attributes, ...lifetime].join('; ');
    } else if (c.res.status === 401 && !c.req.path.startsWith('/api/auth/') && hasSignedInHint(c.req.header('cookie') ?? '')) {
      hint = clear;
    }
    if (!hint) return;
    try {
      c.res.headers.append('set-cookie', hint);
    } catch {
      // A reply with immutable headers: copy it (Hono's `c.res =` would merge the old cookies back in, so reset it first).
      const copy = new Response(c.res.body, c.res);
      copy.headers.append('set-cookie', hint);
      c.res = undefined;
      c.res = copy;
    }
  });
}
