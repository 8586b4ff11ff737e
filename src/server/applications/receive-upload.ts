import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import { MAX_DOCUMENT_BYTES, type DocumentContentType } from '../../domain/application';
import { AppError } from '../lib/errors';
import type { FileStorage } from '../storage/file-storage';
import { fileTooLarge, UploadGuard } from './upload-guard';

/** The whole request may carry the file plus a little multipart framing. */
export const MAX_UPLOAD_REQUEST_BYTES = MAX_DOCUMENT_BYTES + 1024 * 1024;

const invalidUpload = () => new AppError(400, 'invalid_upload', 'Send the file as multipart/form-data with one file field.');
const noFile = () => new AppError(400, 'no_file', 'Please choose a file to upload.');

export interface ReceivedFile {
  contentType: DocumentContentType;
  sizeBytes: number;
  originalName: string;
}

/** The name as the browser sent it, without any folder part or control characters, at most 255 characters. */
export function cleanOriginalName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  return base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 255) || 'document';
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

/**
 * Streams the FIRST file of a multipart/form-data request into storage under
 * `key` (spec §5: only the first selected file is taken; other parts are skipped)
 * without holding it in memory. Refuses — with nothing kept in storage — a
 * declared or counted size over the limit (413), content that is not PDF, JPEG or
 * PNG by its first bytes (415), an empty file or no file (400).
 */
export async function receiveUpload(request: Request, storage: FileStorage, key: string): Promise<ReceivedFile> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data/i.test(contentType) || !request.body) throw invalidUpload();
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > MAX_UPLOAD_REQUEST_BYTES) throw fileTooLarge();

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      // Browsers send file names as UTF-8 (busboy's default is latin1).
      defParamCharset: 'utf8',
      limits: { files: 1, fileSize: MAX_DOCUMENT_BYTES + 1, fields: 20, fieldSize: 8 * 1024, parts: 40, headerPairs: 50 },
    });
  } catch {
    throw invalidUpload();
  }
  const source = Readable.fromWeb(request.body as WebReadableStream<Uint8Array>);

  return new Promise<ReceivedFile>((resolve, reject) => {
    let settled = false;
    let guard: UploadGuard | undefined;
    let stored: Promise<ReceivedFile> | undefined;
    /** A refusal (AppError) answers as such; a broken request is invalid_upload; a storage failure stays a server error. */
    const fail = (error: unknown, fromStorage = false) => {
      if (settled) return;
      settled = true;
      const refusal = error instanceof AppError || fromStorage ? error : invalidUpload();
      source.destroy(); // stop reading; the HTTP server drains or closes the rest
      guard?.destroy(refusal instanceof Error ? refusal : new Error('upload failed'));
      // Answer only once storage has given up, so a caller's clean-up cannot run before a late write.
      void Promise.resolve(stored).catch(() => undefined).finally(() => reject(refusal));
    };

    parser.on('file', (_field, file, info) => {
      if (stored) {
        file.resume();
        return;
      }
      const current = (guard = new UploadGuard(MAX_DOCUMENT_BYTES));
      file.on('error', (error: Error) => current.destroy(error));
      file.pipe(current);
      stored = (async () => {
        const type = await current.contentType;
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
      if (!stored) return fail(noFile());
      stored.then((file) => {
        if (settled) return;
        settled = true;
        resolve(file);
      }, () => undefined); // its failure is handled where it is created
    });
    pipeline(source, byteLimit(MAX_UPLOAD_REQUEST_BYTES), parser).catch(fail);
  });
}
