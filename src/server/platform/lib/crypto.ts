import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { decodeKey, type Config } from '../config';

/**
 * Field encryption for what docs/product/application.md#sensitive-fields says is
 * encrypted at rest: the last four SSN digits and the date of birth. AES-256-GCM;
 * each value gets a random 96-bit IV and is bound to its place (`context`, e.g.
 * 'applications.ssn_last4:<id>') as additional authenticated data, so a
 * ciphertext copied to another row or column does not open.
 *
 * Stored text: `v1.<keyId>.<iv>.<ciphertext>.<tag>` (base64url parts). `v1` names
 * the format; keyId (8 hex of a hash of the key) names the key, so a wrong key is
 * reported as such and a later rotation can tell old values from new ones.
 */
export interface FieldCipher {
  keyId: string;
  encrypt(plaintext: string, context: string): string;
  decrypt(stored: string, context: string): string;
}

const VERSION = 'v1';
/** GCM's full tag. Node checks only as many bytes as it is given unless told the length: a cut tag must never open. */
const TAG_BYTES = 16;
const IV_BYTES = 12;

export class DecryptionError extends Error {}

/**
 * A base64url part as the cipher wrote it, or undefined. Node's decoder is lenient (padding,
 * '+' and '/', spare low bits in the last character): several spellings open to the same
 * bytes, so a stored value or a token would have more than one accepted form.
 */
function canonicalPart(part: string): Buffer | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(part)) return undefined;
  const bytes = Buffer.from(part, 'base64url');
  return bytes.toString('base64url') === part ? bytes : undefined;
}

export function keyIdOf(key: Buffer): string {
  return createHash('sha256').update('field-key-id\0').update(key).digest('hex').slice(0, 8);
}

export function createFieldCipher(key: Buffer): FieldCipher {
  if (key.length !== 32) throw new Error('the data encryption key must be 32 bytes');
  const keyId = keyIdOf(key);
  return {
    keyId,
    encrypt(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [VERSION, keyId, iv.toString('base64url'), ciphertext.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
    },
    decrypt(stored, context) {
      const parts = stored.split('.');
      if (parts.length !== 5 || parts[0] !== VERSION) throw new DecryptionError('unknown ciphertext format');
      if (parts[1] !== keyId)
        throw new DecryptionError(`value was encrypted with another key (${parts[1]}); DATA_ENCRYPTION_KEY or DATA_DIR/encryption-key changed`);
      const [iv, ciphertext, tag] = parts.slice(2).map(canonicalPart);
      if (!iv || !ciphertext || !tag || iv.length !== IV_BYTES || tag.length !== TAG_BYTES)
        throw new DecryptionError('value is not as the cipher wrote it (a part is cut, extended or re-encoded)');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
      } catch {
        throw new DecryptionError('value does not open with this key and context (tampered or moved)');
      }
    },
  };
}

/**
 * DATA_ENCRYPTION_KEY when set; otherwise a key generated on first start into
 * DATA_DIR/encryption-key (mode 600) and read from there afterwards. Losing that
 * file makes the encrypted fields unreadable: back it up with the database.
 */
export function resolveDataKey(config: Pick<Config, 'DATA_ENCRYPTION_KEY' | 'DATA_DIR'>): Buffer {
  if (config.DATA_ENCRYPTION_KEY) {
    const key = decodeKey(config.DATA_ENCRYPTION_KEY);
    if (!key) throw new Error('DATA_ENCRYPTION_KEY must be 32 bytes as base64 or hex');
    return key;
  }
  const file = path.join(config.DATA_DIR, 'encryption-key');
  mkdirSync(config.DATA_DIR, { recursive: true });
  try {
    // 'wx': only the first start writes it, even when two processes race.
    writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  chmodSync(file, 0o600);
  const key = decodeKey(readFileSync(file, 'utf8'));
  if (!key) throw new Error(`${file} does not hold a 32-byte key; restore it from a backup (deleting it makes stored SSNs and birth dates unreadable)`);
  return key;
}

// ---- Masking: what the owner sees of a stored value (docs/product/application.md#sensitive-fields: `•••• 1234`). ----

const DOT = '\u2022';

/** '6789' → '•••• 6789'. */
export const maskSsnLast4 = (last4: string) => `${DOT.repeat(4)} ${last4}`;

/** '1990-12-10' → '••/••/1990' (US order; only the year shows). */
export const maskDateOfBirth = (isoDate: string) => `${DOT.repeat(2)}/${DOT.repeat(2)}/${isoDate.slice(0, 4)}`;
