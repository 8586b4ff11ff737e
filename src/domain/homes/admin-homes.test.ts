import { describe, expect, it } from 'vitest';
import { agreementBounds } from '../calculators';
import { addDays, centsToDollarsText, dollarsToCents, monthlyPaymentProblem, purchaseSchema, snapMonthlyPaymentCents, todayIso } from './admin-homes';

const AGREEMENT = { price: 420_000, downPayment: 29_400, mortgageRate: 6.4, appreciationRate: 3.8 };
const { min, max, step } = agreementBounds(AGREEMENT);
const cents = (dollars: number) => Math.round(dollars * 100);

describe('dollarsToCents / centsToDollarsText', () => {
  it('reads what people type, to the cent, and nothing else', () => {
    expect(dollarsToCents('420000')).toBe(42_000_000);
    expect(dollarsToCents('$2,354.03')).toBe(235_403);
    expect(dollarsToCents('.5')).toBe(50);
    expect(dollarsToCents('1.005')).toBeNull();
    expect(dollarsToCents('-5')).toBeNull();
    expect(dollarsToCents('12k')).toBeNull();
    expect(dollarsToCents('')).toBeNull();
    expect(centsToDollarsText(42_000_000)).toBe('420000');
    expect(centsToDollarsText(235_403)).toBe('2354.03');
  });
});

describe('monthlyPaymentProblem: the agreement slider (10 years, $5 steps below the top)', () => {
  it('takes every step from the top to the bottom, to within half a cent', () => {
    const steps = Math.round((max - min) / step);
    for (const k of [0, 1, 7, steps]) expect(monthlyPaymentProblem(AGREEMENT, cents(max - k * step)), String(k)).toBeNull();
  });

  it('refuses a payment between steps or outside the bounds, saying why', () => {
    expect(monthlyPaymentProblem(AGREEMENT, cents(max - step) + 100)).toMatch(/\$5 steps/);
    expect(monthlyPaymentProblem(AGREEMENT, cents(max) + 500)).toMatch(/^The monthly payment must be between/);
    expect(monthlyPaymentProblem(AGREEMENT, cents(min) - 500)).toMatch(/^The monthly payment must be between/);
  });

  it('snaps to the nearest step within the bounds', () => {
    expect(snapMonthlyPaymentCents(AGREEMENT, cents(max - 2 * step) + 120)).toBe(cents(max - 2 * step));
    expect(snapMonthlyPaymentCents(AGREEMENT, 1)).toBe(cents(min));
    expect(snapMonthlyPaymentCents(AGREEMENT, cents(max) * 2)).toBe(cents(max));
  });
});

describe('purchaseSchema', () => {
  const valid = {
    address: ' 12 Elm Street ',
    purchaseDate: todayIso(),
    priceCents: 42_000_000,
    downPaymentCents: 2_940_000,
    mortgageRate: 6.4,
    appreciationRate: 3.8,
    monthlyPaymentCents: cents(max),
  };
  const fieldsOf = (input: unknown) => {
    const parsed = purchaseSchema.safeParse(input);
    return parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.join('.'));
  };

  it('takes a valid purchase, the address trimmed; 90 days ahead is the last day', () => {
    expect(purchaseSchema.parse(valid).address).toBe('12 Elm Street');
    expect(fieldsOf({ ...valid, purchaseDate: addDays(todayIso(), 90) })).toEqual([]);
    expect(fieldsOf({ ...valid, purchaseDate: addDays(todayIso(), 91) })).toEqual(['purchaseDate']);
  });

  it('names the down payment when it is not below the price, and checks the payment against that agreement', () => {
    expect(fieldsOf({ ...valid, downPaymentCents: valid.priceCents })).toEqual(['downPaymentCents']);
    // The same S is outside the slider of a much cheaper home.
    expect(fieldsOf({ ...valid, priceCents: 10_000_000, downPaymentCents: 1_000_000 })).toEqual(['monthlyPaymentCents']);
  });
});
