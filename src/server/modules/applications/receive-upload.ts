import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import { MAX_DOCUMENT_BYTES, type DocumentContentType } from '../../../domain/application';
import { withoutUnsafeText } from '../../../domain/safe-text';
import { AppError } from '../../platform/lib/errors';
import type { FileStorage } from '../../platform/storage/file-storage';
import { fileTooLarge, UploadGuard } from './upload-guard';

const invalidUpload = () => new AppError(400, 'invalid_upload', 'Send the file as multipart/form-data with one file field.');
const noFile = () => new AppError(400, 'no_file', 'Please choose a file to upload.');

export interface ReceivedFile {
  contentType: DocumentContentType;
  sizeBytes: number;
  originalName: string;
}

/**
 * The name as the browser sent it, without any folder part or control characters, at most 255 characters —
 * and without a surrogate half, which the cut at 255 can leave and the database cannot store (safe-text.ts).
 */
export function cleanOriginalName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const printable = base.replace(/[\u0000-\u001f\u007f]/g, '');
  return withoutUnsafeText(printable.trim().slice(0, 255)) || 'document';
}

class StorageFailure extends Error {
  constructor(cause: unknown) {
    super('storage failed', { cause });
  }
}

/** Fails the stream once more than `max` bytes went through. */
function byteLimit(max: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      callback(seen > max ? fileTooLarge() : null, chunk);
    },
  });
}

export interface MultipartOptions {
  /** Largest file accepted; the whole request may carry 1 MB more (framing, text fields). */
  maxFileBytes: number;
  /** Answer for a request that is not a readable multipart/form-data body. */
  invalid: () => AppError;
  /** Keep the text fields (first value per name) within these limits; without it they are skipped. */
  fields?: { count: number; maxBytes: number };
  /** Take only this field's file, and only when a file was chosen; without it the first file of any field. */
  fileField?: string;
  /** A refusal from the name and declared type, before any byte is stored. */
  checkName?: (info: busboy.FileInfo) => AppError | undefined;
  /** A refusal from the type sniffed from the first bytes, before any byte is stored. */
  checkType?: (type: DocumentContentType) => AppError | undefined;
}

export interface ReceivedMultipart {
  fields: Record<string, string>;
  file?: ReceivedFile;
}

/**
 * Streams a multipart/form-data request's file into storage under `key` without
 * holding it in memory, and collects its text fields. The file is sniffed by its
 * first bytes (PDF, JPEG or PNG; src/server/modules/applications/upload-guard.ts) before
 * anything is stored. Refuses a declared or counted size over the limit (413),
 * other content (415), an empty file (400). On any refusal the promise rejects
 * only after storage has given up, so the caller can delete `key` and be sure
 * nothing stays.
 */
export async function receiveMultipart(request: Request, storage: FileStorage, key: string, options: MultipartOptions): Promise<ReceivedMultipart> {
  const maxRequestBytes = options.maxFileBytes + 1024 * 1024;
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data/i.test(contentType) || !request.body) throw options.invalid();
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxRequestBytes) throw fileTooLarge();

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      // Browsers send file names as UTF-8 (busboy's default is latin1).
      defParamCharset: 'utf8',
      limits: {
        files: 1,
        fileSize: options.maxFileBytes + 1,
        fields: options.fields?.count ?? 20,
        fieldSize: options.fields?.maxBytes ?? 8 * 1024,
        parts: 40,
        headerPairs: 50,
      },
    });
  } catch {
    throw options.invalid();
  }
  const source = Readable.fromWeb(request.body as WebReadableStream<Uint8Array>);
  const fields: Record<string, string> = {};

  return new Promise<ReceivedMultipart>((resolve, reject) => {
    let settled = false;
    let guard: UploadGuard | undefined;
    let taken: Readable | undefined;
    let stored: Promise<ReceivedFile> | undefined;
    /** A refusal (AppError) answers as such; a broken request is `invalid`; a storage failure stays a server error. */
    const fail = (error: unknown, fromStorage = false) => {
      if (settled) return;
      settled = true;
      const refusal = error instanceof AppError || fromStorage ? error : options.invalid();
      guard?.destroy(refusal instanceof Error ? refusal : new Error('upload failed'));
      // The rest of the body is read and dropped (at most the request's limit, byteLimit below), not cut off:
      // destroying the request's stream broke its connection mid-body and surfaced as an uncaught
      // 'Premature close', while a client on a kept-alive connection lost its next reply.
      taken?.unpipe();
      taken?.resume();
      // Answer only once storage has given up, so a caller's clean-up cannot run before a late write.
      void Promise.resolve(stored)
        .catch(() => undefined)
        .finally(() => reject(refusal));
    };

    if (options.fields) {
      parser.on('field', (name, value, info) => {
        if (info.valueTruncated) return fail(new AppError(400, 'validation_failed', 'Some fields need your attention.', { [name]: 'This field is too long' }));
        if (!(name in fields)) fields[name] = value;
      });
    }
    parser.on('file', (field, file, info) => {
      // docs/product/application.md#documents: only the first selected file is taken. A file input left empty still sends a part with no name and no bytes.
      if (stored || (options.fileField !== undefined && (field !== options.fileField || !info.filename))) {
        file.resume();
        return;
      }
      const refusal = options.checkName?.(info);
      if (refusal) {
        file.resume();
        return fail(refusal);
      }
      taken = file;
      const current = (guard = new UploadGuard(options.maxFileBytes));
      file.on('error', (error: Error) => current.destroy(error));
      file.pipe(current);
      stored = (async () => {
        // The guard holds the bytes back until it has seen the first ones: nothing is stored before the type is known.
        const type = await current.contentType;
        const wrongType = options.checkType?.(type);
        if (wrongType) throw wrongType;
        try {
          await storage.put(key, current, { contentType: type });
        } catch (error) {
          // The guard's refusal, or a broken request, is the answer; otherwise storage itself failed.
          if (current.errored) throw current.errored;
          throw new StorageFailure(error);
        }
        return { contentType: type, sizeBytes: current.total, originalName: cleanOriginalName(info.filename) };
      })();
      stored.catch((error) => (error instanceof StorageFailure ? fail(error.cause, true) : fail(error)));
    });
    parser.on('close', () => {
      const finish = (file?: ReceivedFile) => {
        if (settled) return;
        settled = true;
        resolve({ fields, ...(file ? { file } : {}) });
      };
      if (!stored) return finish();
      stored.then(finish, () => undefined); // its failure is handled where it is created
    });
    pipeline(source, byteLimit(maxRequestBytes), parser).catch(fail);
  });
}

/**
 * Streams the FIRST file of a multipart/form-data request into storage under
 * `key` (docs/product/application.md#documents: only the first selected file is
 * taken; other parts are skipped). Refuses — with nothing kept in storage — a
 * declared or counted size over the limit (413), content that is not PDF, JPEG
 * or PNG by its first bytes (415), an empty file or no file (400).
 */
export async function receiveUpload(request: Request, storage: FileStorage, key: string): Promise<ReceivedFile> {
  const { file } = await receiveMultipart(request, storage, key, { maxFileBytes: MAX_DOCUMENT_BYTES, invalid: invalidUpload });
  if (!file) throw noFile();
  return file;
}
