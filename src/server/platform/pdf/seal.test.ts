import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../test/pdf-text';
import { pdfDocument } from './pdf';
import { readSeal, sealPdf, SealError } from './seal';
import { resolveSealCertificate, selfSignedSealP12 } from './seal-certificate';

/** The seal, as an independent verifier (poppler's pdfsig) and our own reader see it. */

const dir = mkdtempSync(join(tmpdir(), 'seal-'));
const certificate = resolveSealCertificate({ DATA_DIR: dir }, 'Ownstead');
const details = { reason: 'Signed by all parties', name: 'Ownstead', location: 'Ownstead', contactInfo: 'hello@ownstead.example' };

function pdfsig(bytes: Uint8Array): { status: number; out: string } {
  const file = join(dir, `check-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  const run = spawnSync('pdfsig', [file], { encoding: 'utf8' });
  return { status: run.status ?? -1, out: `${run.stdout}${run.stderr}` };
}

describe('sealPdf', () => {
  it('makes a signature pdfsig calls valid, under the self-signed certificate labelled as such', async () => {
    const pdf = await pdfDocument({ title: 'Co-ownership agreement', lines: [{ text: 'The terms.' }] });
    const sealed = await sealPdf(pdf, certificate, details);
    const check = pdfsig(sealed);
    expect(check.out).toContain('Signature Validation: Signature is Valid.');
    expect(check.out).toContain('adbe.pkcs7.detached');
    expect(certificate.subject).toContain('self-signed');
    expect(pdfText(sealed)).toContain('The terms.');
    const reading = readSeal(sealed);
    expect(reading).toMatchObject({ state: 'intact', fingerprint: certificate.fingerprint });

    // One byte flipped inside the signed range (the page's text stream): both say it changed.
    const tampered = Buffer.from(sealed);
    const at = tampered.indexOf('The terms') > 0 ? tampered.indexOf('The terms') : Math.floor(tampered.length / 3);
    tampered[at] = tampered[at]! ^ 0x01;
    expect(pdfsig(tampered).out).not.toContain('Signature is Valid.');
    expect(readSeal(tampered).state).toBe('altered');
    // A byte appended after the seal is outside its range: the reader says so.
    expect(readSeal(Buffer.concat([sealed, Buffer.from('\n% added')])).state).toBe('altered');
    expect(readSeal(pdf).state).toBe('unsigned');
  });

  it('keeps the one self-signed certificate of a data folder across starts', () => {
    const again = resolveSealCertificate({ DATA_DIR: dir, SEAL_P12: '' }, 'Ownstead');
    expect(again.fingerprint).toBe(certificate.fingerprint);
    expect(() => resolveSealCertificate({ DATA_DIR: dir, SEAL_P12: Buffer.from('not a p12').toString('base64') }, 'Ownstead')).toThrow(/SEAL_P12/);
    const p12 = selfSignedSealP12('Acme', 'correct horse').toString('base64');
    expect(() => resolveSealCertificate({ DATA_DIR: dir, SEAL_P12: p12, SEAL_P12_PASSPHRASE: 'wrong' }, 'Acme')).toThrow(/passphrase/);
    const fromEnv = resolveSealCertificate({ DATA_DIR: dir, SEAL_P12: p12, SEAL_P12_PASSPHRASE: 'correct horse' }, 'Acme');
    expect([fromEnv.source, fromEnv.subject]).toEqual(['environment', expect.stringContaining('Acme')]);
  });

  it('refuses to seal with a certificate past its validity', async () => {
    const pdf = await pdfDocument({ title: 'T', lines: [] });
    await expect(sealPdf(pdf, certificate, details, new Date(certificate.notAfter.getTime() + 1000))).rejects.toBeInstanceOf(SealError);
  });
});
