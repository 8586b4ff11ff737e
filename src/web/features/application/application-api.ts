import type { ApplicationDraft, ApplicationStatus, DocumentType, StepProblems } from '../../../domain/application';
import { api } from '../../lib/api';

/** A stored document as the API answers it (docs/decisions/007). */
export interface ApplicationDocument {
  id: string;
  type: DocumentType;
  title: string;
  originalName: string;
  contentType: string;
  sizeBytes: number;
  createdAt: string;
  /** Downloads the file (attachment). */
  url: string;
}

/** GET/PUT /api/application: the user's application; id null while nothing is saved. */
export interface ApplicationView {
  id: string | null;
  status: ApplicationStatus;
  editable: boolean;
  version: number;
  draft: ApplicationDraft;
  /** Masked ('•••• 1234', '••/••/1990'): the digits never come back to the browser. */
  sensitive: { ssnLast4: string | null; dateOfBirth: string | null };
  documents: ApplicationDocument[];
  requiredDocuments: DocumentType[];
  missing: StepProblems[];
  consentedAt: string | null;
  certifiedAt: string | null;
  submittedAt: string | null;
  reviewedAt: string | null;
  createdAt: string | null;
  updatedAt: string | null;
}

/** The PUT body: the whole draft; the two sensitive fields only when they change (absent keeps them). */
export type DraftBody = Record<string, unknown> & { version?: number };

export const APPLICATION_KEY = ['application'] as const;

export const loadApplication = (signal?: AbortSignal) => api<ApplicationView>('/api/application', { signal });

export const saveApplication = (body: DraftBody, options: { keepalive?: boolean } = {}) =>
  api<ApplicationView>('/api/application', { method: 'PUT', body, keepalive: options.keepalive });

export const submitApplication = () => api<ApplicationView>('/api/application/submit', { body: {} });

/** One file per request, under the document's type (spec §5: only the first selected file is taken). */
export function uploadDocument(type: DocumentType, file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return api<ApplicationDocument>(`/api/application/documents?type=${encodeURIComponent(type)}`, { body: form });
}

export const removeDocument = (id: string) => api<{ deleted: true }>(`/api/documents/${encodeURIComponent(id)}`, { method: 'DELETE' });
