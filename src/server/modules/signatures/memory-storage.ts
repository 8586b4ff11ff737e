import type { Readable } from 'node:stream';
import type { FileStorage } from '../../platform/storage/file-storage';

/**
 * A FileStorage that keeps one upload in memory, for the public verify page: the shared multipart reader
 * (with its size and type limits) streams into it, and nothing reaches the disk or S3.
 */
export function memoryStorage(): FileStorage & { bytes: () => Buffer | undefined } {
  let kept: Buffer | undefined;
  return {
    kind: 'folder',
    async put(_key: string, body: Readable) {
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
      kept = Buffer.concat(chunks);
    },
    async get() {
      return undefined;
    },
    async delete() {
      kept = undefined;
    },
    async exists() {
      return kept !== undefined;
    },
    bytes: () => kept,
  };
}
