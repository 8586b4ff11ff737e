/**
 * The figures of the landing page's claims and the disclosed examples that give them
 * (docs/product/public-site.md#disclaimers). Plain constants, so the landing page ships
 * no calculator code (docs/decisions/005-landing-js-budget.md); claims.test.ts
 * recomputes every one of them with the calculators, so they cannot drift apart.
 * Percentages are rounded down: a claim never says more than the calculator gives.
 */
export const CLAIMS = {
  /** The comparison's default example: $420,000 home, $29,400 (7 %) down, 6.4 %, 3.8 % a year, 5 years. */
  payments: {
    /** At the lowest payment the slider offers, which builds less equity. */
    upToPercent: 36,
    lowestPayment: 2049,
    /** At the slider's maximum, the same equity as the mortgage. */
    sameEquityPercent: 27,
    sameEquityPayment: 2354,
    mortgagePayment: 3226,
  },
  /** Variant B: the 'same equity as a mortgage' card's price against the mortgage's (the calibration example). */
  price: { higherPercent: 28, productPrice: 537_258, mortgagePrice: 419_733, income: 7916.67, down: 10_000 },
  /** The comparison's default example: Net Home Wealth after 5 years. */
  wealth: { morePercent: 21, product: 91_705, mortgage: 75_592, years: 5 },
} as const;
