/**
 * Public entry points of the three calculators (docs/product/calculators.md#public-entry-points)
 * and of the homeowner figures (docs/product/calculators.md#entry-point-and-the-ledger):
 * pure functions shared by the pages, the server and the tests.
 */
export { calculateAffordability } from './affordability';
export { calculateHomeAffordability, homeAffordabilityMinimumDown, homeAffordabilityNoResultReason } from './home-affordability';
export { applySlider, clampYears, compareWithMortgage, comparisonBaseline, sliderStartForBudget } from './comparison';
export { amort, principalPaid } from './amortization';
export { AGREEMENT_YEARS, agreementBounds, agreementComparisonInputs, homeownerFigures, isPaymentWithinBounds, monthlyChargeCents, termAt } from './homeowner';
export { dollarsToCents, EXIT_KINDS, EXIT_SALE_COSTS_RATE, exitQuote, exitQuoteTotalCents, transferFeeOn } from './exit-quote';
export { parseNumber, toNumber } from './parse';
export { downPaymentMessage, incomeMessage, MIN_DOWN_PAYMENT_SHARE, minimumDownPayment, numberMessage } from './field-messages';

export type { AffordabilityInputs, AffordabilityResult, CreditScoreBand, CushionLabel, DtiLabel, LocationRegion, LtvLabel, RegionRates } from './affordability';
export type { HomeAffordabilityInputs, HomeAffordabilityResult } from './home-affordability';
export type { ComparisonBaseline, ComparisonInputs, ComparisonResult, ComparisonRow } from './comparison';
export type { AgreementInputs, AgreementTerm, HomeownerFigures, HomeownerFiguresInputs } from './homeowner';
export type { ExitBuyOutQuote, ExitKind, ExitPayoutQuote, ExitQuote, ExitQuoteInputs, TransferFee } from './exit-quote';

// Defaults and constants (each commented with its source where it is defined).
export {
  AFFORDABILITY_DEFAULTS,
  AFFORDABILITY_DOWN_PAYMENT_MULTIPLE,
  AFFORDABILITY_HOMEOWNER_PRINCIPAL_SHARE,
  AFFORDABILITY_HORIZON_MONTHS,
  AFFORDABILITY_INVESTOR_YIELD_SHARE,
  AFFORDABILITY_MAX_MONTHLY_PAYMENT,
  AFFORDABILITY_PAYMENT_SHARE_OF_INCOME,
  AFFORDABILITY_PRODUCT_FEE_SHARE,
  AFFORDABILITY_RATE_ADDEND,
  AFFORDABILITY_SPLIT_TOTAL,
  CREDIT_NOTICE_BAND,
  CREDIT_SCORE_BANDS,
  CUSHION_HEALTHY_MIN,
  DTI_EXCELLENT_MAX,
  DTI_GOOD_MAX,
  LOCATION_REGIONS,
  LTV_STRONG_MAX,
  REGION_RATE_DEFAULTS,
} from './affordability';
export {
  HOME_AFFORDABILITY_BASE_DISCOUNT,
  HOME_AFFORDABILITY_CALIBRATION_DOWN_PAYMENT,
  HOME_AFFORDABILITY_CALIBRATION_INCOME,
  HOME_AFFORDABILITY_CALIBRATION_PRICE,
  HOME_AFFORDABILITY_DEFAULT_PRODUCT_MONTHLY_FACTOR,
  HOME_AFFORDABILITY_DEFAULT_PRODUCT_PRICE_FACTOR,
  HOME_AFFORDABILITY_DEFAULTS,
  HOME_AFFORDABILITY_DISCOUNT,
  HOME_AFFORDABILITY_DISCOUNT_PER_GAP_POINT,
  HOME_AFFORDABILITY_DTI_LIMIT,
  HOME_AFFORDABILITY_EXTRA_LTV_THRESHOLD,
  HOME_AFFORDABILITY_EXTRA_RATE,
  HOME_AFFORDABILITY_INSURANCE_ANNUAL,
  HOME_AFFORDABILITY_MAX_PRODUCT_PRICE_FACTOR,
  HOME_AFFORDABILITY_MIN_PRICE_ABOVE_DOWN,
  HOME_AFFORDABILITY_MORTGAGE_RATE,
  HOME_AFFORDABILITY_PROPERTY_TAX_RATE,
  HOME_AFFORDABILITY_REFERENCE_RATE,
  HOME_AFFORDABILITY_TERM_MONTHS,
} from './home-affordability';
export * from './comparison-constants';
export { LOAN_TERM_MONTHS } from './amortization';
