import { formatDate } from '../../../domain/format';
import { howToCheck, quoteLineTexts, quoteTitle } from '../../../domain/homes/exit-quote-text';
import { EXIT_CLOSED_LABELS, EXIT_WAY_LABELS, type ExitQuoteView } from '../../../domain/homes/exit-quotes';
import { EXIT_QUOTE_WITHDRAW_DAYS, NOTICE_DAYS } from '../../../domain/homes/states';
import type { DocBlock } from '../../../domain/signatures/envelopes';
import { AppError } from '../../platform/lib/errors';
import { pdfDocument, type PdfLine } from '../../platform/pdf/pdf';
import { centsText } from './statement-pdf';

/**
 * An exit quote as a PDF: every line of src/domain/homes/exit-quote-text.ts, the valuation with its
 * date and source, the quote day, validity, the ledger's head hash and 'How to check this'; and the final
 * statement of a completed one. The one file to port when the PDF facility changes (docs/decisions/034-exit-quotes.md).
 */

/** Who accepts the quote and for which move date: the acceptance the homeowner signs (docs/decisions/043-signed-exit-quotes.md). */
export interface QuoteAcceptance {
  name: string;
  address: string;
  moveDate: string;
  brandName: string;
}

/** The words of an acceptance, the same on the signing page and in the PDF. */
function acceptanceTexts(quote: ExitQuoteView, acceptance: QuoteAcceptance): string[] {
  return [
    `I, ${acceptance.name}, homeowner of ${acceptance.address}, accept this quote (${EXIT_WAY_LABELS[quote.kind]}) with the move date ${formatDate(acceptance.moveDate)}.`,
    `Accepting locks the valuation and the transfer fee above and gives my ${NOTICE_DAYS}-day notice for the move date. The final figures are computed on the move date with them and my ledger of that day: arrears deducted, credit added.`,
    `Until ${EXIT_QUOTE_WITHDRAW_DAYS} days before the move date I can withdraw this acceptance and its notice, with a reason; after that, ${acceptance.brandName} staff can.`,
    `${acceptance.brandName} acts on this acceptance once I have signed it.`,
  ];
}

function quoteParts(quote: ExitQuoteView) {
  if (!quote.lines || !quote.valuation) throw new AppError(409, 'quote_state', 'This quote is not issued yet: we are valuing your home.');
  return {
    valuation: { text: `${quote.valuation.sourceLabel}, dated ${quote.valuation.valuedOn}`, cents: quote.valuation.valueCents },
    lines: quoteLineTexts(quote.kind, quote.lines, quote.transferFee),
    thisQuote: [`Quote day ${quote.quotedOn}; valid until ${quote.validUntil}.`, `Your ledger's last entry used: #${quote.headSeq}. Its hash (SHA-256):`],
  };
}

export async function exitQuotePdf(quote: ExitQuoteView, brandName: string, acceptance?: QuoteAcceptance): Promise<Buffer> {
  const parts = quoteParts(quote);
  const lines: PdfLine[] = [
    { heading: 'The valuation' },
    { text: parts.valuation.text, amount: centsText(parts.valuation.cents) },
    { heading: 'Your figures' },
    ...parts.lines.map((line) => ({
      text: line.label,
      amount: line.cents === null ? '' : centsText(line.cents),
      bold: line.strong,
    })),
    { heading: 'This quote' },
    ...parts.thisQuote.map((text) => ({ text })),
    { text: quote.headHash ?? '', bold: true },
    ...(acceptance ? [{ heading: 'My acceptance' }, ...acceptanceTexts(quote, acceptance).flatMap((text): PdfLine[] => [{ text }, { blank: true }])] : []),
    { heading: 'How to check this' },
    ...howToCheck(quote).map((text) => ({ text, small: true })),
  ];
  return pdfDocument({
    title: quoteTitle(quote.kind),
    subtitle: `${brandName}  \u2022  quote ${quote.id}`,
    lines,
    footer: `${brandName} exit quote ${quote.id}`,
  });
}

