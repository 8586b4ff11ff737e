/**
 * Variant B — /affordability, Home Affordability Calculator
 * (docs/product/calculators.md#variant-b). Pure; no rounding here.
 */
import { amort, LOAN_TERM_MONTHS } from './amortization';
import { MIN_DOWN_PAYMENT_SHARE } from './field-messages';
import { toNumber } from './parse';
import { formatMoney } from '../format';

export interface HomeAffordabilityInputs {
  monthlyGrossIncome: number;
  monthlyDebtPayments: number;
  downPayment: number;
}

export interface HomeAffordabilityResult {
  maxMortgagePrice: number;
  maxMortgageMonthly: number;
  defaultProductPrice: number;
  defaultProductMonthly: number;
  maxProductPrice: number;
  maxProductMonthly: number;
  /**
   * What sets the prices: the 43 % debt-to-income rule ('dti'), or the floor of the down
   * payment plus 50,000 ('downPayment') when the income alone would support less.
   */
  limitedBy: 'dti' | 'downPayment';
}

// docs/product/calculators.md#variant-b-inputs-and-constants: defaults 6000, 200, 10000.
export const HOME_AFFORDABILITY_DEFAULTS: HomeAffordabilityInputs = {
  monthlyGrossIncome: 6000,
  monthlyDebtPayments: 200,
  downPayment: 10000,
};

// docs/product/calculators.md#variant-b-inputs-and-constants: mortgage rate 6.4 %, 30 years.
export const HOME_AFFORDABILITY_MORTGAGE_RATE = 6.4;
export const HOME_AFFORDABILITY_TERM_MONTHS = LOAN_TERM_MONTHS;
// docs/product/calculators.md#variant-b-inputs-and-constants: debt-to-income limit 43 %.
export const HOME_AFFORDABILITY_DTI_LIMIT = 0.43;
// docs/product/calculators.md#variant-b-inputs-and-constants: property tax 1.2 % of the price a year.
export const HOME_AFFORDABILITY_PROPERTY_TAX_RATE = 0.012;
// docs/product/calculators.md#variant-b-inputs-and-constants: insurance 945 a year.
export const HOME_AFFORDABILITY_INSURANCE_ANNUAL = 945;
// docs/product/calculators.md#variant-b-inputs-and-constants: calibration income 7916.67, debt 0, down 10000 → 419,733.
export const HOME_AFFORDABILITY_CALIBRATION_INCOME = 7916.67;
export const HOME_AFFORDABILITY_CALIBRATION_DOWN_PAYMENT = 10000;
export const HOME_AFFORDABILITY_CALIBRATION_PRICE = 419733;
// docs/product/calculators.md#variant-b-formulas, item 3: floor of down payment plus 50000.
export const HOME_AFFORDABILITY_MIN_PRICE_ABOVE_DOWN = 50000;
// docs/product/calculators.md#variant-b-inputs-and-constants: reference rate 5.5 %, base discount 0.2190598,
// 0.0002 per 0.01 point of rate gap.
export const HOME_AFFORDABILITY_REFERENCE_RATE = 5.5;
export const HOME_AFFORDABILITY_BASE_DISCOUNT = 0.2190598;
export const HOME_AFFORDABILITY_DISCOUNT_PER_GAP_POINT = 0.0002;
// docs/product/calculators.md#variant-b-formulas, item 4: extra 0.9 % of the loan a year above 80 % LTV.
export const HOME_AFFORDABILITY_EXTRA_RATE = 0.009;
export const HOME_AFFORDABILITY_EXTRA_LTV_THRESHOLD = 0.8;
// docs/product/calculators.md#variant-b-formulas, item 5: price and monthly factors of the product cards.
export const HOME_AFFORDABILITY_DEFAULT_PRODUCT_PRICE_FACTOR = 1.18;
export const HOME_AFFORDABILITY_DEFAULT_PRODUCT_MONTHLY_FACTOR = 0.82;
export const HOME_AFFORDABILITY_MAX_PRODUCT_PRICE_FACTOR = 1.28;

