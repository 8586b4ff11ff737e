/**
 * The homeowners of e2e/exit-quotes.spec.ts (docs/decisions/034-exit-quotes.md), written before the e2e
 * server opens the database (e2e/support/seed-exit-quotes.ts): one whose only valuation is the purchase
 * (older than 90 days, so a quote waits for staff's valuation), and one whose cash-out was completed
 * (the closed dashboard). Their own, apart from the other homeowner journeys.
 */
export const QUOTE_HOMEOWNER = {
  email: 'homeowner.quotes.e2e@example.com',
  password: 'e2e-quotes-Passphrase-61',
  firstName: 'Ines',
  address: '7 Quarry Road, Madison, WI 53703',
} as const;

export const CLOSED_HOMEOWNER = {
  email: 'homeowner.closed.e2e@example.com',
  password: 'e2e-closed-Passphrase-62',
  firstName: 'Oren',
  address: '90 Harbor View, Portland, ME 04101',
} as const;

/** An accepted cash-out whose move date is today: staff complete it in the browser. */
export const DUE_HOMEOWNER = {
  email: 'homeowner.due.e2e@example.com',
  password: 'e2e-due-Passphrase-63',
  firstName: 'Wren',
  address: '12 Mill Lane, Burlington, VT 05401',
} as const;

/** A homeowner with a recent appraisal (a quote is issued at once) who signs the acceptance with e-signatures on (e2e/exit-quote-signatures.spec.ts). */
export const SIGNING_HOMEOWNER = {
  email: 'homeowner.signing.e2e@example.com',
  password: 'e2e-signing-Passphrase-64',
  firstName: 'Tove',
  address: '3 Orchard Row, Ithaca, NY 14850',
} as const;

export const QUOTES_AGREEMENT = { price: 420_000, downPayment: 29_400, mortgageRate: 6.4, appreciationRate: 3.8 } as const;
