import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  agreementBounds,
  amort,
  COMPARISON_DEFAULTS,
  compareWithMortgage,
  homeownerFigures,
  isPaymentWithinBounds,
  monthlyChargeCents,
  principalPaid,
  termAt,
  type AgreementInputs,
  type AgreementTerm,
  type HomeownerFiguresInputs,
} from './index';

// The comparison's defaults as an agreement: L = 390,600 at 6.4 % (docs/product/calculators.md#comparison-example).
const agreement: AgreementInputs = { price: 420_000, downPayment: 29_400, mortgageRate: 6.4, appreciationRate: 3.8 };
const bounds = agreementBounds(agreement);
const L = 390_600;
const i = 6.4 / 1200;
const atMax: AgreementTerm[] = [{ fromMonth: 1, monthlyPayment: bounds.max }];

const figures = (over: Partial<HomeownerFiguresInputs>) => homeownerFigures({ ...agreement, terms: atMax, paidMonths: [], billedMonths: 0, ...over });
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, k) => from + k);

/** Principal repaid in months 1…n, walked month by month through the schedule (not the closed form). */
function scheduledPrincipal(n: number): number {
  const payment = amort(L, 6.4, 360);
  let balance = L;
  for (let k = 1; k <= n; k++) balance -= payment - balance * i;
  return L - balance;
}

describe('agreementBounds and isPaymentWithinBounds', () => {
  it('are the comparison slider of docs/product/calculators.md#comparison-example: 2,049–2,354 in steps of 5', () => {
    expect(bounds.step).toBe(5);
    expect(bounds.max).toBeCloseTo(2354.0349, 4);
    expect(bounds.min).toBeCloseTo(2049.0349, 4);
  });

  it('accept a payment between the ends, to within half a cent, and nothing else', () => {
    expect(isPaymentWithinBounds(agreement, 2200)).toBe(true);
    expect(isPaymentWithinBounds(agreement, 2354.03)).toBe(true); // the maximum stored to the cent
    expect(isPaymentWithinBounds(agreement, 2354.039)).toBe(true);
    expect(isPaymentWithinBounds(agreement, 2354.04)).toBe(false);
    expect(isPaymentWithinBounds(agreement, 2049.03)).toBe(true);
    expect(isPaymentWithinBounds(agreement, 2049.02)).toBe(false);
    expect(isPaymentWithinBounds(agreement, Number.NaN)).toBe(false);
  });
});

describe('termAt and monthlyChargeCents', () => {
  const terms: AgreementTerm[] = [
    { fromMonth: 13, monthlyPayment: 2100.004 },
    { fromMonth: 1, monthlyPayment: 2354.0349 },
    { fromMonth: 4, monthlyPayment: 2204.035 },
  ];

  it('find the term in force in a month, whatever the order of the history', () => {
    expect(termAt(terms, 1).fromMonth).toBe(1);
    expect(termAt(terms, 3).fromMonth).toBe(1);
    expect(termAt(terms, 4).fromMonth).toBe(4);
    expect(termAt(terms, 12).fromMonth).toBe(4);
    expect(termAt(terms, 13).fromMonth).toBe(13);
    expect(termAt(terms, 400).fromMonth).toBe(13);
  });

  it('charge round(100·S(k)) whole cents', () => {
    expect(monthlyChargeCents(terms, 1)).toBe(235_403);
    expect(monthlyChargeCents(terms, 5)).toBe(220_404);
    expect(monthlyChargeCents(terms, 13)).toBe(210_000);
  });

  it('refuse an empty history', () => {
    expect(() => termAt([], 1)).toThrow(RangeError);
  });
});