// docs/product/calculators.md#variant-b-formulas, item 4: 0.2190598 + 0.0002·round((6.4 − 5.5)·100) = 0.2370598.
export const HOME_AFFORDABILITY_DISCOUNT =
  HOME_AFFORDABILITY_BASE_DISCOUNT +
  HOME_AFFORDABILITY_DISCOUNT_PER_GAP_POINT * Math.round((HOME_AFFORDABILITY_MORTGAGE_RATE - HOME_AFFORDABILITY_REFERENCE_RATE) * 100);

type Evaluation = { result: HomeAffordabilityResult; reason: null } | { result: null; reason: string };

// User-facing reasons for an empty result (docs/product/calculators.md#variant-b-formulas: no result, and why).
const REASON_NO_INCOME = 'Enter your monthly gross household income (more than $0) and we’ll show what you could afford.';
const REASON_NEGATIVE_DOWN = 'Your down payment can’t be negative. Enter 0 if you haven’t saved one yet.';
const REASON_DEBTS_TOO_HIGH = `Your monthly debt payments already take up the full ${Math.round(
  HOME_AFFORDABILITY_DTI_LIMIT * 100,
)}% of income that lenders allow for all debts, home included, so there’s no room left for a home payment yet. Paying down debt or adding income changes that.`;
const REASON_NO_PRICE = 'These figures don’t leave room for a home price yet. Try adjusting them.';

/** Step 3's price less the down payment: maxMortgagePrice = down + mortgagePriceAboveDown(budget). */
function mortgagePriceAboveDown(budget: number): { above: number; limitedBy: HomeAffordabilityResult['limitedBy'] } {
  const calibrationBudget = HOME_AFFORDABILITY_DTI_LIMIT * HOME_AFFORDABILITY_CALIBRATION_INCOME;
  const fromIncome = (HOME_AFFORDABILITY_CALIBRATION_PRICE * budget) / calibrationBudget - HOME_AFFORDABILITY_CALIBRATION_DOWN_PAYMENT;
  return fromIncome >= HOME_AFFORDABILITY_MIN_PRICE_ABOVE_DOWN
    ? { above: fromIncome, limitedBy: 'dti' }
    : { above: HOME_AFFORDABILITY_MIN_PRICE_ABOVE_DOWN, limitedBy: 'downPayment' };
}

/**
 * The least down payment variant B accepts for this income and debts: 2 % of the price of
 * its first card ('Lower monthly payment', 1.18 times the mortgage price, the home 'View
 * Payment Breakdown' opens), in whole dollars. Not the 'same equity' card's 1.28: the
 * calibration example (down payment 10,000 for 537,258) would then give no result.
 * Every dollar of down payment adds a dollar to the mortgage price, so with C the price
 * above the down payment and s = 0.02·1.18: d ≥ s·(d + C), that is d ≥ s·C / (1 − s).
 * null when there is no budget (docs/product/calculators.md#field-messages).
 */
export function homeAffordabilityMinimumDown(inputs: Pick<HomeAffordabilityInputs, 'monthlyGrossIncome' | 'monthlyDebtPayments'>): number | null {
  const income = toNumber(inputs.monthlyGrossIncome);
  const budget = HOME_AFFORDABILITY_DTI_LIMIT * income - toNumber(inputs.monthlyDebtPayments);
  if (!(income > 0) || budget <= 0) return null;
  const share = MIN_DOWN_PAYMENT_SHARE * HOME_AFFORDABILITY_DEFAULT_PRODUCT_PRICE_FACTOR;
  return Math.ceil((share * mortgagePriceAboveDown(budget).above) / (1 - share) - 1e-9);
}

