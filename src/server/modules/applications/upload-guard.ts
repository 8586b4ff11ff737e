import { Transform, type TransformCallback } from 'node:stream';
import { SNIFF_BYTES, sniffContentType, type DocumentContentType } from '../../../domain/application';
import { AppError } from '../../platform/lib/errors';

/** The upload texts of docs/product/application.md#messages (and the empty file's, which it does not list), as the API's error messages. */
export const unsupportedFileType = () => new AppError(415, 'unsupported_file_type', 'Please upload PDF, JPG, or PNG files only.');
export const fileTooLarge = () => new AppError(413, 'file_too_large', 'Files must be smaller than 25MB.');
export const emptyFile = () => new AppError(400, 'empty_file', 'This file is empty. Please choose another file.');

/**
 * Sits between an uploaded file and storage: holds back the first bytes until
 * they show a PDF, JPEG or PNG (then `contentType` resolves), counts every byte,
 * and fails the stream — so storage keeps nothing — when the content is of
 * another type, larger than `maxBytes`, or empty.
 */
export class UploadGuard extends Transform {
  readonly contentType: Promise<DocumentContentType>;
  /** Bytes seen so far. */
  total = 0;
  private head: Buffer[] = [];
  private headLength = 0;
  private decided = false;
  private settleType!: { resolve: (type: DocumentContentType) => void; reject: (error: unknown) => void };

  constructor(private readonly maxBytes: number) {
    super();
    this.contentType = new Promise((resolve, reject) => {
      this.settleType = { resolve, reject };
    });
    this.contentType.catch(() => undefined); // the caller awaits it; no unhandled rejection when it does not
    this.once('error', (error) => this.settleType.reject(error));
    this.once('close', () => this.settleType.reject(new Error('upload ended before its type was known')));
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.total += chunk.length;
    if (this.total > this.maxBytes) return callback(fileTooLarge());
    if (this.decided) return callback(null, chunk);
    this.head.push(chunk);
    this.headLength += chunk.length;
    if (this.headLength < SNIFF_BYTES) return callback();
    this.decide(callback);
  }

  override _flush(callback: TransformCallback): void {
    if (this.total === 0) return callback(emptyFile());
    if (!this.decided) return this.decide(callback);
    callback();
  }

  private decide(callback: TransformCallback): void {
    const head = Buffer.concat(this.head);
    const type = sniffContentType(head);
    if (!type) return callback(unsupportedFileType());
    this.decided = true;
    this.head = [];
    this.settleType.resolve(type);
    callback(null, head);
  }
}
