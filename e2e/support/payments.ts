/**
 * The homeowners of e2e/payments.spec.ts (docs/decisions/032-processor-payments.md), one per viewport, written before the e2e
 * server opens the database (e2e/support/seed-payments.ts): each with a home whose months have fallen due
 * and are owed, so 'Pay now' has something to pay. The seed also turns the `paymentsWebhooks` switch on.
 */
export const PAYMENTS_HOMEOWNERS = {
  mobile: { email: 'payer.mobile.e2e@example.com', password: 'e2e-payer-Passphrase-31', firstName: 'Pia', address: '7 Aspen Court, Boise, ID 83702' },
  desktop: { email: 'payer.desktop.e2e@example.com', password: 'e2e-payer-Passphrase-32', firstName: 'Paz', address: '9 Cedar Row, Tulsa, OK 74103' },
} as const;

/** The homeowners of e2e/instant-bank.spec.ts (docs/decisions/046-instant-bank-verification.md), seeded the same way. */
export const INSTANT_HOMEOWNERS = {
  mobile: { email: 'instant.mobile.e2e@example.com', password: 'e2e-instant-Passphrase-51', firstName: 'Ines', address: '11 Larch Street, Helena, MT 59601' },
  desktop: { email: 'instant.desktop.e2e@example.com', password: 'e2e-instant-Passphrase-52', firstName: 'Ivo', address: '13 Poplar Road, Salem, OR 97301' },
} as const;

/** A home bought on the 15th two calendar months ago: months 1 and 2 have fallen due. */
export function paymentsPurchaseDateFor(today: string): string {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1 - 2, 15)).toISOString().slice(0, 10);
}
