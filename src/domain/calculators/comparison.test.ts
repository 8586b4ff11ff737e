import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  applySlider,
  COMPARISON_DEFAULTS,
  COMPARISON_SLIDER_FACTOR,
  compareWithMortgage,
  comparisonBaseline,
  toNumber,
  YEARS_MAX,
  YEARS_MIN,
  type ComparisonInputs,
} from './index';

const inputs: fc.Arbitrary<ComparisonInputs> = fc.record({
  homePrice: fc.double({ min: 0, max: 5_000_000, noNaN: true }),
  downPayment: fc.double({ min: 0, max: 5_000_000, noNaN: true }),
  mortgageRate: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 20, noNaN: true })),
  appreciationRate: fc.double({ min: -20, max: 20, noNaN: true }),
  yearsToDisplay: fc.integer({ min: YEARS_MIN, max: YEARS_MAX }),
});

describe('compareWithMortgage', () => {
  const d = compareWithMortgage(COMPARISON_DEFAULTS);

  it('gives the monthly figures of docs/product/calculators.md#comparison-example for the defaults', () => {
    expect(Math.round(d.mortgageMonthly)).toBe(2443);
    expect(Math.round(d.totalMortgageMonthly)).toBe(3226);
    expect(Math.round(d.productMonthly)).toBe(1864);
    expect(Math.round(d.totalProductMonthly)).toBe(2354);
    expect(Math.round(d.monthlySavings)).toBe(872);
    expect(Math.round(d.savingsPercent * 100)).toBe(27);
    expect((d.appreciationShare * 100).toFixed(1)).toBe('38.5');
    expect(Math.round(d.rentPayment)).toBe(3570);
    expect(d.discount).toBeCloseTo(0.23706, 15);
  });

  it('starts the slider at its maximum, the baseline total', () => {
    expect(d.sliderValue).toBe(d.slider.max);
    expect(Math.round(d.slider.max)).toBe(2354);
    expect(d.slider.step).toBe(5);
    expect(d.principalReduction).toBe(0);
  });

  it('puts the slider minimum a whole number of steps below the maximum', () => {
    // docs/product/calculators.md#slider: min = baseTotal − 5·floor(0.83409563·(year1Equity/12)/5),
    // so the defaults give 2354.03 − 5·61 = 2,049, 61 steps below the maximum. The
    // unsnapped low end, baseTotal − 0.83409563·year1Equity/12 = 2,044.76 (2,045), is
    // not a whole number of steps below it, so the slider does not start there.
    expect(Math.round(d.slider.min)).toBe(2049);
    expect((d.slider.max - d.slider.min) / 5).toBe(61);
    expect(Math.round(d.slider.max - (COMPARISON_SLIDER_FACTOR * d.year1Equity) / 12)).toBe(2045);
  });

  it('gives the year-5 totals and the net home wealth of docs/product/calculators.md#comparison-example', () => {
    const year5 = d.rows[4];
    expect(year5.year).toBe(5);
    expect(Math.round(year5.total_mortgage_value)).toBe(140_879);
    expect(Math.round(year5.total_product_value)).toBe(140_290);
    expect(Math.round(d.netHomeWealth.mortgage)).toBe(75_592);
    expect(Math.round(d.netHomeWealth.product)).toBe(91_705);
    expect(Math.round((d.netHomeWealth.product / d.netHomeWealth.mortgage - 1) * 100)).toBe(21);
  });

  it('at the slider maximum the buyer builds the same equity as with a mortgage', () => {
    for (const row of d.rows) expect(row.product_equity).toBe(row.mortgage_equity);
  });

  it('at the slider minimum gives up 2.5 $ of equity and 0.3 % of share per step', () => {
    const atMin = compareWithMortgage(COMPARISON_DEFAULTS, d.slider.min);
    expect(atMin.sliderValue).toBe(d.slider.min);
    expect(atMin.principalReduction).toBe(2.5 * 61);
    expect(atMin.appreciationShare).toBeCloseTo(0.3854 - 0.003 * 61, 12);
    expect(atMin.productMonthly).toBeCloseTo(d.productMonthly - 305, 9);
    expect(atMin.totalProductMonthly).toBeCloseTo(d.slider.min, 9);
    expect(atMin.monthlySavings).toBeCloseTo(d.monthlySavings + 305, 9);
    expect(atMin.rows[0].product_equity).toBeCloseTo(d.rows[0].mortgage_equity - 152.5 * 12, 6);
    // The mortgage side does not move with the slider.
    expect(atMin.rows.map((r) => r.total_mortgage_value)).toEqual(d.rows.map((r) => r.total_mortgage_value));
    expect(atMin.netHomeWealth.mortgage).toBe(d.netHomeWealth.mortgage);
  });

  it('clamps a slider value beyond either end, and snaps to whole steps', () => {
    const base = comparisonBaseline(COMPARISON_DEFAULTS);
    expect(applySlider(base, d.slider.min - 1000).sliderValue).toBe(d.slider.min);
    expect(applySlider(base, d.slider.max + 1000).sliderValue).toBe(d.slider.max);
    expect(applySlider(base, Number.NaN).sliderValue).toBe(d.slider.max);
    expect(applySlider(base, d.slider.max - 7).sliderValue).toBe(d.slider.max - 5);
    expect(applySlider(base, d.slider.max - 8).sliderValue).toBe(d.slider.max - 10);
    expect(applySlider(base, d.slider.max - 10)).toEqual(compareWithMortgage(COMPARISON_DEFAULTS, d.slider.max - 10));
  });

  it('shows 1 year or 10 years, and clamps years out of range', () => {
    expect(compareWithMortgage({ ...COMPARISON_DEFAULTS, yearsToDisplay: 1 }).rows.map((r) => r.year)).toEqual([1]);
    const ten = compareWithMortgage({ ...COMPARISON_DEFAULTS, yearsToDisplay: 10 });
    expect(ten.rows.map((r) => r.year)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(ten.futureValue).toBeCloseTo(420_000 * 1.038 ** 10, 6);
    expect(ten.rows.slice(0, 5)).toEqual(d.rows);
    for (const [asked, shown] of [
      [0, 1],
      [-3, 1],
      [11, 10],
      [99, 10],
      [5.6, 6],
      [Number.NaN, 1],
    ]) {
      const r = compareWithMortgage({ ...COMPARISON_DEFAULTS, yearsToDisplay: asked });
      expect(r.rows).toHaveLength(shown);
      expect(r.inputs.yearsToDisplay).toBe(shown);
    }
  });

  it('at a 0 % rate: payments are L/360 and the rate gap raises the share', () => {
    const r = compareWithMortgage({ ...COMPARISON_DEFAULTS, mortgageRate: 0 });
    expect(r.mortgageMonthly).toBeCloseTo(390_600 / 360, 9);
    expect(r.discount).toBeCloseTo(0.21906 - 0.0002 * 550, 12);
    expect(r.baseShare).toBeCloseTo(0.47 + 0.00056 * 550, 12);
    expect(r.year1Equity).toBeCloseTo(390_600 / 30, 9);
    expect(r.rows[0].mortgage_equity).toBeCloseTo(29_400 + 390_600 / 30, 9);
  });

  it('with a down payment at or above the price: no loan, no mortgage insurance, no slider range', () => {
    for (const downPayment of [420_000, 500_000]) {
      const r = compareWithMortgage({ ...COMPARISON_DEFAULTS, downPayment });
      expect(r.mortgageMonthly).toBe(0);
      expect(r.mortgageInsurance).toBe(0);
      expect(r.year1Equity).toBe(0);
      expect(r.slider.min).toBe(r.slider.max);
      expect(r.baseTotal).toBeCloseTo(350 + 140, 9);
      expect(r.rows[0].mortgage_equity).toBe(downPayment);
    }
  });

  it('drops mortgage insurance from a 20 % down payment', () => {
    expect(compareWithMortgage({ ...COMPARISON_DEFAULTS, downPayment: 84_000 }).mortgageInsurance).toBe(0);
    expect(compareWithMortgage({ ...COMPARISON_DEFAULTS, downPayment: 83_999 }).mortgageInsurance).toBeGreaterThan(0);
  });

  it('treats empty or non-numeric fields as 0', () => {
    const fromText = compareWithMortgage({
      homePrice: toNumber('$420,000'),
      downPayment: toNumber('29,400'),
      mortgageRate: toNumber('6.4'),
      appreciationRate: toNumber(''),
      yearsToDisplay: toNumber('5'),
    });
    expect(fromText).toEqual(compareWithMortgage({ ...COMPARISON_DEFAULTS, appreciationRate: 0 }));
    expect(compareWithMortgage({ ...COMPARISON_DEFAULTS, appreciationRate: Number.NaN })).toEqual(fromText);
    const empty = compareWithMortgage({ homePrice: 0, downPayment: 0, mortgageRate: 0, appreciationRate: 0, yearsToDisplay: 0 });
    expect(empty.rows).toHaveLength(1);
    expect(empty.totalMortgageMonthly).toBe(0);
    expect(empty.savingsPercent).toBe(0);
  });

  it('keeps the slider value within [min, max], a whole number of steps below max, for any request', () => {
    fc.assert(
      fc.property(inputs, fc.oneof(fc.double(), fc.constant(undefined)), (i, requested) => {
        const r = compareWithMortgage(i, requested);
        expect(r.slider.min).toBeLessThanOrEqual(r.slider.max);
        expect(r.sliderValue).toBeGreaterThanOrEqual(r.slider.min);
        expect(r.sliderValue).toBeLessThanOrEqual(r.slider.max);
        const steps = (r.slider.max - r.sliderValue) / r.slider.step;
        expect(Math.abs(steps - Math.round(steps))).toBeLessThan(1e-6);
      }),
    );
  });

  it('has one row per year shown and only finite figures', () => {
    fc.assert(
      fc.property(inputs, (i) => {
        const r = compareWithMortgage(i);
        expect(r.rows).toHaveLength(i.yearsToDisplay);
        expect(r.rows.every((row) => Object.values(row).every(Number.isFinite))).toBe(true);
        expect(Number.isFinite(r.netHomeWealth.product) && Number.isFinite(r.netHomeWealth.mortgage)).toBe(true);
      }),
    );
  });
});
