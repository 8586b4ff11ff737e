import { MIN_DOWN_PAYMENT_PERCENT, monthlyRangeText, preApprovalLetterFileName, PRE_APPROVAL_VALID_DAYS } from '../../../domain/application/pre-approval';
import type { Brand } from '../../../domain/brand';
import { formatCents, formatDate } from '../../../domain/format';
import { pdfDocument } from '../../platform/pdf/pdf';
import type { PreApprovalRow } from './pre-approval';

/**
 * The pre-approval letter (docs/decisions/030-pre-approval.md): what a buyer shows agents and
 * sellers. Made when it is asked for, from the current row (a renewal's new date is in the next
 * download), with the project's PDF writer. Dates 'MMM d, yyyy'.
 */
export async function preApprovalLetterPdf({
  brandName,
  brandEmail,
  buyerName,
  row,
}: {
  brandName: string;
  brandEmail: string;
  buyerName: string;
  row: Pick<PreApprovalRow, 'id' | 'maxPriceCents' | 'monthlyMinCents' | 'monthlyMaxCents' | 'downPaymentCents' | 'issuedOn' | 'expiresOn' | 'renewedOn'>;
}): Promise<Buffer> {
  const max = formatCents(row.maxPriceCents);
  return pdfDocument({
    title: 'Pre-approval letter',
    subtitle: `Issued ${formatDate(row.issuedOn)}${row.renewedOn ? `, renewed ${formatDate(row.renewedOn)}` : ''}. Valid until ${formatDate(row.expiresOn)}.`,
    lines: [
      { text: 'To whom it may concern,' },
      { blank: true },
      { text: `${brandName} is prepared to buy a home up to ${max} with ${buyerName}.`, bold: true },
      { blank: true },
      {
        text: `${buyerName} applied to ${brandName}, a home co-ownership company, and we have reviewed their income, debts, savings and documents. ${brandName} buys the home together with ${buyerName}, who lives in it and pays us monthly.`,
      },
      { heading: 'The approval' },
      { text: 'Maximum home price', amount: max },
      { text: 'Down payment', amount: formatCents(row.downPaymentCents) },
      { text: `Monthly payment range: ${monthlyRangeText(row)}` },
      { text: 'Issued', amount: formatDate(row.renewedOn ?? row.issuedOn) },
      { text: 'Valid until', amount: formatDate(row.expiresOn) },
      { heading: 'Conditions' },
      { text: `\u2022 Valid until ${formatDate(row.expiresOn)}; ${brandName} may renew it for another ${PRE_APPROVAL_VALID_DAYS} days.` },
      { text: '\u2022 Subject to an inspection, an appraisal at or above the price, clear title and homeowner\u2019s insurance for the home chosen.' },
      {
        text: `\u2022 The buyer\u2019s down payment of at least ${MIN_DOWN_PAYMENT_PERCENT}% of the price, and no material change in their income, debts or savings before closing.`,
      },
      { text: `\u2022 The purchase is made under ${brandName}\u2019s co-ownership agreement; this letter is not a mortgage commitment.` },
      { blank: true },
      { text: `Questions about this letter: ${brandEmail}. Reference ${row.id}.`, small: true },
    ],
    footer: `${brandName} pre-approval letter for ${buyerName}`,
  });
}

/**
 * The pre-approval letter as a private PDF attachment (docs/decisions/030-pre-approval.md), made from
 * the row when it is asked for. Used by the buyer's route (src/server/routes/pre-approval.ts) and the back office's
 * (src/server/routes/admin/applications.ts).
 */
export async function preApprovalLetterResponse(deps: { brand: Brand }, row: PreApprovalRow, buyerName: string): Promise<Response> {
  const pdf = await preApprovalLetterPdf({ brandName: deps.brand.name, brandEmail: deps.brand.contactEmail, buyerName, row });
  return new Response(new Uint8Array(pdf), {
    status: 200,
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Length': String(pdf.length),
      'Content-Disposition': `attachment; filename="${preApprovalLetterFileName(row.issuedOn)}"`,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  });
}
