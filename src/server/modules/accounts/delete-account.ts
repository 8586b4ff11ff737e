import { and, count, eq, inArray, or, sql } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import { hasHome } from '../homes';
import type { Executor } from '../../platform/db/client';
import type { Auth } from '../../platform/auth/create-auth';
import type { Deps } from '../../platform/http/context';
import {
  announcementRecipients,
  applications,
  auditLog,
  closingDocuments,
  documents,
  mailOutbox,
  users,
  verifications,
  waitlistEntries,
} from '../../platform/db/schema';
import { AppError } from '../../platform/lib/errors';
import { accountDeletedMail } from '../../platform/mail/templates';
import { removeStored } from '../applications';
import { deletePreferences } from '../../platform/notifications/preferences';
import { pendingIdentifier } from './change-email';
import { pseudonymiseAudit } from './pseudonymise-audit';

/** Checks the password with better-auth (the same check as sign-in); 400 invalid_password otherwise. */
export async function verifyPassword(auth: Auth, headers: Headers, password: string): Promise<void> {
  try {
    await auth.api.verifyPassword({ body: { password }, headers });
  } catch {
    throw new AppError(400, 'invalid_password', 'That password is not correct.', { password: 'That password is not correct.' });
  }
}

/**
 * Serialises changes that can lower the number of admins (role changes, account
 * deletions) for the rest of the transaction: two admins demoting or deleting each
 * other at the same moment cannot leave the back office without one.
 */
export async function lockAdminRoster(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(727002)`);
}

/**
 * The account's address and each it had before: every e-mail change is audited as `{ email: { from, to } }`
 * (change-email.ts, and the back office's edit of a user), read here before the erasure pseudonymises those entries.
 */
async function addressesOf(tx: Executor, user: { id: string; email: string }): Promise<string[]> {
  const changes = await tx
    .select({ from: sql<string | null>`${auditLog.changes} -> 'email' ->> 'from'` })
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'users'), eq(auditLog.entityId, user.id), sql`jsonb_typeof(${auditLog.changes} -> 'email') = 'object'`));
  const keys = [user.email, ...changes.map((c) => c.from).filter((from): from is string => Boolean(from))].map((email) => email.trim().toLowerCase());
  return [...new Set(keys)];
}

export interface DeleteUserOptions {
  /** Writes a 'delete' audit entry for the account in the deletion's own transaction (the back office). */
  audit?: { actor: AuditActor };
}

/**
 * Erases a user (docs/product/privacy.md#account-deletion): documents (rows and stored files),
 * applications, the waitlist entry with their address, the mail kept for them,
 * and the account with its sessions, sign-in methods and two-factor secrets
 * (cascading from `user`); their audit entries keep the actions but lose the
 * e-mail, IP address and details (pseudonymise-audit.ts). Rows go in one
 * transaction; files after the commit.
 * The last admin cannot be deleted (nobody could run the back office).
 * Answers whether there was such a user.
 */
export async function deleteUserData(
  deps: Pick<Deps, 'db' | 'storage' | 'logger' | 'mailer' | 'brand' | 'config' | 'background'>,
  userId: string,
  options: DeleteUserOptions = {},
): Promise<boolean> {
  const { db } = deps;
  const deleted = await db.transaction(async (tx) => {
    await lockAdminRoster(tx);
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) return null;
    if (user.role === 'admin') {
      const [{ admins }] = await tx.select({ admins: count() }).from(users).where(eq(users.role, 'admin'));
      if (admins <= 1) throw new AppError(409, 'last_admin', 'You are the only admin. Make someone else an admin before deleting your account.');
    }
    // A home's agreement and ledger are financial records we must keep (docs/decisions/022-homes-and-ledger.md): refused
    // with a plain answer before anything is removed, instead of failing on the homes' foreign key.
    if (await hasHome(tx, userId)) {
      throw options.audit
        ? new AppError(409, 'has_home', 'This account holds a home’s agreement and payment records, which we must keep, so it cannot be deleted.')
        : new AppError(
            409,
            'has_home',
            'Your account holds your home’s agreement and payment records, which we must keep, so it cannot be deleted here. Write to us from Chat and we’ll help.',
          );
    }
    // Every address the account ever had: what hangs on an old one goes too (docs/product/privacy.md#account-deletion).
    const emailKeys = await addressesOf(tx, user);
    const files = await tx.delete(documents).where(eq(documents.userId, userId)).returning({ key: documents.storageKey });
    // The documents of their closing checklist (docs/decisions/042-closing.md): the rows would go with the offers, the files not.
    const closingFiles = await tx.delete(closingDocuments).where(eq(closingDocuments.userId, userId)).returning({ key: closingDocuments.storageKey });
    const removedApplications = await tx.delete(applications).where(eq(applications.userId, userId)).returning({ id: applications.id });
    const removedWaitlist = await tx.delete(waitlistEntries).where(inArray(waitlistEntries.emailKey, emailKeys)).returning({ id: waitlistEntries.id });
    await tx.delete(mailOutbox).where(inArray(sql`lower(${mailOutbox.to})`, emailKeys));
    // Kept by address, not by account (docs/decisions/021-requests-and-messages.md): the e-mail switches and the announcements it was sent.
    for (const emailKey of emailKeys) await deletePreferences(tx, emailKey);
    await tx.delete(announcementRecipients).where(inArray(announcementRecipients.emailKey, emailKeys));
    // Pending reset and two-factor challenges name the user by id; a pending e-mail change, in its identifier.
    await tx.delete(verifications).where(or(eq(verifications.value, userId), eq(verifications.identifier, pendingIdentifier(userId))));
    // An admin's assignments (docs/product/back-office.md#assignment): the name shown goes with the account (assignee_id is set null by the key).
    await tx.update(applications).set({ assignee: null, assignedAt: null }).where(eq(applications.assigneeId, userId));
    await tx.delete(users).where(eq(users.id, userId));
    if (options.audit) {
      await recordAudit(tx, options.audit.actor, {
        action: 'delete',
        entityType: 'users',
        entityId: userId,
        changes: {
          email: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
          role: user.role,
          applications: removedApplications.length,
          documents: files.length,
        },
      });
    }
    // After the entry above, so the deletion's own entry keeps the action but not the person (ADR 016).
    await pseudonymiseAudit(tx, {
      userId,
      applicationIds: removedApplications.map((a) => a.id),
      waitlistEntryIds: removedWaitlist.map((w) => w.id),
    });
    return { files: [...files, ...closingFiles].map((f) => f.key), email: user.email, firstName: user.firstName ?? undefined };
  });
  if (!deleted) return false;
  await removeStored(deps, deleted.files);
  // The confirmation goes to the address, after the commit; it is the only mail kept for it from now on.
  const mail = { brand: deps.brand, appUrl: deps.config.APP_URL.replace(/\/+$/, '') };
  deps.background.add(deps.mailer.sendMail({ to: deleted.email, ...accountDeletedMail(mail, { firstName: deleted.firstName }) }));
  return true;
}
