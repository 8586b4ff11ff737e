import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { MAX_DOCUMENT_BYTES, type DocumentContentType } from '../../../domain/application';
import { MAX_MILESTONE_DOCUMENTS, MILESTONE_LABELS, type ClosingDocument, type MilestoneKind, type MilestoneOwner } from '../../../domain/buying/closing';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import type { Executor } from '../../platform/db/client';
import { closingDocuments } from '../../platform/db/schema';
import { auditedDownload } from '../../platform/http/audited-download';
import type { Deps } from '../../platform/http/context';
import { AppError } from '../../platform/lib/errors';
import { contentDisposition, receiveMultipart } from '../applications';
import { findOffer, offerNotFound, presentClosingDocument } from './offers-repo';

/**
 * The documents of a closing milestone (docs/decisions/042-closing.md): an inspection report, an appraisal, the
 * title commitment, an insurance binder. The same upload as application documents (src/server/modules/applications/
 * receive-upload.ts: PDF, JPEG or PNG by their first bytes, at most 25 MB, nothing stored on a refusal), while the
 * offer is accepted, at most MAX_MILESTONE_DOCUMENTS a milestone. The buyer adds to their own offer's milestones
 * (another buyer's is 404), staff to any. Each upload and each download is audited under the offer; both sides read
 * them on the checklist.
 */

const documentNotFound = () => new AppError(404, 'not_found', 'Document not found.');
const invalidUpload = () => new AppError(400, 'invalid_upload', 'Send the file as multipart/form-data with one file field.');
const noFile = () => new AppError(400, 'no_file', 'Please choose a file to upload.');
const notUnderContract = () => new AppError(409, 'offer_state', 'Documents are added to the closing checklist while the offer is accepted.');
const tooMany = (kind: MilestoneKind) => new AppError(409, 'too_many_files', `${MILESTONE_LABELS[kind]} holds at most ${MAX_MILESTONE_DOCUMENTS} documents.`);

/** Uploads to a closing checklist, per person, within the applications' upload window. */
export const closingUploadLimit = (config: Pick<Deps['config'], 'UPLOAD_RATE_LIMIT_MAX' | 'APPLICATION_RATE_LIMIT_WINDOW_SECONDS'>) => ({
  name: 'closing:upload',
  max: config.UPLOAD_RATE_LIMIT_MAX,
  windowSeconds: config.APPLICATION_RATE_LIMIT_WINDOW_SECONDS,
});

/** Storage keys are the server's own: closing/<offer id>/<random id>. */
const storageKeyFor = (offerId: string) => `closing/${offerId}/${randomUUID()}`;

/** The offer must be accepted (and the buyer's own, `userId`), its milestone with room for one more document. */
async function checkOpen(tx: Executor, offerId: string, kind: MilestoneKind, userId: string | undefined, lock: boolean) {
  const offer = await findOffer(tx, offerId, { userId, forUpdate: lock });
  if (!offer) throw offerNotFound();
  if (offer.status !== 'accepted' || offer.agreedPriceCents === null) throw notUnderContract();
  const [{ files }] = await tx
    .select({ files: count() })
    .from(closingDocuments)
    .where(and(eq(closingDocuments.offerId, offerId), eq(closingDocuments.milestone, kind)));
  if (files >= MAX_MILESTONE_DOCUMENTS) throw tooMany(kind);
  return offer;
}

/**
 * POST /api/me/closing-documents and /api/admin/closing-documents (`?offer=&milestone=`): checked before a byte is
 * read, streamed to storage through the documents' upload guard, then recorded (checked again, the offer locked)
 * with its audit entry. A refusal at any step leaves nothing stored. `side` 'buyer' limits it to `actor.id`'s offers.
 */
export async function storeClosingDocument(
  deps: Pick<Deps, 'db' | 'storage' | 'logger'>,
  actor: AuditActor & { id: string },
  side: MilestoneOwner,
  { offerId, kind }: { offerId: string; kind: MilestoneKind },
  request: Request,
): Promise<ClosingDocument> {
  const { db, storage, logger } = deps;
  const userId = side === 'buyer' ? actor.id : undefined;
  await checkOpen(db, offerId, kind, userId, false);
  const key = storageKeyFor(offerId);
  const removeNew = () => storage.delete(key).catch((err) => logger.error({ err, key }, 'could not remove a refused upload'));
  try {
    const { file } = await receiveMultipart(request, storage, key, { maxFileBytes: MAX_DOCUMENT_BYTES, invalid: invalidUpload });
    if (!file) throw noFile();
    return await db.transaction(async (tx) => {
      const offer = await checkOpen(tx, offerId, kind, userId, true);
      const [row] = await tx
        .insert(closingDocuments)
        .values({ offerId, userId: offer.userId, milestone: kind, storageKey: key, ...file, uploaderSide: side, uploadedBy: actor.id })
        .returning();
      await recordAudit(tx, actor, {
        action: 'create',
        entityType: 'offers',
        entityId: offerId,
        changes: { milestone: kind, closingDocument: { id: row!.id, contentType: row!.contentType, sizeBytes: row!.sizeBytes, uploadedBy: side } },
      });
      return presentClosingDocument(row!);
    });
  } catch (error) {
    await removeNew();
    throw error;
  }
}

/**
 * GET a milestone's document: the buyer's own (`userId`), or any for staff (`userId` undefined); 404 for anyone
 * else's, like one that does not exist. Audited before the file is sent (auditedDownload).
 */
export async function downloadClosingDocument(deps: Pick<Deps, 'db' | 'storage' | 'logger'>, actor: AuditActor, documentId: string, userId?: string) {
  const [document] = await deps.db.select().from(closingDocuments).where(eq(closingDocuments.id, documentId));
  if (!document || (userId !== undefined && document.userId !== userId)) throw documentNotFound();
  return auditedDownload(deps, actor, {
    storageKey: document.storageKey,
    contentType: document.contentType,
    contentDisposition: contentDisposition(document.originalName, document.contentType as DocumentContentType, 'closing-document'),
    audit: {
      action: 'download',
      entityType: 'offers',
      entityId: document.offerId,
      changes: { milestone: document.milestone, closingDocument: { id: document.id } },
    },
    missing: () => {
      deps.logger.error({ documentId: document.id }, 'closing document row without its stored file');
      return documentNotFound();
    },
  });
}
