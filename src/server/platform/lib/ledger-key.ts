import { createHash, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseSigningKey, type Config } from '../config';

/**
 * The key that signs the ledger's daily checkpoints (docs/decisions/029-ledger-checks.md): Ed25519, from
 * LEDGER_SIGNING_KEY when set, otherwise generated on first start into DATA_DIR/ledger-signing-key.pem (mode 600)
 * and read from there afterwards — a local key, which signs as well but lives beside the database it vouches for.
 * Its id is the first 16 hex digits of the SHA-256 of its public key (DER), stored with each checkpoint.
 */
export interface LedgerKey {
  /** Absent when only the public key is known (a verifier given just that). */
  privateKey?: KeyObject;
  publicKey: KeyObject;
  /** The public key as SPKI PEM: what an operator keeps to check the mailed checkpoints. */
  publicPem: string;
  keyId: string;
  /** 'environment': LEDGER_SIGNING_KEY; 'local': generated into DATA_DIR; 'public': a public key alone. */
  source: 'environment' | 'local' | 'public';
}

export const LEDGER_KEY_FILE = 'ledger-signing-key.pem';

type KeyConfig = Pick<Config, 'LEDGER_SIGNING_KEY' | 'DATA_DIR'>;

function ledgerKeyOf(publicKey: KeyObject, source: LedgerKey['source'], privateKey?: KeyObject): LedgerKey {
  const der = publicKey.export({ format: 'der', type: 'spki' });
  return {
    ...(privateKey ? { privateKey } : {}),
    publicKey,
    publicPem: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
    keyId: createHash('sha256').update(der).digest('hex').slice(0, 16),
    source,
  };
}

function fromPrivate(text: string, source: 'environment' | 'local', where: string): LedgerKey {
  const privateKey = parseSigningKey(text);
  if (!privateKey) throw new Error(`${where} does not hold an Ed25519 private key (PKCS#8 PEM or base64)`);
  return ledgerKeyOf(createPublicKey(privateKey), source, privateKey);
}

/** The signing key: LEDGER_SIGNING_KEY, or DATA_DIR's local key, generated on first use (two processes racing write it once). */
export function resolveLedgerKey(config: KeyConfig): LedgerKey {
  if (config.LEDGER_SIGNING_KEY) return fromPrivate(config.LEDGER_SIGNING_KEY, 'environment', 'LEDGER_SIGNING_KEY');
  const file = path.join(config.DATA_DIR, LEDGER_KEY_FILE);
  mkdirSync(config.DATA_DIR, { recursive: true });
  try {
    const { privateKey } = generateKeyPairSync('ed25519');
    writeFileSync(file, privateKey.export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  chmodSync(file, 0o600);
  return fromPrivate(readFileSync(file, 'utf8'), 'local', file);
}

/**
 * The key a verifier checks with, without ever creating one: a public key file given to it, else
 * LEDGER_SIGNING_KEY, else DATA_DIR's local key if there is one; undefined when none is known.
 */
export function findLedgerKey(config: KeyConfig, publicKeyFile?: string): LedgerKey | undefined {
  if (publicKeyFile) {
    const text = readFileSync(publicKeyFile, 'utf8');
    let publicKey: KeyObject;
    try {
      publicKey = createPublicKey({ key: text, format: 'pem' });
    } catch {
      throw new Error(`${publicKeyFile} does not hold a public key in PEM`);
    }
    if (publicKey.asymmetricKeyType !== 'ed25519') throw new Error(`${publicKeyFile} does not hold an Ed25519 public key`);
    return ledgerKeyOf(publicKey, 'public');
  }
  if (config.LEDGER_SIGNING_KEY) return resolveLedgerKey(config);
  const file = path.join(config.DATA_DIR, LEDGER_KEY_FILE);
  return existsSync(file) ? fromPrivate(readFileSync(file, 'utf8'), 'local', file) : undefined;
}

/** Ed25519 signature (base64) of `text` (UTF-8). */
export function signText(key: LedgerKey, text: string): string {
  if (!key.privateKey) throw new Error('this ledger key has no private part: it can check signatures, not make them');
  return sign(null, Buffer.from(text, 'utf8'), key.privateKey).toString('base64');
}

/** Whether `signature` (base64) is the key's signature of `text`. */
export function verifyText(key: LedgerKey, text: string, signature: string): boolean {
  const bytes = Buffer.from(signature, 'base64');
  if (bytes.length !== 64 || bytes.toString('base64') !== signature) return false;
  return verify(null, Buffer.from(text, 'utf8'), key.publicKey, bytes);
}
