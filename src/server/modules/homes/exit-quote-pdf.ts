import { howToCheck, quoteLineTexts, quoteTitle } from '../../../domain/homes/exit-quote-text';
import { EXIT_CLOSED_LABELS, EXIT_WAY_LABELS, type ExitQuoteView } from '../../../domain/homes/exit-quotes';
import { AppError } from '../../platform/lib/errors';
import { pdfDocument, type PdfLine } from '../../platform/pdf/pdf';
import { centsText } from './statement-pdf';

/**
 * An exit quote as a PDF: every line of src/domain/homes/exit-quote-text.ts, the valuation with its
 * date and source, the quote day, validity, the ledger's head hash and 'How to check this'; and the final
 * statement of a completed one. The one file to port when the PDF facility changes (docs/decisions/034-exit-quotes.md).
 */
export async function exitQuotePdf(quote: ExitQuoteView, brandName: string): Promise<Buffer> {
  if (!quote.lines || !quote.valuation) throw new AppError(409, 'quote_state', 'This quote is not issued yet: we are valuing your home.');
  const lines: PdfLine[] = [
    { heading: 'The valuation' },
    { text: `${quote.valuation.sourceLabel}, dated ${quote.valuation.valuedOn}`, amount: centsText(quote.valuation.valueCents) },
    { heading: 'Your figures' },
    ...quoteLineTexts(quote.kind, quote.lines, quote.transferFee).map((line) => ({
      text: line.label,
      amount: line.cents === null ? '' : centsText(line.cents),
      bold: line.strong,
    })),
    { heading: 'This quote' },
    { text: `Quote day ${quote.quotedOn}; valid until ${quote.validUntil}.` },
    { text: `Your ledger's last entry used: #${quote.headSeq}. Its hash (SHA-256):` },
    { text: quote.headHash ?? '', bold: true },
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
