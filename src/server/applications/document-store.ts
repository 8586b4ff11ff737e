import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { DocumentType } from '../../domain/application';
import type { Deps } from '../context';
import { documents } from '../db/schema';
import { AppError } from '../lib/errors';
import { receiveUpload } from './receive-upload';
import { ensureActiveApplication, findActiveApplication, type DocumentRow, type Owner } from './repository';
import { submittedError } from './save-draft';

/** Storage keys are the server's own: documents/<application id>/<random id>. */
const storageKeyFor = (applicationId: string) => `documents/${applicationId}/${randomUUID()}`;

/**
 * Stores an uploaded document of `type` for the user's active application
 * (created as a draft if needed), replacing an earlier one of the same type.
 * Allowed after submission too (issue 5). The file goes to storage first; the row
 * follows in a transaction; an earlier file of the type is removed after commit.
 */
export async function storeDocument(deps: Pick<Deps, 'db' | 'storage' | 'logger'>, owner: Owner, type: DocumentType, request: Request): Promise<DocumentRow> {
  const { db, storage, logger } = deps;
  const application = await ensureActiveApplication(db, owner);
  const key = storageKeyFor(application.id);
  const removeNew = () => storage.delete(key).catch((err) => logger.error({ err, key }, 'could not remove a refused upload'));

  let file;
  try {
    file = await receiveUpload(request, storage, key);
  } catch (error) {
    await removeNew();
    throw error;
  }

  let replaced: DocumentRow | undefined;
  let created: DocumentRow;
  try {
    created = await db.transaction(async (tx) => {
      // Locks the application: uploads of one user never interleave, and it must still be theirs and active.
      const active = await findActiveApplication(tx, owner.id, { forUpdate: true });
      if (!active || active.id !== application.id)
        throw new AppError(409, 'application_changed', 'Your application changed while the file was uploading. Please try again.');
      [replaced] = await tx
        .delete(documents)
        .where(and(eq(documents.applicationId, active.id), eq(documents.type, type)))
        .returning();
      const [row] = await tx
        .insert(documents)
        .values({ applicationId: active.id, userId: owner.id, type, storageKey: key, ...file })
        .returning();
      return row;
    });
  } catch (error) {
    await removeNew();
    throw error;
  }
  if (replaced) await removeStored(deps, [replaced.storageKey]);
  return created;
}

/**
 * Removes a document of the owner's draft. Refused once the application is
 * submitted (409 application_submitted): the reviewer may be reading it; a new
 * upload of the same type replaces it instead.
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
