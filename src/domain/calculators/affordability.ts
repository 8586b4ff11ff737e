/**
 * Variant A — /how-much-home-can-i-afford (docs/product/calculators.md#variant-a).
 * Pure: no rounding here, the page rounds on display.
 */
import { toNumber } from './parse';

// docs/product/calculators.md#variant-a-inputs-and-defaults: creditScoreBand options.
export const CREDIT_SCORE_BANDS = ['<620', '620-679', '680-739', '740-799', '800+'] as const;
export type CreditScoreBand = (typeof CREDIT_SCORE_BANDS)[number];

// docs/product/calculators.md#variant-a-inputs-and-defaults: locationRegion options.
export const LOCATION_REGIONS = ['CA', 'NY', 'TX', 'FL', 'WA'] as const;
export type LocationRegion = (typeof LOCATION_REGIONS)[number];

export interface RegionRates {
  /** Annual property tax, percent of price (1.2 means 1.2 %). */
  propertyTaxRate: number;
  /** Annual homeowners insurance, percent of price. */
  insuranceRate: number;
}

// docs/product/calculators.md#variant-a-formulas, item 6: the region pre-fills both rates.
// These are our defaults, rounded from published effective rates (property tax per
// state, insurance premium as a share of home value); the admin will edit them in
// settings (not yet: docs/product/calculators.md#known-differences, item 1). CA is
// 1.2 / 0.5 so that it matches the calculator's defaults
// (docs/product/calculators.md#variant-a-inputs-and-defaults).
export const REGION_RATE_DEFAULTS: Record<LocationRegion, RegionRates> = {
  CA: { propertyTaxRate: 1.2, insuranceRate: 0.5 },
  NY: { propertyTaxRate: 1.6, insuranceRate: 0.5 },
  TX: { propertyTaxRate: 1.6, insuranceRate: 0.9 },
  FL: { propertyTaxRate: 0.9, insuranceRate: 1.1 },
  WA: { propertyTaxRate: 0.9, insuranceRate: 0.4 },
};

export interface AffordabilityInputs {
  grossIncomeMonthly: number;
  debtPaymentsMonthly: number;
  creditScoreBand: CreditScoreBand;
  downPaymentAvailable: number;
  /** Optional: 0 (or empty) means "use the income-based basis". */
  targetMonthlyPayment: number;
  locationRegion: LocationRegion;
  /** Percent, as typed (1.2 means 1.2 %). */
  propertyTaxRate: number;
  /** Percent, as typed. */
  insuranceRate: number;
  /** Carried over to the comparison; changes no figure here. */
  hoaMonthly: number;
  /** Percent; carried over to the comparison; changes no figure here. */
  mortgageRate: number;
}

// docs/product/calculators.md#variant-a-inputs-and-defaults.
export const AFFORDABILITY_DEFAULTS: AffordabilityInputs = {
  grossIncomeMonthly: 5000,
  debtPaymentsMonthly: 500,
  creditScoreBand: '740-799',
  downPaymentAvailable: 50000,
  targetMonthlyPayment: 2200,
  locationRegion: 'CA',
  propertyTaxRate: 1.2,
  insuranceRate: 0.5,
  hoaMonthly: 200,
  mortgageRate: 6.4,
};

// docs/product/calculators.md#variant-a-formulas, item 1: payment basis is 28 % of gross income minus debt.
export const AFFORDABILITY_PAYMENT_SHARE_OF_INCOME = 0.28;
// docs/product/calculators.md#variant-a-formulas, item 2: estimated payment capped at 2500 a month.
export const AFFORDABILITY_MAX_MONTHLY_PAYMENT = 2500;
// docs/product/calculators.md#variant-a-formulas, item 3: price at most 10 times the down payment.
export const AFFORDABILITY_DOWN_PAYMENT_MULTIPLE = 10;
// docs/product/calculators.md#variant-a-formulas, item 3: payment·12·30 (months over 30 years).
export const AFFORDABILITY_HORIZON_MONTHS = 12 * 30;
// docs/product/calculators.md#variant-a-formulas, item 3: added to the two percent rates as typed.
export const AFFORDABILITY_RATE_ADDEND = 0.06;
// docs/product/calculators.md#variant-a-formulas, item 4: what is left after taxes and insurance
// is split fee 18 : homeowner principal 36 : investor yield 23 (of 77).
export const AFFORDABILITY_PRODUCT_FEE_SHARE = 0.18;
export const AFFORDABILITY_HOMEOWNER_PRINCIPAL_SHARE = 0.36;
export const AFFORDABILITY_INVESTOR_YIELD_SHARE = 0.23;
export const AFFORDABILITY_SPLIT_TOTAL = AFFORDABILITY_PRODUCT_FEE_SHARE + AFFORDABILITY_HOMEOWNER_PRINCIPAL_SHARE + AFFORDABILITY_INVESTOR_YIELD_SHARE;
// docs/product/calculators.md#variant-a-formulas, item 5: ratio thresholds.
export const DTI_EXCELLENT_MAX = 0.28;
export const DTI_GOOD_MAX = 0.36;
export const LTV_STRONG_MAX = 0.8;
export const CUSHION_HEALTHY_MIN = 500;
// docs/product/calculators.md#variant-a-formulas, item 6: '<620' shows the approval notice.
export const CREDIT_NOTICE_BAND: CreditScoreBand = '<620';

