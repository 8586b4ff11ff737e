/**
 * The calculators against an independent re-implementation of the steps that changed,
 * written here from docs/product/calculators.md (not from the code): variant A's
 * breakdown (step 4), variant B's prices, the comparison's slider start from variant A's
 * budget and Net Home Wealth year by year. Over many random inputs (fast-check).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { calculateAffordability, calculateHomeAffordability, compareWithMortgage, CREDIT_SCORE_BANDS, LOCATION_REGIONS, sliderStartForBudget } from './index';

const money = (max: number) => fc.double({ min: 0, max, noNaN: true });
const close = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThanOrEqual(1e-6 * Math.max(1, Math.abs(expected)));

// --- Variant A, steps 1–4, as the model writes them.
function modelVariantA(income: number, debt: number, down: number, target: number, tax: number, ins: number) {
  const basis = Math.max(0, 0.28 * income - debt);
  const payment = Math.min(Math.max(target > 0 ? target : basis, 0), 2500);
  const price = Math.max(0, Math.min(10 * down, (payment * 12 * 30) / (tax + ins + 0.06)));
  const propertyTaxes = (price * tax) / 100 / 12;
  const homeownersInsurance = (price * ins) / 100 / 12;
  const rest = payment - propertyTaxes - homeownersInsurance;
  return {
    basis,
    payment,
    price,
    propertyTaxes,
    homeownersInsurance,
    productFee: (rest * 18) / 77,
    homeownerPrincipal: (rest * 36) / 77,
    investorYield: (rest * 23) / 77,
  };
}

// --- Variant B, steps 1–5.
function modelVariantB(income: number, debt: number, down: number) {
  if (!(income > 0 && down >= 0)) return null;
  const budget = 0.43 * income - debt;
  if (budget <= 0) return null;
  const maxMortgagePrice = Math.max((419733 * budget) / (0.43 * 7916.67) + (down - 10000), down + 50000);
  const i = 6.4 / 1200;
  const amort = (L: number) => (L <= 0 ? 0 : (L * i) / (1 - (1 + i) ** -360));
  const parts = (P: number) => {
    const L = Math.max(0, P - down);
    return { pi: amort(L), taxIns: (0.012 * P) / 12 + 945 / 12, extra: L > 0.8 * P ? (0.009 * L) / 12 : 0 };
  };
  const discount = 0.2190598 + 0.0002 * Math.round((6.4 - 5.5) * 100);
  const m = parts(maxMortgagePrice);
  const maxMortgageMonthly = m.pi + m.taxIns + m.extra;
  const maxProductPrice = 1.28 * maxMortgagePrice;
  const p = parts(maxProductPrice);
  return {
    maxMortgagePrice,
    maxMortgageMonthly,
    defaultProductPrice: 1.18 * maxMortgagePrice,
    defaultProductMonthly: 0.82 * maxMortgageMonthly,
    maxProductPrice,
    maxProductMonthly: p.pi * (1 - discount) + p.taxIns + p.extra,
  };
}

describe('variant A against the model', () => {
  it('breakdown (step 4): taxes and insurance at the rates typed, the rest 18 : 36 : 23', () => {
    fc.assert(
      fc.property(
        money(60_000),
        money(10_000),
        money(2_000_000),
        fc.oneof(fc.constant(0), money(6000)),
        money(5),
        money(3),
        fc.constantFrom(...CREDIT_SCORE_BANDS),
        fc.constantFrom(...LOCATION_REGIONS),
        (income, debt, down, target, tax, ins, creditScoreBand, locationRegion) => {
          const r = calculateAffordability({
            grossIncomeMonthly: income,
            debtPaymentsMonthly: debt,
            creditScoreBand,
            downPaymentAvailable: down,
            targetMonthlyPayment: target,
            locationRegion,
            propertyTaxRate: tax,
            insuranceRate: ins,
            hoaMonthly: 200,
            mortgageRate: 6.4,
          });
          const m = modelVariantA(income, debt, down, target, tax, ins);
          close(r.maxHomePrice, m.price);
          close(r.estimatedMonthlyPayment, m.payment);
          close(r.basis, m.basis);
          for (const key of ['propertyTaxes', 'homeownersInsurance', 'productFee', 'homeownerPrincipal', 'investorYield'] as const) {
            close(r.monthlyBreakdown[key], m[key]);
          }
          // The rest is never negative: taxes and insurance stay under 30 % of the payment.
          expect(m.propertyTaxes + m.homeownersInsurance).toBeLessThanOrEqual(0.3 * m.payment + 1e-9);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('variant B against the model', () => {
  it('gives the model’s six figures whenever the down payment is at least 2 % of the first card', () => {
    fc.assert(
      fc.property(money(40_000), money(10_000), money(500_000), (income, debt, down) => {
        const r = calculateHomeAffordability({ monthlyGrossIncome: income, monthlyDebtPayments: debt, downPayment: down });
        const m = modelVariantB(income, debt, down);
        if (m === null) {
          expect(r).toBeNull();
          return;
        }
        // The one rule on top of the model: below 2 % of the first card's price, no result.
        if (down < 0.02 * m.defaultProductPrice) {
          expect(r).toBeNull();
          return;
        }
        expect(r).not.toBeNull();
        for (const key of Object.keys(m) as (keyof typeof m)[]) close(r![key], m[key]);
      }),
      { numRuns: 500 },
    );
  });
});

describe('comparison against the model', () => {
  const inputs = fc.record({
    homePrice: fc.double({ min: 50_000, max: 3_000_000, noNaN: true }),
    downShare: fc.double({ min: 0, max: 0.9, noNaN: true }),
    mortgageRate: fc.double({ min: 2, max: 12, noNaN: true }),
    appreciationRate: fc.double({ min: -5, max: 10, noNaN: true }),
    yearsToDisplay: fc.integer({ min: 1, max: 10 }),
  });

  it('Net Home Wealth after each year: product total − 9.6 % of FV; mortgage total − 9 % of FV − 3 % of 1.3·FV', () => {
    fc.assert(
      fc.property(inputs, ({ downShare, ...i }) => {
        const r = compareWithMortgage({ ...i, downPayment: downShare * i.homePrice });
        expect(r.netHomeWealthByYear.map((y) => y.year)).toEqual(r.rows.map((row) => row.year));
        r.rows.forEach((row, k) => {
          const FV = i.homePrice * (1 + i.appreciationRate / 100) ** row.year;
          close(r.netHomeWealthByYear[k].product, row.total_product_value - 0.8 * 0.12 * FV);
          close(r.netHomeWealthByYear[k].mortgage, row.total_mortgage_value - 0.09 * FV - 0.03 * 1.3 * FV);
        });
        const FVY = i.homePrice * (1 + i.appreciationRate / 100) ** i.yearsToDisplay;
        close(r.transferFee, 0.096 * FVY);
        close(r.netHomeWealthByYear[r.netHomeWealthByYear.length - 1].product, r.netHomeWealth.product);
      }),
      { numRuns: 300 },
    );
  });

  it('starts the slider at the budget: the nearest step at or below it, when within the range', () => {
    fc.assert(
      fc.property(inputs, fc.double({ min: 0, max: 1.2, noNaN: true }), ({ downShare, ...i }, budgetShare) => {
        const r = compareWithMortgage({ ...i, downPayment: downShare * i.homePrice });
        const { min, max, step } = r.slider;
        const budget = budgetShare * max;
        const start = sliderStartForBudget(r.slider, budget);
        if (budget < min || budget > max) {
          expect(start).toBeNull();
          return;
        }
        // Model: the positions are max − 5k for k = 0 … (max − min)/5; the start is the highest one ≤ budget.
        let expected = max;
        while (expected > budget + 1e-9) expected -= step;
        expect(start).not.toBeNull();
        close(start!, expected);
        expect(start!).toBeLessThanOrEqual(budget + 1e-6);
        expect(budget - start!).toBeLessThan(step + 1e-6);
        // And the comparison at that value is the one at that slider position.
        close(compareWithMortgage({ ...i, downPayment: downShare * i.homePrice }, start!).sliderValue, expected);
      }),
      { numRuns: 300 },
    );
  });

  it('variant A’s defaults: a $2,200 budget for $450,000 with $50,000 down starts the slider within $2,119–$2,434', () => {
    const r = compareWithMortgage({ homePrice: 450_000, downPayment: 50_000, mortgageRate: 6.4, appreciationRate: 3.8, yearsToDisplay: 5 });
    expect(Math.round(r.slider.min)).toBe(2119);
    expect(Math.round(r.slider.max)).toBe(2434);
    const start = sliderStartForBudget(r.slider, 2200)!;
    expect(start).toBeLessThanOrEqual(2200);
    expect(start).toBeGreaterThan(2195);
  });
});
