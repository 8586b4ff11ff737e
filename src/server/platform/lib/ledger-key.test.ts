import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { findLedgerKey, LEDGER_KEY_FILE, resolveLedgerKey, signText, verifyText } from './ledger-key';

/** The ledger checkpoints' signing key (docs/decisions/029-ledger-checks.md): from the environment, else a local one in DATA_DIR. */

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ledger-key-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const ed25519 = () => generateKeyPairSync('ed25519').privateKey;

describe('the ledger signing key', () => {
  it('is generated once into DATA_DIR (mode 600) when LEDGER_SIGNING_KEY is blank, and read from there afterwards', () => {
    const DATA_DIR = dataDir();
    expect(findLedgerKey({ DATA_DIR, LEDGER_SIGNING_KEY: undefined })).toBeUndefined();
    // A verifier never creates one.
    expect(existsSync(path.join(DATA_DIR, LEDGER_KEY_FILE))).toBe(false);
    const first = resolveLedgerKey({ DATA_DIR, LEDGER_SIGNING_KEY: undefined });
    expect(first.source).toBe('local');
    expect(first.keyId).toMatch(/^[0-9a-f]{16}$/);
    expect(statSync(path.join(DATA_DIR, LEDGER_KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(resolveLedgerKey({ DATA_DIR, LEDGER_SIGNING_KEY: undefined }).keyId).toBe(first.keyId);
    expect(findLedgerKey({ DATA_DIR, LEDGER_SIGNING_KEY: undefined })?.keyId).toBe(first.keyId);
  });

  it('comes from LEDGER_SIGNING_KEY as PEM (line breaks written as \\n too) or base64 DER', () => {
    const key = ed25519();
    const pem = key.export({ format: 'pem', type: 'pkcs8' }).toString();
    const der = key.export({ format: 'der', type: 'pkcs8' }).toString('base64');
    const DATA_DIR = dataDir();
    const ids = [pem, pem.replace(/\n/g, '\\n'), der].map((LEDGER_SIGNING_KEY) => {
      const config = loadConfig({ DATA_DIR, LEDGER_SIGNING_KEY });
      return resolveLedgerKey(config);
    });
    expect(ids.map((k) => k.source)).toEqual(['environment', 'environment', 'environment']);
    expect(new Set(ids.map((k) => k.keyId)).size).toBe(1);
    expect(existsSync(path.join(DATA_DIR, LEDGER_KEY_FILE))).toBe(false);
  });

  it('refuses at start-up a key that is not an Ed25519 private key, naming the variable', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const publicOnly = generateKeyPairSync('ed25519').publicKey.export({ format: 'pem', type: 'spki' }).toString();
    for (const bad of ['not a key', rsa, publicOnly, 'c2hvcnQ=']) {
      expect(() => loadConfig({ LEDGER_SIGNING_KEY: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ LEDGER_SIGNING_KEY: bad })).toThrow(/LEDGER_SIGNING_KEY: must be an Ed25519 private key in PKCS#8/);
    }
  });

  it('signs so that only the same text with the same key verifies; a public key file verifies without signing', () => {
    const DATA_DIR = dataDir();
    const key = resolveLedgerKey({ DATA_DIR, LEDGER_SIGNING_KEY: undefined });
    const signature = signText(key, 'a'.repeat(64));
    expect(verifyText(key, 'a'.repeat(64), signature)).toBe(true);
    expect(verifyText(key, 'b'.repeat(64), signature)).toBe(false);
    const flipped = Buffer.from(signature, 'base64');
    flipped[0]! ^= 1;
    expect(verifyText(key, 'a'.repeat(64), flipped.toString('base64'))).toBe(false);
    expect(verifyText(key, 'a'.repeat(64), signature.slice(0, 40))).toBe(false);
    expect(verifyText(resolveLedgerKey({ DATA_DIR: dataDir(), LEDGER_SIGNING_KEY: undefined }), 'a'.repeat(64), signature)).toBe(false);

    const file = path.join(DATA_DIR, 'public.pem');
    writeFileSync(file, key.publicPem);
    const publicKey = findLedgerKey({ DATA_DIR: dataDir(), LEDGER_SIGNING_KEY: undefined }, file)!;
    expect(publicKey).toMatchObject({ source: 'public', keyId: key.keyId });
    expect(verifyText(publicKey, 'a'.repeat(64), signature)).toBe(true);
    expect(() => signText(publicKey, 'a')).toThrow(/no private part/);
  });
});
