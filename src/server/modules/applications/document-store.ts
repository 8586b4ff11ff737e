import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { APPLICATION_CLOSED_MESSAGE } from '../../../domain/application/requests';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import { MAX_FILES_PER_TYPE, type StoredDocumentType } from '../../../domain/application';
import type { Deps } from '../../platform/http/context';
import { applicationRequests, documents } from '../../platform/db/schema';
import { AppError } from '../../platform/lib/errors';
import { receiveUpload } from './receive-upload';
import { ensureActiveApplication, findActiveApplication, type ApplicationRow, type DocumentRow, type Owner } from './repository';
import type { Executor } from '../../platform/db/client';
import { submittedError } from './save-draft';
import { requestsOpenOn } from './requests-open';

/** Storage keys are the server's own: documents/<application id>/<random id>. */
const storageKeyFor = (applicationId: string) => `documents/${applicationId}/${randomUUID()}`;

/**
 * Stores an uploaded document of `type` for the user's active application
 * (created as a draft if needed). The file goes to storage first; the row follows
 * in a transaction (docs/product/application.md#documents).
 * - A draft: one more file of its type (ID front and back, 2–3 statements…); each can be removed before submission.
 * - After submission nothing is deleted (docs/product/application.md#documents; ADR 021):
 *   with `requestId` the file is one more of its type answering that open document
 *   request (a new version of the file whose 'Needs attention' raised it, if it is still current); without, it is a new version of the latest current file of its type
 *   (`replaces_id`, the older one `superseded_at`). Each such upload is audited (`actor`).
 * Either way at most MAX_FILES_PER_TYPE current files per type (409 too_many_files), counted with the application locked.
 */
export async function storeDocument(
  deps: Pick<Deps, 'db' | 'storage' | 'logger'>,
  owner: Owner,
  type: StoredDocumentType,
  request: Request,
  options: { requestId?: string; actor?: AuditActor } = {},
): Promise<DocumentRow> {
  const { db, storage, logger } = deps;
  // 'other' is only ever a file answering a request for an Other document (docs/decisions/021-requests-and-messages.md).
  if (type === 'other' && !options.requestId)
    throw new AppError(400, 'validation_failed', 'Some fields need your attention.', {
      type: 'An Other document is uploaded to the request that asks for it.',
    });
  const application = await ensureActiveApplication(db, owner);
  if (options.requestId) await checkUploadRequest(db, application, options.requestId, type);
  // A draft already at the limit is refused before a byte is read (checked again, locked, below).
  if (application.status === 'draft' && (await draftFileCount(db, application.id, type)) >= MAX_FILES_PER_TYPE) throw tooManyFiles('draft');
  const key = storageKeyFor(application.id);
  const removeNew = () => storage.delete(key).catch((err) => logger.error({ err, key }, 'could not remove a refused upload'));

  let file;
  try {
    file = await receiveUpload(request, storage, key);
  } catch (error) {
    await removeNew();
    throw error;
  }

  let created: DocumentRow;
  try {
    created = await db.transaction(async (tx) => {
      // Locks the application: uploads of one user never interleave, and it must still be theirs and active.
      const active = await findActiveApplication(tx, owner.id, { forUpdate: true });
      if (!active || active.id !== application.id)
        throw new AppError(409, 'application_changed', 'Your application changed while the file was uploading. Please try again.');
      if (active.status === 'draft') {
        if ((await draftFileCount(tx, active.id, type)) >= MAX_FILES_PER_TYPE) throw tooManyFiles('draft');
        const [row] = await tx
          .insert(documents)
          .values({ applicationId: active.id, userId: owner.id, type, storageKey: key, ...file })
          .returning();
        return row;
      }
      const answering = options.requestId ? await checkUploadRequest(tx, active, options.requestId, type) : null;
      const current = await tx
        .select()
        .from(documents)
        .where(and(eq(documents.applicationId, active.id), eq(documents.type, type), isNull(documents.supersededAt)))
        .orderBy(desc(documents.createdAt));
      // A new version takes its predecessor's place; an answer to a request is one more file — except to a
      // request a file's 'Needs attention' raised: that answer is the file's new version (docs/product/application.md#document-review).
      const predecessor = answering ? current.find((d) => d.id === answering.documentId) : current[0];
      if (!predecessor && current.length >= MAX_FILES_PER_TYPE) throw tooManyFiles('submitted');
      const now = new Date();
      if (predecessor) await tx.update(documents).set({ supersededAt: now }).where(eq(documents.id, predecessor.id));
      const [row] = await tx
        .insert(documents)
        .values({
          applicationId: active.id,
          userId: owner.id,
          type,
          storageKey: key,
          ...file,
          requestId: answering?.id ?? null,
          title: type === 'other' ? (answering?.title ?? null) : null,
          replacesId: predecessor?.id ?? null,
          createdAt: now,
        })
        .returning();
      await recordAudit(tx, options.actor ?? { id: owner.id, email: owner.email, ip: null }, {
        action: 'create',
        entityType: 'documents',
        entityId: row.id,
        changes: { application: active.id, type, request: row.requestId, replaces: row.replacesId, sizeBytes: row.sizeBytes, contentType: row.contentType },
      });
      return row;
    });
  } catch (error) {
    await removeNew();
    throw error;
  }
  return created;
}

