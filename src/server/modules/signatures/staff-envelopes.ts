import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { agreementTitle } from '../../../domain/signatures/agreement';
import { envelopeStatus, type EnvelopeKind, type EnvelopeSummary } from '../../../domain/signatures/envelopes';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import type { Db, Executor } from '../../platform/db/client';
import { homes, signatureEnvelopes } from '../../platform/db/schema';
import { AppError } from '../../platform/lib/errors';
import { looksLikePdf } from '../../platform/pdf/pdf';
import { getSettings } from '../../platform/settings/settings-store';
import { sendAgreement } from './agreement-document';
import { handlersOf, runEnded } from './envelope-kinds';
import { createEnvelope, eSignOff, loadEnvelope, notFound, readStored, sha256, summaries, waitingEnvelopesOf, type SignatureDeps } from './envelope-store';
import { notifySignatureStep } from './signature-notifications';

/**
 * What staff do with envelopes (docs/decisions/039-addenda-and-envelopes.md): void a waiting one with a reason (its
 * kind hears of it: an addendum's change is declined, a notice cancelled), send one again, and — with e-signatures
 * off — upload the wet-signed scan of a home's agreement, stored and hashed like a sealed file.
 */

const isUniqueViolation = (error: unknown) => {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === '23505') return true;
  return false;
};

async function endEnvelope(tx: Executor, id: string, reason: string): Promise<void> {
  await tx.update(signatureEnvelopes).set({ state: 'voided', endReason: reason, endedAt: new Date() }).where(eq(signatureEnvelopes.id, id));
}

/** The back office voids a waiting envelope with a reason (audited); the homeowner sees it voided, its kind acts. */
export async function voidEnvelope(deps: SignatureDeps, actor: AuditActor, id: string, reason: string): Promise<EnvelopeSummary> {
  await deps.db.transaction(async (tx) => {
    const loaded = await loadEnvelope(tx, id, true);
    if (!loaded) throw notFound();
    if (loaded.envelope.state !== 'sent') {
      throw new AppError(
        409,
        'envelope_closed',
        `This envelope is ${envelopeStatus(loaded.envelope, new Date()).replace('completed', 'signed')}: only one waiting for signatures can be voided.`,
      );
    }
    await endEnvelope(tx, id, reason);
    await recordAudit(tx, actor, { action: 'void', entityType: 'signature_envelopes', entityId: id, changes: { reason } });
    await runEnded(tx as unknown as Db, loaded.envelope, actor, 'voided', reason);
    await notifySignatureStep(tx, { envelopeId: id, step: 'voided' });
  });
  deps.jobs.kick();
  const [summary] = await summaries(deps.db, [id]);
  return summary!;
}

/**
 * Voids, in the caller's transaction, the waiting envelopes of `kind` about `subjectId` (audited; the kind's `ended`
 * handler is not called: the caller is the subject's own module, ending the subject itself). Returns how many.
 */
export async function voidEnvelopesOf(tx: Executor, actor: AuditActor, kind: EnvelopeKind, subjectId: string, reason: string): Promise<number> {
  const waiting = await waitingEnvelopesOf(tx, kind, subjectId);
  for (const envelope of waiting) {
    await endEnvelope(tx, envelope.id, reason);
    await recordAudit(tx, actor, { action: 'void', entityType: 'signature_envelopes', entityId: envelope.id, changes: { reason } });
  }
  return waiting.length;
}

/**
 * 'Send again': a waiting envelope's current signer is mailed again (audited). An expired envelope is replaced by a
 * new one of the same document (for the agreement: made from the home as it is now, and also after a decline or a
 * void while the home still awaits signatures). A declined or voided addendum, notice or letter stays closed.
 */
