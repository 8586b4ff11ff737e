import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalS3, type LocalS3 } from '../../test/local-s3';
import type { FileStorage } from './file-storage';
import { folderStorage } from './folder-storage';
import { s3Storage } from './s3-storage';

const read = async (body: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** `size` bytes, then an error: a client that went away, or a guard that refused the file. */
function failingAfter(size: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= size) return this.destroy(new Error('client went away'));
      const chunk = Buffer.alloc(Math.min(1024 * 1024, size - sent), 7);
      sent += chunk.length;
      this.push(chunk);
    },
  });
}

let s3: LocalS3;
const folderRoot = mkdtempSync(path.join(os.tmpdir(), 'ownstead-uploads-'));

beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(async () => {
  await s3?.stop();
  rmSync(folderRoot, { recursive: true, force: true });
});

const kinds: [string, () => FileStorage, () => Promise<string[]>][] = [
  [
    'folder',
    () => folderStorage(folderRoot),
    async () =>
      readdirSync(folderRoot, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => e.name),
  ],
  [
    's3 (s3rver)',
    () => s3Storage({ bucket: s3.bucket, endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }),
    () => s3.keys(),
  ],
];

describe.each(kinds)('%s storage', (_kind, make, everything) => {
  it('puts, reads, tells it exists, and deletes (twice without error)', async () => {
    const storage = make();
    const bytes = Buffer.from('%PDF-1.4 hello');
    await storage.put('documents/a/one', Readable.from([bytes]), { contentType: 'application/pdf' });
    expect(await storage.exists('documents/a/one')).toBe(true);
    const stored = await storage.get('documents/a/one');
    expect(stored?.size).toBe(bytes.length);
    expect(await read(stored!.body)).toEqual(bytes);
    await storage.delete('documents/a/one');
    await storage.delete('documents/a/one');
    expect(await storage.exists('documents/a/one')).toBe(false);
    expect(await storage.get('documents/a/one')).toBeUndefined();
  });

  it('streams a file larger than one multipart part', async () => {
    const storage = make();
    await storage.put('documents/a/big', Readable.from([Buffer.alloc(12 * 1024 * 1024, 1)]), { contentType: 'application/pdf' });
    const stored = await storage.get('documents/a/big');
    expect(stored?.size).toBe(12 * 1024 * 1024);
    expect((await read(stored!.body)).length).toBe(12 * 1024 * 1024);
    await storage.delete('documents/a/big');
  });

  it.each([[100], [7 * 1024 * 1024]])('keeps nothing when the stream fails after %i bytes', async (size) => {
    const storage = make();
    const before = await everything();
    await expect(storage.put('documents/a/broken', failingAfter(size), { contentType: 'application/pdf' })).rejects.toThrow();
    expect(await storage.exists('documents/a/broken')).toBe(false);
    expect(await everything()).toEqual(before);
  });

  it('refuses keys that could leave its folder or bucket prefix', async () => {
    const storage = make();
    for (const key of ['../x', '/etc/passwd', 'documents/../../x', 'Documents/A', 'a//b', '']) {
      await expect(storage.put(key, Readable.from([Buffer.from('x')]), { contentType: 'image/png' })).rejects.toThrow(/invalid storage key/);
    }
  });
});
