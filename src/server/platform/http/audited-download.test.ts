import { Readable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '../audit/audit';
import type { Deps } from './context';
import { AppError } from '../lib/errors';
import { auditedDownload, type AuditedFile } from './audited-download';

const actor = { id: 'user-1', email: 'ada@example.com', ip: '203.0.113.5' };
const bytes = Buffer.from('%PDF-1.7 the file');

function depsWith({ stored = true, auditFails = false } = {}) {
  const recorded: unknown[] = [];
  const body = Readable.from([bytes]);
  const storage = { get: vi.fn(async () => (stored ? { body, size: bytes.length } : undefined)) };
  const db = {
    insert: () => ({
      values: async (row: unknown) => {
        if (auditFails) throw new Error('audit_log is not there');
        recorded.push(row);
      },
    }),
  };
  return { deps: { db, storage } as unknown as Pick<Deps, 'db' | 'storage'>, recorded, body, storage };
}

const audit: AuditEntry = { action: 'download', entityType: 'documents', entityId: 'doc-1', changes: { type: 'paystubs' } };
const file = (missing = () => new AppError(404, 'not_found', 'Document not found.')): AuditedFile => ({
  storageKey: 'documents/app-1/file-1',
  contentType: 'application/pdf',
  contentDisposition: 'attachment; filename="pay.pdf"',
  audit,
  missing,
});

describe('auditedDownload', () => {
  it('records the download, then streams the stored file with its headers', async () => {
    const { deps, recorded } = depsWith();
    const response = await auditedDownload(deps, actor, file());
    expect(recorded).toEqual([expect.objectContaining({ actorId: 'user-1', action: 'download', entityType: 'documents', entityId: 'doc-1' })]);
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(bytes.length),
      'content-disposition': 'attachment; filename="pay.pdf"',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    });
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('answers no file, and closes the stored one, when the entry cannot be written', async () => {
    const { deps, body } = depsWith({ auditFails: true });
    await expect(auditedDownload(deps, actor, file())).rejects.toThrow('audit_log is not there');
    expect(body.destroyed).toBe(true);
  });

  it("answers the caller's error, and records nothing, when storage no longer has the file", async () => {
    const { deps, recorded } = depsWith({ stored: false });
    const missing = vi.fn(() => new AppError(404, 'no_pdf', 'The PDF is missing.'));
    await expect(auditedDownload(deps, actor, file(missing))).rejects.toMatchObject({ status: 404, code: 'no_pdf' });
    expect(missing).toHaveBeenCalledOnce();
    expect(recorded).toEqual([]);
  });
});
