import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Password hashing (docs/decisions/027-test-budget.md). Production hashes exactly as
 * better-auth does by default — scrypt with N=16384, r=16, p=1, a 64-byte key, the
 * password NFKC-normalised, stored as `<salt hex>:<key hex>` — so every hash made
 * before this module still verifies, and a hash made here verifies in better-auth.
 *
 * The test suites set PASSWORD_HASH_COST=test (config refuses it outside
 * NODE_ENV=test): the same code path at 1/64 of the work, stored with a `test$`
 * prefix. A standard hasher never makes such a hash and never accepts one.
 */
export type PasswordHashCost = 'standard' | 'test';

interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

export const SCRYPT_COSTS: Record<PasswordHashCost, ScryptCost> = {
  standard: { N: 16384, r: 16, p: 1 },
  test: { N: 1024, r: 4, p: 1 },
};

const KEY_BYTES = 64;
const TEST_PREFIX = 'test$';

function derive(password: string, salt: string, { N, r, p }: ScryptCost): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_BYTES, { N, r, p, maxmem: 128 * N * r * 2 }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export interface PasswordHasher {
  cost: PasswordHashCost;
  hash(password: string): Promise<string>;
  verify(input: { hash: string; password: string }): Promise<boolean>;
}

export function passwordHasher(cost: PasswordHashCost): PasswordHasher {
  const prefix = cost === 'test' ? TEST_PREFIX : '';
  return {
    cost,
    async hash(password) {
      const salt = randomBytes(16).toString('hex');
      return `${prefix}${salt}:${(await derive(password, salt, SCRYPT_COSTS[cost])).toString('hex')}`;
    },
    async verify({ hash, password }) {
      // A test server also opens standard hashes (the seed's); a standard one never opens a test hash.
      const isTestHash = hash.startsWith(TEST_PREFIX);
      if (isTestHash && cost !== 'test') return false;
      const [salt, key] = (isTestHash ? hash.slice(TEST_PREFIX.length) : hash).split(':');
      if (!salt || !key || !/^[0-9a-f]+$/.test(key)) return false;
      const expected = Buffer.from(key, 'hex');
      const given = await derive(password, salt, SCRYPT_COSTS[isTestHash ? 'test' : 'standard']);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
