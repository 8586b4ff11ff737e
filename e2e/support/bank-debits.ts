/**
 * The homeowners of e2e/admin-bank-debits.spec.ts (docs/decisions/038-staff-processor-payments.md), one per
 * viewport, seeded with their billed homes by e2e/support/seed-payments.ts; their debits go through the stand-in
 * processor over HTTP (the spec's debitOverHttp), since it keeps its customers in memory and starts with the server.
 */
export const BANK_DEBIT_HOMEOWNERS = {
  mobile: { email: 'debits.mobile.e2e@example.com', password: 'e2e-debits-Passphrase-41', firstName: 'Bo', address: '3 Birch Lane, Fargo, ND 58102' },
  desktop: { email: 'debits.desktop.e2e@example.com', password: 'e2e-debits-Passphrase-42', firstName: 'Di', address: '5 Maple Way, Dover, DE 19901' },
} as const;
