import { EXIT_WAY_LABELS, type ExitQuoteView, type QuoteLines } from './exit-quotes';
import { EXIT_QUOTE_VALUATION_DAYS } from './states';

/**
 * A quote's lines as words and cents, in order — the page, the PDF and the mail print the same list
 * (docs/decisions/034-exit-quotes.md), so what adds up on one adds up on all. Pure.
 */
export interface QuoteLineText {
  label: string;
  cents: number | null;
  /** A total or subtotal. */
  strong?: boolean;
  /** A line that explains. */
  note?: string;
}

export function feeRuleText(fee: { type: 'percentage' | 'fixed'; amount: number }): string {
  return fee.type === 'percentage'
    ? `${fee.amount}% of your total equity (transfer fee in our settings)`
    : `a fixed fee of $${fee.amount.toFixed(2)} (transfer fee in our settings)`;
}

export function quoteLineTexts(kind: ExitQuoteView['kind'], lines: QuoteLines, fee: ExitQuoteView['transferFee']): QuoteLineText[] {
  const out: QuoteLineText[] = [
    { label: 'Down payment', cents: lines.downPaymentCents },
    { label: 'Equity credited by your paid months', cents: lines.equityCreditedCents },
    { label: `Your share of appreciation (${(lines.appreciationShare * 100).toFixed(2)}% of the change in value)`, cents: lines.appreciationCents },
    { label: 'Total equity', cents: lines.totalEquityCents, strong: true },
  ];
  if (kind === 'buy_out') {
    out.push(
      { label: 'Home value', cents: lines.valuationCents },
      { label: 'less your total equity', cents: -lines.totalEquityCents },
      { label: 'plus arrears (open charges and fees due)', cents: lines.arrearsCents },
      { label: 'less your credit', cents: -lines.creditCents },
      { label: 'Buy-out price', cents: lines.buyOutPriceCents, strong: true },
    );
    return out;
  }
  if (kind === 'cash_out') out.push({ label: 'Sale and transfer costs (9.6% of the home value: 0.8 × 12%)', cents: -(lines.costsCents ?? 0) });
  else out.push({ label: `Transfer fee: ${fee ? feeRuleText(fee) : 'from our settings'}`, cents: -(lines.feeCents ?? 0) });
  out.push(
    { label: 'Equity out (total equity less the above, never below $0; rounded to the cent on its own)', cents: lines.equityOutCents },
    { label: 'less arrears (open charges and fees due)', cents: -lines.arrearsCents },
    { label: 'plus your credit', cents: lines.creditCents },
    { label: (lines.payoutCents ?? 0) < 0 ? 'You would owe' : 'Payout', cents: lines.payoutCents, strong: true },
  );
  return out;
}

export const quoteTitle = (kind: ExitQuoteView['kind']) => `Exit quote: ${EXIT_WAY_LABELS[kind]}`;

/** 'How to check this': recomputing the quote from the downloaded ledger. */
export function howToCheck(quote: Pick<ExitQuoteView, 'quotedOn' | 'headSeq' | 'headHash'>): string[] {
  return [
    `Download your ledger from your home page. Check that entry #${quote.headSeq ?? 0} carries the hash ${quote.headHash ?? ''}: every entry includes the hash of the one before, so this fixes the whole ledger the quote used.`,
    `Take the entries up to #${quote.headSeq ?? 0} dated on or before ${quote.quotedOn ?? 'the quote day'}. Payments pay the oldest charge first: a month is paid when its charge is paid in full. Arrears are the unpaid parts of the charges due by that day; credit is what is left over.`,
    'Your equity is your down payment, plus for each paid month the principal a mortgage would have repaid that month less your agreement’s principal reduction, plus your share of appreciation times the change in value (calculators.md, Homeowner figures).',
    `The valuation must be dated within ${EXIT_QUOTE_VALUATION_DAYS} days before the quote day. Each line is rounded to the cent, half away from zero, and the total is the sum of the rounded lines. ‘Check this quote in my browser’ on the quote’s page does all of this with your ledger, in your browser.`,
  ];
}
