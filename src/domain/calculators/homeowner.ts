/**
 * Homeowner figures — the dashboard of a real home (docs/product/calculators.md#homeowner-figures).
 * Pure and in full precision: the dashboard, statements, notices and exports all call
 * `homeownerFigures`; rounding happens only when a figure is shown.
 */
import { principalPaid } from './amortization';
import { applySlider, comparisonBaseline, type ComparisonBaseline, type ComparisonResult } from './comparison';
import { COMPARISON_TERM_MONTHS, COMPARISON_TRANSFER_FEE_RATE, COMPARISON_TRANSFER_FEE_SHARE, type ComparisonInputs } from './comparison-constants';

/** The fixed part of a home's agreement (docs/product/calculators.md#agreement). */
export interface AgreementInputs {
  /** Purchase price P. */
  price: number;
  /** Down payment D. */
  downPayment: number;
  /** Mortgage reference rate r, percent a year. */
  mortgageRate: number;
  /** Appreciation assumption a, percent a year. */
  appreciationRate: number;
}

/** One entry of the agreement's history of terms: the total monthly payment S from `fromMonth` on. */
export interface AgreementTerm {
  fromMonth: number;
  monthlyPayment: number;
}

export interface HomeownerFiguresInputs extends AgreementInputs {
  /** The history of terms; the first has `fromMonth` 1 (docs/product/calculators.md#months-and-payment-changes). */
  terms: readonly AgreementTerm[];
  /** Months whose charge is paid in full (order and repeats do not matter). */
  paidMonths: readonly number[];
  /** Months billed so far. */
  billedMonths: number;
  /** The latest recorded valuation V; the price when there is none. */
  valuation?: number | null;
}

export interface HomeownerFigures {
  equityPrincipal: number;
  appreciationShare: number;
  appreciation: number;
  totalEquity: number;
  accessibleEquity: number;
  savings: number;
  wealth: number;
  projectedWealth5y: number;
  wealthTarget: number;
  appreciationChange: number;
  totalEquityChange: number;
}

// docs/product/calculators.md#agreement: the bounds are the comparison's with yearsToDisplay 10,
// and the wealth target is its row 10 (row 5 is the 5-year projection).
export const AGREEMENT_YEARS = 10;
const PROJECTION_YEAR = 5;

// Payments travel as whole cents (docs/product/calculators.md#entry-point-and-the-ledger), so a
// payment stored to the cent may sit up to half a cent outside the exact slider end.
const HALF_CENT = 0.005;

/** The comparison inputs of an agreement: its P, D, r, a and 10 years. */
export function agreementComparisonInputs(agreement: AgreementInputs): ComparisonInputs {
  return {
    homePrice: agreement.price,
    downPayment: agreement.downPayment,
    mortgageRate: agreement.mortgageRate,
    appreciationRate: agreement.appreciationRate,
    yearsToDisplay: AGREEMENT_YEARS,
  };
}

/** The slider's `{ min, max, step }` for the agreement (docs/product/calculators.md#agreement). */
export function agreementBounds(agreement: AgreementInputs): { min: number; max: number; step: number } {
  return comparisonBaseline(agreementComparisonInputs(agreement)).slider;
}

/**
 * True when `monthlyPayment` lies within the agreement's slider bounds (to within half a
 * cent). It need not sit on a step: `compareWithMortgage` snaps to the nearest one.
 */
export function isPaymentWithinBounds(agreement: AgreementInputs, monthlyPayment: number): boolean {
  if (!Number.isFinite(monthlyPayment)) return false;
  const { min, max } = agreementBounds(agreement);
  return monthlyPayment >= min - HALF_CENT && monthlyPayment <= max + HALF_CENT;
}

function sortedTerms(terms: readonly AgreementTerm[]): AgreementTerm[] {
  if (terms.length === 0) throw new RangeError('An agreement needs at least one term.');
  return [...terms].sort((a, b) => a.fromMonth - b.fromMonth);
}

