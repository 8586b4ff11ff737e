import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import forge from 'node-forge';

/**
 * The company's sealing certificate (docs/decisions/033-signatures.md): a PKCS#12 (key and certificate) from
 * SEAL_P12 (base64 of the .p12 file) and SEAL_P12_PASSPHRASE when set; otherwise a self-signed one created on
 * first start into DATA_DIR/seal-certificate.p12 (mode 600) and read from there afterwards, its subject labelled
 * 'self-signed' so no reader mistakes it for a certificate a certification authority vouches for.
 */
export interface SealCertificate {
  /** The PKCS#12 bytes @signpdf/signer-p12 signs with. */
  p12: Buffer;
  passphrase: string;
  /** SHA-256 of the certificate's DER, hex: how a sealed file is recognised as ours. */
  fingerprint: string;
  subject: string;
  notBefore: Date;
  notAfter: Date;
  source: 'environment' | 'self-signed';
}

export const SEAL_CERTIFICATE_FILE = 'seal-certificate.p12';
/** The passphrase of the generated file: it protects nothing the file's mode 600 does not; the file stays in DATA_DIR. */
const LOCAL_PASSPHRASE = 'ownstead-local-seal';

export interface SealConfig {
  DATA_DIR: string;
  SEAL_P12?: string;
  SEAL_P12_PASSPHRASE?: string;
}

/** Reads a PKCS#12's certificate; throws a sentence naming `where` when it is not one or the passphrase is wrong. */
function describeP12(p12: Buffer, passphrase: string, source: SealCertificate['source'], where: string): SealCertificate {
  let certificate: forge.pki.Certificate | undefined;
  let hasKey: boolean;
  try {
    const parsed = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(forge.util.createBuffer(p12.toString('binary'))), passphrase);
    certificate = parsed.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag]?.[0]?.cert ?? undefined;
    hasKey = (parsed.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag]?.length ?? 0) > 0;
  } catch {
    throw new Error(`${where} is not a PKCS#12 file this passphrase opens (SEAL_P12 is the .p12 file as base64; SEAL_P12_PASSPHRASE its passphrase)`);
  }
  if (!certificate || !hasKey) throw new Error(`${where} must hold a certificate and its private key`);
  const der = Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(certificate)).getBytes(), 'binary');
  return {
    p12,
    passphrase,
    fingerprint: createHash('sha256').update(der).digest('hex'),
    subject: certificate.subject.attributes.map((a) => `${a.shortName ?? a.name}=${String(a.value)}`).join(', '),
    notBefore: certificate.validity.notBefore,
    notAfter: certificate.validity.notAfter,
    source,
  };
}

/** A new self-signed certificate (RSA 2048, SHA-256, ten years) for `companyName`, as PKCS#12. */
export function selfSignedSealP12(companyName: string, passphrase = LOCAL_PASSPHRASE, now = new Date()): Buffer {
  const keys = forge.pki.rsa.generateKeyPair(2048);
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = keys.publicKey;
  certificate.serialNumber = `01${forge.util.bytesToHex(forge.random.getBytesSync(15))}`;
  certificate.validity.notBefore = new Date(now.getTime() - 60_000);
  certificate.validity.notAfter = new Date(now.getTime() + 10 * 365 * 86_400_000);
  const name = [
    { name: 'commonName', value: `${companyName} document seal (self-signed)` },
    { name: 'organizationName', value: companyName },
    { shortName: 'OU', value: 'Self-signed: not issued by a certification authority' },
  ];
  certificate.setSubject(name);
  certificate.setIssuer(name);
  certificate.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ]);
  certificate.sign(keys.privateKey, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(keys.privateKey, [certificate], passphrase, { algorithm: '3des', friendlyName: 'seal' });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}

const cache = new Map<string, SealCertificate>();

/** The sealing certificate: SEAL_P12, or DATA_DIR's self-signed one, created on first use (two processes racing write it once). */
export function resolveSealCertificate(config: SealConfig, companyName: string): SealCertificate {
  const key = `${config.DATA_DIR}\0${config.SEAL_P12 ?? ''}`;
  const known = cache.get(key);
  if (known) return known;
  let certificate: SealCertificate;
  if (config.SEAL_P12) {
    certificate = describeP12(Buffer.from(config.SEAL_P12, 'base64'), config.SEAL_P12_PASSPHRASE ?? '', 'environment', 'SEAL_P12');
  } else {
    const file = path.join(config.DATA_DIR, SEAL_CERTIFICATE_FILE);
    mkdirSync(config.DATA_DIR, { recursive: true });
    try {
      writeFileSync(file, selfSignedSealP12(companyName), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    chmodSync(file, 0o600);
    certificate = describeP12(readFileSync(file), LOCAL_PASSPHRASE, 'self-signed', file);
  }
  cache.set(key, certificate);
  return certificate;
}
