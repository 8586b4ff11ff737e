import { Readable } from 'node:stream';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  envelopeStatus,
  signerFields,
  signRefusal,
  type AdoptedSignature,
  type EnvelopeDetail,
  type EnvelopeKind,
  type signBodySchema,
} from '../../../domain/signatures/envelopes';
import { recordAudit } from '../../platform/audit/audit';
import type { Db, Executor } from '../../platform/db/client';
import { signatureEnvelopes, signatureSigners } from '../../platform/db/schema';
import { AppError } from '../../platform/lib/errors';
import { appendToPdf } from '../../platform/pdf/pdf';
import { sealPdf, SealError } from '../../platform/pdf/seal';
import { resolveSealCertificate } from '../../platform/pdf/seal-certificate';
import { certificateOfCompletion } from './certificate';
import { handlersOf, runEnded } from './envelope-kinds';
import {
  envelopeFor,
  loadEnvelope,
  notFound,
  readStored,
  sha256,
  stepOf,
  type EnvelopeRow,
  type SignatureDeps,
  type Signer,
  type SignerRow,
  type StepRecord,
  type Steps,
} from './envelope-store';
import { notifySignatureStep } from './signature-notifications';

/**
 * A signer's steps (docs/decisions/033-signatures.md): open (the hash shown is recorded), sign (refused unless it is
 * their turn on an open envelope whose stored document still has that hash), decline with a reason. The last
 * signature appends the certificate of completion, seals the file and runs the kind's completion handler
 * (docs/decisions/039-addenda-and-envelopes.md), all in one transaction with their audit entries.
 */

const stepRecord = (user: Signer, at: Date): StepRecord => ({ at: at.toISOString(), ip: user.ip, userAgent: user.userAgent });

function refuse(refusal: { code: string; message: string }): never {
  const status = refusal.code === 'not_yours' ? 404 : 409;
  throw new AppError(status, refusal.code === 'not_yours' ? 'not_found' : (refusal.code as 'envelope_closed'), refusal.message);
}

async function storedDocument(deps: SignatureDeps, id: string): Promise<{ hash: string; bytes: Buffer | undefined }> {
  const [row] = await deps.db.select({ key: signatureEnvelopes.documentKey }).from(signatureEnvelopes).where(eq(signatureEnvelopes.id, id));
  if (!row) throw notFound();
  const bytes = await readStored(deps, row.key);
  return { hash: bytes ? sha256(bytes) : 'missing', bytes };
}

/**
 * The envelope locked for the rest of the transaction and the signer's own step in it, or the refusal of `action`
 * (signRefusal: not theirs, not their turn, closed, the stored document changed since it was opened or shown).
 * Without `stored`, the document is taken as unchanged (a decline reads nothing of it).
 */
async function lockedTurn(tx: Executor, user: Signer, id: string, action: 'open' | 'sign' | 'decline', stored?: string, shownSha256?: string) {
  const loaded = await loadEnvelope(tx, id, true);
  if (!loaded) throw notFound();
  const step = stepOf(loaded.signers, loaded.home.userId, user);
  const refusal = signRefusal(
    {
      status: envelopeStatus(loaded.envelope, new Date()),
      documentSha256: loaded.envelope.documentSha256,
      storedSha256: stored ?? loaded.envelope.documentSha256,
      step: step && { state: step.state, openedSha256: step.openedSha256 },
      ...(shownSha256 === undefined ? {} : { shownSha256 }),
    },
    action,
  );
  if (refusal) refuse(refusal);
  if (!step) throw notFound();
  return { loaded, step };
}

/** POST /api/envelopes/{id}/open: the signer opened the document; records the hash they were shown (once). */
export async function openEnvelope(deps: SignatureDeps, user: Signer, id: string): Promise<EnvelopeDetail> {
  const stored = (await storedDocument(deps, id)).hash;
  await deps.db.transaction(async (tx) => {
    const { step } = await lockedTurn(tx, user, id, 'open', stored);
    if (step.openedSha256 === stored) return;
    const now = new Date();
    await tx
      .update(signatureSigners)
      .set({ openedSha256: stored, openedAt: now, steps: { ...(step.steps as Steps), opened: stepRecord(user, now) } })
      .where(eq(signatureSigners.id, step.id));
  });
  return envelopeFor(deps, user, id);
}

type SignBody = z.output<typeof signBodySchema>;

/** The fields a signer must complete, checked: every one filled, initials short. */
function fieldProblems(kind: EnvelopeKind, role: SignerRow['role'], fields: Record<string, string>): Record<string, string> | undefined {
  const problems: Record<string, string> = {};
  for (const field of signerFields(kind, role)) {
    if (field.kind === 'signature') continue;
    const value = fields[field.id]?.trim() ?? '';
    if (!value) problems[`fields.${field.id}`] = `Complete “${field.label}”.`;
    else if (field.kind === 'initials' && value.length > 6) problems[`fields.${field.id}`] = 'Initials are at most 6 characters.';
  }
  return Object.keys(problems).length ? problems : undefined;
}

/**
 * POST /api/envelopes/{id}/sign: the signer's consent, adopted signature and fields, refused unless it is their
 * turn on an open envelope whose stored document still has the hash they opened and were shown. The last
 * signature completes and seals the envelope in the same transaction.
 */
