import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

/**
 * The secret that signs session cookies and e-mail links and encrypts two-factor
 * secrets: BETTER_AUTH_SECRET when set, otherwise one generated on first start
 * into DATA_DIR/auth-secret (mode 600) and read from there afterwards. Several
 * instances with separate data folders must share BETTER_AUTH_SECRET instead.
 */
export function resolveAuthSecret(config: Pick<Config, 'BETTER_AUTH_SECRET' | 'DATA_DIR'>): string {
  if (config.BETTER_AUTH_SECRET) return config.BETTER_AUTH_SECRET;
  const file = path.join(config.DATA_DIR, 'auth-secret');
  mkdirSync(config.DATA_DIR, { recursive: true });
  try {
    // 'wx': only the first start writes it, even when two processes race.
    writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  chmodSync(file, 0o600);
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new Error(`${file} holds a secret shorter than 32 characters; delete it to generate a new one`);
  return secret;
}
