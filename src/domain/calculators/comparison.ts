/**
 * Comparison — /{slug}-vs-mortgage (docs/product/calculators.md#comparison).
 * Calculate fixes a baseline (comparisonBaseline); the slider recomputes from it
 * cheaply (applySlider: no powers, no amortization). Pure; no rounding here.
 */
import { amort, principalPaid } from './amortization';
import { toNumber } from './parse';
import {
  YEARS_MIN,
  YEARS_MAX,
  COMPARISON_TERM_MONTHS,
  COMPARISON_RENT_RATE,
  COMPARISON_PROPERTY_TAX_RATE,
  COMPARISON_INSURANCE_RATE,
  COMPARISON_MORTGAGE_INSURANCE_RATE,
  COMPARISON_MORTGAGE_INSURANCE_DOWN_THRESHOLD,
  COMPARISON_BASELINE_RATE,
  COMPARISON_BASE_DISCOUNT,
  COMPARISON_DISCOUNT_PER_GAP_POINT,
  COMPARISON_DISCOUNT_MAX,
  COMPARISON_BASE_APPRECIATION_SHARE,
  COMPARISON_SHARE_RISE_PER_GAP_POINT,
  COMPARISON_SHARE_FALL_PER_GAP_POINT,
  COMPARISON_SLIDER_STEP,
  COMPARISON_SLIDER_FACTOR,
  COMPARISON_PRINCIPAL_REDUCTION_PER_STEP,
  COMPARISON_SHARE_REDUCTION_PER_STEP,
  COMPARISON_SELLING_COST_RATE,
  COMPARISON_NEXT_HOME_FACTOR,
  COMPARISON_NEXT_HOME_PURCHASE_COST_RATE,
  COMPARISON_TRANSFER_FEE_SHARE,
  COMPARISON_TRANSFER_FEE_RATE,
  type ComparisonInputs,
} from './comparison-constants';

export * from './comparison-constants';

export interface ComparisonRow {
  year: number;
  product_savings: number;
  product_equity: number;
  product_appreciation: number;
  total_product_value: number;
  mortgage_equity: number;
  mortgage_appreciation: number;
  total_mortgage_value: number;
}

type MortgageRow = Pick<ComparisonRow, 'year' | 'mortgage_equity' | 'mortgage_appreciation' | 'total_mortgage_value'>;

export interface ComparisonBaseline {
  /** The inputs as computed: non-numeric → 0, years a whole number in 1–10. */
  inputs: ComparisonInputs;
  rentPayment: number;
  mortgageMonthly: number;
  taxes: number;
  insurance: number;
  mortgageInsurance: number;
  totalMortgageMonthly: number;
  discount: number;
  baseShare: number;
  baseProductMonthly: number;
  baseTotal: number;
  year1Equity: number;
  slider: { min: number; max: number; step: number };
  /** Price after `yearsToDisplay` years of appreciation (FV). */
  futureValue: number;
  mortgageRows: MortgageRow[];
}

export interface ComparisonResult extends Omit<ComparisonBaseline, 'mortgageRows'> {
  sliderValue: number;
  principalReduction: number;
  appreciationShare: number;
  productMonthly: number;
  totalProductMonthly: number;
  monthlySavings: number;
  /** monthlySavings / totalMortgageMonthly (0 when that is 0). */
  savingsPercent: number;
  rows: ComparisonRow[];
  netHomeWealth: { product: number; mortgage: number };
  /** The equity transfer fee Net Home Wealth subtracts for the product: 0.8·0.12·FV (9.6 % of FV). */
  transferFee: number;
  /** Net Home Wealth had the buyer moved after each year shown (the last is `netHomeWealth`). */
  netHomeWealthByYear: { year: number; product: number; mortgage: number }[];
}

const clamp = (x: number, lo: number, hi: number): number => Math.min(Math.max(x, lo), hi);

export function clampYears(years: unknown): number {
  return clamp(Math.round(toNumber(years)), YEARS_MIN, YEARS_MAX);
}