describe('homeownerFigures', () => {
  it('gives a fresh home its down payment as equity and the comparison projections', () => {
    const f = figures({});
    expect(f.equityPrincipal).toBe(29_400);
    expect(f.appreciationShare).toBeCloseTo(0.3854, 12);
    expect(f.appreciation).toBe(0);
    expect(f.totalEquity).toBe(29_400);
    expect(f.savings).toBe(0);
    expect(f.wealth).toBe(29_400);
    expect(f.totalEquityChange).toBe(0);
    expect(f.appreciationChange).toBe(0);
    // Year 5 at the maximum is the comparison example's product total, 140,290.
    expect(Math.round(f.projectedWealth5y)).toBe(140_290);
    expect(f.wealthTarget).toBe(compareWithMortgage({ ...COMPARISON_DEFAULTS, yearsToDisplay: 10 }).rows[9].total_product_value);
    // 0.8·12 % of 420,000 = 40,320 is more than the equity: nothing accessible yet.
    expect(f.accessibleEquity).toBe(0);
  });

  it('credits the principal of a paid month at the maximum payment: 2,443.23 − 2,083.20 interest = 360.03', () => {
    const f = figures({ paidMonths: [1], billedMonths: 1 });
    expect(f.equityPrincipal).toBeCloseTo(29_400 + 360.026, 3);
    expect(f.savings).toBeCloseTo(872.14, 2);
    expect(f.wealth).toBeCloseTo(29_400 + 360.026 + 872.14, 2);
    expect(f.totalEquityChange).toBeCloseTo(360.026 / 29_400, 6);
  });

  it('adds up the equity credits of the paid months only, in any order and counted once', () => {
    const paidYear = figures({ paidMonths: range(1, 12), billedMonths: 12 });
    expect(paidYear.equityPrincipal).toBeCloseTo(29_400 + scheduledPrincipal(12), 6);
    const shuffled = figures({ paidMonths: [12, 3, 3, 1, 2, 11, 10, 4, 5, 9, 6, 8, 7, 7], billedMonths: 12 });
    expect(shuffled.equityPrincipal).toBeCloseTo(paidYear.equityPrincipal, 9);
    // Month 2 unpaid: its principal is not credited, and neither is its saving.
    const gap = figures({ paidMonths: [1, 3], billedMonths: 3 });
    expect(gap.equityPrincipal).toBeCloseTo(29_400 + scheduledPrincipal(3) - (scheduledPrincipal(2) - scheduledPrincipal(1)), 6);
    expect(gap.savings).toBeCloseTo(2 * 872.1411749, 6);
  });

  it('uses the new PR, σ and savings from the month a payment change starts, and nothing backwards', () => {
    // 50 $ lower from month 3: 10 steps, so PR' = 25, σ' = 0.3854 − 0.03, savings' = 872.14 + 50.
    const terms: AgreementTerm[] = [...atMax, { fromMonth: 3, monthlyPayment: bounds.max - 50 }];
    const f = figures({ terms, paidMonths: [1, 2, 3, 4], billedMonths: 4 });
    expect(f.equityPrincipal).toBeCloseTo(29_400 + scheduledPrincipal(4) - 2 * 25, 6);
    expect(f.appreciationShare).toBeCloseTo((2 * 0.3854 + 2 * 0.3554) / 4, 12);
    expect(f.savings).toBeCloseTo(2 * 872.1411749 + 2 * 922.1411749, 6);
    const lower = compareWithMortgage({ ...COMPARISON_DEFAULTS, yearsToDisplay: 10 }, bounds.max - 50);
    expect(f.projectedWealth5y).toBe(lower.rows[4].total_product_value);
    expect(f.wealthTarget).toBe(lower.rows[9].total_product_value);

    // Before month 3 is billed, the share is still the agreement's, but the projection already uses S_now.
    const before = figures({ terms, paidMonths: [1, 2], billedMonths: 2 });
    expect(before.appreciationShare).toBeCloseTo(0.3854, 12);
    expect(before.projectedWealth5y).toBe(lower.rows[4].total_product_value);
  });

  it('takes the appreciation share as the mean over billed months, paid or not', () => {
    const terms: AgreementTerm[] = [...atMax, { fromMonth: 2, monthlyPayment: bounds.max - 100 }];
    // Months 1, 2, 3 billed: σ = 0.3854, 0.3254, 0.3254; only month 1 paid.
    const f = figures({ terms, paidMonths: [1], billedMonths: 3 });
    expect(f.appreciationShare).toBeCloseTo((0.3854 + 2 * 0.3254) / 3, 12);
  });

  it('shares a rise in value and floors the accessible equity at 0', () => {
    const up = figures({ valuation: 600_000 });
    expect(up.appreciation).toBeCloseTo(0.3854 * 180_000, 6); // 69,372
    expect(up.totalEquity).toBeCloseTo(29_400 + 69_372, 6);
    expect(up.accessibleEquity).toBeCloseTo(98_772 - 0.096 * 600_000, 6); // 41,172
    expect(up.appreciationChange).toBeCloseTo(180_000 / 420_000, 12);
    expect(up.totalEquityChange).toBeCloseTo(69_372 / 29_400, 9);
    expect(figures({ valuation: 420_000 }).accessibleEquity).toBe(0);
  });

  it('gives negative appreciation when the value falls below the price', () => {
    const down = figures({ valuation: 378_000 });
    expect(down.appreciation).toBeCloseTo(-0.3854 * 42_000, 6); // −16,186.80
    expect(down.totalEquity).toBeCloseTo(29_400 - 16_186.8, 6);
    expect(down.appreciationChange).toBeCloseTo(-0.1, 12);
    expect(down.totalEquityChange).toBeCloseTo(-16_186.8 / 29_400, 9);
    expect(down.accessibleEquity).toBe(0);
  });

  it('counts no valuation as the price', () => {
    expect(figures({ valuation: null })).toEqual(figures({}));
    expect(figures({ valuation: undefined }).appreciation).toBe(0);
  });

  it('gives a total equity change of 0 when there was no down payment', () => {
    const noDown = homeownerFigures({
      ...agreement,
      downPayment: 0,
      terms: [{ fromMonth: 1, monthlyPayment: 2500 }],
      paidMonths: [1, 2],
      billedMonths: 2,
      valuation: 500_000,
    });
    expect(noDown.totalEquity).toBeGreaterThan(0);
    expect(noDown.totalEquityChange).toBe(0);
  });
});

