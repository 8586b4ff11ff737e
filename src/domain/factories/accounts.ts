/**
 * Factories of demo data: complete, valid values with fixed defaults that a test
 * overrides where it asserts something, and the seed (src/server/cli/seed-*.ts)
 * overrides with its own varied picks. The server tests (src/server/test/),
 * the browser tests (e2e/support/) and the seed build their data from these.
 */

let sequence = 0;

/**
 * A unique address per call, at example.com: tests run at once in several
 * processes against one server or database (time, then a per-process counter
 * and a random part).
 */
export function uniqueEmail(label = 'visitor'): string {
  sequence += 1;
  return `${label}.${Date.now().toString(36)}.${sequence}${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** What a person types to sign up (docs/product/accounts.md#sign-up). */
export interface NewAccount {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/** A valid sign-up with a unique address and an uncommon password. */
export function newAccount(overrides: Partial<NewAccount> = {}): NewAccount {
  return { firstName: 'Grace', lastName: 'Hopper', email: uniqueEmail('member'), password: 'cobol-compiler-1959!', ...overrides };
}
