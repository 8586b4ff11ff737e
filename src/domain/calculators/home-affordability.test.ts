import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  calculateHomeAffordability,
  HOME_AFFORDABILITY_DEFAULTS,
  HOME_AFFORDABILITY_DISCOUNT,
  homeAffordabilityMinimumDown,
  homeAffordabilityNoResultReason,
  toNumber,
  type HomeAffordabilityInputs,
} from './index';

const money = (max: number) => fc.double({ min: 0, max, noNaN: true });
const inputs: fc.Arbitrary<HomeAffordabilityInputs> = fc.record({
  monthlyGrossIncome: money(100_000),
  monthlyDebtPayments: money(20_000),
  downPayment: money(1_000_000),
});
const prices = (r: ReturnType<typeof calculateHomeAffordability>) => (r ? [r.maxMortgagePrice, r.defaultProductPrice, r.maxProductPrice] : null);

describe('calculateHomeAffordability (variant B)', () => {
  it('gives the calibration figures of docs/product/calculators.md#variant-b-example', () => {
    const r = calculateHomeAffordability({ monthlyGrossIncome: 7916.67, monthlyDebtPayments: 0, downPayment: 10000 });
    expect(r).not.toBeNull();
    expect(Math.round(r!.maxMortgagePrice)).toBe(419_733);
    expect(Math.round(r!.maxMortgageMonthly)).toBe(3369);
    expect(Math.round(r!.defaultProductPrice)).toBe(495_285);
    expect(Math.round(r!.defaultProductMonthly)).toBe(2762);
    expect(Math.round(r!.maxProductPrice)).toBe(537_258);
    expect(Math.round(r!.maxProductMonthly)).toBe(3528);
  });

  it('uses the discount docs/product/calculators.md#variant-b-formulas derives (0.2370598)', () => {
    expect(HOME_AFFORDABILITY_DISCOUNT).toBeCloseTo(0.2370598, 15);
  });

  it('gives a result for the defaults, scaled from the calibration case', () => {
    const r = calculateHomeAffordability(HOME_AFFORDABILITY_DEFAULTS)!;
    const budget = 0.43 * 6000 - 200;
    expect(r.maxMortgagePrice).toBeCloseTo((419_733 * budget) / (0.43 * 7916.67), 6);
    expect(r.defaultProductPrice).toBeCloseTo(1.18 * r.maxMortgagePrice, 6);
    expect(r.maxProductPrice).toBeCloseTo(1.28 * r.maxMortgagePrice, 6);
    expect(r.defaultProductMonthly).toBeCloseTo(0.82 * r.maxMortgageMonthly, 9);
    expect(homeAffordabilityNoResultReason(HOME_AFFORDABILITY_DEFAULTS)).toBeNull();
  });

  it('never goes below the floor of down payment plus 50,000', () => {
    const r = calculateHomeAffordability({ monthlyGrossIncome: 100, monthlyDebtPayments: 0, downPayment: 30_000 })!;
    expect(r.maxMortgagePrice).toBe(80_000);
  });

  it('adds the 0.9 % extra only while the loan exceeds 80 % of the price', () => {
    const i = 6.4 / 1200;
    const monthlyWithout = (P: number, down: number) => ((P - down) * i) / (1 - (1 + i) ** -360) + (0.012 * P) / 12 + 945 / 12;
    const small = calculateHomeAffordability({ monthlyGrossIncome: 7916.67, monthlyDebtPayments: 0, downPayment: 10_000 })!;
    const smallLoan = small.maxMortgagePrice - 10_000;
    expect(smallLoan).toBeGreaterThan(0.8 * small.maxMortgagePrice);
    expect(small.maxMortgageMonthly).toBeCloseTo(monthlyWithout(small.maxMortgagePrice, 10_000) + (0.009 * smallLoan) / 12, 9);
    // A big down payment: the price grows by 190,000, the loan stays under 80 % of it.
    const big = calculateHomeAffordability({ monthlyGrossIncome: 7916.67, monthlyDebtPayments: 0, downPayment: 200_000 })!;
    expect(big.maxMortgagePrice - 200_000).toBeLessThan(0.8 * big.maxMortgagePrice);
    expect(big.maxMortgageMonthly).toBeCloseTo(monthlyWithout(big.maxMortgagePrice, 200_000), 9);
  });

  it('has no result, with a reason, when income is 0 or less', () => {
    for (const monthlyGrossIncome of [0, -100, toNumber(''), toNumber('abc')]) {
      const i = { ...HOME_AFFORDABILITY_DEFAULTS, monthlyGrossIncome };
      expect(calculateHomeAffordability(i)).toBeNull();
      expect(homeAffordabilityNoResultReason(i)).toMatch(/income/);
    }
  });

  it('has no result, with a reason, when the down payment is negative', () => {
    const negative = { ...HOME_AFFORDABILITY_DEFAULTS, downPayment: -1 };
    expect(calculateHomeAffordability(negative)).toBeNull();
    expect(homeAffordabilityNoResultReason(negative)).toMatch(/down payment can’t be negative/);
  });

  it('refuses a down payment below 2 % of the first card’s price, and names the least it takes', () => {
    // Defaults 6000 / 200: the price above the down payment is C = 123.30·2380 − 10000; the least down payment
    // is 0.0236·C / (1 − 0.0236) = 6,851.19…, so $6,852 in whole dollars, for a 1.18·(6852 + C) = $342,560 home.
    const C = (419_733 * (0.43 * 6000 - 200)) / (0.43 * 7916.67) - 10_000;
    const least = Math.ceil((0.0236 * C) / (1 - 0.0236));
    expect(least).toBe(6852);
    expect(homeAffordabilityMinimumDown(HOME_AFFORDABILITY_DEFAULTS)).toBe(least);
    for (const downPayment of [0, 5000, least - 1]) {
      const i = { ...HOME_AFFORDABILITY_DEFAULTS, downPayment };
      expect(calculateHomeAffordability(i)).toBeNull();
      expect(homeAffordabilityNoResultReason(i)).toBe(
        'We ask for at least 2% down. On this income and these debts that’s $6,852 or more, for a home up to $342,560.',
      );
    }
    const atLeast = calculateHomeAffordability({ ...HOME_AFFORDABILITY_DEFAULTS, downPayment: least })!;
    expect(atLeast).not.toBeNull();
    expect(least / atLeast.defaultProductPrice).toBeGreaterThanOrEqual(0.02);
    // The calibration example keeps its result: 10,000 is 2.02 % of 495,285.
    expect(homeAffordabilityMinimumDown({ monthlyGrossIncome: 7916.67, monthlyDebtPayments: 0 })).toBe(9904);
  });

  it('says whether the 43 % rule or the down payment sets the price', () => {
    expect(calculateHomeAffordability(HOME_AFFORDABILITY_DEFAULTS)!.limitedBy).toBe('dti');
    // 43 % of 500 less 0 supports less than 50,000 above the down payment: the floor, down + 50,000, applies.
    expect(calculateHomeAffordability({ monthlyGrossIncome: 500, monthlyDebtPayments: 0, downPayment: 30_000 })!.limitedBy).toBe('downPayment');
  });

  it('every result has a down payment of at least 2 % of the first card’s price', () => {
    fc.assert(
      fc.property(inputs, (i) => {
        const r = calculateHomeAffordability(i);
        if (r) expect(i.downPayment).toBeGreaterThanOrEqual(0.02 * r.defaultProductPrice);
        else if (homeAffordabilityNoResultReason(i)?.startsWith('We ask for at least 2% down')) {
          expect(i.downPayment).toBeLessThan(homeAffordabilityMinimumDown(i)!);
          expect(calculateHomeAffordability({ ...i, downPayment: homeAffordabilityMinimumDown(i)! })).not.toBeNull();
        }
      }),
    );
  });

  it('has no result, with a reason, when debts take the whole 43 % budget', () => {
    const atLimit = { monthlyGrossIncome: 1000, monthlyDebtPayments: 430, downPayment: 10000 };
    expect(calculateHomeAffordability(atLimit)).toBeNull();
    expect(homeAffordabilityNoResultReason(atLimit)).toMatch(/43%/);
    expect(calculateHomeAffordability({ ...atLimit, monthlyDebtPayments: 429 })).not.toBeNull();
  });

  it('treats non-numeric input as 0 (NaN included)', () => {
    const r = calculateHomeAffordability({ ...HOME_AFFORDABILITY_DEFAULTS, monthlyDebtPayments: Number.NaN });
    expect(r).toEqual(calculateHomeAffordability({ ...HOME_AFFORDABILITY_DEFAULTS, monthlyDebtPayments: 0 }));
  });

  it('gives a result exactly when it gives no reason, and every figure is positive', () => {
    fc.assert(
      fc.property(inputs, (i) => {
        const r = calculateHomeAffordability(i);
        expect(r === null).toBe(homeAffordabilityNoResultReason(i) !== null);
        if (r) expect(Object.values(r).every((v) => typeof v === 'string' || (Number.isFinite(v) && v > 0))).toBe(true);
      }),
    );
  });

  it('more income never lowers a price (it may ask for more down payment)', () => {
    fc.assert(
      fc.property(inputs, money(50_000), (base, more) => {
        const richer = { ...base, monthlyGrossIncome: base.monthlyGrossIncome + more };
        const before = prices(calculateHomeAffordability(base));
        const after = prices(calculateHomeAffordability(richer));
        if (before === null) return;
        // A higher price asks for a higher 2 % minimum; that is the only way a result can go.
        if (after === null) {
          expect(homeAffordabilityNoResultReason(richer)).toMatch(/^We ask for at least 2% down/);
          return;
        }
        after!.forEach((p, k) => expect(p).toBeGreaterThanOrEqual(before[k]));
      }),
    );
  });

  it('more debt never raises a price', () => {
    fc.assert(
      fc.property(inputs, money(10_000), (base, more) => {
        const before = prices(calculateHomeAffordability(base));
        const after = prices(calculateHomeAffordability({ ...base, monthlyDebtPayments: base.monthlyDebtPayments + more }));
        if (after === null) return;
        // A lower price asks for a lower 2 % minimum; before, the minimum may have refused it.
        if (before === null) {
          expect(homeAffordabilityNoResultReason(base)).toMatch(/^We ask for at least 2% down/);
          return;
        }
        after.forEach((p, k) => expect(p).toBeLessThanOrEqual(before![k]));
      }),
    );
  });
});
