import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { parseSessionOutput, parseUserOutput } from 'better-auth/db';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import type { Auth, AuthSession } from '../auth/create-auth';

/** better-call signs a cookie as `value.base64(HMAC-SHA256(secret, value))`: 44 characters ending in '='. */
const SIGNATURE_LENGTH = 44;

function verifiedValue(signed: string, secret: string): string | undefined {
  const at = signed.lastIndexOf('.');
  if (at < 1) return undefined;
  const value = signed.slice(0, at);
  const signature = signed.slice(at + 1);
  if (signature.length !== SIGNATURE_LENGTH || !signature.endsWith('=')) return undefined;
  const expected = createHmac('sha256', secret).update(value).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : undefined;
}

type AuthContext = Awaited<Auth['$context']>;

/** The columns better-auth knows of a table (its schema's fields and the id), as drizzle columns of `table`. */
function knownColumns<T extends typeof users | typeof sessions>(table: T, fields: Record<string, unknown>) {
  const names = ['id', ...Object.keys(fields)] as (keyof T['_']['columns'])[];
  return Object.fromEntries(names.map((name) => [name, table[name as keyof T]])) as unknown as T['_']['columns'];
}

function prepareLookup(db: Db, ctx: AuthContext) {
  return db
    .select({ session: knownColumns(sessions, ctx.tables.session.fields), user: knownColumns(users, ctx.tables.user.fields) })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder('token')))
    .limit(1)
    .prepare('auth_session_by_token');
}

const lookups = new WeakMap<Db, ReturnType<typeof prepareLookup>>();

/**
 * The common case of better-auth's getSession, in one prepared statement: a
 * validly signed session cookie whose session exists, has not expired and is
 * not due for renewal. Its answer has the same shape as better-auth's (its own
 * output filters), so routes cannot tell the two apart (session-lookup.test.ts).
 *
 * Answers `null` when the request carries no session cookie at all, and
 * `undefined` — "ask better-auth" — for everything else: a bad signature, an
 * unknown or expired session (better-auth deletes it and clears the cookie), a
 * session due for renewal (better-auth extends it and re-sets the cookie), a
 * don't-remember-me or cookie-cache cookie. It is measured in `npm run bench --
 * admin`: better-auth's path costs two statements plus Web Crypto key imports
 * on every guarded request (docs/decisions/010-request-overhead.md).
 */
export async function lookupSession(c: Context, auth: Auth, db: Db): Promise<AuthSession | null | undefined> {
  const ctx = await auth.$context;
  const cookies = ctx.authCookies;
  const signed = getCookie(c, cookies.sessionToken.name);
  const others = getCookie(c, cookies.dontRememberToken.name) ?? getCookie(c, cookies.sessionData.name);
  if (signed === undefined) return others === undefined ? null : undefined;
  if (others !== undefined) return undefined;
  const token = verifiedValue(signed, ctx.secret);
  if (token === undefined) return undefined;

  let lookup = lookups.get(db);
  if (!lookup) {
    lookup = prepareLookup(db, ctx);
    lookups.set(db, lookup);
  }
  const [row] = await lookup.execute({ token });
  if (!row) return undefined;
  const now = Date.now();
  const { expiresIn, updateAge } = ctx.sessionConfig;
  const expiresAt = row.session.expiresAt.valueOf();
  if (expiresAt < now) return undefined;
  const dueForRenewal = expiresAt - expiresIn * 1000 + updateAge * 1000 <= now;
  if (dueForRenewal) return undefined;
  return {
    session: parseSessionOutput(ctx.options, row.session as never),
    user: parseUserOutput(ctx.options, row.user as never),
  } as AuthSession;
}
