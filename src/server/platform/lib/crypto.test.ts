import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createFieldCipher, DecryptionError, maskDateOfBirth, maskSsnLast4, resolveDataKey } from './crypto';

describe('field encryption (AES-256-GCM)', () => {
  const cipher = createFieldCipher(randomBytes(32));

  it('round-trips a value in its context, and never writes the plaintext', () => {
    const stored = cipher.encrypt('6789', 'applications.ssn_last4:a');
    expect(stored).toMatch(/^v1\.[0-9a-f]{8}\.[\w-]{16}\.[\w-]+\.[\w-]{22}$/);
    expect(stored).not.toContain('6789');
    expect(cipher.decrypt(stored, 'applications.ssn_last4:a')).toBe('6789');
  });

  it('gives a new ciphertext each time (random IV)', () => {
    expect(cipher.encrypt('1990-12-10', 'c')).not.toBe(cipher.encrypt('1990-12-10', 'c'));
  });

  it('refuses a value moved to another row or column, tampered with, or from another key', () => {
    const stored = cipher.encrypt('6789', 'applications.ssn_last4:a');
    expect(() => cipher.decrypt(stored, 'applications.ssn_last4:b')).toThrow(DecryptionError);
    const parts = stored.split('.');
    parts[3] = Buffer.from('9999').toString('base64url');
    expect(() => cipher.decrypt(parts.join('.'), 'applications.ssn_last4:a')).toThrow(DecryptionError);
    expect(() => createFieldCipher(randomBytes(32)).decrypt(stored, 'applications.ssn_last4:a')).toThrow(/another key/);
    expect(() => cipher.decrypt('6789', 'x')).toThrow(/format/);
  });

  describe('a tag or part that is not exactly as written never opens (docs/decisions/026-sealed-values-and-tokens.md)', () => {
    const context = 'unsubscribe';
    const stored = cipher.encrypt('{"e":"k","k":"messages"}', context);
    const withTag = (tag: string) => [...stored.split('.').slice(0, 4), tag].join('.');
    const tag = stored.split('.')[4]!;
    const tagBytes = Buffer.from(tag, 'base64url');

    it.each([12, 8, 4, 1, 0])('refuses a tag cut to %i bytes', (bytes) => {
      expect(() => cipher.decrypt(withTag(tagBytes.subarray(0, bytes).toString('base64url')), context)).toThrow(DecryptionError);
    });

    it('refuses an extended tag, and each flipped bit of the tag', () => {
      expect(() => cipher.decrypt(withTag(Buffer.concat([tagBytes, Buffer.from([0])]).toString('base64url')), context)).toThrow(DecryptionError);
      for (let bit = 0; bit < tagBytes.length * 8; bit += 1) {
        const flipped = Buffer.from(tagBytes);
        flipped[bit >> 3]! ^= 1 << (bit & 7);
        expect(() => cipher.decrypt(withTag(flipped.toString('base64url')), context)).toThrow(DecryptionError);
      }
    });

    it('refuses a re-encoded tag, IV or ciphertext: padding, standard base64, spare bits of the last character', () => {
      const padded = `${tag}==`;
      const standard = tagBytes.toString('base64').replace(/=+$/, '');
      // 16 bytes are 22 characters, the last carrying 4 spare bits: the same bytes under another spelling.
      const last = tag.at(-1)!;
      const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
      const spareBits = `${tag.slice(0, -1)}${alphabet[alphabet.indexOf(last) ^ 1]}`;
      expect(Buffer.from(spareBits, 'base64url')).toEqual(tagBytes);
      for (const spelling of [padded, spareBits, ...(standard === tag ? [] : [standard])]) {
        expect(() => cipher.decrypt(withTag(spelling), context)).toThrow(DecryptionError);
      }
      const parts = stored.split('.');
      expect(() => cipher.decrypt([...parts.slice(0, 2), `${parts[2]}=`, ...parts.slice(3)].join('.'), context)).toThrow(DecryptionError);
      expect(() => cipher.decrypt([...parts.slice(0, 3), `${parts[3]}=`, parts[4]].join('.'), context)).toThrow(DecryptionError);
      expect(cipher.decrypt(stored, context)).toBe('{"e":"k","k":"messages"}');
    });
  });

  it('masks for the owner', () => {
    expect(maskSsnLast4('1234')).toBe('•••• 1234');
    expect(maskDateOfBirth('1990-12-10')).toBe('••/••/1990');
  });
});

describe('the data encryption key', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ownstead-key-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('takes DATA_ENCRYPTION_KEY as hex or base64', () => {
    const key = randomBytes(32);
    expect(resolveDataKey({ DATA_DIR: dir, DATA_ENCRYPTION_KEY: key.toString('hex') })).toEqual(key);
    expect(resolveDataKey({ DATA_DIR: dir, DATA_ENCRYPTION_KEY: key.toString('base64') })).toEqual(key);
    expect(() => loadConfig({ DATA_ENCRYPTION_KEY: 'too-short' })).toThrow(/DATA_ENCRYPTION_KEY/);
  });

  it('generates one into DATA_DIR/encryption-key (mode 600) on first start and keeps it', () => {
    const first = resolveDataKey({ DATA_DIR: dir, DATA_ENCRYPTION_KEY: undefined });
    const file = path.join(dir, 'encryption-key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first).toHaveLength(32);
    expect(resolveDataKey({ DATA_DIR: dir, DATA_ENCRYPTION_KEY: undefined })).toEqual(first);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.toString('base64'));
  });
});
