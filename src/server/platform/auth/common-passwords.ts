import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const LIST = path.join(path.dirname(fileURLToPath(import.meta.url)), 'common-passwords.txt');

let common: Set<string> | undefined;

/** The bundled list (20,000 entries, '#' lines are comments), read once and kept lower-cased. */
function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(LIST, 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'))
      .map((line) => line.toLowerCase()),
  );
  return common;
}

/** Whether a password is among the most common ones, compared case-insensitively. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}
