import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { pmt, ppmt } from 'financial';
import { amort, LOAN_TERM_MONTHS, principalPaid } from './amortization';

const loan = fc.double({ min: 1, max: 5_000_000, noNaN: true });
// 0 exactly (the i = 0 branch) or a realistic annual rate in percent.
const ratePercent = fc.oneof(fc.constant(0), fc.double({ min: 0.01, max: 30, noNaN: true }));
const term = fc.oneof(fc.constant(LOAN_TERM_MONTHS), fc.integer({ min: 1, max: 480 }));

const closeTo = (actual: number, expected: number, relative = 1e-9): void => {
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(relative * Math.max(1, Math.abs(expected)));
};

describe('amort', () => {
  it('matches -pmt of the financial package on random loans', () => {
    fc.assert(
      fc.property(loan, ratePercent, term, (L, r, n) => {
        closeTo(amort(L, r, n), -pmt(r / 1200, n, L));
      }),
      { numRuns: 3000 },
    );
  });

  it('is L/n when the rate is 0 and 0 when the loan is not positive', () => {
    expect(amort(360_000, 0, 360)).toBe(1000);
    expect(amort(0, 6.4, 360)).toBe(0);
    expect(amort(-5000, 6.4, 360)).toBe(0);
  });

  it('keeps full precision as the rate approaches 0', () => {
    // First-order expansion: L/n·(1 + i·(n + 1)/2); the naive formula is off by ~1e-4 here.
    const i = 1e-9 / 1200;
    closeTo(amort(360_000, 1e-9, 360), 1000 * (1 + (i * 361) / 2), 1e-14);
    closeTo(principalPaid(360_000, 1e-9, 12), 12_000 * (1 - (i * (360 - 12)) / 2), 1e-14);
  });

  it('gives the textbook payment on a 30-year loan', () => {
    // 200,000 at 6 % over 30 years: 1,199.10 a month.
    expect(amort(200_000, 6, 360)).toBeCloseTo(1199.1010503, 6);
  });
});

describe('principalPaid', () => {
  it('matches -Σ ppmt of the financial package over periods 1..m on random loans', () => {
    const loanAndMonths = term.chain((n) => fc.tuple(fc.constant(n), fc.integer({ min: 0, max: n })));
    fc.assert(
      fc.property(loan, ratePercent, loanAndMonths, (L, r, [n, m]) => {
        let expected = 0;
        for (let per = 1; per <= m; per++) expected -= ppmt(r / 1200, per, n, L);
        closeTo(principalPaid(L, r, m, n), expected);
      }),
      { numRuns: 2500 },
    );
  });

  it('uses the 360-month schedule by default', () => {
    const expected = -Array.from({ length: 12 }, (_, k) => ppmt(6.4 / 1200, k + 1, 360, 390_600)).reduce((a, b) => a + b);
    closeTo(principalPaid(390_600, 6.4, 12), expected);
  });

  it('is pmt·m when the rate is 0', () => {
    expect(principalPaid(360_000, 0, 12)).toBe(12_000);
  });

  it('clamps m to [0, n]', () => {
    expect(principalPaid(100_000, 6.4, -5)).toBe(0);
    expect(principalPaid(100_000, 6.4, Number.NaN)).toBe(0);
    expect(principalPaid(100_000, 6.4, 360)).toBe(100_000);
    expect(principalPaid(100_000, 6.4, 1000)).toBe(100_000);
    expect(principalPaid(100_000, 0, 1000)).toBe(100_000);
  });

  it('is 0 when the loan is not positive', () => {
    expect(principalPaid(0, 6.4, 12)).toBe(0);
    expect(principalPaid(-1, 6.4, 12)).toBe(0);
  });

  it('grows with m and never exceeds the loan', () => {
    fc.assert(
      fc.property(loan, ratePercent, fc.integer({ min: 0, max: 359 }), (L, r, m) => {
        const now = principalPaid(L, r, m);
        const next = principalPaid(L, r, m + 1);
        expect(next).toBeGreaterThanOrEqual(now);
        expect(next).toBeLessThanOrEqual(L * (1 + 1e-12));
      }),
    );
  });
});
