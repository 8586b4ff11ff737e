import { E_CONSENT } from '../../../domain/application/consents';
import type { Brand } from '../../../domain/brand';
import { formatDateTime } from '../../../domain/format';
import { ENVELOPE_KIND_LABELS, signerFields, type AdoptedSignature } from '../../../domain/signatures/envelopes';
import type { PdfDocument, PdfLine } from '../../platform/pdf/pdf';
import type { EnvelopeRow, SignerRow, StepRecord, Steps } from './envelope-store';

/**
 * The certificate of completion (docs/decisions/033-signatures.md 'The seal'): each signer with their adopted
 * signature — the drawing itself when they drew it (docs/decisions/039-addenda-and-envelopes.md) — their fields and
 * the time, IP and user agent of each step; the consent; the document's hash and how the seal is checked.
 */

const stepLine = (label: string, step: StepRecord | undefined): PdfLine[] =>
  step ? [{ text: `${label}: ${formatDateTime(step.at)} UTC, IP ${step.ip ?? 'unknown'}, ${step.userAgent ?? 'unknown browser'}`, small: true }] : [];

/** The PNG bytes of a drawn signature's data URL. */
export function drawnImage(signature: AdoptedSignature | null): Uint8Array | undefined {
  if (signature?.kind !== 'drawn') return undefined;
  return new Uint8Array(Buffer.from(signature.image.slice(signature.image.indexOf(',') + 1), 'base64'));
}

export function certificateOfCompletion(
  brand: Brand,
  envelope: EnvelopeRow,
  signers: readonly SignerRow[],
  seal: { subject: string; selfSigned: boolean },
): PdfDocument {
  const lines: PdfLine[] = [
    { heading: 'The document' },
    { text: `${envelope.title} (${ENVELOPE_KIND_LABELS[envelope.kind]}), envelope ${envelope.id}, sent ${formatDateTime(envelope.createdAt)} UTC.` },
    { text: 'SHA-256 of the document as sent and signed:', small: true },
    { text: envelope.documentSha256, bold: true },
    { heading: 'Signers' },
  ];
  const personRole = envelope.kind === 'letter' ? 'buyer' : 'homeowner';
  for (const signer of signers) {
    const signature = signer.signature as AdoptedSignature | null;
    const steps = signer.steps as Steps;
    const image = drawnImage(signature);
    lines.push(
      { text: `${signer.position}. ${signer.name} (${signer.role === 'homeowner' ? personRole : `for ${brand.name}`}), ${signer.email}`, bold: true },
      {
        signature: signature?.text ?? signer.name,
        caption: `${signature?.kind === 'drawn' ? `Drawn signature of ${signature.text}, adopted by` : 'Typed signature adopted by'} ${signer.name}`,
        ...(image ? { image } : {}),
      },
      ...Object.entries((signer.fields as Record<string, string> | null) ?? {}).map(([field, value]) => ({
        text: `${signerFields(envelope.kind, signer.role).find((f) => f.id === field)?.label ?? field}: ${value}`,
        small: true,
      })),
      ...stepLine('Opened', steps.opened),
      ...stepLine('Consented to electronic records and signatures', steps.consented),
      ...stepLine('Signed', steps.signed),
      { blank: true },
    );
  }
  lines.push(
    { heading: 'Consent to electronic records' },
    { text: `Each signer confirmed: “${E_CONSENT.label}”, after these disclosures:`, small: true },
    ...E_CONSENT.disclosures.map((d) => ({
      text: `\u2022 ${d.title}: ${d.text.replaceAll('{email}', brand.contactEmail).replaceAll('{brand}', brand.name)}`,
      small: true,
    })),
    { heading: 'The seal' },
    {
      text: `${brand.name} sealed this file when the last signer signed, with a PDF signature (CMS, SHA-256) under the certificate “${seal.subject}”${
        seal.selfSigned ? ', a self-signed certificate (not issued by a certification authority)' : ''
      }. Any change to the file after the seal shows as an invalid signature in a PDF reader. The SHA-256 of the sealed file is recorded by ${brand.name} and shown on its 'Verify a document' page; a file cannot carry its own hash.`,
      small: true,
    },
  );
  return {
    title: 'Certificate of completion',
    subtitle: `${brand.name}  \u2022  ${envelope.title}`,
    lines,
    footer: `${brand.name} certificate of completion, envelope ${envelope.id}`,
  };
}
