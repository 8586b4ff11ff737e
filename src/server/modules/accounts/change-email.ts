import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, ne } from 'drizzle-orm';
import type { EmailState } from '../../../domain/change-email';
import { emailKeyOf, movePreferences } from '../../platform/notifications/preferences';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import type { Deps } from '../../platform/http/context';
import type { Db } from '../../platform/db/client';
import { sessions, users, verifications } from '../../platform/db/schema';
import { AppError } from '../../platform/lib/errors';
import { moveWaitlistAddress } from '../waitlist';
import { changeEmailVerificationMail, emailChangeNoticeMail, emailInUseMail, type MailContext } from '../../platform/mail/templates';

/**
 * Changing the account's e-mail address (docs/decisions/006-accounts.md):
 * the request needs the current password; the new address gets a one-time link,
 * the current one a notice; the address changes only when the link is opened in a
 * session of the same account, and is then verified. better-auth's own
 * /change-email stays disabled: it asks for no password, mails no notice and keeps
 * an unverified account unverified.
 *
 * A pending change is one `verification` row per account, identified by
 * `change-email:<user id>`; its value holds the addresses and the SHA-256 of the
 * link's secret, so a database copy reveals no live link. A new request replaces it.
 */

interface PendingChange {
  from: string;
  to: string;
  /** hex SHA-256 of the secret half of the token. */
  secretHash: string;
}

export const pendingIdentifier = (userId: string) => `change-email:${userId}`;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const invalidLink = () => new AppError(400, 'invalid_token', 'This link is invalid or has expired. Ask for a new one on your account page.');

async function pendingOf(db: Db, userId: string) {
  const [row] = await db
    .select()
    .from(verifications)
    .where(and(eq(verifications.identifier, pendingIdentifier(userId)), gt(verifications.expiresAt, new Date())));
  return row ? { id: row.id, expiresAt: row.expiresAt, change: JSON.parse(row.value) as PendingChange } : undefined;
}

/** The account's address and the change waiting for its link, if any (GET /api/me/email). */
export async function emailState(db: Db, user: { id: string; email: string; emailVerified: boolean }): Promise<EmailState> {
  const pending = await pendingOf(db, user.id);
  return {
    email: user.email,
    emailVerified: user.emailVerified,
    pending: pending && pending.change.from === user.email ? { email: pending.change.to, expiresAt: pending.expiresAt.toISOString() } : null,
  };
}

export interface ChangeRequester {
  id: string;
  email: string;
  emailVerified: boolean;
  firstName?: string | null;
}

/**
 * Records the change and mails both addresses (after the reply). The answer is the
 * same whether or not the new address has an account: then its owner is told
 * instead, and no link exists that could ever make the change. The caller has
 * checked the password.
 */
export async function requestEmailChange(
  deps: Pick<Deps, 'db' | 'config' | 'mailer' | 'background'> & { mail: MailContext },
  user: ChangeRequester,
  newEmail: string,
): Promise<EmailState> {
  const { db, config, mailer, background, mail } = deps;
  const to = newEmail.toLowerCase();
  if (to === user.email.toLowerCase()) {
    throw new AppError(400, 'same_email', 'This is already your email address.', { newEmail: 'This is already your email address.' });
  }
  const id = randomUUID();
  const secret = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + config.EMAIL_VERIFICATION_TTL_SECONDS * 1000);
  const change: PendingChange = { from: user.email, to, secretHash: sha256(secret) };
  const owner = await db.transaction(async (tx) => {
    await tx.delete(verifications).where(eq(verifications.identifier, pendingIdentifier(user.id)));
    await tx.insert(verifications).values({ id, identifier: pendingIdentifier(user.id), value: JSON.stringify(change), expiresAt });
    const [found] = await tx.select({ firstName: users.firstName }).from(users).where(eq(users.email, to));
    return found;
  });
  const firstName = user.firstName ?? undefined;
  background.add(
    (async () => {
      if (owner) await mailer.sendMail({ to, ...emailInUseMail(mail, { firstName: owner.firstName }) });
      else
        await mailer.sendMail({
          to,
          ...changeEmailVerificationMail(mail, { firstName, token: `${id}.${secret}`, validForSeconds: config.EMAIL_VERIFICATION_TTL_SECONDS }),
        });
      await mailer.sendMail({ to: user.email, ...emailChangeNoticeMail(mail, { firstName, newEmail: to }) });
    })(),
  );
  return { email: user.email, emailVerified: user.emailVerified, pending: { email: to, expiresAt: expiresAt.toISOString() } };
}

/** PostgreSQL's unique_violation, here on user.email. */
const isUniqueViolation = (error: unknown) => {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === '23505') return true;
  return false;
};

/**
 * Opens the link (POST /api/me/email/confirm): in one transaction the pending row
 * goes, the account takes the new address, verified, and the audit log records
 * `{ email: { from, to } }`. Only the account that asked can use its link, once.
 *
 * Whatever was mailed to the old address stops working at the change, as a password
 * change does: every outstanding password-reset link of the account (better-auth keeps
 * each as a verification row whose value is the user id) and every other session go.
 * A verification link to the old address names an address no account has any more.
 */
export async function confirmEmailChange(db: Db, actor: AuditActor & { id: string; sessionId: string }, token: string): Promise<EmailState> {
  const [id, secret] = token.split('.');
  if (!id || !secret) throw invalidLink();
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .delete(verifications)
        .where(and(eq(verifications.id, id), eq(verifications.identifier, pendingIdentifier(actor.id)), gt(verifications.expiresAt, new Date())))
        .returning();
      if (!row) throw invalidLink();
      const change = JSON.parse(row.value) as PendingChange;
      const given = Buffer.from(sha256(secret), 'hex');
      const expected = Buffer.from(change.secretHash, 'hex');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalidLink();
      const [user] = await tx.select().from(users).where(eq(users.id, actor.id)).for('update');
      if (!user || user.email !== change.from) throw invalidLink();
      const [updated] = await tx.update(users).set({ email: change.to, emailVerified: true, updatedAt: new Date() }).where(eq(users.id, user.id)).returning();
      const revokedLinks = await tx.delete(verifications).where(eq(verifications.value, user.id)).returning({ id: verifications.id });
      const signedOut = await tx
        .delete(sessions)
        .where(and(eq(sessions.userId, user.id), ne(sessions.id, actor.sessionId)))
        .returning({ id: sessions.id });
      // The e-mail switches follow the address (docs/decisions/021-requests-and-messages.md 'Notification preferences').
      await movePreferences(tx, emailKeyOf(change.from), emailKeyOf(change.to));
      // So do the waitlist entry and the announcements it was sent (docs/product/privacy.md#your-data).
      await moveWaitlistAddress(tx, emailKeyOf(change.from), { email: change.to, emailKey: emailKeyOf(change.to) });
      await recordAudit(tx, actor, {
        action: 'update',
        entityType: 'users',
        entityId: user.id,
        changes: {
          email: { from: change.from, to: change.to },
          ...(user.emailVerified ? {} : { emailVerified: { from: false, to: true } }),
          ...(revokedLinks.length ? { linksRevoked: { from: revokedLinks.length, to: 0 } } : {}),
          ...(signedOut.length ? { otherSessions: { from: signedOut.length, to: 0 } } : {}),
        },
      });
      return { email: updated.email, emailVerified: true, pending: null };
    });
  } catch (error) {
    // Taken by an account created since the request: only someone holding the link learns this.
    if (isUniqueViolation(error)) {
      throw new AppError(409, 'email_taken', 'This address now belongs to another account, so your address was not changed.');
    }
    throw error;
  }
}
