import { and, eq, sql } from 'drizzle-orm';
import { formatMoney } from '../../../domain/format';
import type { DocBlock, EnvelopeSummary } from '../../../domain/signatures/envelopes';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import { users } from '../../platform/db/schema';
import type { Deps } from '../../platform/http/context';
import { AppError } from '../../platform/lib/errors';
import { getSettings } from '../../platform/settings/settings-store';
import { createEnvelope, eSignOff, hasEnvelope, registerEnvelopeKind, staffEnvelopes } from '../signatures';
import { findLetter } from './letters-repo';

/**
 * A letter of intent sent to its buyer for signature (docs/decisions/039-addenda-and-envelopes.md), from the back
 * office's letters page: the letter's terms as a document, signed by the buyer in their portal (so they need an
 * account under the letter's e-mail address). One envelope waits per letter at a time.
 */

const value = (dollars: number | null) => (dollars === null ? 'Not given' : formatMoney(dollars));

export async function sendLetterForSignature(deps: Pick<Deps, 'db' | 'storage' | 'brand' | 'jobs'>, actor: AuditActor, id: string): Promise<EnvelopeSummary> {
  if (!(await getSettings(deps.db)).featureFlags.eSign) throw eSignOff();
  await deps.db.transaction(async (tx) => {
    const letter = await findLetter(tx, id);
    if (!letter) throw new AppError(404, 'not_found', 'There is no such letter of intent.');
    if (await hasEnvelope(tx, 'letter', id, ['sent'])) throw new AppError(409, 'envelope_open', 'This letter already waits for the buyer’s signature.');
    const [buyer] = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(eq(sql`lower(${users.email})`, letter.emailKey)));
    if (!buyer) {
      throw new AppError(
        409,
        'no_account',
        'The buyer has no account under this letter’s e-mail address yet: they sign in their portal, so ask them to sign up first.',
      );
    }
    const name = `${letter.firstName} ${letter.lastName}`.trim();
    const blocks: DocBlock[] = [
      { heading: 'The letter' },
      { text: `${name} states their intent to buy a home together with ${deps.brand.name} on the terms below. This letter is not a contract to buy.` },
      {
        table: {
          columns: ['Term', 'Value'],
          rows: [
            ['Property', letter.propertyAddress ?? 'Not chosen yet'],
            ['Property value', value(letter.propertyValue)],
            ['Down payment', value(letter.downPaymentAmount)],
            ['Desired monthly payment', value(letter.desiredMonthlyPayment)],
            ['Move-in', letter.moveInDate ?? 'Flexible'],
          ],
        },
      },
      ...(letter.notes ? [{ heading: 'Notes' }, { text: letter.notes }] : []),
    ];
    const created = await createEnvelope(deps, tx, actor, {
      kind: 'letter',
      subjectId: id,
      homeId: null,
      title: `Letter of intent: ${name}`,
      subtitle: `${name} and ${deps.brand.name}`,
      footer: `${deps.brand.name} letter of intent ${id}`,
      blocks,
      signer: { userId: buyer.id, name, email: buyer.email },
    });
    return created;
  });
  deps.jobs.kick();
  const [summary] = await staffEnvelopes(deps.db, { subjectId: id });
  return summary!;
}

/** A signed letter is recorded on the letter's own audit trail; nothing else changes. */
export function registerLetterEnvelopeKinds(): void {
  registerEnvelopeKind('letter', {
    async completed(tx, event) {
      await recordAudit(tx, event.actor, {
        action: 'sign',
        entityType: 'letters_of_intent',
        entityId: event.subjectId,
        changes: { envelopeId: event.envelopeId },
      });
    },
  });
}