export type DtiLabel = 'Excellent' | 'Good' | 'High';
export type LtvLabel = 'Strong' | 'Moderate';
export type CushionLabel = 'Healthy' | 'Tight';

export interface AffordabilityResult {
  maxHomePrice: number;
  estimatedMonthlyPayment: number;
  /** Step 1: the payment the income supports, 28 % of income less debts (never negative). */
  basis: number;
  monthlyBreakdown: {
    productFee: number;
    homeownerPrincipal: number;
    propertyTaxes: number;
    homeownersInsurance: number;
    investorYield: number;
  };
  ratios: {
    dti: number;
    ltv: number;
    /** Dollars a month: basis − payment (negative when the payment exceeds the basis). */
    cushion: number;
    /** null without an income: a DTI of 0 then says nothing. */
    dtiLabel: DtiLabel | null;
    /** null without a price. */
    ltvLabel: LtvLabel | null;
    cushionLabel: CushionLabel;
  };
  /** True for creditScoreBand '<620': approval is unlikely; no figure changes. */
  creditNotice: boolean;
}

const clamp = (x: number, lo: number, hi: number): number => Math.min(Math.max(x, lo), hi);

export function calculateAffordability(inputs: AffordabilityInputs): AffordabilityResult {
  const income = toNumber(inputs.grossIncomeMonthly);
  const debt = toNumber(inputs.debtPaymentsMonthly);
  const down = toNumber(inputs.downPaymentAvailable);
  const target = toNumber(inputs.targetMonthlyPayment);
  // A negative rate is outside the model (it would make the split below negative or
  // divide by zero); it counts as 0, like an empty field.
  const taxRate = Math.max(0, toNumber(inputs.propertyTaxRate));
  const insuranceRate = Math.max(0, toNumber(inputs.insuranceRate));

  // Steps 1–3.
  const basis = Math.max(0, AFFORDABILITY_PAYMENT_SHARE_OF_INCOME * income - debt);
  const payment = clamp(target > 0 ? target : basis, 0, AFFORDABILITY_MAX_MONTHLY_PAYMENT);
  const priceFromPayment = (payment * AFFORDABILITY_HORIZON_MONTHS) / (taxRate + insuranceRate + AFFORDABILITY_RATE_ADDEND);
  const maxHomePrice = Math.max(0, Math.min(AFFORDABILITY_DOWN_PAYMENT_MULTIPLE * down, priceFromPayment));

  // Step 4: taxes and insurance are the rates typed, applied to the price; the rest of the
  // payment is split 18 : 36 : 23 (of 77). The price formula keeps taxes and insurance under
  // 30 % of the payment, so the rest is never negative.
  const propertyTaxes = (maxHomePrice * taxRate) / 100 / 12;
  const homeownersInsurance = (maxHomePrice * insuranceRate) / 100 / 12;
  const rest = Math.max(0, payment - propertyTaxes - homeownersInsurance);
  const productFee = (rest * AFFORDABILITY_PRODUCT_FEE_SHARE) / AFFORDABILITY_SPLIT_TOTAL;
  const investorYield = (rest * AFFORDABILITY_INVESTOR_YIELD_SHARE) / AFFORDABILITY_SPLIT_TOTAL;
  // The remainder, so the five parts add up to the payment exactly.
  const homeownerPrincipal = Math.max(0, rest - productFee - investorYield);

  // Step 5 (docs/product/calculators.md#variant-a-formulas): dti is 0 when income ≤ 0.
  const dti = income > 0 ? (payment + debt) / income : 0;
  const ltv = maxHomePrice > 0 ? Math.max(0, maxHomePrice - down) / maxHomePrice : 0;
  const cushion = basis - payment;

  return {
    maxHomePrice,
    estimatedMonthlyPayment: payment,
    basis,
    monthlyBreakdown: { productFee, homeownerPrincipal, propertyTaxes, homeownersInsurance, investorYield },
    ratios: {
      dti,
      ltv,
      cushion,
      // No verdict without the figure behind it: a DTI of 0 without an income is not
      // 'Excellent', nor an LTV of 0 without a price 'Strong'.
      dtiLabel: income <= 0 ? null : dti <= DTI_EXCELLENT_MAX ? 'Excellent' : dti <= DTI_GOOD_MAX ? 'Good' : 'High',
      ltvLabel: maxHomePrice <= 0 ? null : ltv <= LTV_STRONG_MAX ? 'Strong' : 'Moderate',
      cushionLabel: cushion >= CUSHION_HEALTHY_MIN ? 'Healthy' : 'Tight',
    },
    creditNotice: inputs.creditScoreBand === CREDIT_NOTICE_BAND,
  };
}
