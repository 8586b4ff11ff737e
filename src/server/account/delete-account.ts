import { count, eq, sql } from 'drizzle-orm';
import type { Auth } from '../auth/create-auth';
import type { Deps } from '../context';
import { applications, documents, mailOutbox, users, verifications, waitlistEntries } from '../db/schema';
import { AppError } from '../lib/errors';
import { removeStored } from '../applications/document-store';

/** Checks the password with better-auth (the same check as sign-in); 400 invalid_password otherwise. */
export async function verifyPassword(auth: Auth, headers: Headers, password: string): Promise<void> {
  try {
    await auth.api.verifyPassword({ body: { password }, headers });
  } catch {
    throw new AppError(400, 'invalid_password', 'That password is not correct.', { password: 'That password is not correct.' });
  }
}

/**
 * Erases a user (decisions.md 'Privacy'): documents (rows and stored files),
 * applications, the waitlist entry with their address, the mail kept for them,
 * and the account with its sessions, sign-in methods and two-factor secrets
 * (cascading from `user`). Rows go in one transaction; files after the commit.
 * The last admin cannot delete themself (nobody could run the back office).
 */
export async function deleteUserData(deps: Pick<Deps, 'db' | 'storage' | 'logger'>, userId: string): Promise<void> {
  const { db } = deps;
  const keys = await db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) return [];
    if (user.role === 'admin') {
      const [{ admins }] = await tx.select({ admins: count() }).from(users).where(eq(users.role, 'admin'));
      if (admins <= 1) throw new AppError(409, 'last_admin', 'You are the only admin. Make someone else an admin before deleting your account.');
    }
    const emailKey = user.email.toLowerCase();
    const files = await tx.delete(documents).where(eq(documents.userId, userId)).returning({ key: documents.storageKey });
    await tx.delete(applications).where(eq(applications.userId, userId));
    await tx.delete(waitlistEntries).where(eq(waitlistEntries.emailKey, emailKey));
    await tx.delete(mailOutbox).where(sql`lower(${mailOutbox.to}) = ${emailKey}`);
    // Pending reset and two-factor challenges name the user by id.
    await tx.delete(verifications).where(eq(verifications.value, userId));
    await tx.delete(users).where(eq(users.id, userId));
    return files.map((f) => f.key);
  });
  await removeStored(deps, keys);
}
