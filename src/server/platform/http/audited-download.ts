import { Readable } from 'node:stream';
import { recordAudit, type AuditActor, type AuditEntry } from '../audit/audit';
import type { Deps } from './context';

/** A stored file to send as a download, and the audit entry that must exist before it is sent. */
export interface AuditedFile {
  /** Where storage keeps it (the server's own key, never a visitor's). */
  storageKey: string;
  /** The type the content really has (sniffed at upload). */
  contentType: string;
  /** `attachment; filename=…`, built from a name that cannot break the header (applications/download.ts). */
  contentDisposition: string;
  /** The entry recorded for this download: `action: 'download'`, the entity and what it names. */
  audit: AuditEntry;
  /**
   * The answer when storage has nothing under the key (the row outlived its file).
   * The caller logs it here with the record's id, never a person's data.
   */
  missing: () => Error;
}

/**
 * The one audited file download, for documents and letters of intent
 * (docs/product/back-office.md#audit-log: every document and letter download is
 * recorded; a download without its entry does not happen;
 * docs/product/application.md#documents: an attachment with `nosniff` and
 * `private, no-store`). The stored file is opened first (a missing file is the
 * caller's `missing()`, and nothing is recorded), then the entry is written, and
 * only then is the file answered, streamed from storage. When the entry cannot be
 * written the opened file is closed and the error answers instead of the file.
 */
export async function auditedDownload(deps: Pick<Deps, 'db' | 'storage'>, actor: AuditActor, file: AuditedFile): Promise<Response> {
  const stored = await deps.storage.get(file.storageKey);
  if (!stored) throw file.missing();
  const body = Readable.toWeb(stored.body) as ReadableStream<Uint8Array>;
  // No entry, no file.
  try {
    await recordAudit(deps.db, actor, file.audit);
  } catch (error) {
    await body.cancel().catch(() => undefined);
    throw error;
  }
  return new Response(body, {
    status: 200,
    headers: {
      'Content-Type': file.contentType,
      'Content-Length': String(stored.size),
      'Content-Disposition': file.contentDisposition,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  });
}