const agreements: fc.Arbitrary<AgreementInputs> = fc
  .record({
    price: fc.double({ min: 50_000, max: 5_000_000, noNaN: true }),
    // No down payment, or at least 1 % of the price (a sub-cent one would make totalEquityChange overflow).
    downShare: fc.oneof(fc.constant(0), fc.double({ min: 0.01, max: 0.95, noNaN: true })),
    mortgageRate: fc.oneof(fc.constant(0), fc.double({ min: 0.5, max: 20, noNaN: true })),
    appreciationRate: fc.double({ min: -10, max: 15, noNaN: true }),
  })
  .map(({ price, downShare, mortgageRate, appreciationRate }) => ({ price, downPayment: price * downShare, mortgageRate, appreciationRate }));

/** An agreement with a history of terms on its slider (positions as fractions of the range). */
const homes = fc.record({
  agreement: agreements,
  positions: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 4 }),
  starts: fc.uniqueArray(fc.integer({ min: 2, max: 120 }), { maxLength: 3 }),
  paidMonths: fc.array(fc.integer({ min: 1, max: 360 }), { maxLength: 60 }),
  billedMonths: fc.integer({ min: 0, max: 360 }),
  valuationFactor: fc.option(fc.double({ min: 0.3, max: 3, noNaN: true }), { nil: undefined }),
});

type Home = typeof homes extends fc.Arbitrary<infer H> ? H : never;

