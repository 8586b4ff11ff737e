import { createHash, createVerify, X509Certificate } from 'node:crypto';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { P12Signer } from '@signpdf/signer-p12';
import signpdfImport from '@signpdf/signpdf';
import { SUBFILTER_ADOBE_PKCS7_DETACHED } from '@signpdf/utils';
import forge from 'node-forge';
import { PDFDocument } from 'pdf-lib';
import type { SealCertificate } from './seal-certificate';

/**
 * The company's seal on a finished PDF (docs/decisions/033-signatures.md): a PAdES-style signature — CMS
 * detached (adbe.pkcs7.detached, SHA-256) over the whole file but the signature itself — made with
 * @signpdf/signpdf, its placeholder added by @signpdf/placeholder-pdf-lib and the CMS by @signpdf/signer-p12
 * under the company's PKCS#12. Any reader (Acrobat, poppler's pdfsig) checks it; `readSeal` checks it here,
 * without outside tools, for the public 'Verify a document' page.
 */

export class SealError extends Error {}

// @signpdf/signpdf is CommonJS with `exports.default`: Node's ESM loader (tsx) hands over the whole exports object,
// Vitest's interop the default itself. Either way, the SignPdf instance.
const signpdf: typeof signpdfImport = (signpdfImport as unknown as { default?: typeof signpdfImport }).default ?? signpdfImport;

/** `pdf` sealed under `certificate`; refuses a certificate outside its validity. */
export async function sealPdf(
  pdf: Uint8Array,
  certificate: SealCertificate,
  details: { reason: string; name: string; location: string; contactInfo: string },
  now = new Date(),
): Promise<Buffer> {
  if (now < certificate.notBefore || now > certificate.notAfter) {
    throw new SealError(
      `The sealing certificate is valid from ${certificate.notBefore.toISOString()} to ${certificate.notAfter.toISOString()}; replace SEAL_P12 before sealing.`,
    );
  }
  const doc = await PDFDocument.load(pdf);
  pdflibAddPlaceholder({
    pdfDoc: doc,
    ...details,
    signingTime: now,
    subFilter: SUBFILTER_ADOBE_PKCS7_DETACHED,
    appName: 'Ownstead',
  });
  const prepared = Buffer.from(await doc.save({ useObjectStreams: false }));
  const signer = new P12Signer(certificate.p12, { passphrase: certificate.passphrase });
  return signpdf.sign(prepared, signer, now);
}

export type SealReading =
  /** No signature dictionary with a byte range: not a sealed file. */
  | { state: 'unsigned' }
  /** A signature that does not match the bytes it covers, or that does not cover the whole file. */
  | { state: 'altered'; reason: string }
  /** A valid signature under a certificate: `fingerprint` (SHA-256 of its DER) says whose. */
  | { state: 'intact'; fingerprint: string; subject: string; signedAt: Date | undefined };

/** The last signature of `pdf`, checked: its byte range covers the whole file, its digest and its signature hold. */
export function readSeal(pdf: Buffer): SealReading {
  const text = pdf.toString('latin1');
  const at = text.lastIndexOf('/ByteRange');
  if (at < 0) return { state: 'unsigned' };
  const range = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(text.slice(at, at + 120));
  if (!range) return { state: 'unsigned' };
  const [a, b, c, d] = range.slice(1).map(Number) as [number, number, number, number];
  if (a !== 0 || c + d !== pdf.length || b > c)
    return { state: 'altered', reason: 'The signature does not cover the whole file: something was added after it.' };
  const contents = text.slice(b, c);
  const hex = /^<([0-9a-fA-F]+)>$/.exec(contents)?.[1];
  if (!hex) return { state: 'altered', reason: 'The signature is damaged.' };
  const signed = Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]);
  try {
    const der = Buffer.from(hex.replace(/(00)+$/, ''), 'hex');
    // Parse leniently: the CMS sits in a zero-padded placeholder.
    const asn1 = (
      forge.asn1.fromDer as unknown as (bytes: forge.util.ByteStringBuffer, options: { strict: boolean; parseAllBytes: boolean }) => forge.asn1.Asn1
    )(forge.util.createBuffer(der.toString('binary')), { strict: false, parseAllBytes: false });
    const message = forge.pkcs7.messageFromAsn1(asn1) as forge.pkcs7.PkcsSignedData & {
      rawCapture: { authenticatedAttributes?: forge.asn1.Asn1[]; signature: string; digestAlgorithm: string };
    };
    const certificate = message.certificates[0];
    if (!certificate) return { state: 'altered', reason: 'The signature carries no certificate.' };
    const certDer = Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(certificate)).getBytes(), 'binary');
    const attributes = message.rawCapture.authenticatedAttributes;
    if (!attributes) return { state: 'altered', reason: 'The signature has no signed attributes.' };
    let digest: string | undefined;
    let signedAt: Date | undefined;
    for (const attribute of attributes) {
      const [oid, values] = attribute.value as forge.asn1.Asn1[];
      const type = forge.asn1.derToOid((oid!.value as string) ?? '');
      const first = (values!.value as forge.asn1.Asn1[])[0]!;
      if (type === forge.pki.oids.messageDigest!) digest = Buffer.from(first.value as string, 'binary').toString('hex');
      if (type === forge.pki.oids.signingTime!) signedAt = forge.asn1.utcTimeToDate(first.value as string);
    }
    if (digest !== createHash('sha256').update(signed).digest('hex')) {
      return { state: 'altered', reason: 'The file changed after it was sealed: its contents no longer match the seal.' };
    }
    // The signature is over the DER of the attributes as a SET (tag 0x31), not as the [0] they are stored under.
    const set = forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, attributes);
    const setDer = Buffer.from(forge.asn1.toDer(set).getBytes(), 'binary');
    const x509 = new X509Certificate(certDer);
    const verifier = createVerify('sha256');
    verifier.update(setDer);
    if (!verifier.verify(x509.publicKey, Buffer.from(message.rawCapture.signature, 'binary'))) {
      return { state: 'altered', reason: 'The seal’s signature does not hold.' };
    }
    return { state: 'intact', fingerprint: createHash('sha256').update(certDer).digest('hex'), subject: x509.subject.replace(/\n/g, ', '), signedAt };
  } catch {
    return { state: 'altered', reason: 'The signature is damaged.' };
  }
}
