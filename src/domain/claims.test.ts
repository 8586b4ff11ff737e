import { describe, expect, it } from 'vitest';
import { CLAIMS } from './claims';
import { calculateHomeAffordability, COMPARISON_DEFAULTS, compareWithMortgage } from './calculators';

const floorPercent = (ratio: number) => Math.floor(ratio * 100 + 1e-9);

describe('the landing page’s claims are what the calculators give with the disclosed examples', () => {
  const atMax = compareWithMortgage(COMPARISON_DEFAULTS);
  const atMin = compareWithMortgage(COMPARISON_DEFAULTS, atMax.slider.min);

  it('lower monthly payments: 27 % at the same equity, up to 36 % at the lowest payment', () => {
    expect(Math.round(atMax.totalMortgageMonthly)).toBe(CLAIMS.payments.mortgagePayment);
    expect(Math.round(atMax.totalProductMonthly)).toBe(CLAIMS.payments.sameEquityPayment);
    expect(floorPercent(atMax.savingsPercent)).toBe(CLAIMS.payments.sameEquityPercent);
    expect(Math.round(atMin.totalProductMonthly)).toBe(CLAIMS.payments.lowestPayment);
    expect(floorPercent(atMin.savingsPercent)).toBe(CLAIMS.payments.upToPercent);
    // 'Up to': no slider position saves more.
    expect(atMin.savingsPercent).toBeGreaterThanOrEqual(atMax.savingsPercent);
  });

  it('higher home price: the same-equity card against the mortgage, 28 %', () => {
    const r = calculateHomeAffordability({ monthlyGrossIncome: CLAIMS.price.income, monthlyDebtPayments: 0, downPayment: CLAIMS.price.down })!;
    expect(Math.round(r.maxProductPrice)).toBe(CLAIMS.price.productPrice);
    expect(Math.round(r.maxMortgagePrice)).toBe(CLAIMS.price.mortgagePrice);
    expect(floorPercent(r.maxProductPrice / r.maxMortgagePrice - 1)).toBe(CLAIMS.price.higherPercent);
  });

  it('more wealth: Net Home Wealth after 5 years, 21 %', () => {
    expect(COMPARISON_DEFAULTS.yearsToDisplay).toBe(CLAIMS.wealth.years);
    expect(Math.round(atMax.netHomeWealth.product)).toBe(CLAIMS.wealth.product);
    expect(Math.round(atMax.netHomeWealth.mortgage)).toBe(CLAIMS.wealth.mortgage);
    expect(floorPercent(atMax.netHomeWealth.product / atMax.netHomeWealth.mortgage - 1)).toBe(CLAIMS.wealth.morePercent);
  });
});
