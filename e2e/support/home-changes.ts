import { agreementBounds } from '../../src/domain/calculators';

/**
 * The homeowner of e2e/homeowner-changes.spec.ts (docs/product/dashboard.md: 'Adjust Monthly Payment' and
 * 'Transfer'), written before the e2e server opens the database (e2e/support/seed-home-changes.ts):
 * a home bought on the 15th four calendar months ago, paying the top of the agreement's
 * slider, its months billed and paid, and an appraisal above the price so the accessible
 * equity (the notice's estimated payout) is more than $0. Their own, apart from
 * homeowner.spec.ts's: this journey closes the home.
 */
export const CHANGES_HOMEOWNER = {
  email: 'homeowner.changes.e2e@example.com',
  password: 'e2e-changes-Passphrase-58',
  firstName: 'Mira',
  address: '48 Birch Lane, Columbus, OH 43004',
} as const;

export const CHANGES_AGREEMENT = { price: 420_000, downPayment: 29_400, mortgageRate: 6.4, appreciationRate: 3.8 } as const;
export const CHANGES_BOUNDS = agreementBounds(CHANGES_AGREEMENT);
/** The slider's top, in cents: the payment the home starts with. */
export const CHANGES_START_CENTS = Math.round(CHANGES_BOUNDS.max * 100);
export const CHANGES_BILLED_MONTHS = 4;
export const CHANGES_VALUATION = 470_000;

/** The 15th of the month four calendar months before `today`: months 1–4 have fallen due. */
export function changesPurchaseDateFor(today: string): string {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1 - CHANGES_BILLED_MONTHS, 15)).toISOString().slice(0, 10);
}
