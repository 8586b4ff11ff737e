import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import { MAX_LETTER_PDF_BYTES } from '../../domain/admin/letters';
import { fileTooLarge, UploadGuard } from '../applications/upload-guard';
import { AppError } from '../lib/errors';
import type { FileStorage } from '../storage/file-storage';

/** The PDF plus the form's text fields and a little multipart framing. */
export const MAX_LETTER_REQUEST_BYTES = MAX_LETTER_PDF_BYTES + 1024 * 1024;

/** Text fields are short (notes at most 5,000 characters). */
const MAX_FIELD_BYTES = 32 * 1024;

const invalidForm = () => new AppError(400, 'invalid_upload', 'Send the letter as multipart/form-data.');
const fileError = (status: 400 | 413, code: string, message: string) => new AppError(status, code, message, { file: message });
/** spec §5: the letter upload accepts PDF only. */
export const notPdf = () => fileError(400, 'not_pdf', 'Please upload a PDF file.');

export interface ReceivedLetterForm {
  /** The text fields, first value per name. */
  fields: Record<string, string>;
  /** Set when a PDF was stored under the key. */
  file?: { sizeBytes: number };
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

/** The application upload's refusals, worded for this form and put under the `file` field. */
function asLetterRefusal(error: unknown): unknown {
  if (!(error instanceof AppError)) return error;
  if (error.code === 'unsupported_file_type') return notPdf();
  if (error.code === 'file_too_large') return fileError(413, 'file_too_large', 'Files must be smaller than 25MB.');
  if (error.code === 'empty_file') return fileError(400, 'empty_file', 'This file is empty. Please choose another PDF.');
  return error;
}

class StorageFailure extends Error {
  constructor(cause: unknown) {
    super('storage failed', { cause });
  }
}

/**
 * Reads the Add Letter of Intent form (multipart/form-data): its text fields and
 * an optional `file`, streamed into storage under `key` without being held in
 * memory. The file must be a PDF by its name or declared type AND by its first
 * bytes ('%PDF-'), at most 25 MB. On any refusal the promise rejects only after
 * storage has given up, so the caller can delete `key` and be sure nothing stays.
 * The text fields are validated by the caller (they may arrive after the file).
 */
export async function receiveLetterForm(request: Request, storage: FileStorage, key: string): Promise<ReceivedLetterForm> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data/i.test(contentType) || !request.body) throw invalidForm();
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > MAX_LETTER_REQUEST_BYTES) throw asLetterRefusal(fileTooLarge());

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      defParamCharset: 'utf8',
      limits: { files: 1, fileSize: MAX_LETTER_PDF_BYTES + 1, fields: 30, fieldSize: MAX_FIELD_BYTES, parts: 40, headerPairs: 50 },
    });
  } catch {
    throw invalidForm();
  }
  const source = Readable.fromWeb(request.body as WebReadableStream<Uint8Array>);
  const fields: Record<string, string> = {};

  return new Promise<ReceivedLetterForm>((resolve, reject) => {
    let settled = false;
    let guard: UploadGuard | undefined;
    let stored: Promise<{ sizeBytes: number }> | undefined;
    const fail = (error: unknown, fromStorage = false) => {
      if (settled) return;
      settled = true;
      const refusal = fromStorage ? error : asLetterRefusal(error instanceof AppError ? error : invalidForm());
      source.destroy();
      guard?.destroy(refusal instanceof Error ? refusal : new Error('upload failed'));
      void Promise.resolve(stored).catch(() => undefined).finally(() => reject(refusal));
    };

    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) return fail(new AppError(400, 'validation_failed', 'Some fields need your attention.', { [name]: 'This field is too long' }));
      if (!(name in fields)) fields[name] = value;
    });
    parser.on('file', (field, file, info) => {
      // A file input left empty still sends a part with no name and no bytes.
      if (stored || field !== 'file' || !info.filename) {
        file.resume();
        return;
      }
      const pdfByName = /\.pdf$/i.test(info.filename) || info.mimeType.toLowerCase() === 'application/pdf';
      if (!pdfByName) {
        file.resume();
        return fail(notPdf());
      }
      const current = (guard = new UploadGuard(MAX_LETTER_PDF_BYTES));
      file.on('error', (error: Error) => current.destroy(error));
      file.pipe(current);
      stored = (async () => {
        // The guard holds the bytes back until it has seen the first ones: nothing is stored before the content is known to be a PDF.
        const type = await current.contentType;
        if (type !== 'application/pdf') throw notPdf();
        try {
          await storage.put(key, current, { contentType: type });
        } catch (error) {
          if (current.errored) throw current.errored;
          throw new StorageFailure(error);
        }
        return { sizeBytes: current.total };
      })();
      stored.catch((error) => (error instanceof StorageFailure ? fail(error.cause, true) : fail(error)));
    });
    parser.on('close', () => {
      const finish = (file?: { sizeBytes: number }) => {
        if (settled) return;
        settled = true;
        resolve({ fields, ...(file ? { file } : {}) });
      };
      if (!stored) return finish();
      stored.then(finish, () => undefined); // its failure is handled where it is created
    });
    pipeline(source, byteLimit(MAX_LETTER_REQUEST_BYTES), parser).catch(fail);
  });
}
