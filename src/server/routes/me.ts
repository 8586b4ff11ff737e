import type { Me } from '../../domain/account';
import { meApi } from '../../domain/api/me';
import { roleRank, type Role } from '../../domain/roles';
import type { SessionUser } from '../platform/auth/create-auth';
import { actorOf, type AuthedEnv } from '../platform/http/guards';
import { updateProfile } from '../modules/accounts';
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
  route(router, meApi.update, async (c, { body }) => profileOf(await updateProfile(c.var.deps.db, { ...actorOf(c), id: c.var.user.id }, c.var.user, body)));
  route(router, meApi.status, meStatus);
  route(router, meApi.export, meExport);
  route(router, meApi.delete, meDelete);
  route(router, meApi.email, meEmail);
  route(router, meApi.changeEmail, meEmailChange);
  route(router, meApi.confirmEmail, meEmailConfirm);
  return router;
}
