import { createHash } from 'node:crypto';
import type { VerifyResult } from '../../../domain/signatures/envelopes';
import type { Db } from '../../platform/db/client';
import { readSeal } from '../../platform/pdf/seal';
import { envelopeBySealedHash } from './envelope-store';

/**
 * The public 'Verify a document' check (docs/decisions/033-signatures.md): the file's seal is read and checked
 * here (no outside tool), and the file's SHA-256 is looked up among the sealed files we made. Ours and unchanged
 * only when both hold. The bytes are never stored.
 */
export async function verifyDocument(db: Db, bytes: Buffer): Promise<VerifyResult> {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const base = { sha256, title: null, sealedAt: null, signers: [] };
  // Looked up first, whatever the file: the answer never depends on whether the database was asked.
  const found = await envelopeBySealedHash(db, sha256);
  const seal = readSeal(bytes);
  if (seal.state === 'unsigned') return { ...base, verdict: 'unsigned', message: 'This PDF carries no seal: it is not a document Ownstead sealed.' };
  if (seal.state === 'altered') return { ...base, verdict: 'altered', message: `This PDF has a seal, but it does not hold: ${seal.reason}` };
  if (!found)
    return { ...base, verdict: 'not_ours', message: 'This PDF is signed, but it is not a document Ownstead sealed, or not the exact file we sealed.' };
  return {
    sha256,
    verdict: 'sealed_unchanged',
    message: 'Ownstead sealed this document and it has not changed since.',
    title: found.envelope.title,
    sealedAt: found.envelope.completedAt?.toISOString() ?? null,
    signers: found.signers.map((s) => ({ name: s.name, role: s.role, signedAt: s.signedAt?.toISOString() ?? null })),
  };
}
