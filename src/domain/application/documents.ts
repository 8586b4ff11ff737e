import { z } from 'zod';
import { safeIsoDateTime, safeString } from '../safe-text';

/**
 * Document types of the application (docs/product/application.md#documents:
 * tax returns are required when self-employed).
 */
export const DOCUMENT_TYPES = ['governmentId', 'bankStatements', 'paystubs', 'taxReturns'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/**
 * What a stored file can be: one of the four, or 'other' — a file answering a
 * reviewer's request for an Other document, titled by it (docs/decisions/021-requests-and-messages.md).
 */
export const STORED_DOCUMENT_TYPES = [...DOCUMENT_TYPES, 'other'] as const;
export type StoredDocumentType = (typeof STORED_DOCUMENT_TYPES)[number];

/** A wizard's document type (not 'other'). */
export const isWizardDocumentType = (type: StoredDocumentType): type is DocumentType => type !== 'other';

export interface DocumentTypeInfo {
  type: DocumentType;
  title: string;
  description: string;
  /** Required for everyone; tax returns are required only when self-employed (see requiredDocuments). */
  alwaysRequired: boolean;
  /** How a sentence names it: 'Add your {noun} to submit.' */
  noun: string;
}

export const DOCUMENT_TYPE_INFO: readonly DocumentTypeInfo[] = [
  { type: 'governmentId', title: 'Government ID', description: "Driver's license or passport (front and back)", alwaysRequired: true, noun: 'government ID' },
  { type: 'bankStatements', title: 'Bank Statements', description: 'Last 2-3 months from all accounts', alwaysRequired: true, noun: 'bank statements' },
  { type: 'paystubs', title: 'Pay Stubs', description: 'Last 2-3 pay stubs or proof of income', alwaysRequired: true, noun: 'pay stubs' },
  { type: 'taxReturns', title: 'Tax Returns', description: 'Last 2 years (required if self-employed)', alwaysRequired: false, noun: 'tax returns' },
];

export function isDocumentType(value: unknown): value is DocumentType {
  return typeof value === 'string' && (DOCUMENT_TYPES as readonly string[]).includes(value);
}

export function documentTitle(type: DocumentType): string {
  return DOCUMENT_TYPE_INFO.find((d) => d.type === type)?.title ?? type;
}

/** The documents a submission needs: the three always-required ones, plus tax returns when self-employed. */
export function requiredDocuments(draft: { employment?: { selfEmployed?: boolean | null } | null } | null | undefined): DocumentType[] {
  const selfEmployed = Boolean(draft?.employment?.selfEmployed);
  return DOCUMENT_TYPE_INFO.filter((d) => d.alwaysRequired || (d.type === 'taxReturns' && selfEmployed)).map((d) => d.type);
}

/** Required documents not yet uploaded, in display order. */
export function missingDocuments(draft: Parameters<typeof requiredDocuments>[0], uploaded: Iterable<DocumentType>): DocumentType[] {
  const have = new Set(uploaded);
  return requiredDocuments(draft).filter((type) => !have.has(type));
}

/** Each type takes several files (ID front and back, 2–3 statements…), at most so many current ones (docs/product/application.md#documents). */
export const MAX_FILES_PER_TYPE = 10;

/**
 * What a submit still waits for, in words (docs/product/application.md#submission): 'Add your bank statements to
 * submit.', 'Add your government ID, bank statements and pay stubs to submit.'; '' when nothing is missing.
 */
export function missingDocumentsText(missing: readonly DocumentType[]): string {
  const nouns = DOCUMENT_TYPE_INFO.filter((d) => missing.includes(d.type)).map((d) => d.noun);
  if (nouns.length === 0) return '';
  const list = nouns.length === 1 ? nouns[0] : `${nouns.slice(0, -1).join(', ')} and ${nouns.at(-1)}`;
  return `Add your ${list} to submit.`;
}

/** A reviewer's verdict on one file (docs/decisions/021-requests-and-messages.md 'Per-document review'). */
export const DOCUMENT_REVIEW_STATES = ['accepted', 'needs_attention'] as const;
export type DocumentReviewState = (typeof DOCUMENT_REVIEW_STATES)[number];

/** What the buyer and the reviewer read for a verdict: 'Accepted', or 'Needs attention: <reason>'. */
export function documentReviewText(state: DocumentReviewState, reason: string | null): string {
  if (state === 'accepted') return 'Accepted';
  return reason ? `Needs attention: ${reason}` : 'Needs attention';
}

// ---- Files (docs/product/application.md#documents, #messages) ----

/** docs/product/application.md#documents: 25 MB per file (25 × 1024 × 1024 bytes, as a browser's File.size counts). */
export const MAX_DOCUMENT_BYTES = 25 * 1024 * 1024;

export const DOCUMENT_CONTENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type DocumentContentType = (typeof DOCUMENT_CONTENT_TYPES)[number];

/** For `<input type="file" accept=…>`. */
export const DOCUMENT_ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

export const FILE_EXTENSIONS: Readonly<Record<DocumentContentType, string>> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

/**
 * A stored document as the API answers it (never its storage key): the application's
 * `documents`, an upload's reply (docs/product/application.md#documents).
 */
export const applicationDocumentSchema = z.object({
  id: safeString(),
  type: z.enum(STORED_DOCUMENT_TYPES),
  title: safeString(),
  /** As the browser sent it, cleaned (no folder part, no control characters). */
  originalName: safeString(),
  contentType: z.enum(DOCUMENT_CONTENT_TYPES),
  sizeBytes: z.number().int().min(0),
  createdAt: safeIsoDateTime('A date-time'),
  /** Downloads the file (an attachment): GET /api/documents/{id}. */
  url: safeString(),
  /** After submission: the file this one is a new version of (docs/decisions/021-requests-and-messages.md 'Versions'). */
  replacesId: safeString().nullable(),
  /**
   * The reviewer's verdict on this file (docs/product/application.md#document-review): null (not
   * reviewed yet), accepted, or needs_attention with the reason the buyer reads. Never who reviewed it.
   */
  reviewState: z.enum(DOCUMENT_REVIEW_STATES).nullable(),
  reviewReason: safeString().nullable(),
});
export type ApplicationDocument = z.output<typeof applicationDocumentSchema>;

/**
 * The type a file's first bytes show, or undefined: PDF `%PDF-`, JPEG `FF D8 FF`,
 * PNG `89 50 4E 47 0D 0A 1A 0A`. The name and the browser's type are not trusted.
 */
export function sniffContentType(head: Uint8Array): DocumentContentType | undefined {
  const starts = (bytes: number[]) => head.length >= bytes.length && bytes.every((b, i) => head[i] === b);
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  return undefined;
}

/** How many leading bytes sniffContentType needs to decide. */
export const SNIFF_BYTES = 8;

/** A browser-side pre-check of a picked file (the server checks the content again). */
export function checkPickedFile(file: { name: string; size: number; type: string }): 'ok' | 'invalidType' | 'tooLarge' | 'empty' {
  const extension = file.name.toLowerCase().split('.').pop() ?? '';
  const typeOk = (DOCUMENT_CONTENT_TYPES as readonly string[]).includes(file.type) || ['pdf', 'jpg', 'jpeg', 'png'].includes(extension);
  if (!typeOk) return 'invalidType';
  if (file.size > MAX_DOCUMENT_BYTES) return 'tooLarge';
  if (file.size === 0) return 'empty';
  return 'ok';
}