/** A draft's files of one type (a draft keeps no superseded versions). */
async function draftFileCount(tx: Executor, applicationId: string, type: StoredDocumentType): Promise<number> {
  const [{ files }] = await tx
    .select({ files: count() })
    .from(documents)
    .where(and(eq(documents.applicationId, applicationId), eq(documents.type, type)));
  return files;
}

const tooManyFiles = (when: 'draft' | 'submitted') =>
  new AppError(
    409,
    'too_many_files',
    when === 'draft'
      ? `You can add at most ${MAX_FILES_PER_TYPE} files of one kind. Remove one to add another.`
      : `You can keep at most ${MAX_FILES_PER_TYPE} files of one kind. Ask the reviewer in a message if you need to send more.`,
  );

/** The request an upload answers: an open document request of the caller's submitted application, of the file's type; else 404 / 409. */
async function checkUploadRequest(tx: Executor, application: ApplicationRow, requestId: string, type: StoredDocumentType) {
  const [request] = await tx
    .select()
    .from(applicationRequests)
    .where(and(eq(applicationRequests.id, requestId), eq(applicationRequests.applicationId, application.id)));
  if (!request) throw new AppError(404, 'not_found', 'Request not found.');
  if (!(await requestsOpenOn(tx, application))) throw new AppError(409, 'application_closed', APPLICATION_CLOSED_MESSAGE);
  if (request.kind !== 'document' || request.documentType !== type) throw new AppError(409, 'request_kind', 'This request asks for another kind of document.');
  if (request.state !== 'open') throw new AppError(409, 'request_state', 'This request is no longer open.');
  return request;
}

/**
 * Removes one file of the owner's draft (the type's other files stay). Refused once the application is
 * submitted (409 application_submitted): the reviewer may be reading it; a new
 * upload of the same type is a new version of it instead.
 */
export async function deleteDocument(deps: Pick<Deps, 'db' | 'storage' | 'logger'>, owner: Owner, document: DocumentRow): Promise<void> {
  const removed = await deps.db.transaction(async (tx) => {
    const active = await findActiveApplication(tx, owner.id, { forUpdate: true });
    if (!active || active.id !== document.applicationId || active.status !== 'draft') throw submittedError();
    const [row] = await tx
      .delete(documents)
      .where(and(eq(documents.id, document.id), eq(documents.userId, owner.id)))
      .returning();
    return row;
  });
  if (removed) await removeStored(deps, [removed.storageKey]);
}

/** Deletes stored files after their rows are gone; a failure is logged (the key names no person) and not fatal. */
export async function removeStored(deps: Pick<Deps, 'storage' | 'logger'>, keys: string[]): Promise<void> {
  await Promise.all(
    keys.map((key) => deps.storage.delete(key).catch((err) => deps.logger.error({ err, key }, 'stored file could not be removed; delete it by hand'))),
  );
}