export async function signEnvelope(deps: SignatureDeps, user: Signer, id: string, body: SignBody): Promise<EnvelopeDetail> {
  const { hash: stored, bytes: original } = await storedDocument(deps, id);
  const written: string[] = [];
  try {
    await deps.db.transaction(async (tx) => {
      const { loaded, step } = await lockedTurn(tx, user, id, 'sign', stored, body.documentSha256);
      const problems = fieldProblems(loaded.envelope.kind, step.role, body.fields);
      if (problems) throw new AppError(400, 'validation_failed', 'Some fields need your attention.', problems);
      const now = new Date();
      const steps: Steps = { ...(step.steps as Steps), consented: stepRecord(user, now), signed: stepRecord(user, now) };
      const signature: AdoptedSignature = body.signature;
      await tx
        .update(signatureSigners)
        .set({
          state: 'signed',
          signedAt: now,
          steps,
          signature,
          fields: body.fields,
          // The staff step names the member of staff who signed it.
          ...(step.role === 'staff' ? { userId: user.id, name: body.signature.text, email: user.email } : {}),
        })
        .where(eq(signatureSigners.id, step.id));
      await recordAudit(
        tx,
        { id: user.id, email: user.email, ip: user.ip },
        {
          action: 'sign',
          entityType: 'signature_envelopes',
          entityId: id,
          changes: { role: step.role, position: step.position, documentSha256: loaded.envelope.documentSha256, signature: signature.kind },
        },
      );
      const next = loaded.signers.find((s) => s.position > step.position && s.state === 'waiting');
      if (next) {
        await tx.update(signatureSigners).set({ state: 'pending' }).where(eq(signatureSigners.id, next.id));
        await notifySignatureStep(tx, { envelopeId: id, step: 'sign' });
        return;
      }
      const signers = await tx.select().from(signatureSigners).where(eq(signatureSigners.envelopeId, id)).orderBy(asc(signatureSigners.position));
      if (!original) throw new Error(`envelope ${id}: the stored document is missing`);
      await complete(deps, tx, user, loaded.envelope, signers, original, written);
    });
  } catch (error) {
    for (const key of written) await deps.storage.delete(key).catch(() => undefined);
    if (error instanceof SealError) throw new AppError(503, 'seal_unavailable', error.message);
    throw error;
  }
  deps.jobs.kick();
  return envelopeFor(deps, user, id);
}

async function complete(
  deps: SignatureDeps,
  tx: Db,
  actor: Signer,
  envelope: EnvelopeRow,
  signers: readonly SignerRow[],
  original: Buffer,
  written: string[],
): Promise<void> {
  const certificate = resolveSealCertificate(deps.config, deps.brand.name);
  const withCertificate = await appendToPdf(
    original,
    certificateOfCompletion(deps.brand, envelope, signers, { subject: certificate.subject, selfSigned: certificate.source === 'self-signed' }),
  );
  const sealed = await sealPdf(withCertificate, certificate, {
    reason: `${envelope.title}: signed by every party`,
    name: deps.brand.name,
    location: deps.brand.name,
    contactInfo: deps.brand.contactEmail,
  });
  const key = `signatures/${envelope.id}/sealed`;
  await deps.storage.put(key, Readable.from(sealed), { contentType: 'application/pdf' });
  written.push(key);
  const sealedSha256 = sha256(sealed);
  const now = new Date();
  await tx
    .update(signatureEnvelopes)
    .set({ state: 'completed', completedAt: now, sealedKey: key, sealedSha256, sealedSize: sealed.length })
    .where(eq(signatureEnvelopes.id, envelope.id));
  const auditActor = { id: actor.id, email: actor.email, ip: actor.ip };
  await recordAudit(tx, auditActor, {
    action: 'seal',
    entityType: 'signature_envelopes',
    entityId: envelope.id,
    changes: {
      documentSha256: envelope.documentSha256,
      sealedSha256,
      sealedSize: sealed.length,
      certificate: { fingerprint: certificate.fingerprint, source: certificate.source },
    },
  });
  await handlersOf(envelope.kind).completed(tx, {
    envelopeId: envelope.id,
    kind: envelope.kind,
    subjectId: envelope.subjectId,
    homeId: envelope.homeId,
    actor: auditActor,
  });
  await notifySignatureStep(tx, { envelopeId: envelope.id, step: 'sealed' });
}

/** POST /api/envelopes/{id}/decline: the signer declines with a reason; the envelope closes and its kind hears of it. */
export async function declineEnvelope(deps: SignatureDeps, user: Signer, id: string, reason: string): Promise<EnvelopeDetail> {
  await deps.db.transaction(async (tx) => {
    const { loaded, step } = await lockedTurn(tx, user, id, 'decline');
    const now = new Date();
    await tx
      .update(signatureSigners)
      .set({ state: 'declined', declineReason: reason, steps: { ...(step.steps as Steps), declined: stepRecord(user, now) } })
      .where(eq(signatureSigners.id, step.id));
    await tx.update(signatureEnvelopes).set({ state: 'declined', endReason: reason, endedAt: now }).where(eq(signatureEnvelopes.id, id));
    const actor = { id: user.id, email: user.email, ip: user.ip };
    await recordAudit(tx, actor, { action: 'decline', entityType: 'signature_envelopes', entityId: id, changes: { role: step.role, reason } });
    await runEnded(tx as unknown as Db, loaded.envelope, actor, 'declined', reason);
  });
  return envelopeFor(deps, user, id);
}