/** Everything Calculate fixes: the mortgage side, the baseline product payment, the slider range. */
export function comparisonBaseline(raw: ComparisonInputs): ComparisonBaseline {
  const inputs: ComparisonInputs = {
    homePrice: toNumber(raw.homePrice),
    downPayment: toNumber(raw.downPayment),
    // Outside the model, so they count as 0 / −100 %: a negative mortgage rate, and a
    // fall of more than the whole price (which would make (1 + a/100)^y change sign).
    mortgageRate: Math.max(0, toNumber(raw.mortgageRate)),
    appreciationRate: Math.max(-100, toNumber(raw.appreciationRate)),
    yearsToDisplay: clampYears(raw.yearsToDisplay),
  };
  const { homePrice: P, downPayment: D, mortgageRate: r, appreciationRate: a, yearsToDisplay: Y } = inputs;
  const L = Math.max(0, P - D);

  const mortgageMonthly = amort(L, r, COMPARISON_TERM_MONTHS);
  const taxes = (COMPARISON_PROPERTY_TAX_RATE * P) / 12;
  const insurance = (COMPARISON_INSURANCE_RATE * P) / 12;
  const mortgageInsurance = D < COMPARISON_MORTGAGE_INSURANCE_DOWN_THRESHOLD * P ? (COMPARISON_MORTGAGE_INSURANCE_RATE * L) / 12 : 0;

  const gap = Math.round((r - COMPARISON_BASELINE_RATE) * 100); // hundredths of a point
  const discount = clamp(COMPARISON_BASE_DISCOUNT + COMPARISON_DISCOUNT_PER_GAP_POINT * gap, 0, COMPARISON_DISCOUNT_MAX);
  const shareShift = gap < 0 ? COMPARISON_SHARE_RISE_PER_GAP_POINT * -gap : -COMPARISON_SHARE_FALL_PER_GAP_POINT * gap;
  const baseShare = clamp(COMPARISON_BASE_APPRECIATION_SHARE + shareShift, 0, 1);
  const baseProductMonthly = mortgageMonthly * (1 - discount);
  const baseTotal = baseProductMonthly + taxes + insurance;
  const year1Equity = principalPaid(L, r, 12, COMPARISON_TERM_MONTHS);

  // Every slider position is a whole number of steps below the maximum.
  const steps = Math.floor((COMPARISON_SLIDER_FACTOR * (year1Equity / 12)) / COMPARISON_SLIDER_STEP);
  const slider = { min: baseTotal - COMPARISON_SLIDER_STEP * steps, max: baseTotal, step: COMPARISON_SLIDER_STEP };

  const mortgageRows: MortgageRow[] = [];
  for (let year = 1; year <= Y; year++) {
    const mortgage_equity = D + principalPaid(L, r, 12 * year, COMPARISON_TERM_MONTHS);
    const mortgage_appreciation = P * ((1 + a / 100) ** year - 1);
    mortgageRows.push({ year, mortgage_equity, mortgage_appreciation, total_mortgage_value: mortgage_equity + mortgage_appreciation });
  }

  return {
    inputs,
    rentPayment: COMPARISON_RENT_RATE * P,
    mortgageMonthly,
    taxes,
    insurance,
    mortgageInsurance,
    totalMortgageMonthly: mortgageMonthly + taxes + insurance + mortgageInsurance,
    discount,
    baseShare,
    baseProductMonthly,
    baseTotal,
    year1Equity,
    slider,
    futureValue: P * (1 + a / 100) ** Y,
    mortgageRows,
  };
}

/**
 * Recomputes the product side at slider value `sliderValue` (default: the maximum),
 * clamped to [min, max] and snapped to the nearest whole number of steps below the maximum.
 */