export async function resendEnvelope(deps: SignatureDeps, actor: AuditActor, id: string): Promise<EnvelopeSummary> {
  const settings = await getSettings(deps.db);
  if (!settings.featureFlags.eSign) throw eSignOff();
  const resultId = await deps.db.transaction(async (tx) => {
    const loaded = await loadEnvelope(tx, id, true);
    if (!loaded) throw notFound();
    const { envelope } = loaded;
    const status = envelopeStatus(envelope, new Date());
    if (status === 'sent') {
      await recordAudit(tx, actor, { action: 'remind', entityType: 'signature_envelopes', entityId: id, changes: { resent: true } });
      await notifySignatureStep(tx, { envelopeId: id, step: 'sign' });
      return id;
    }
    if (status === 'completed') throw new AppError(409, 'envelope_closed', 'This envelope is already signed by everyone.');
    if (envelope.kind === 'agreement') {
      const [home] = await tx.select({ state: homes.agreementState }).from(homes).where(eq(homes.id, envelope.homeId!));
      if (home?.state !== 'awaiting_signatures') throw new AppError(409, 'envelope_closed', 'This home’s agreement is already in force.');
      // An expired envelope is closed before its replacement goes out.
      for (const row of await waitingEnvelopesOf(tx, 'agreement', envelope.subjectId)) await endEnvelope(tx, row.id, 'Expired; sent again');
      return sendAgreement(deps, tx as unknown as Db, actor, envelope.homeId!);
    }
    if (status !== 'expired') {
      throw new AppError(409, 'envelope_closed', `This document was ${status}, so it is closed: the homeowner asks again if they still want it.`);
    }
    if (envelope.kind === 'exit_quote') {
      // Its deadline is the quote's own (validity, move date): the homeowner accepts the quote again while it is valid.
      throw new AppError(409, 'envelope_closed', 'This acceptance expired with its quote’s deadline: the homeowner accepts the quote again while it is valid.');
    }
    const first = loaded.signers.find((s) => s.role === 'homeowner');
    const bytes = await readStored(deps, envelope.documentKey);
    if (!first?.userId || !bytes) throw notFound();
    await endEnvelope(tx, id, 'Expired; sent again');
    return createEnvelope(deps, tx, actor, {
      kind: envelope.kind,
      subjectId: envelope.subjectId,
      homeId: envelope.homeId,
      title: envelope.title,
      blocks: envelope.documentText as never,
      subtitle: '',
      footer: '',
      pdf: bytes,
      signer: { userId: first.userId, name: first.name, email: first.email },
    });
  });
  deps.jobs.kick();
  const [summary] = await summaries(deps.db, [resultId]);
  return summary!;
}

/**
 * With e-signatures off, staff upload the scan of the agreement signed on paper (a PDF, at most 25 MB, read by the
 * route): stored, its SHA-256 kept and audited as a sealed file's is, and the agreement put in force when the home
 * was awaiting signatures (an envelope still waiting for them is voided).
 */
export async function uploadAgreementScan(deps: SignatureDeps, actor: AuditActor, homeId: string, bytes: Buffer): Promise<EnvelopeSummary> {
  if ((await getSettings(deps.db)).featureFlags.eSign) {
    throw new AppError(409, 'esign_on', 'E-signatures are on: the agreement is signed in the portal. Switch them off to upload a wet-signed scan.');
  }
  if (!looksLikePdf(bytes)) throw new AppError(400, 'not_pdf', 'Choose a PDF file: the scan must be a PDF.', { file: 'Choose a PDF file.' });
  const id = randomUUID();
  const key = `signatures/${id}/wet-scan`;
  const hash = sha256(bytes);
  let stored = false;
  try {
    await deps.db.transaction(async (tx) => {
      const [home] = await tx.select({ address: homes.address }).from(homes).where(eq(homes.id, homeId)).for('update');
      if (!home) throw new AppError(404, 'not_found', 'There is no such home.');
      await deps.storage.put(key, Readable.from(bytes), { contentType: 'application/pdf' });
      stored = true;
      const now = new Date();
      await tx.insert(signatureEnvelopes).values({
        id,
        homeId,
        subjectId: homeId,
        kind: 'agreement',
        title: `${agreementTitle(home.address)} (wet-signed scan)`,
        state: 'completed',
        method: 'wet',
        documentKey: key,
        documentSha256: hash,
        documentSize: bytes.length,
        documentText: [{ text: 'A scan of the paper original, signed by hand and uploaded by staff.' }],
        expiresAt: now,
        sealedKey: key,
        sealedSha256: hash,
        sealedSize: bytes.length,
        completedAt: now,
        createdBy: actor.id,
      });
      for (const row of await waitingEnvelopesOf(tx, 'agreement', homeId)) await endEnvelope(tx, row.id, 'Replaced by the wet-signed scan');
      await recordAudit(tx, actor, {
        action: 'create',
        entityType: 'signature_envelopes',
        entityId: id,
        changes: { homeId, kind: 'agreement', method: 'wet', sha256: hash, size: bytes.length },
      });
      await handlersOf('agreement').completed(tx, { envelopeId: id, kind: 'agreement', subjectId: homeId, homeId, actor });
    });
  } catch (error) {
    if (stored) await deps.storage.delete(key).catch(() => undefined);
    if (isUniqueViolation(error)) throw new AppError(409, 'scan_exists', 'This exact file was uploaded already.');
    throw error;
  }
  deps.jobs.kick();
  const [summary] = await summaries(deps.db, [id]);
  return summary!;
}
