import {
  isWizardDocumentType,
  checkApplication,
  documentTitle,
  isEditable,
  requiredDocuments,
  stripInvalidDraftFields,
  type ApplicationDocument,
  type ApplicationDraft,
  type ApplicationView,
  type DocumentContentType,
} from '../../../domain/application';
import { documentsApi } from '../../../domain/api/application';
import { pathOf } from '../../../domain/api/route';
import type { FieldCipher } from '../../platform/lib/crypto';
import { initialDraft, type ApplicationRow, type DocumentRow, type Owner } from './repository';
import { maskedSensitive, openSensitive } from './sensitive';
import { isoTime, isoTimeOrNull } from '../../platform/lib/iso-time';

/** A document as the API answers it (never its storage key); its schema is the domain's applicationDocumentSchema. */
export function presentDocument(row: DocumentRow): ApplicationDocument {
  return {
    id: row.id,
    type: row.type,
    // A file answering an Other request carries that request's title.
    title: isWizardDocumentType(row.type) ? documentTitle(row.type) : (row.title ?? 'Other document'),
    originalName: row.originalName,
    // The database admits only these three (documents_content_type_check).
    contentType: row.contentType as DocumentContentType,
    sizeBytes: row.sizeBytes,
    // Never null: the column is NOT NULL with a default.
    createdAt: isoTime(row.createdAt),
    url: pathOf(documentsApi.download.path, { id: row.id }),
    replacesId: row.replacesId,
    // The verdict and its reason, never who gave it (docs/product/application.md#document-review).
    reviewState: row.reviewState,
    reviewReason: row.reviewState === 'needs_attention' ? row.reviewReason : null,
  };
}

/**
 * The stored draft (without SSN and date of birth) with its consent time, typed by
 * the domain; a value a later schema no longer accepts is dropped, not a crash.
 */
export function storedDraft(row: ApplicationRow): ApplicationDraft {
  const { draft } = stripInvalidDraftFields(row.draft ?? {});
  return { ...draft, consents: { ...draft.consents, consentedAt: isoTimeOrNull(row.consentedAt) } };
}

/**
 * The application as its owner sees it: the draft, the masked sensitive fields,
 * the documents, what is required and still missing. With no row: a fresh draft
 * (id null) pre-filled from the account.
 */
export function presentApplication(
  cipher: FieldCipher,
  owner: Owner,
  row: ApplicationRow | undefined,
  docs: DocumentRow[],
  /** With no active application: the user's latest one, told of when it was withdrawn. */
  previous?: ApplicationRow,
): ApplicationView {
  const draft = row ? storedDraft(row) : initialDraft(owner);
  const uploaded = docs.map((d) => d.type).filter(isWizardDocumentType);
  const open = row ? openSensitive(cipher, row) : {};
  const missing = checkApplication({ ...draft, personal: { ...draft.personal, ...open } }, { uploaded });
  const status = row?.status ?? 'draft';
  return {
    id: row?.id ?? null,
    status,
    editable: isEditable(status),
    version: row?.version ?? 0,
    draft,
    sensitive: maskedSensitive(cipher, row),
    // The current files only (several per type after submission); earlier versions are the reviewer's (docs/product/application.md#documents).
    documents: docs.filter((d) => d.supersededAt === null).map(presentDocument),
    requiredDocuments: requiredDocuments(draft),
    missing,
    consentedAt: isoTimeOrNull(row?.consentedAt),
    certifiedAt: isoTimeOrNull(row?.certifiedAt),
    submittedAt: isoTimeOrNull(row?.submittedAt),
    reviewedAt: isoTimeOrNull(row?.reviewedAt),
    createdAt: isoTimeOrNull(row?.createdAt),
    updatedAt: isoTimeOrNull(row?.updatedAt),
    withdrawn: !row && previous?.status === 'withdrawn' ? { at: isoTime(previous.withdrawnAt ?? previous.updatedAt), reason: previous.withdrawReason } : null,
  };
}
