import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  AFFORDABILITY_DEFAULTS,
  calculateAffordability,
  CREDIT_SCORE_BANDS,
  LOCATION_REGIONS,
  REGION_RATE_DEFAULTS,
  toNumber,
  type AffordabilityInputs,
} from './index';

const money = (max: number) => fc.double({ min: 0, max, noNaN: true });
const inputs: fc.Arbitrary<AffordabilityInputs> = fc.record({
  grossIncomeMonthly: money(100_000),
  debtPaymentsMonthly: money(20_000),
  creditScoreBand: fc.constantFrom(...CREDIT_SCORE_BANDS),
  downPaymentAvailable: money(2_000_000),
  targetMonthlyPayment: fc.oneof(fc.constant(0), money(5000)),
  locationRegion: fc.constantFrom(...LOCATION_REGIONS),
  propertyTaxRate: money(5),
  insuranceRate: money(3),
  hoaMonthly: money(2000),
  mortgageRate: money(15),
});

describe('calculateAffordability (variant A)', () => {
  it('gives the figures of docs/product/calculators.md#variant-a-example for the defaults', () => {
    const r = calculateAffordability(AFFORDABILITY_DEFAULTS);
    expect(Math.round(r.maxHomePrice)).toBe(450_000);
    expect(Math.round(r.estimatedMonthlyPayment)).toBe(2200);
    // Step 4 (changed 2026-11-28): taxes and insurance are the rates typed, applied to the price.
    expect(r.monthlyBreakdown.propertyTaxes).toBeCloseTo(450, 9);
    expect(r.monthlyBreakdown.homeownersInsurance).toBeCloseTo(187.5, 9);
    expect(r.monthlyBreakdown.productFee.toFixed(2)).toBe('365.26');
    expect(r.monthlyBreakdown.homeownerPrincipal.toFixed(2)).toBe('730.52');
    expect(r.monthlyBreakdown.investorYield.toFixed(2)).toBe('466.72');
    expect(r.basis).toBeCloseTo(900, 9);
    expect(r.ratios.dti).toBeCloseTo(0.54, 12);
    expect(r.ratios.dtiLabel).toBe('High');
    expect(r.ratios.ltv.toFixed(2)).toBe('0.89');
    expect(r.ratios.ltvLabel).toBe('Moderate');
    expect(Math.round(r.ratios.cushion)).toBe(-1300);
    expect(r.ratios.cushionLabel).toBe('Tight');
    expect(r.creditNotice).toBe(false);
  });

  it('pre-fills CA with the calculator defaults', () => {
    expect(REGION_RATE_DEFAULTS.CA).toEqual({
      propertyTaxRate: AFFORDABILITY_DEFAULTS.propertyTaxRate,
      insuranceRate: AFFORDABILITY_DEFAULTS.insuranceRate,
    });
  });

  it('uses 28 % of income minus debt when there is no target, capped at 2,500', () => {
    const r = calculateAffordability({ ...AFFORDABILITY_DEFAULTS, targetMonthlyPayment: 0 });
    expect(r.estimatedMonthlyPayment).toBeCloseTo(900, 9);
    expect(r.ratios.cushion).toBeCloseTo(0, 9);
    const rich = calculateAffordability({ ...AFFORDABILITY_DEFAULTS, grossIncomeMonthly: 50_000, targetMonthlyPayment: 0 });
    expect(rich.estimatedMonthlyPayment).toBe(2500);
    expect(calculateAffordability({ ...AFFORDABILITY_DEFAULTS, targetMonthlyPayment: 9000 }).estimatedMonthlyPayment).toBe(2500);
  });

  it('caps the price at 10 times the down payment', () => {
    const r = calculateAffordability({ ...AFFORDABILITY_DEFAULTS, downPaymentAvailable: 20_000 });
    expect(r.maxHomePrice).toBe(200_000);
    expect(r.ratios.ltv).toBeCloseTo(0.9, 12);
  });

  it('with zero income: no basis, DTI 0, and a price only from a target payment', () => {
    const noTarget = calculateAffordability({ ...AFFORDABILITY_DEFAULTS, grossIncomeMonthly: 0, targetMonthlyPayment: 0 });
    expect(noTarget.estimatedMonthlyPayment).toBe(0);
    expect(noTarget.maxHomePrice).toBe(0);
    // No 'Excellent' without an income, no 'Strong' without a price.
    expect(noTarget.ratios).toMatchObject({ dti: 0, ltv: 0, cushion: 0, dtiLabel: null, ltvLabel: null, cushionLabel: 'Tight' });
    expect(Object.values(noTarget.monthlyBreakdown).every((v) => v === 0)).toBe(true);
    const withTarget = calculateAffordability({ ...AFFORDABILITY_DEFAULTS, grossIncomeMonthly: 0 });
    expect(withTarget.maxHomePrice).toBeCloseTo(450_000, 6);
    expect(withTarget.ratios.dti).toBe(0);
    expect(withTarget.ratios.dtiLabel).toBeNull();
    expect(withTarget.ratios.ltvLabel).toBe('Moderate');
  });

  it('with both rates at 0: divides by 0.06 and shows no tax and no insurance', () => {
    const r = calculateAffordability({ ...AFFORDABILITY_DEFAULTS, propertyTaxRate: 0, insuranceRate: 0, downPaymentAvailable: 1e9 });
    expect(r.maxHomePrice).toBeCloseTo((2200 * 360) / 0.06, 6);
    expect(r.monthlyBreakdown.propertyTaxes).toBe(0);
    expect(r.monthlyBreakdown.homeownersInsurance).toBe(0);
    expect(r.monthlyBreakdown.productFee).toBeCloseTo((2200 * 18) / 77, 9);
  });

  it('at 0 % tax shows no tax, and the insurance is the rate typed', () => {
    const r = calculateAffordability({ ...AFFORDABILITY_DEFAULTS, propertyTaxRate: 0 });
    expect(r.monthlyBreakdown.propertyTaxes).toBe(0);
    expect(r.monthlyBreakdown.homeownersInsurance).toBeCloseTo((r.maxHomePrice * 0.005) / 12, 9);
  });

  it('with a down payment at or above the price: LTV 0, Strong', () => {
    const r = calculateAffordability({ ...AFFORDABILITY_DEFAULTS, downPaymentAvailable: 1_000_000 });
    expect(r.maxHomePrice).toBeCloseTo(450_000, 6);
    expect(r.ratios.ltv).toBe(0);
    expect(r.ratios.ltvLabel).toBe('Strong');
  });

  it('labels DTI and cushion at their thresholds', () => {
    const at = (income: number, debt: number, target: number) =>
      calculateAffordability({ ...AFFORDABILITY_DEFAULTS, grossIncomeMonthly: income, debtPaymentsMonthly: debt, targetMonthlyPayment: target }).ratios;
    expect(at(5000, 0, 1400).dtiLabel).toBe('Excellent'); // 0.28
    expect(at(5000, 400, 1400).dtiLabel).toBe('Good'); // 0.36
    expect(at(5000, 401, 1400).dtiLabel).toBe('High');
    expect(at(10_000, 0, 2300).cushion).toBeCloseTo(500, 9);
    expect(at(10_000, 0, 2300).cushionLabel).toBe('Healthy');
    expect(at(10_000, 0, 2301).cushionLabel).toBe('Tight');
  });

  it('shows the credit notice for <620 only, changing no figure', () => {
    const low = calculateAffordability({ ...AFFORDABILITY_DEFAULTS, creditScoreBand: '<620' });
    const { creditNotice, ...figures } = low;
    expect(creditNotice).toBe(true);
    const { creditNotice: _n, ...defaultFigures } = calculateAffordability(AFFORDABILITY_DEFAULTS);
    expect(figures).toEqual(defaultFigures);
  });

  it('treats empty or non-numeric fields as 0', () => {
    const fromText = calculateAffordability({
      ...AFFORDABILITY_DEFAULTS,
      grossIncomeMonthly: toNumber('$5,000'),
      targetMonthlyPayment: toNumber(''),
      debtPaymentsMonthly: toNumber('abc'),
    });
    const expected = calculateAffordability({ ...AFFORDABILITY_DEFAULTS, targetMonthlyPayment: 0, debtPaymentsMonthly: 0 });
    expect(fromText).toEqual(expected);
    // A NaN that slips through (Number('x')) counts as 0 too.
    expect(calculateAffordability({ ...AFFORDABILITY_DEFAULTS, targetMonthlyPayment: Number.NaN })).toEqual(
      calculateAffordability({ ...AFFORDABILITY_DEFAULTS, targetMonthlyPayment: 0 }),
    );
  });

  it('more income never lowers the price', () => {
    fc.assert(
      fc.property(inputs, money(50_000), (base, more) => {
        const before = calculateAffordability(base).maxHomePrice;
        const after = calculateAffordability({ ...base, grossIncomeMonthly: base.grossIncomeMonthly + more }).maxHomePrice;
        expect(after).toBeGreaterThanOrEqual(before);
      }),
    );
  });

  it('more debt never raises the price', () => {
    fc.assert(
      fc.property(inputs, money(10_000), (base, more) => {
        const before = calculateAffordability(base).maxHomePrice;
        const after = calculateAffordability({ ...base, debtPaymentsMonthly: base.debtPaymentsMonthly + more }).maxHomePrice;
        expect(after).toBeLessThanOrEqual(before);
      }),
    );
  });

  it('the breakdown sums to the payment and no part is negative', () => {
    fc.assert(
      fc.property(inputs, (i) => {
        const r = calculateAffordability(i);
        const parts = Object.values(r.monthlyBreakdown);
        const sum = parts.reduce((a, b) => a + b, 0);
        expect(Math.abs(sum - r.estimatedMonthlyPayment)).toBeLessThanOrEqual(1e-9 * r.estimatedMonthlyPayment);
        expect(parts.every((p) => p >= 0 && !Object.is(p, -0))).toBe(true);
        expect(r.maxHomePrice).toBeGreaterThanOrEqual(0);
        expect(r.estimatedMonthlyPayment).toBeLessThanOrEqual(2500);
      }),
    );
  });
});
