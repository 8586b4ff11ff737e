import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { assertStorageKey, type FileStorage } from './file-storage';

/**
 * Files in a folder (DATA_DIR/uploads by default). A file is written to a
 * temporary `.part` name and renamed into place only once the whole stream has
 * arrived, so a failed upload leaves nothing behind and a reader never sees half
 * a file. Files are mode 600.
 */
export function folderStorage(root: string): FileStorage {
  const fileOf = (key: string) => {
    assertStorageKey(key);
    return path.join(root, ...key.split('/'));
  };
  const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

  return {
    kind: 'folder',
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      const part = `${file}.${randomBytes(6).toString('hex')}.part`;
      // Open first, so the file exists (and is closed) before any clean-up runs:
      // a stream that fails early must not leave a .part created after the rm.
      const handle = await open(part, 'wx', 0o600);
      try {
        await pipeline(body, handle.createWriteStream());
        await rename(part, file);
      } catch (error) {
        await handle.close().catch(() => undefined);
        await rm(part, { force: true });
        throw error;
      }
    },
    async get(key) {
      const file = fileOf(key);
      try {
        const { size } = await stat(file);
        return { body: createReadStream(file), size };
      } catch (error) {
        if (missing(error)) return undefined;
        throw error;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    async exists(key) {
      try {
        return (await stat(fileOf(key))).isFile();
      } catch (error) {
        if (missing(error)) return false;
        throw error;
      }
    },
  };
}