function evaluate(inputs: HomeAffordabilityInputs): Evaluation {
  const income = toNumber(inputs.monthlyGrossIncome);
  const debt = toNumber(inputs.monthlyDebtPayments);
  const down = toNumber(inputs.downPayment);

  // Steps 1–3.
  if (!(income > 0)) return { result: null, reason: REASON_NO_INCOME };
  if (down < 0) return { result: null, reason: REASON_NEGATIVE_DOWN };
  const budget = HOME_AFFORDABILITY_DTI_LIMIT * income - debt;
  if (budget <= 0) return { result: null, reason: REASON_DEBTS_TOO_HIGH };
  const { above, limitedBy } = mortgagePriceAboveDown(budget);
  const maxMortgagePrice = down + above;
  // Unreachable while down ≥ 0 (the floor is ≥ 50000), kept as a rule (docs/product/calculators.md#variant-b-formulas, item 3).
  if (maxMortgagePrice <= 0) return { result: null, reason: REASON_NO_PRICE };
  const defaultProductPrice = HOME_AFFORDABILITY_DEFAULT_PRODUCT_PRICE_FACTOR * maxMortgagePrice;
  const maxProductPrice = HOME_AFFORDABILITY_MAX_PRODUCT_PRICE_FACTOR * maxMortgagePrice;
  // docs/product/calculators.md#field-messages: below 2 % of the first card's price, no result.
  if (down < MIN_DOWN_PAYMENT_SHARE * defaultProductPrice) {
    const minimumDown = homeAffordabilityMinimumDown(inputs) ?? 0;
    const priceAtMinimum = HOME_AFFORDABILITY_DEFAULT_PRODUCT_PRICE_FACTOR * (minimumDown + above);
    return {
      result: null,
      reason: `We ask for at least 2% down. On this income and these debts that’s ${formatMoney(minimumDown)} or more, for a home up to ${formatMoney(priceAtMinimum)}.`,
    };
  }

  // Step 4.
  const loanFor = (price: number): number => Math.max(0, price - down);
  const principalAndInterest = (price: number): number => amort(loanFor(price), HOME_AFFORDABILITY_MORTGAGE_RATE, HOME_AFFORDABILITY_TERM_MONTHS);
  const extra = (price: number): number => {
    const loan = loanFor(price);
    return loan > HOME_AFFORDABILITY_EXTRA_LTV_THRESHOLD * price ? (HOME_AFFORDABILITY_EXTRA_RATE * loan) / 12 : 0;
  };
  const taxIns = (price: number): number => (HOME_AFFORDABILITY_PROPERTY_TAX_RATE * price) / 12 + HOME_AFFORDABILITY_INSURANCE_ANNUAL / 12;
  const mortgageMonthly = (price: number): number => principalAndInterest(price) + taxIns(price) + extra(price);
  const productMonthly = (price: number): number => principalAndInterest(price) * (1 - HOME_AFFORDABILITY_DISCOUNT) + taxIns(price) + extra(price);

  // Step 5.
  const maxMortgageMonthly = mortgageMonthly(maxMortgagePrice);
  return {
    reason: null,
    result: {
      maxMortgagePrice,
      maxMortgageMonthly,
      defaultProductPrice,
      defaultProductMonthly: HOME_AFFORDABILITY_DEFAULT_PRODUCT_MONTHLY_FACTOR * maxMortgageMonthly,
      maxProductPrice,
      maxProductMonthly: productMonthly(maxProductPrice),
      limitedBy,
    },
  };
}

/** The three cards of variant B, or `null` when there is no result (docs/product/calculators.md#variant-b-formulas). */
export function calculateHomeAffordability(inputs: HomeAffordabilityInputs): HomeAffordabilityResult | null {
  return evaluate(inputs).result;
}

/** Why {@link calculateHomeAffordability} gives no result, in words for the user; `null` when it gives one. */
export function homeAffordabilityNoResultReason(inputs: HomeAffordabilityInputs): string | null {
  return evaluate(inputs).reason;
}
