import type { EnvelopeKind } from '../../../domain/signatures/envelopes';
import type { AuditActor } from '../../platform/audit/audit';
import type { Db } from '../../platform/db/client';

/**
 * What happens when an envelope of a kind ends (docs/decisions/039-addenda-and-envelopes.md): the module that owns the
 * document's subject registers its handlers at start (the homes module for the agreement, payment changes and notices;
 * letters for letters of intent), so this module imports none of them. Each handler runs in the transaction that
 * seals, declines or voids the envelope: a handler that throws leaves nothing signed or ended.
 */
export interface EnvelopeEvent {
  envelopeId: string;
  kind: EnvelopeKind;
  /** The row the envelope is about: the home (agreement), the payment change, the notice or the letter. */
  subjectId: string;
  homeId: string | null;
  /** Who completed it (the last signer, or staff uploading a wet-signed scan), or who declined or voided it. */
  actor: AuditActor;
}

export interface EnvelopeKindHandlers {
  /** Every signer signed (and the file is sealed), or a wet-signed scan was uploaded. */
  completed(tx: Db, event: EnvelopeEvent): Promise<void>;
  /** A signer declined, or staff voided it (not called when the subject's own module voids it). */
  ended?(tx: Db, event: EnvelopeEvent & { outcome: 'declined' | 'voided'; reason: string }): Promise<void>;
}

const handlers = new Map<EnvelopeKind, EnvelopeKindHandlers>();

/** Registers (or replaces: a second server in one process registers again) what a kind does when it ends. */
export function registerEnvelopeKind(kind: EnvelopeKind, kindHandlers: EnvelopeKindHandlers): void {
  handlers.set(kind, kindHandlers);
}

/** The kind's handlers; a kind nobody registered cannot complete (nothing would apply what was signed). */
export function handlersOf(kind: EnvelopeKind): EnvelopeKindHandlers {
  const found = handlers.get(kind);
  if (!found) throw new Error(`no completion handler is registered for envelopes of kind '${kind}'`);
  return found;
}

/** Runs the `ended` handler of `envelope`'s kind (if it has one) for a decline or a void, in `tx`. */
export async function runEnded(
  tx: Db,
  envelope: { id: string; kind: EnvelopeKind; subjectId: string; homeId: string | null },
  actor: AuditActor,
  outcome: 'declined' | 'voided',
  reason: string,
): Promise<void> {
  await handlersOf(envelope.kind).ended?.(tx, {
    envelopeId: envelope.id,
    kind: envelope.kind,
    subjectId: envelope.subjectId,
    homeId: envelope.homeId,
    actor,
    outcome,
    reason,
  });
}
