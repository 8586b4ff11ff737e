import type { ServerErrorCode } from '../../../domain/api/error-codes';
import { MAX_LETTER_PDF_BYTES } from '../../../domain/admin/letters';
import { receiveMultipart, type ReceivedMultipart } from '../applications';
import { AppError } from '../../platform/lib/errors';
import type { FileStorage } from '../../platform/storage/file-storage';

const invalidForm = () => new AppError(400, 'invalid_upload', 'Send the letter as multipart/form-data.');
const fileError = (status: 400 | 413, code: ServerErrorCode, message: string) => new AppError(status, code, message, { file: message });
/** docs/product/back-office.md#letters-of-intent: the letter upload accepts PDF only. */
export const notPdf = () => fileError(400, 'not_pdf', 'Please upload a PDF file.');

/** The shared upload's refusals, worded for this form and put under the `file` field. */
function asLetterRefusal(error: unknown): unknown {
  if (!(error instanceof AppError)) return error;
  if (error.code === 'unsupported_file_type') return notPdf();
  if (error.code === 'file_too_large') return fileError(413, 'file_too_large', 'Files must be smaller than 25MB.');
  if (error.code === 'empty_file') return fileError(400, 'empty_file', 'This file is empty. Please choose another PDF.');
  return error;
}

/**
 * Reads the Add Letter of Intent form (multipart/form-data): its text fields and
 * an optional `file`, streamed into storage under `key` by the documents' upload
 * (src/server/modules/applications/receive-upload.ts). The file must be a PDF by its name
 * or declared type AND by its first bytes ('%PDF-'), at most 25 MB. The text
 * fields are validated by the caller (they may arrive after the file).
 */
export async function receiveLetterForm(request: Request, storage: FileStorage, key: string): Promise<ReceivedMultipart> {
  try {
    return await receiveMultipart(request, storage, key, {
      maxFileBytes: MAX_LETTER_PDF_BYTES,
      invalid: invalidForm,
      // Text fields are short (notes at most 5,000 characters).
      fields: { count: 30, maxBytes: 32 * 1024 },
      fileField: 'file',
      checkName: (info) => (/\.pdf$/i.test(info.filename ?? '') || info.mimeType.toLowerCase() === 'application/pdf' ? undefined : notPdf()),
      checkType: (type) => (type === 'application/pdf' ? undefined : notPdf()),
    });
  } catch (error) {
    throw asLetterRefusal(error);
  }
}
