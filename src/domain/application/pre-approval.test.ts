import { describe, expect, it } from 'vitest';
import {
  approvedUpTo,
  downPaymentTooLow,
  expiryNoticeOn,
  isPreApprovalExpired,
  preApprovalExpiresOn,
  preApprovalTermsSchema,
  suggestPreApproval,
} from './pre-approval';

describe('suggestPreApproval (variant B with the applicant’s own figures)', () => {
  it('gives calculators.md’s calibration range, with the price held to 50 times the stated down payment (the 2 % floor)', () => {
    // Calibration (income 7,916.67, no debts, $10,000 down): default product 2,762/mo, max product 537,258 at 3,528/mo.
    // $10,000 is 2 % of $500,000, so the suggested price stops there.
    const terms = suggestPreApproval({ monthlyIncome: 7916.67, monthlyDebts: 0, downPayment: 10000 })!;
    expect(terms).toEqual({ maxPriceCents: 50_000_000, monthlyMinCents: 276_200, monthlyMaxCents: 352_800, downPaymentCents: 1_000_000 });
    expect(preApprovalTermsSchema.safeParse(terms).success).toBe(true);
  });

  it('gives the product’s maximum price rounded down to a thousand when the down payment allows it', () => {
    // Mortgage price 419,733 + (30,000 − 10,000) = 439,733; the product's maximum 1.28 × that = 562,858.
    expect(suggestPreApproval({ monthlyIncome: 7916.67, monthlyDebts: 0, downPayment: 30000 })?.maxPriceCents).toBe(56_200_000);
  });

  it('gives nothing without income or when debts take the whole 43 %', () => {
    expect(suggestPreApproval({ monthlyIncome: null, monthlyDebts: 0, downPayment: 10000 })).toBeNull();
    expect(suggestPreApproval({ monthlyIncome: 1000, monthlyDebts: 430, downPayment: 10000 })).toBeNull();
  });
});

describe('preApprovalTermsSchema', () => {
  const terms = { maxPriceCents: 50_000_000, monthlyMinCents: 250_000, monthlyMaxCents: 300_000, downPaymentCents: 1_000_000 };
  const errorsOf = (value: unknown) => {
    const parsed = preApprovalTermsSchema.safeParse(value);
    return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
  };

  it('takes a down payment of exactly 2 % and refuses a cent less, under the down payment', () => {
    expect(errorsOf(terms)).toEqual({});
    expect(errorsOf({ ...terms, downPaymentCents: 999_999 })).toEqual({ downPaymentCents: downPaymentTooLow(50_000_000) });
    expect(downPaymentTooLow(50_000_000)).toBe('The down payment must be at least 2% of the maximum home price: $10,000 or more.');
  });

  it('refuses a range whose top is below its bottom, and a down payment not below the price', () => {
    expect(errorsOf({ ...terms, monthlyMaxCents: 249_999 })).toEqual({ monthlyMaxCents: 'The highest monthly payment cannot be below the lowest.' });
    expect(errorsOf({ ...terms, downPaymentCents: 50_000_000 })).toEqual({ downPaymentCents: 'The down payment must be less than the maximum home price.' });
    expect(Object.keys(errorsOf({ ...terms, maxPriceCents: 0.5 }))).toEqual(['maxPriceCents']);
  });
});

describe('dates', () => {
  it('is valid 90 days through its expiry date, with the notice 14 days before', () => {
    expect(preApprovalExpiresOn('2026-01-15')).toBe('2026-04-15');
    expect(expiryNoticeOn('2026-04-15')).toBe('2026-04-01');
    expect(isPreApprovalExpired('2026-04-15', '2026-04-15')).toBe(false);
    expect(isPreApprovalExpired('2026-04-15', '2026-04-16')).toBe(true);
  });

  it('says the dashboard’s line with the date as MMM d, yyyy', () => {
    expect(approvedUpTo({ maxPriceCents: 50_000_000, expiresOn: '2026-04-15' })).toBe('You’re approved up to $500,000 until Apr 15, 2026');
  });
});
