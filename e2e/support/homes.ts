import { expect, type Page } from '@playwright/test';
import { agreementBounds } from '../../src/domain/calculators';
import { ledgerToday } from '../../src/domain/homes/dates';
import { addDays } from '../../src/domain/ledger/dates';
import { APP_URL } from './ports';

/**
 * The homeowner of e2e/homeowner.spec.ts, written to the database before the e2e server
 * opens it (e2e/support/seed-homes.ts), with a few months of history: the charges of the
 * months fallen due since a purchase six months ago, payments of the first four in full
 * and part of the fifth, the purchase's valuation and a later appraisal. The spec
 * computes the figures it expects from these same inputs with homeownerFigures.
 */
export const HOMEOWNER = {
  email: 'homeowner.e2e@example.com',
  password: 'e2e-homeowner-Passphrase-31',
  firstName: 'Hana',
  address: '12 Elm Street, Springfield, IL 62701',
} as const;

export const HOME_AGREEMENT = { price: 420_000, downPayment: 29_400, mortgageRate: 6.4, appreciationRate: 3.8 } as const;
export const HOME_TERMS = [{ fromMonth: 1, monthlyPayment: 2_354 }] as const;
/** Months billed by the seed: the purchase is on the 15th, six calendar months before today's. */
export const BILLED_MONTHS = 6;
/** Paid in full; month 5 has PART_PAYMENT_CENTS of its charge. */
export const PAID_MONTHS = [1, 2, 3, 4] as const;
export const PART_PAYMENT_CENTS = 500_00;
/** The latest valuation: an appraisal two months ago. */
export const LATEST_VALUATION = 436_500;

/** The 15th of the month six calendar months before `today` (YYYY-MM-DD): months 1–6 have fallen due by today. */
export function purchaseDateFor(today: string): string {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const at = new Date(Date.UTC(year, month - 1 - BILLED_MONTHS, 15));
  return at.toISOString().slice(0, 10);
}

/** The appraisal's date: two months before today (never before the purchase). */
export const appraisalDateFor = (today: string) => addDays(today, -61);

/** The day the seed makes statements as of: today from the 2nd, else yesterday (the month before's last day). */
export const statementDayFor = (today: string) => (Number(today.slice(8, 10)) >= 2 ? today : addDays(today, -1));

/** The period of the homeowner's statement (YYYY-MM): the month before statementDayFor's. */
export function statementPeriodOf(today: string): string {
  const [year, month] = statementDayFor(today).split('-').map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

/** The signed-in admin's `page` approves the application over HTTP. */
/** The pre-approval approving carries (docs/decisions/030-pre-approval.md): $500,000, $2,500–$3,500 a month, the applicant's $29,400 down. */
export const PRE_APPROVAL_TERMS = { maxPriceCents: 50_000_000, monthlyMinCents: 250_000, monthlyMaxCents: 350_000, downPaymentCents: 2_940_000 } as const;

export async function approveOverHttp(page: Page, applicationId: string) {
  const approved = await page.request.patch(`/api/admin/applications/${applicationId}/status`, {
    data: { status: 'approved', preApproval: PRE_APPROVAL_TERMS },
    headers: { origin: APP_URL },
  });
  expect(approved.status(), await approved.text()).toBe(200);
}

/** An applicant approved (unless `approve: false`, when it already is) and their purchase (400 Oak Lane, Austin, TX) recorded today over HTTP, by the signed-in admin's `page` (what the review dialog's 'Record purchase' does); the home's id. */
export async function recordHomeOverHttp(page: Page, applicationId: string, { approve = true }: { approve?: boolean } = {}): Promise<string> {
  const headers = { origin: APP_URL };
  if (approve) await approveOverHttp(page, applicationId);
  const start = await page.request.get(`/api/admin/applications/${applicationId}/home`);
  const { defaults } = (await start.json()) as { defaults: { mortgageRate: number } };
  const { max } = agreementBounds({ price: 420_000, downPayment: 29_400, mortgageRate: defaults.mortgageRate, appreciationRate: 3.8 });
  const recorded = await page.request.post(`/api/admin/applications/${applicationId}/home`, {
    data: {
      address: '400 Oak Lane, Austin, TX',
      purchaseDate: ledgerToday(),
      priceCents: 42_000_000,
      downPaymentCents: 2_940_000,
      mortgageRate: defaults.mortgageRate,
      appreciationRate: 3.8,
      monthlyPaymentCents: Math.round(max * 100),
    },
    headers,
  });
  expect(recorded.status(), await recorded.text()).toBe(201);
  return ((await recorded.json()) as { id: string }).id;
}