function homeInputs(home: Home): HomeownerFiguresInputs {
  const { min, max } = agreementBounds(home.agreement);
  const fromMonths = [1, ...[...home.starts].sort((a, b) => a - b)];
  const terms = fromMonths.map((fromMonth, t) => ({ fromMonth, monthlyPayment: min + (max - min) * home.positions[t % home.positions.length] }));
  const valuation = home.valuationFactor === undefined ? undefined : home.agreement.price * home.valuationFactor;
  return { ...home.agreement, terms, paidMonths: home.paidMonths, billedMonths: home.billedMonths, valuation };
}

describe('homeownerFigures properties', () => {
  it('are finite, wealth is total equity plus savings, and the accessible equity lies in [0, total equity]', () => {
    fc.assert(
      fc.property(homes, (home) => {
        const f = homeownerFigures(homeInputs(home));
        for (const value of Object.values(f)) expect(Number.isFinite(value)).toBe(true);
        expect(f.wealth).toBe(f.totalEquity + f.savings);
        expect(f.accessibleEquity).toBeGreaterThanOrEqual(0);
        expect(f.accessibleEquity).toBeLessThanOrEqual(Math.max(0, f.totalEquity));
      }),
      { numRuns: 500 },
    );
  });

  it('never lowers the equity principal when one more month is paid, since PR stays below that month’s principal', () => {
    fc.assert(
      fc.property(homes, fc.integer({ min: 1, max: 360 }), (home, k) => {
        const inputs = homeInputs(home);
        const { mortgageRate: r, price, downPayment } = inputs;
        const principalOfK = principalPaid(price - downPayment, r, k) - principalPaid(price - downPayment, r, k - 1);
        const pr = compareWithMortgage(
          { homePrice: price, downPayment, mortgageRate: r, appreciationRate: 0, yearsToDisplay: 10 },
          termAt(inputs.terms, k).monthlyPayment,
        ).principalReduction;
        expect(pr).toBeLessThanOrEqual(principalOfK); // the slider's minimum keeps PR below it
        const without = homeownerFigures({ ...inputs, paidMonths: inputs.paidMonths.filter((m) => m !== k) });
        const withK = homeownerFigures({ ...inputs, paidMonths: [...inputs.paidMonths, k] });
        expect(withK.equityPrincipal).toBeGreaterThanOrEqual(without.equityPrincipal);
      }),
      { numRuns: 500 },
    );
  });

  it('telescopes with one term: months 1…n paid give D + principalPaid(L, r, n) − n·PR', () => {
    fc.assert(
      fc.property(agreements, fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 0, max: 360 }), (a, position, n) => {
        const { min, max } = agreementBounds(a);
        const S = min + (max - min) * position;
        const pr = compareWithMortgage(
          { homePrice: a.price, downPayment: a.downPayment, mortgageRate: a.mortgageRate, appreciationRate: 0, yearsToDisplay: 10 },
          S,
        ).principalReduction;
        const f = homeownerFigures({ ...a, terms: [{ fromMonth: 1, monthlyPayment: S }], paidMonths: range(1, n), billedMonths: n });
        const expected = a.downPayment + principalPaid(a.price - a.downPayment, a.mortgageRate, n) - n * pr;
        expect(Math.abs(f.equityPrincipal - expected)).toBeLessThanOrEqual(1e-6 * Math.max(1, a.price));
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the appreciation share between the lowest and highest σ of the billed months', () => {
    fc.assert(
      fc.property(homes, (home) => {
        const inputs = homeInputs(home);
        const months = range(1, Math.max(1, inputs.billedMonths));
        const sigmas = months.map((k) => homeownerFigures({ ...inputs, terms: [termAt(inputs.terms, k)], billedMonths: 0 }).appreciationShare);
        const f = homeownerFigures(inputs);
        expect(f.appreciationShare).toBeGreaterThanOrEqual(Math.min(...sigmas) - 1e-12);
        expect(f.appreciationShare).toBeLessThanOrEqual(Math.max(...sigmas) + 1e-12);
      }),
      { numRuns: 200 },
    );
  });
});
