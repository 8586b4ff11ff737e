import { eq } from 'drizzle-orm';
import type { Me } from '../../domain/account';
import { meApi } from '../../domain/api/me';
import { fullName } from '../../domain/auth';
import { roleRank, type Role } from '../../domain/roles';
import type { SessionUser } from '../platform/auth/create-auth';
import { type AuthedEnv } from '../platform/http/guards';
import { users } from '../platform/db/schema';
import { isoTime } from '../platform/lib/iso-time';
import { apiRouter, route } from '../platform/http/route';
import { meDelete, meExport, meStatus } from './me-data';
import { meEmail, meEmailChange, meEmailConfirm } from './me-email';

type Profile = Pick<SessionUser, 'id' | 'email' | 'emailVerified' | 'firstName' | 'lastName' | 'name' | 'role' | 'createdAt'> & {
  phone?: string | null;
  phoneVerified?: boolean | null;
  twoFactorEnabled?: boolean | null;
};

/** What the browser knows about the signed-in user (docs/product/accounts.md#the-signed-in-user), plus rank and two-factor. */
function profileOf(user: Profile): Me {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    name: user.name,
    phone: user.phone ?? null,
    emailVerified: user.emailVerified,
    phoneVerified: Boolean(user.phoneVerified),
    // The database admits only the listed roles (user_role_check).
    role: user.role as Role,
    rank: roleRank(user.role),
    twoFactorEnabled: Boolean(user.twoFactorEnabled),
    createdAt: isoTime(user.createdAt),
  };
}

/**
 * `/api/me` (src/domain/api/me.ts), every route behind a session: the profile (GET, and
 * PATCH for name and phone), the dashboard's status, the data export and the account's
 * deletion (me-data.ts), and the change of e-mail address (me-email.ts).
 */
export function meRoutes() {
  const router = apiRouter<AuthedEnv>();
  route(router, meApi.get, (c) => profileOf(c.var.user));
  route(router, meApi.update, async (c, { body }) => {
    const { db } = c.var.deps;
    const { firstName, lastName, phone } = body;
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
    return profileOf(updated);
  });
  route(router, meApi.status, meStatus);
  route(router, meApi.export, meExport);
  route(router, meApi.delete, meDelete);
  route(router, meApi.email, meEmail);
  route(router, meApi.changeEmail, meEmailChange);
  route(router, meApi.confirmEmail, meEmailConfirm);
  return router;
}
