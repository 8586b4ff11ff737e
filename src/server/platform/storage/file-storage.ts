import type { Readable } from 'node:stream';

/**
 * Where uploaded files live (architecture.md 'files'): a folder under DATA_DIR by
 * default, S3-compatible storage when configured. Keys are chosen by the server
 * (e.g. `documents/<application id>/<random id>`), never by a visitor.
 */
export interface FileStorage {
  readonly kind: 'folder' | 's3';
  /**
   * Stores the whole stream under `key`. When the stream fails (too large, wrong
   * type, client gone) the promise rejects and nothing is kept under `key`.
   */
  put(key: string, body: Readable, options: { contentType: string }): Promise<void>;
  /** The stored bytes, or undefined when nothing is stored under `key`. */
  get(key: string): Promise<{ body: Readable; size: number } | undefined>;
  /** Removes `key`; no error when it is already gone. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

const KEY = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*$/;

/** Keys are lower-case path segments of [a-z0-9_-]: no '..', no absolute paths, no surprises in S3 or on disk. */
export function assertStorageKey(key: string): void {
  if (key.length > 300 || !KEY.test(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
}
