import { asc, eq, sql } from 'drizzle-orm';
import type { Deps } from '../../platform/http/context';
import {
  accounts,
  applicationMessages,
  applicationRequests,
  applications,
  documents,
  mailOutbox,
  notificationPreferences,
  sessions,
  users,
  waitlistEntries,
} from '../../platform/db/schema';
import { changeRequestsOf, presentDocument, preApprovalsOfUser, storedDraft, maskedSensitive } from '../applications';
import { exportHomesOf } from '../homes';
import { isoTimeOrNull } from '../../platform/lib/iso-time';

/**
 * Everything stored about a user (docs/product/privacy.md#your-data: access and portability):
 * profile, sign-in methods and sessions (never a password hash or a token), the
 * waitlist entry with their address, every application (SSN digits and birth date
 * masked, as the owner always sees them, and a decline's reason), their pre-approvals, their documents, what our reviewers
 * asked of them (docs/product/application.md#after-submission-the-to-do-page) and what they asked us to change, the messages of their
 * conversations with our staff (docs/product/application.md#conversation; a deleted one
 * without its text), which e-mails were kept for them, and their homes (home-export.ts). Staff-only working fields (notes, assignee) are not included.
 */
export async function exportUserData(deps: Pick<Deps, 'db' | 'cipher'>, userId: string) {
  const { db, cipher } = deps;
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  const emailKey = user.email.toLowerCase();
  const [signIns, sessionRows, [waitlist], applicationRows, documentRows, requestRows, messageRows, mails, preferenceRows, homeRows, preApprovalRows] =
    await Promise.all([
      db
        .select({ provider: accounts.providerId, createdAt: accounts.createdAt, updatedAt: accounts.updatedAt })
        .from(accounts)
        .where(eq(accounts.userId, userId)),
      db
        .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, ipAddress: sessions.ipAddress, userAgent: sessions.userAgent })
        .from(sessions)
        .where(eq(sessions.userId, userId)),
      db.select().from(waitlistEntries).where(eq(waitlistEntries.emailKey, emailKey)),
      db.select().from(applications).where(eq(applications.userId, userId)).orderBy(asc(applications.createdAt)),
      db.select().from(documents).where(eq(documents.userId, userId)).orderBy(asc(documents.createdAt)),
      db
        .select({
          id: applicationRequests.id,
          applicationId: applicationRequests.applicationId,
          kind: applicationRequests.kind,
          documentType: applicationRequests.documentType,
          title: applicationRequests.title,
          fields: applicationRequests.fields,
          note: applicationRequests.note,
          state: applicationRequests.state,
          round: applicationRequests.round,
          createdAt: applicationRequests.createdAt,
          stateChangedAt: applicationRequests.stateChangedAt,
        })
        .from(applicationRequests)
        .innerJoin(applications, eq(applications.id, applicationRequests.applicationId))
        .where(eq(applications.userId, userId))
        .orderBy(asc(applicationRequests.createdAt), asc(applicationRequests.id)),
      db
        .select({
          applicationId: applicationMessages.applicationId,
          side: applicationMessages.senderSide,
          body: applicationMessages.body,
          createdAt: applicationMessages.createdAt,
          deletedAt: applicationMessages.deletedAt,
        })
        .from(applicationMessages)
        .innerJoin(applications, eq(applications.id, applicationMessages.applicationId))
        .where(eq(applications.userId, userId))
        .orderBy(asc(applicationMessages.applicationId), asc(applicationMessages.createdAt), asc(applicationMessages.id)),
      db
        .select({ subject: mailOutbox.subject, createdAt: mailOutbox.createdAt })
        .from(mailOutbox)
        .where(sql`lower(${mailOutbox.to}) = ${emailKey}`)
        .orderBy(asc(mailOutbox.id)),
      db
        .select({
          kind: notificationPreferences.kind,
          subscribed: notificationPreferences.subscribed,
          changedVia: notificationPreferences.changedVia,
          changedAt: notificationPreferences.changedAt,
        })
        .from(notificationPreferences)
        .where(eq(notificationPreferences.emailKey, emailKey))
        .orderBy(asc(notificationPreferences.kind)),
      exportHomesOf(db, userId),
      preApprovalsOfUser(db, userId),
    ]);

  return {
    exportedAt: new Date().toISOString(),
    profile: {
      id: user.id,
      email: user.email,
      emailVerified: user.emailVerified,
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phone,
      phoneVerified: user.phoneVerified,
      role: user.role,
      twoFactorEnabled: user.twoFactorEnabled,
      createdAt: isoTimeOrNull(user.createdAt),
      updatedAt: isoTimeOrNull(user.updatedAt),
    },
    signInMethods: signIns.map((s) => ({ provider: s.provider, createdAt: isoTimeOrNull(s.createdAt), updatedAt: isoTimeOrNull(s.updatedAt) })),
    sessions: sessionRows.map((s) => ({ ...s, createdAt: isoTimeOrNull(s.createdAt), expiresAt: isoTimeOrNull(s.expiresAt) })),
    waitlistEntry: waitlist ? waitlistOf(waitlist) : null,
    /** The e-mail switches this address turned on or off (the others are at their defaults). */
    emailChoices: preferenceRows.map((p) => ({ ...p, changedAt: isoTimeOrNull(p.changedAt) })),
    applications: applicationRows.map((row) => ({
      id: row.id,
      status: row.status,
      draft: storedDraft(row),
      sensitive: maskedSensitive(cipher, row),
      consents: { creditPull: row.consentCreditPull, eSign: row.consentESign, consentedAt: isoTimeOrNull(row.consentedAt) },
      certifiedAt: isoTimeOrNull(row.certifiedAt),
      submittedAt: isoTimeOrNull(row.submittedAt),
      reviewedAt: isoTimeOrNull(row.reviewedAt),
      declineReason: row.declineReason,
      withdrawnAt: isoTimeOrNull(row.withdrawnAt),
      withdrawReason: row.withdrawReason,
      createdAt: isoTimeOrNull(row.createdAt),
      updatedAt: isoTimeOrNull(row.updatedAt),
    })),
    documents: documentRows.map((d) => ({ ...presentDocument(d), applicationId: d.applicationId })),
    /** What each approval pre-approved (docs/decisions/030-pre-approval.md), without the staff member's account. */
    preApprovals: preApprovalRows,
    requests: requestRows.map((r) => ({ ...r, createdAt: isoTimeOrNull(r.createdAt), stateChangedAt: isoTimeOrNull(r.stateChangedAt) })),
    /** The answers they asked us to change (docs/decisions/041-withdrawal-and-change-requests.md). */
    changeRequests: (
      await Promise.all(applicationRows.map(async (row) => (await changeRequestsOf(db, row.id)).map((request) => ({ ...request, applicationId: row.id }))))
    ).flat(),
    messages: messageRows.map((m) => ({ ...m, createdAt: isoTimeOrNull(m.createdAt), deletedAt: isoTimeOrNull(m.deletedAt) })),
    emails: mails.map((m) => ({ subject: m.subject, createdAt: isoTimeOrNull(m.createdAt) })),
    /** Each home: the agreement and its terms, the ledger with its hashes, statements, notices, payment changes, valuations. */
    homes: homeRows,
  };
}

function waitlistOf(row: typeof waitlistEntries.$inferSelect) {
  const { emailKey: _key, id: _id, clientTimestamp, receivedAt, createdAt, updatedAt, ...fields } = row;
  return {
    ...fields,
    clientTimestamp: isoTimeOrNull(clientTimestamp),
    receivedAt: isoTimeOrNull(receivedAt),
    createdAt: isoTimeOrNull(createdAt),
    updatedAt: isoTimeOrNull(updatedAt),
  };
}

export type UserDataExport = Awaited<ReturnType<typeof exportUserData>>;