/**
 * The accepted quote with its move date, for the homeowner's signature (docs/decisions/043-signed-exit-quotes.md): the
 * quote's own PDF with 'My acceptance', and the same text as the signing page's blocks.
 */
export async function acceptedQuoteDocument(quote: ExitQuoteView, acceptance: QuoteAcceptance) {
  const parts = quoteParts(quote);
  const blocks: DocBlock[] = [
    { heading: 'The valuation' },
    { table: { columns: ['Valuation', 'Value'], rows: [[parts.valuation.text, centsText(parts.valuation.cents)]] } },
    { heading: 'Your figures' },
    { table: { columns: ['Line', 'Amount'], rows: parts.lines.map((line) => [line.label, line.cents === null ? '' : centsText(line.cents)]) } },
    { heading: 'This quote' },
    ...parts.thisQuote.map((text) => ({ text })),
    { text: quote.headHash ?? '' },
    { heading: 'My acceptance' },
    ...acceptanceTexts(quote, acceptance).map((text) => ({ text })),
    { heading: 'How to check this' },
    { list: howToCheck(quote) },
  ];
  return {
    title: `${quoteTitle(quote.kind)}, accepted: ${acceptance.address}`,
    subtitle: `${acceptance.name} to ${acceptance.brandName}  \u2022  move date ${formatDate(acceptance.moveDate)}`,
    footer: `${acceptance.brandName} exit quote ${quote.id}`,
    blocks,
    pdf: await exitQuotePdf(quote, acceptance.brandName, acceptance),
  };
}

/**
 * The final statement of a completed quote (docs/decisions/040-exit-quote-completion.md): how and when the agreement
 * ended, the final figures — the locked valuation and fee with the ledger of the completion day — and the payout or
 * buy-out price as paid, on the same lines as the quote's page and mail.
 */
export async function finalStatementPdf(quote: ExitQuoteView, address: string, brandName: string): Promise<Buffer> {
  if (quote.state !== 'completed' || !quote.finalLines || !quote.valuation || quote.finalTotalCents === null || !quote.completedOn) {
    throw new AppError(409, 'quote_state', 'The final statement is made when the quote is completed.');
  }
  const total = quote.finalTotalCents;
  const paid =
    quote.kind === 'buy_out'
      ? { text: `Buy-out price: paid, recorded on ${quote.completedOn}`, amount: centsText(total) }
      : total >= 0
        ? { text: `Payout: paid on ${quote.completedOn}`, amount: centsText(total) }
        : { text: 'Owed by you after the final figures: we will contact you about it', amount: centsText(-total) };
  const lines: PdfLine[] = [
    { heading: 'Your agreement' },
    { text: `${address}: ended on ${quote.completedOn} (${EXIT_CLOSED_LABELS[quote.kind]}).` },
    { text: `Accepted quote ${quote.id} of ${quote.quotedOn}; move date ${quote.moveDate ?? quote.completedOn}.` },
    { heading: 'The valuation (locked when you accepted)' },
    { text: `${quote.valuation.sourceLabel}, dated ${quote.valuation.valuedOn}`, amount: centsText(quote.valuation.valueCents) },
    { heading: `Final figures, ${quote.completedOn}` },
    ...quoteLineTexts(quote.kind, quote.finalLines, quote.transferFee).map((line) => ({
      text: line.label,
      amount: line.cents === null ? '' : centsText(line.cents),
      bold: line.strong,
    })),
    { heading: 'Paid' },
    { ...paid, bold: true },
    {
      text: 'Arrears and credit are those of your ledger on the completion day; your ledger and statements stay downloadable from your dashboard.',
      small: true,
    },
  ];
  return pdfDocument({
    title: 'Final statement',
    subtitle: `${brandName}  \u2022  ${EXIT_WAY_LABELS[quote.kind]}  \u2022  quote ${quote.id}`,
    lines,
    footer: `${brandName} final statement ${quote.id}`,
  });
}
