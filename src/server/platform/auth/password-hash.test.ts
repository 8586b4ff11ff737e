import { scryptSync } from 'node:crypto';
import { hashPassword as betterAuthHash, verifyPassword as betterAuthVerify } from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { passwordHasher } from './password-hash';

const PASSWORD = 'correct horse battery staple';

describe('password hashing: production never uses the test suites’ cost', () => {
  it('refuses PASSWORD_HASH_COST=test outside NODE_ENV=test, and defaults to standard everywhere', () => {
    for (const NODE_ENV of ['production', 'development']) {
      expect(() => loadConfig({ NODE_ENV, PASSWORD_HASH_COST: 'test' })).toThrow(/PASSWORD_HASH_COST/);
      expect(loadConfig({ NODE_ENV }).PASSWORD_HASH_COST).toBe('standard');
    }
    expect(loadConfig({ NODE_ENV: 'test' }).PASSWORD_HASH_COST).toBe('standard');
    expect(loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_COST: 'test' }).PASSWORD_HASH_COST).toBe('test');
  });

  it('hashes at standard cost exactly as better-auth does: N=16384, r=16, p=1, a 64-byte key, `salt:key`', async () => {
    const hash = await passwordHasher('standard').hash(PASSWORD);
    const [salt, key] = hash.split(':');
    expect(salt).toMatch(/^[0-9a-f]{32}$/);
    const recomputed = scryptSync(PASSWORD.normalize('NFKC'), salt!, 64, { N: 16384, r: 16, p: 1, maxmem: 128 * 16384 * 16 * 2 });
    expect(key).toBe(recomputed.toString('hex'));
    // Both ways: hashes stored before this module still verify, and these verify in better-auth.
    expect(await betterAuthVerify({ hash, password: PASSWORD })).toBe(true);
    expect(await passwordHasher('standard').verify({ hash: await betterAuthHash(PASSWORD), password: PASSWORD })).toBe(true);
    expect(await passwordHasher('standard').verify({ hash, password: `${PASSWORD}!` })).toBe(false);
  });

  it('never opens a test-cost hash at standard cost; a test server opens both', async () => {
    const cheap = await passwordHasher('test').hash(PASSWORD);
    expect(cheap).toMatch(/^test\$[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await passwordHasher('standard').verify({ hash: cheap, password: PASSWORD })).toBe(false);
    expect(await passwordHasher('test').verify({ hash: cheap, password: PASSWORD })).toBe(true);
    expect(await passwordHasher('test').verify({ hash: await betterAuthHash(PASSWORD), password: PASSWORD })).toBe(true);
    expect(await passwordHasher('test').verify({ hash: cheap, password: 'wrong password' })).toBe(false);
    expect(await passwordHasher('standard').verify({ hash: 'not a hash', password: PASSWORD })).toBe(false);
  });
});
