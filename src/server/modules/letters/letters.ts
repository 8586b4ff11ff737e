import { randomUUID } from 'node:crypto';
import { diffFields } from '../../../domain/admin/audit';
import {
  LETTER_EDIT_FIELDS,
  letterFileName,
  letterPdfFormSchema,
  letterSchema,
  type LetterEditInput,
  type LetterInput,
  type LetterItem,
  type LetterStatus,
} from '../../../domain/admin/letters';
import type { Executor } from '../../platform/db/client';
import type { Deps } from '../../platform/http/context';
import { AppError, validationError } from '../../platform/lib/errors';
import { auditedDownload } from '../../platform/http/audited-download';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import { receiveLetterForm } from './letter-upload';
import { deleteLetterRow, findDuplicateLetter, findLetter, insertLetter, presentRow, setLetterFile, updateLetterRow, type LetterRow } from './letters-repo';

/**
 * Letters of intent with their stored PDFs (docs/product/back-office.md#letters-of-intent):
 * adding one (the PDF streamed into storage first, nothing kept when the form is
 * refused), downloading its PDF and deleting it (the PDF first, then the row), each
 * recorded in the audit log.
 */

const notFound = () => new AppError(404, 'not_found', 'There is no such letter of intent.');

/** docs/product/back-office.md#letters-of-intent: the same letter twice is refused, pointing at the one there. */
const duplicate = (letter: LetterRow) =>
  new AppError(
    409,
    'duplicate_letter',
    `This letter is already on the list (${`${letter.firstName} ${letter.lastName}`.trim()}, ${letter.email}). Open it there to attach or replace its PDF.`,
  );

/** Stored under a name the server chooses, never the uploaded one. */
const storageKeyFor = () => `letters-of-intent/${randomUUID()}`;

const removeFile = (deps: Pick<Deps, 'storage' | 'logger'>, key: string) =>
  deps.storage.delete(key).catch((err) => deps.logger.error({ err, key }, 'could not remove a letter PDF; delete it by hand'));

/**
 * Adds a letter from the Add Letter of Intent form (multipart/form-data: the fields
 * of letterSchema and an optional PDF in `file`). The PDF is stored first; a
 * refused form or a failed insert leaves nothing in storage. The letter and its
 * audit entry are written in one transaction.
 */
export async function addLetter(deps: Deps, request: Request, by: { actor: AuditActor; userId: string }): Promise<LetterItem> {
  const key = storageKeyFor();
  let received;
  try {
    received = await receiveLetterForm(request, deps.storage, key);
  } catch (error) {
    await removeFile(deps, key);
    throw error;
  }
  const file = received.file ? { key, sizeBytes: received.file.sizeBytes } : undefined;
  const parsed = letterSchema.safeParse(received.fields);
  if (!parsed.success) {
    if (file) await removeFile(deps, key);
    throw validationError(parsed.error);
  }
  try {
    const row = await deps.db.transaction(async (tx) => {
      const same = await findDuplicateLetter(tx, parsed.data);
      if (same) throw duplicate(same);
      const created = await insertLetter(tx, parsed.data, file, by.userId);
      await recordAudit(tx, by.actor, {
        action: 'create',
        entityType: 'letters_of_intent',
        entityId: created.id,
        changes: { ...parsed.data, pdf: file ? 'attached' : 'none' },
      });
      return created;
    });
    return presentRow(row);
  } catch (error) {
    if (file) await removeFile(deps, key);
    throw error;
  }
}

/**
 * Attaches a PDF to a letter added without one, or replaces its PDF (docs/product/back-office.md#letters-of-intent):
 * multipart/form-data with `letterId` and the PDF in `file`, checked as the Add form's. The new PDF is stored first
 * under a new key; the letter points at it and the change is audited in one transaction; the old PDF is removed after.
 * A buyer's letter keeps the PDF its offer made (409 buyer_letter).
 */
export async function attachLetterPdf(deps: Deps, request: Request, actor: AuditActor): Promise<LetterItem> {
  const key = storageKeyFor();
  let received;
  try {
    received = await receiveLetterForm(request, deps.storage, key);
  } catch (error) {
    await removeFile(deps, key);
    throw error;
  }
  const file = received.file;
  let before: LetterRow | undefined;
  try {
    const parsed = letterPdfFormSchema.safeParse(received.fields);
    if (!parsed.success) throw validationError(parsed.error);
    if (!file) throw new AppError(400, 'no_file', 'Choose a PDF to attach.', { file: 'Choose a PDF to attach.' });
    const row = await deps.db.transaction(async (tx) => {
      before = await findLetter(tx, parsed.data.letterId, { forUpdate: true });
      if (!before) throw notFound();
      if (before.source === 'buyer') throw new AppError(409, 'buyer_letter', 'This letter’s PDF is the one the buyer’s offer made; it cannot be replaced.');
      const updated = (await setLetterFile(tx, before.id, { key, sizeBytes: file.sizeBytes }))!;
      await recordAudit(tx, actor, {
        action: 'update',
        entityType: 'letters_of_intent',
        entityId: before.id,
        changes: { pdf: { from: before.fileKey ? 'attached' : 'none', to: before.fileKey ? 'replaced' : 'attached' } },
      });
      return updated;
    });
    if (before?.fileKey) await removeFile(deps, before.fileKey);
    return presentRow(row);
  } catch (error) {
    await removeFile(deps, key);
    throw error;
  }
}

