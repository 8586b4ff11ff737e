/**
 * Exit quote (docs/product/calculators.md 'Exit quote'): what a homeowner gets on moving
 * their equity, cashing out, or pays to buy Ownstead out, on quote day t. Pure, shared by
 * the server (quotes, completion) and the browser (the home page's figures and its check).
 *
 * Every money line is rounded to whole cents half away from zero, and the total is
 * computed from the rounded lines, so a quote adds up to the cent on every screen.
 */
import { homeownerFigures, type HomeownerFiguresInputs } from './homeowner';
import { COMPARISON_TRANSFER_FEE_RATE, COMPARISON_TRANSFER_FEE_SHARE } from './comparison-constants';

export const EXIT_KINDS = ['move', 'cashOut', 'buyOut'] as const;
export type ExitKind = (typeof EXIT_KINDS)[number];

/** The settings' transfer fee (`transferFeeConfig`): a percentage of the equity, or a fixed amount in dollars. */
export interface TransferFee {
  type: 'percentage' | 'fixed';
  amount: number;
}

export interface ExitQuoteInputs extends Omit<HomeownerFiguresInputs, 'valuation'> {
  /** Vq, in dollars: the valuation the quote uses. */
  valuation: number;
  kind: ExitKind;
  transferFee: TransferFee;
  /** The open part of every charge and fee due on or before t (the ledger's allocation). */
  arrearsCents: number;
  /** Credit not yet used by any charge or fee. */
  creditCents: number;
}

interface ExitQuoteCommon {
  /** E, full precision (dollars). */
  totalEquity: number;
  /** E rounded to whole cents (the line the buy-out deducts; shown on every quote). */
  totalEquityCents: number;
  /** Vq in whole cents. */
  valuationCents: number;
  arrearsCents: number;
  creditCents: number;
}

export interface ExitPayoutQuote extends ExitQuoteCommon {
  kind: 'move' | 'cashOut';
  /** cashOut: the sale and transfer costs, 0.8 · 12 % of Vq; 0 for move. */
  costsCents: number;
  /** move: the transfer fee of the settings; 0 for cashOut. */
  feeCents: number;
  /** max(0, E − costs or fee). */
  equityOutCents: number;
  /** equityOut − arrears + credit; negative: the homeowner owes that much. */
  payoutCents: number;
}

export interface ExitBuyOutQuote extends ExitQuoteCommon {
  kind: 'buyOut';
  /** Vq − E + arrears − credit: what the homeowner pays to own the whole home. */
  buyOutPriceCents: number;
}

export type ExitQuote = ExitPayoutQuote | ExitBuyOutQuote;

/** The share of the value that sale and transfer costs take on a cash-out: 0.8 · 12 % = 9.6 %. */
export const EXIT_SALE_COSTS_RATE = COMPARISON_TRANSFER_FEE_SHARE * COMPARISON_TRANSFER_FEE_RATE;

/** Dollars to whole cents, half away from zero (−0.005 → −1 cent, 0.005 → 1 cent). */
export function dollarsToCents(dollars: number): number {
  if (!Number.isFinite(dollars)) throw new RangeError('An amount must be a finite number.');
  const cents = Math.round(Math.abs(dollars) * 100);
  return dollars < 0 ? -cents : cents;
}

function wholeCents(value: number, label: string): number {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${label} is a whole number of cents.`);
  return value;
}

/** The transfer fee on equity E (dollars, full precision): a percentage of max(0, E), or the fixed amount. */
export function transferFeeOn(fee: TransferFee, totalEquity: number): number {
  return fee.type === 'percentage' ? (fee.amount / 100) * Math.max(0, totalEquity) : fee.amount;
}

/** The exit quote of calculators.md 'Exit quote'. */
export function exitQuote(inputs: ExitQuoteInputs): ExitQuote {
  const arrearsCents = wholeCents(inputs.arrearsCents, 'Arrears');
  const creditCents = wholeCents(inputs.creditCents, 'Credit');
  if (!Number.isFinite(inputs.valuation) || inputs.valuation <= 0) throw new RangeError('A quote needs a positive valuation.');
  const Vq = inputs.valuation;
  const E = homeownerFigures({ ...inputs, valuation: Vq }).totalEquity;
  const common: ExitQuoteCommon = { totalEquity: E, totalEquityCents: dollarsToCents(E), valuationCents: dollarsToCents(Vq), arrearsCents, creditCents };

  if (inputs.kind === 'buyOut') {
    return { ...common, kind: 'buyOut', buyOutPriceCents: common.valuationCents - common.totalEquityCents + arrearsCents - creditCents };
  }
  const deduction = inputs.kind === 'cashOut' ? EXIT_SALE_COSTS_RATE * Vq : transferFeeOn(inputs.transferFee, E);
  const deductionCents = dollarsToCents(deduction);
  const equityOutCents = dollarsToCents(Math.max(0, E - deduction));
  return {
    ...common,
    kind: inputs.kind,
    costsCents: inputs.kind === 'cashOut' ? deductionCents : 0,
    feeCents: inputs.kind === 'move' ? deductionCents : 0,
    equityOutCents,
    payoutCents: equityOutCents - arrearsCents + creditCents,
  };
}

/** The quote's total: the payout for move and cashOut, the buy-out price for buyOut (cents). */
export function exitQuoteTotalCents(quote: ExitQuote): number {
  return quote.kind === 'buyOut' ? quote.buyOutPriceCents : quote.payoutCents;
}
