/**
 * Inputs, defaults and constants of the comparison (docs/product/calculators.md#comparison),
 * named so the page can list them as assumptions.
 */
import { LOAN_TERM_MONTHS } from './amortization';

export interface ComparisonInputs {
  homePrice: number;
  downPayment: number;
  /** Percent a year (6.4 means 6.4 %). */
  mortgageRate: number;
  /** Percent a year. */
  appreciationRate: number;
  /** Whole years, 1–10. */
  yearsToDisplay: number;
}

// docs/product/calculators.md#comparison-inputs.
export const COMPARISON_DEFAULTS: ComparisonInputs = {
  homePrice: 420000,
  downPayment: 29400,
  mortgageRate: 6.4,
  appreciationRate: 3.8,
  yearsToDisplay: 5,
};

// docs/product/calculators.md#comparison-inputs: Years to Display min 1, max 10.
export const YEARS_MIN = 1;
export const YEARS_MAX = 10;
// docs/product/calculators.md#comparison-baseline: loan term 30 years.
export const COMPARISON_TERM_MONTHS = LOAN_TERM_MONTHS;
// docs/product/calculators.md#comparison-baseline: rent 0.85 % of the price a month.
export const COMPARISON_RENT_RATE = 0.0085;
// docs/product/calculators.md#comparison-baseline: property tax 1 % and insurance 0.4 % of the price a year.
export const COMPARISON_PROPERTY_TAX_RATE = 0.01;
export const COMPARISON_INSURANCE_RATE = 0.004;
// docs/product/calculators.md#comparison-baseline: mortgage insurance 0.9 % of the loan a year when down < 20 %.
export const COMPARISON_MORTGAGE_INSURANCE_RATE = 0.009;
export const COMPARISON_MORTGAGE_INSURANCE_DOWN_THRESHOLD = 0.2;
// docs/product/calculators.md#comparison-baseline: baseline rate 5.5 %, gap counted in 0.01 points.
export const COMPARISON_BASELINE_RATE = 5.5;
// docs/product/calculators.md#comparison-baseline: base discount 21.906 %, 0.02 % per 0.01 point, clamped to [0, 0.5].
export const COMPARISON_BASE_DISCOUNT = 0.21906;
export const COMPARISON_DISCOUNT_PER_GAP_POINT = 0.0002;
export const COMPARISON_DISCOUNT_MAX = 0.5;
// docs/product/calculators.md#comparison-baseline: appreciation share 47 %, +0.056 % per 0.01 point
// below the baseline rate, −0.094 % per 0.01 point above.
export const COMPARISON_BASE_APPRECIATION_SHARE = 0.47;
export const COMPARISON_SHARE_RISE_PER_GAP_POINT = 0.00056;
export const COMPARISON_SHARE_FALL_PER_GAP_POINT = 0.00094;
// docs/product/calculators.md#slider: step 5, factor 0.83409563.
export const COMPARISON_SLIDER_STEP = 5;
export const COMPARISON_SLIDER_FACTOR = 0.83409563;
// docs/product/calculators.md#slider: per step, 2.5 $ of monthly equity and 0.3 % of share given up.
export const COMPARISON_PRINCIPAL_REDUCTION_PER_STEP = 2.5;
export const COMPARISON_SHARE_REDUCTION_PER_STEP = 0.003;
// docs/product/calculators.md#net-home-wealth: purchase costs 3 % of the price, paid by both
// buyers, listed as an assumption and never subtracted.
export const COMPARISON_PURCHASE_COST_RATE = 0.03;
// docs/product/calculators.md#net-home-wealth: selling costs 9 % of the future
// value, then purchase costs of 3 % of a next home worth 1.3 times it.
export const COMPARISON_SELLING_COST_RATE = 0.09;
export const COMPARISON_NEXT_HOME_FACTOR = 1.3;
export const COMPARISON_NEXT_HOME_PURCHASE_COST_RATE = 0.03;
// docs/product/calculators.md#net-home-wealth: transfer fee 80 % of 12 % of the future value.
export const COMPARISON_TRANSFER_FEE_SHARE = 0.8;
export const COMPARISON_TRANSFER_FEE_RATE = 0.12;
