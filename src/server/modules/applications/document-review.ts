import { and, eq, inArray } from 'drizzle-orm';
import {
  ALREADY_ASKED_MESSAGE,
  SUPERSEDED_MESSAGE,
  type DocumentReview,
  type DocumentVersion,
  type ReviewDocument,
} from '../../../domain/application/document-review';
import { presentDocument } from './present';
import { documentsOf, type ApplicationRow, type DocumentRow } from './repository';
import type { Executor } from '../../platform/db/client';
import type { Deps } from '../../platform/http/context';
import { applicationRequests, documents, users } from '../../platform/db/schema';
import { AppError } from '../../platform/lib/errors';
import { isoTimeOrNull } from '../../platform/lib/iso-time';
import { findReviewable } from './application-detail';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import { applicationClosed, insertRequest } from './requests';

import { requestsOpenOn } from './requests-open';
/**
 * Per-document review and versions, the reviewer's side (docs/product/back-office.md#document-review;
 * docs/decisions/021-requests-and-messages.md 'Per-document review and versions').
 */

const documentNotFound = () => new AppError(404, 'not_found', 'Document not found.');

/**
 * The review dialog's documents: the current files (oldest first, as uploaded), each with
 * its earlier versions newest first, followed back through `replaces_id`. A superseded file
 * no current one leads to (which the upload code never leaves) is listed on its own rather
 * than lost. Reviewers are named; an account that is gone leaves null.
 */
export async function reviewDocumentsOf(db: Executor, applicationId: string): Promise<ReviewDocument[]> {
  const rows = await documentsOf(db, applicationId);
  const reviewerIds = [...new Set(rows.map((r) => r.reviewedBy).filter((id): id is string => Boolean(id)))];
  const names = new Map(
    reviewerIds.length === 0
      ? []
      : (await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, reviewerIds))).map((u) => [u.id, u.name]),
  );
  const version = (row: DocumentRow): DocumentVersion => ({
    ...presentDocument(row),
    reviewReason: row.reviewState === 'needs_attention' ? row.reviewReason : null,
    reviewedAt: isoTimeOrNull(row.reviewedAt),
    reviewedBy: row.reviewedBy ? (names.get(row.reviewedBy) ?? null) : null,
    supersededAt: isoTimeOrNull(row.supersededAt),
  });
  const byId = new Map(rows.map((r) => [r.id, r]));
  const placed = new Set<string>();
  const withVersions = (row: DocumentRow): ReviewDocument => {
    placed.add(row.id);
    const versions: DocumentVersion[] = [];
    for (let earlier = row.replacesId ? byId.get(row.replacesId) : undefined; earlier && !placed.has(earlier.id);) {
      placed.add(earlier.id);
      versions.push(version(earlier));
      earlier = earlier.replacesId ? byId.get(earlier.replacesId) : undefined;
    }
    return { ...version(row), versions };
  };
  const current = rows.filter((r) => r.supersededAt === null).map(withVersions);
  const orphans = rows.filter((r) => !placed.has(r.id)).map((r) => ({ ...version(r), versions: [] }));
  return [...current, ...orphans];
}

/**
 * A reviewer's verdict on one current file of an application under review: Accepted, or
 * Needs attention with a reason — which, in the same transaction, becomes a document request
 * of the file's type (`document_id` = the file, note = the reason; insertRequest, as the
 * Requests panel's). Audited (entity documents, action review). Re-marking is allowed; a
 * request an earlier Needs attention raised is left as it is (the reviewer withdraws or
 * accepts it under Requests), and a second Needs attention while that request is still
 * open is refused (409 already_asked) rather than asking twice. Refused: an unknown file or
 * one of a draft (404), a closed application (409 application_closed: see requestsOpenOn), an earlier version
 * (409 document_superseded). Answers the application.
 */
export async function reviewDocument(deps: Pick<Deps, 'db'>, actor: AuditActor, documentId: string, review: DocumentReview): Promise<ApplicationRow> {
  return deps.db.transaction(async (tx) => {
    const [found] = await tx.select({ applicationId: documents.applicationId }).from(documents).where(eq(documents.id, documentId));
    if (!found) throw documentNotFound();
    // The application first, then the file: the same lock order as requests and uploads.
    const application = await findReviewable(tx, found.applicationId, { forUpdate: true });
    if (!application) throw documentNotFound();
    const [document] = await tx.select().from(documents).where(eq(documents.id, documentId)).for('update');
    if (!document || document.applicationId !== application.id) throw documentNotFound();
    if (!(await requestsOpenOn(tx, application))) throw applicationClosed();
    if (document.supersededAt) throw new AppError(409, 'document_superseded', SUPERSEDED_MESSAGE);

    const reason = review.state === 'needs_attention' ? review.reason : null;
    let requestId: string | null = null;
    if (review.state === 'needs_attention') {
      const [open] = await tx
        .select({ id: applicationRequests.id })
        .from(applicationRequests)
        .where(and(eq(applicationRequests.documentId, document.id), eq(applicationRequests.state, 'open')));
      if (open) throw new AppError(409, 'already_asked', ALREADY_ASKED_MESSAGE);
      const request = await insertRequest(
        tx,
        actor,
        application,
        {
          kind: 'document',
          documentType: document.type,
          title: document.type === 'other' ? (document.title ?? 'Other document') : undefined,
          note: review.reason,
        },
        { documentId: document.id },
      );
      requestId = request.id;
    }

    const now = new Date();
    await tx
      .update(documents)
      .set({ reviewState: review.state, reviewReason: reason, reviewedBy: actor.id, reviewedAt: now })
      .where(eq(documents.id, document.id));
    await recordAudit(tx, actor, {
      action: 'review',
      entityType: 'documents',
      entityId: document.id,
      changes: {
        application: application.id,
        type: document.type,
        state: { from: document.reviewState, to: review.state },
        ...(reason ? { reason } : {}),
        ...(requestId ? { request: requestId } : {}),
      },
    });
    return application;
  });
}