/** The letter's PDF as an attachment named first-last-letter-of-intent.pdf, recorded as a download before it is sent. */
export async function downloadLetterPdf(deps: Deps, actor: AuditActor, id: string): Promise<Response> {
  const letter = await findLetter(deps.db, id);
  if (!letter) throw notFound();
  if (!letter.fileKey) throw new AppError(404, 'no_pdf', 'This letter of intent has no PDF.');
  return auditedDownload(deps, actor, {
    storageKey: letter.fileKey,
    contentType: 'application/pdf',
    contentDisposition: `attachment; filename="${letterFileName(letter.firstName, letter.lastName)}"`,
    audit: { action: 'download', entityType: 'letters_of_intent', entityId: letter.id, changes: { file: 'pdf' } },
    missing: () => {
      deps.logger.error({ letterId: letter.id }, 'letter of intent without its stored PDF');
      return new AppError(404, 'no_pdf', 'The PDF of this letter of intent is missing.');
    },
  });
}

/** Deletes a letter: its PDF is removed from storage first, then the row, with the deletion's audit entry in the same transaction. */
export async function deleteLetter(deps: Deps, actor: AuditActor, id: string): Promise<void> {
  const letter = await findLetter(deps.db, id);
  if (!letter) throw notFound();
  if (letter.fileKey) await deps.storage.delete(letter.fileKey);
  const deleted = await deps.db.transaction(async (tx) => {
    const row = await deleteLetterRow(tx, letter.id);
    if (row) {
      await recordAudit(tx, actor, {
        action: 'delete',
        entityType: 'letters_of_intent',
        entityId: row.id,
        changes: { firstName: row.firstName, lastName: row.lastName, email: row.email, status: row.status, pdf: row.fileKey !== null },
      });
    }
    return row;
  });
  if (!deleted) throw notFound();
}

/** One letter with every field (the detail view). */
export async function getLetter(deps: Pick<Deps, 'db'>, id: string): Promise<LetterItem> {
  const letter = await findLetter(deps.db, id);
  if (!letter) throw notFound();
  return presentRow(letter);
}

/**
 * Edit (docs/product/back-office.md#letters-of-intent): the fields validated by the
 * route's schema are written with an audit entry of exactly the changed fields, in
 * one transaction; an edit that changes nothing writes nothing.
 */
export async function updateLetter(deps: Pick<Deps, 'db'>, actor: AuditActor, id: string, input: LetterEditInput): Promise<LetterItem> {
  const row = await deps.db.transaction(async (tx) => {
    const before = await findLetter(tx, id, { forUpdate: true });
    if (!before) throw notFound();
    const changes = diffFields(before as Record<string, unknown>, input as Record<string, unknown>, LETTER_EDIT_FIELDS);
    if (Object.keys(changes).length === 0) return before;
    const patch = Object.fromEntries(Object.keys(changes).map((field) => [field, input[field as keyof LetterEditInput]])) as Partial<LetterEditInput>;
    const updated = await updateLetterRow(tx, id, patch);
    await recordAudit(tx, actor, { action: 'update', entityType: 'letters_of_intent', entityId: id, changes });
    return updated!;
  });
  return presentRow(row);
}

/** The audit action of a status change: approving and declining are recorded as such, back to pending as an update. */
const STATUS_ACTIONS = { approved: 'approve', declined: 'decline', pending: 'update' } as const;

/**
 * Called in a status change's transaction, after the letter is written: a buyer's letter moves its
 * offer (the route passes the buying module's; docs/decisions/036-find-and-offer.md). It may refuse
 * the change by throwing, and then nothing is written.
 */
export type LetterDecided = (tx: Executor, actor: AuditActor, letter: { before: LetterRow; after: LetterRow }) => Promise<void>;

/**
 * A status change with an optional reason (kept for a decline), audited in the same transaction;
 * the status the letter already has changes nothing.
 */
export async function setLetterStatus(
  deps: Pick<Deps, 'db'>,
  actor: AuditActor,
  id: string,
  change: { status: LetterStatus; reason?: string | null },
  onDecided?: LetterDecided,
): Promise<LetterItem> {
  const { status } = change;
  const row = await deps.db.transaction(async (tx) => {
    const before = await findLetter(tx, id, { forUpdate: true });
    if (!before) throw notFound();
    if (before.status === status) return before;
    const decisionReason = status === 'declined' ? (change.reason ?? null) : null;
    const updated = (await updateLetterRow(tx, id, { status, decisionReason }))!;
    await recordAudit(tx, actor, {
      action: STATUS_ACTIONS[status],
      entityType: 'letters_of_intent',
      entityId: id,
      changes: { status: { from: before.status, to: status }, ...(decisionReason ? { reason: decisionReason } : {}) },
    });
    await onDecided?.(tx, actor, { before, after: updated });
    return updated;
  });
  return presentRow(row);
}

/**
 * A letter of intent made by a buyer's 'Make an offer' (docs/decisions/036-find-and-offer.md), in the
 * caller's transaction: source buyer, status pending, its PDF already stored under `file.key`; audited.
 */
export async function insertBuyerLetter(
  tx: Executor,
  actor: AuditActor,
  input: LetterInput,
  file: { key: string; sizeBytes: number },
  userId: string,
): Promise<LetterRow> {
  const row = await insertLetter(tx, input, file, userId, 'buyer');
  await recordAudit(tx, actor, {
    action: 'create',
    entityType: 'letters_of_intent',
    entityId: row.id,
    changes: { ...input, source: 'buyer', pdf: 'generated' },
  });
  return row;
}

/** Where a buyer's letter PDF is stored: a key the server chooses. */
export const newLetterKey = storageKeyFor;
