/**
 * Everything the e2e server's database holds before the server opens it (playwright.config.ts), in one
 * process: both test admins (create-admins.ts, which migrates the new database), the failed jobs of
 * admin-jobs.spec.ts (seed-jobs.ts) and the homeowners of homeowner.spec.ts and homeowner-changes.spec.ts
 * (seed-homes.ts, seed-home-changes.ts), the late-fee homeowner of homeowner-fees.spec.ts (seed-fee-homes.ts) and the
 * payers of payments.spec.ts with the payments switch on (seed-payments.ts). Each opens and closes the database itself,
 * in this order; then the exit quotes of exit-quotes.spec.ts (seed-exit-quotes.ts).
 */
await import('./create-admins');
await import('./seed-jobs');
await import('./seed-homes');
await import('./seed-home-changes');
await import('./seed-fee-homes');
await import('./seed-payments');
await import('./seed-exit-quotes');

export {};
