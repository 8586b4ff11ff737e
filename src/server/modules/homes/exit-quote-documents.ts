import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { MAX_DOCUMENT_BYTES, type DocumentContentType } from '../../../domain/application';
import { MAX_DISPUTE_DOCUMENTS, type DisputeDocument } from '../../../domain/homes/exit-quotes';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import type { Executor } from '../../platform/db/client';
import { homeExitQuoteDocuments, homeExitQuotes, homes } from '../../platform/db/schema';
import { auditedDownload } from '../../platform/http/audited-download';
import type { Deps } from '../../platform/http/context';
import { AppError } from '../../platform/lib/errors';
import { isoTime } from '../../platform/lib/iso-time';
import { contentDisposition, receiveMultipart } from '../applications';
import { lockedQuoteOf, quoteNotFound, quoteState } from './exit-quote-core';

/**
 * The documents a homeowner sends with a dispute of a quote's valuation (docs/decisions/040-exit-quote-completion.md):
 * comparable sales, an appraisal. The same upload as application documents (src/server/modules/applications/
 * receive-upload.ts: PDF, JPEG or PNG by their first bytes, at most 25 MB, nothing stored on a refusal), to the
 * homeowner's own disputed quote while it waits for staff, at most MAX_DISPUTE_DOCUMENTS. Each upload and each
 * download is audited; the homeowner and staff read them.
 */

const documentNotFound = () => new AppError(404, 'not_found', 'Document not found.');
const invalidUpload = () => new AppError(400, 'invalid_upload', 'Send the file as multipart/form-data with one file field.');
const noFile = () => new AppError(400, 'no_file', 'Please choose a file to upload.');
const tooMany = () => new AppError(409, 'too_many_files', `You can send at most ${MAX_DISPUTE_DOCUMENTS} documents with a dispute.`);

/** Storage keys are the server's own: exit-quotes/<quote id>/<random id>. */
const storageKeyFor = (quoteId: string) => `exit-quotes/${quoteId}/${randomUUID()}`;

/** The quote must be the homeowner's, disputed and waiting for staff, with room for one more document. */
async function checkOpenDispute(tx: Executor, quoteId: string, userId: string, lock: boolean) {
  const quote = lock
    ? await lockedQuoteOf(tx, quoteId, userId)
    : (
        await tx
          .select({ quote: homeExitQuotes })
          .from(homeExitQuotes)
          .innerJoin(homes, eq(homes.id, homeExitQuotes.homeId))
          .where(and(eq(homeExitQuotes.id, quoteId), eq(homes.userId, userId)))
      )[0]?.quote;
  if (!quote) throw quoteNotFound();
  if (quote.state !== 'disputed') throw quoteState('Documents are added to a dispute while it waits for our answer.');
  const [{ files }] = await tx.select({ files: count() }).from(homeExitQuoteDocuments).where(eq(homeExitQuoteDocuments.quoteId, quoteId));
  if (files >= MAX_DISPUTE_DOCUMENTS) throw tooMany();
  return quote;
}

/**
 * POST /api/me/home/dispute-documents?quote=: checked before a byte is read, streamed to storage through the
 * documents' upload guard, then recorded (checked again, the quote locked) with its audit entry. A refusal at any
 * step leaves nothing stored.
 */
export async function storeDisputeDocument(
  deps: Pick<Deps, 'db' | 'storage' | 'logger'>,
  actor: AuditActor & { id: string },
  quoteId: string,
  request: Request,
): Promise<DisputeDocument> {
  const { db, storage, logger } = deps;
  await checkOpenDispute(db, quoteId, actor.id, false);
  const key = storageKeyFor(quoteId);
  const removeNew = () => storage.delete(key).catch((err) => logger.error({ err, key }, 'could not remove a refused upload'));
  try {
    const { file } = await receiveMultipart(request, storage, key, { maxFileBytes: MAX_DOCUMENT_BYTES, invalid: invalidUpload });
    if (!file) throw noFile();
    return await db.transaction(async (tx) => {
      const quote = await checkOpenDispute(tx, quoteId, actor.id, true);
      const [row] = await tx
        .insert(homeExitQuoteDocuments)
        .values({ quoteId, homeId: quote.homeId, storageKey: key, ...file, uploadedBy: actor.id })
        .returning();
      await recordAudit(tx, actor, {
        action: 'create',
        entityType: 'homes',
        entityId: quote.homeId,
        changes: { exitQuoteDocument: { id: row!.id, quoteId, contentType: row!.contentType, sizeBytes: row!.sizeBytes } },
      });
      return { id: row!.id, name: row!.originalName, contentType: row!.contentType, sizeBytes: row!.sizeBytes, createdAt: isoTime(row!.createdAt) };
    });
  } catch (error) {
    await removeNew();
    throw error;
  }
}

/**
 * GET a dispute document: the homeowner's own (`userId`), or any for staff (`userId` undefined); 404 for anyone
 * else's, like one that does not exist. Audited before the file is sent (auditedDownload).
 */
export async function downloadDisputeDocument(deps: Pick<Deps, 'db' | 'storage' | 'logger'>, actor: AuditActor, documentId: string, userId?: string) {
  const [row] = await deps.db
    .select({ document: homeExitQuoteDocuments, userId: homes.userId })
    .from(homeExitQuoteDocuments)
    .innerJoin(homes, eq(homes.id, homeExitQuoteDocuments.homeId))
    .where(eq(homeExitQuoteDocuments.id, documentId));
  if (!row || (userId !== undefined && row.userId !== userId)) throw documentNotFound();
  const { document } = row;
  return auditedDownload(deps, actor, {
    storageKey: document.storageKey,
    contentType: document.contentType,
    contentDisposition: contentDisposition(document.originalName, document.contentType as DocumentContentType, 'dispute-document'),
    audit: {
      action: 'download',
      entityType: 'homes',
      entityId: document.homeId,
      changes: { exitQuoteDocument: { id: document.id, quoteId: document.quoteId } },
    },
    missing: () => {
      deps.logger.error({ documentId: document.id }, 'dispute document row without its stored file');
      return documentNotFound();
    },
  });
}
