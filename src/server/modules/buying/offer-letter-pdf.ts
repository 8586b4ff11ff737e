import { Readable } from 'node:stream';
import type { OfferInput } from '../../../domain/buying/offers';
import { formatCents, formatDate } from '../../../domain/format';
import type { Deps } from '../../platform/http/context';
import { pdfDocument } from '../../platform/pdf/pdf';
import { newLetterKey } from '../letters';

/**
 * The letter of intent a buyer's 'Make an offer' makes (docs/decisions/036-find-and-offer.md): what
 * they propose for the home, made with the project's PDF writer and stored like the letters staff
 * upload, so the back office downloads it from the same place.
 */
export async function offerLetterPdf(p: { brandName: string; buyerName: string; address: string; input: OfferInput; today: Date }): Promise<Buffer> {
  const { input } = p;
  return pdfDocument({
    title: 'Letter of intent',
    subtitle: `Made ${formatDate(p.today)} by ${p.buyerName} with ${p.brandName}.`,
    lines: [
      { text: `${p.buyerName} intends to buy, with ${p.brandName}, the home at ${p.address}, on these terms:`, bold: true },
      { heading: 'The offer' },
      { text: 'Offer price', amount: formatCents(input.offerPrice) },
      { text: 'Down payment', amount: formatCents(input.downPayment) },
      { text: 'Desired monthly payment', amount: formatCents(input.monthlyPayment) },
      { text: 'Move-in date', amount: input.moveInDate },
      ...(input.notes ? [{ heading: 'Notes' }, { text: input.notes }] : []),
      { blank: true },
      {
        text: `This letter states an intent, not a contract. ${p.brandName} reviews it before the offer goes to the seller; the purchase is made under ${p.brandName}\u2019s co-ownership agreement.`,
        small: true,
      },
    ],
    footer: `${p.brandName} letter of intent for ${p.buyerName}`,
  });
}

/** Stores the PDF under a new key; the caller removes it when what follows fails. */
export async function storeOfferLetter(deps: Pick<Deps, 'storage'>, pdf: Buffer): Promise<{ key: string; sizeBytes: number }> {
  const key = newLetterKey();
  await deps.storage.put(key, Readable.from([pdf]), { contentType: 'application/pdf' });
  return { key, sizeBytes: pdf.length };
}
