import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { fullName, profileSchema } from '../../domain/auth';
import { roleRank } from '../../domain/roles';
import { requireUser, type AuthedEnv } from '../auth/guards';
import type { SessionUser } from '../auth/create-auth';
import { users } from '../db/schema';
import { readJson } from '../lib/validate';
import { meDelete, meExport, meStatus } from './me-data';
import { meEmail, meEmailChange, meEmailConfirm } from './me-email';
import { isoTime } from '../lib/iso-time';

type Profile = Pick<SessionUser, 'id' | 'email' | 'emailVerified' | 'firstName' | 'lastName' | 'name' | 'role' | 'createdAt'> & {
  phone?: string | null;
  phoneVerified?: boolean | null;
  twoFactorEnabled?: boolean | null;
};

/** What the browser knows about the signed-in user (spec §3 'Client-side user', plus rank and two-factor). */
function profileOf(user: Profile) {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    name: user.name,
    phone: user.phone ?? null,
    emailVerified: user.emailVerified,
    phoneVerified: Boolean(user.phoneVerified),
    role: user.role,
    rank: roleRank(user.role),
    twoFactorEnabled: Boolean(user.twoFactorEnabled),
    createdAt: isoTime(user.createdAt),
  };
}

/**
 * GET /api/me (the signed-in user's profile), PATCH /api/me (name and phone,
 * validated with the shared schema), GET /api/me/status (the dashboard's),
 * GET /api/me/export (a JSON file of everything stored), DELETE /api/me
 * (`{ password }`: erase the account) and /api/me/email (change the address: me-email.ts).
 */
export function meRoutes() {
  return new Hono<AuthedEnv>()
    .use('*', requireUser)
    .get('/', (c) => c.json(profileOf(c.var.user)))
    .get('/status', meStatus)
    .get('/export', meExport)
    .delete('/', meDelete)
    .get('/email', meEmail)
    .post('/email', meEmailChange)
    .post('/email/confirm', meEmailConfirm)
    .patch('/', async (c) => {
      const { db } = c.var.deps;
      const { firstName, lastName, phone } = await readJson(c, profileSchema);
      const current = c.var.user;
      const newPhone = phone === undefined ? (current.phone ?? null) : phone || null;
      const [updated] = await db
        .update(users)
        .set({
          firstName,
          lastName,
          name: fullName(firstName, lastName),
          phone: newPhone,
          // A changed number is no longer the verified one.
          ...(newPhone !== (current.phone ?? null) ? { phoneVerified: false } : {}),
          updatedAt: new Date(),
        })
        .where(eq(users.id, current.id))
        .returning();
      return c.json(profileOf(updated));
    });
}