/** Index in `sorted` of the term in force in `month`: the last one starting on or before it (the first before it starts). */
function termIndex(sorted: readonly AgreementTerm[], month: number): number {
  let index = 0;
  for (let t = 1; t < sorted.length && sorted[t].fromMonth <= month; t++) index = t;
  return index;
}

/**
 * The term in force in agreement month `month`; its `monthlyPayment` is S(k)
 * (docs/product/calculators.md#months-and-payment-changes). Months before the first
 * term's start use the first term. Throws on an empty history.
 */
export function termAt(terms: readonly AgreementTerm[], month: number): AgreementTerm {
  const sorted = sortedTerms(terms);
  return sorted[termIndex(sorted, month)];
}

/** The charge of agreement month `month` in whole cents: round(100·S(k)) (docs/product/calculators.md#entry-point-and-the-ledger). */
export function monthlyChargeCents(terms: readonly AgreementTerm[], month: number): number {
  return Math.round(100 * termAt(terms, month).monthlyPayment);
}

/** Resolves each month to the comparison at its term's payment, computing each term once. */
function termResults(baseline: ComparisonBaseline, terms: readonly AgreementTerm[]): (month: number) => ComparisonResult {
  const sorted = sortedTerms(terms);
  const results = sorted.map((term) => applySlider(baseline, term.monthlyPayment));
  return (month) => results[termIndex(sorted, month)];
}

/** Every dashboard figure of a home, as docs/product/calculators.md#figures defines them. */
export function homeownerFigures(inputs: HomeownerFiguresInputs): HomeownerFigures {
  const baseline = comparisonBaseline(agreementComparisonInputs(inputs));
  // The inputs as the comparison reads them (non-numeric → 0, negative rate → 0), so both agree.
  const { homePrice: P, downPayment: D, mortgageRate: r } = baseline.inputs;
  const L = Math.max(0, P - D);
  const at = termResults(baseline, inputs.terms);
  const billed = Number.isFinite(inputs.billedMonths) ? Math.max(0, Math.floor(inputs.billedMonths)) : 0;

  // equityCredit(k) = principalPaid(L, r, k) − principalPaid(L, r, k − 1) − PR(k), over paid months;
  // savings = Σ monthlySavings(k) over the same months.
  let equityPrincipal = D;
  let savings = 0;
  for (const k of new Set(inputs.paidMonths)) {
    if (!Number.isInteger(k) || k < 1) continue;
    const month = at(k);
    equityPrincipal += principalPaid(L, r, k, COMPARISON_TERM_MONTHS) - principalPaid(L, r, k - 1, COMPARISON_TERM_MONTHS) - month.principalReduction;
    savings += month.monthlySavings;
  }

  // The mean of σ(k) over the months billed so far; the agreement's σ before month 1.
  let appreciationShare = at(1).appreciationShare;
  if (billed > 0) {
    let sum = 0;
    for (let k = 1; k <= billed; k++) sum += at(k).appreciationShare;
    appreciationShare = sum / billed;
  }

  const V = inputs.valuation != null && Number.isFinite(inputs.valuation) ? inputs.valuation : P;
  const appreciation = appreciationShare * (V - P);
  const totalEquity = equityPrincipal + appreciation;
  // What a 60-day notice would pay out or move, after the equity transfer fee of #net-home-wealth.
  const accessibleEquity = Math.max(0, totalEquity - COMPARISON_TRANSFER_FEE_SHARE * COMPARISON_TRANSFER_FEE_RATE * V);

  // S_now: the payment of the next month to be billed.
  const now = at(billed + 1);

  return {
    equityPrincipal,
    appreciationShare,
    appreciation,
    totalEquity,
    accessibleEquity,
    savings,
    wealth: totalEquity + savings,
    projectedWealth5y: now.rows[PROJECTION_YEAR - 1].total_product_value,
    wealthTarget: now.rows[AGREEMENT_YEARS - 1].total_product_value,
    // 0 when P is 0, as totalEquityChange is when D is 0, so every figure stays finite.
    appreciationChange: P !== 0 ? (V - P) / P : 0,
    totalEquityChange: D !== 0 ? (totalEquity - D) / D : 0,
  };
}
