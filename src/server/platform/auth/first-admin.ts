import { eq } from 'drizzle-orm';
import { emailSchema, fullName } from '../../../domain/auth';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import type { Logger } from '../lib/logger';
import type { Auth } from './create-auth';
import { assertAcceptablePassword } from './password-hooks';

export interface AdminInput {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
}

export interface AdminResult {
  action: 'created' | 'promoted';
  userId: string;
  email: string;
  /** A promoted user keeps the password they had; one without a password gets the given one. */
  passwordSet: boolean;
}

/** Thrown for input a person must fix; the message says how. */
export class AdminInputError extends Error {}

/** Checks the address and the password (the same rules as sign-up) before anything is opened or written. */
export function validateAdminInput(input: AdminInput): { email: string; password: string } {
  const email = emailSchema.safeParse(input.email);
  if (!email.success) throw new AdminInputError(`--email: ${email.error.issues[0].message}`);
  try {
    assertAcceptablePassword(input.password, 'password', { email: email.data, firstName: input.firstName, lastName: input.lastName });
  } catch (error) {
    throw new AdminInputError(`--password: ${(error as Error).message}`);
  }
  return { email: email.data.toLowerCase(), password: input.password };
}

/**
 * Makes `email` an admin with a verified address: creates the account, or
 * promotes an existing one. The one path for `npm run admin:create` and for
 * ADMIN_EMAIL/ADMIN_PASSWORD at first start.
 */
export async function createOrPromoteAdmin(auth: Auth, input: AdminInput): Promise<AdminResult> {
  const { email, password } = validateAdminInput(input);
  const ctx = await auth.$context;
  const promote = async (userId: string, hasPassword: boolean): Promise<AdminResult> => {
    await ctx.internalAdapter.updateUser(userId, { role: 'admin', emailVerified: true });
    if (!hasPassword) {
      await ctx.internalAdapter.linkAccount({ userId, providerId: 'credential', accountId: userId, password: await ctx.password.hash(password) });
    }
    return { action: 'promoted', userId, email, passwordSet: !hasPassword };
  };
  const findExisting = async () => {
    const found = await ctx.internalAdapter.findUserByEmail(email, { includeAccounts: true });
    return found && { id: found.user.id, hasPassword: found.accounts.some((a) => a.providerId === 'credential' && a.password) };
  };

  const existing = await findExisting();
  if (existing) return promote(existing.id, existing.hasPassword);
  const firstName = input.firstName?.trim() || 'Admin';
  const lastName = input.lastName?.trim() || 'User';
  const hash = await ctx.password.hash(password);
  let created;
  try {
    created = await ctx.internalAdapter.createUser(
      { email, name: fullName(firstName, lastName), firstName, lastName, emailVerified: true, role: 'admin' },
      { method: 'admin' },
    );
  } catch (error) {
    // Another instance created it at the same moment (first start of several instances).
    const raced = await findExisting();
    if (raced) return promote(raced.id, raced.hasPassword);
    throw error;
  }
  await ctx.internalAdapter.linkAccount({ userId: created.id, providerId: 'credential', accountId: created.id, password: hash });
  return { action: 'created', userId: created.id, email, passwordSet: true };
}

/** ADMIN_EMAIL/ADMIN_PASSWORD at start: only while no admin exists yet. */
export async function ensureFirstAdmin(auth: Auth, db: Db, logger: Logger, input: AdminInput): Promise<AdminResult | undefined> {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  if (admin) return undefined;
  const result = await createOrPromoteAdmin(auth, input);
  logger.info({ userId: result.userId, action: result.action }, `first admin ${result.action} from ADMIN_EMAIL`);
  return result;
}