export function applySlider(baseline: ComparisonBaseline, sliderValue?: number): ComparisonResult {
  const { mortgageRows, ...fixed } = baseline;
  const { min, max, step } = baseline.slider;
  const maxSteps = Math.round((max - min) / step);
  const requested = sliderValue !== undefined && Number.isFinite(sliderValue) ? sliderValue : max;
  const steps = clamp(Math.round((max - requested) / step), 0, maxSteps);

  const principalReduction = COMPARISON_PRINCIPAL_REDUCTION_PER_STEP * steps;
  const appreciationShare = Math.max(0, baseline.baseShare - COMPARISON_SHARE_REDUCTION_PER_STEP * steps);
  const productMonthly = baseline.baseProductMonthly - step * steps;
  const totalProductMonthly = productMonthly + baseline.taxes + baseline.insurance;
  const monthlySavings = baseline.totalMortgageMonthly - totalProductMonthly;

  const rows: ComparisonRow[] = mortgageRows.map((m) => {
    const months = 12 * m.year;
    const product_savings = monthlySavings * months;
    const product_equity = m.mortgage_equity - principalReduction * months;
    const product_appreciation = appreciationShare * m.mortgage_appreciation;
    const total_product_value = product_savings + product_equity + product_appreciation;
    return {
      year: m.year,
      product_savings,
      product_equity,
      product_appreciation,
      total_product_value,
      mortgage_equity: m.mortgage_equity,
      mortgage_appreciation: m.mortgage_appreciation,
      total_mortgage_value: m.total_mortgage_value,
    };
  });

  // docs/product/calculators.md#net-home-wealth: what each buyer keeps when moving after year y, FV = P·(1 + a/100)^y.
  const { homePrice: P, appreciationRate: a } = baseline.inputs;
  const netHomeWealthByYear = rows.map((row) => {
    const FV = P * (1 + a / 100) ** row.year;
    const transferFee = COMPARISON_TRANSFER_FEE_SHARE * COMPARISON_TRANSFER_FEE_RATE * FV;
    const sellingCosts = COMPARISON_SELLING_COST_RATE * FV;
    const nextPurchaseCosts = COMPARISON_NEXT_HOME_PURCHASE_COST_RATE * COMPARISON_NEXT_HOME_FACTOR * FV;
    return { year: row.year, product: row.total_product_value - transferFee, mortgage: row.total_mortgage_value - sellingCosts - nextPurchaseCosts };
  });

  const last = rows[rows.length - 1];
  const FV = baseline.futureValue;
  const transferFee = COMPARISON_TRANSFER_FEE_SHARE * COMPARISON_TRANSFER_FEE_RATE * FV;
  const sellingCosts = COMPARISON_SELLING_COST_RATE * FV;
  const nextPurchaseCosts = COMPARISON_NEXT_HOME_PURCHASE_COST_RATE * COMPARISON_NEXT_HOME_FACTOR * FV;

  return {
    ...fixed,
    sliderValue: max - step * steps,
    principalReduction,
    appreciationShare,
    productMonthly,
    totalProductMonthly,
    monthlySavings,
    savingsPercent: baseline.totalMortgageMonthly !== 0 ? monthlySavings / baseline.totalMortgageMonthly : 0,
    rows,
    netHomeWealth: {
      product: last.total_product_value - transferFee,
      mortgage: last.total_mortgage_value - sellingCosts - nextPurchaseCosts,
    },
    transferFee,
    netHomeWealthByYear,
  };
}

/**
 * Where the slider starts when the comparison opens from variant A with a monthly budget
 * (docs/product/calculators.md#comparison-from-variant-a): the nearest step at or below the
 * budget, when the budget lies within the slider's range; otherwise null (the maximum).
 */
export function sliderStartForBudget(slider: ComparisonBaseline['slider'], budget: number): number | null {
  if (!Number.isFinite(budget) || budget <= 0 || budget < slider.min || budget > slider.max) return null;
  // A whole number of steps below the maximum; the epsilon keeps a budget on a step on it.
  const steps = Math.ceil((slider.max - budget) / slider.step - 1e-9);
  return Math.max(slider.min, slider.max - slider.step * steps);
}

/** The comparison at `sliderValue` (default: the baseline maximum). */
export function compareWithMortgage(inputs: ComparisonInputs, sliderValue?: number): ComparisonResult {
  return applySlider(comparisonBaseline(inputs), sliderValue);
}
