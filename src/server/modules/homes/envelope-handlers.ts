import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/audit';
import { ledgerToday } from '../../../domain/homes/dates';
import { formatDate } from '../../../domain/format';
import { NOTICE_DAYS } from '../../../domain/homes/states';
import { addDays } from '../../../domain/ledger/dates';
import { homeExitQuotes, homeNotices, homePaymentChanges } from '../../platform/db/schema';
import { AppError } from '../../platform/lib/errors';
import { registerEnvelopeKind } from '../signatures';
import { applyPaymentChange } from './changes';
import { notifyNoticeStep, notifyPaymentChangeDecided } from './change-notifications';
import { acceptIn } from './exit-quotes';
import { notifyExitQuoteStep } from './exit-quote-notifications';
import { lockHome } from './ledger';
import { putAgreementInForce } from './purchase';

/**
 * What the homes module does when its documents are signed, declined or voided (docs/decisions/039-addenda-and-envelopes.md),
 * registered on the signatures module at start (src/server/server.ts), in the transaction of the last signature:
 * - the agreement (or its wet-signed scan): the home's agreement in force, billing starts;
 * - a payment change's addendum: the new payment from the next unbilled month; declined or voided, the change is declined;
 * - a 60-day notice: sent to staff; declined or voided, it is cancelled;
 * - an accepted exit quote (docs/decisions/043-signed-exit-quotes.md): the quote accepted, its valuation and fee locked, its
 *   60-day notice started; declined or voided, the quote is issued again (acceptable while valid) with the reason.
 * A subject that moved on meanwhile (a home closed, a notice cancelled) is left as it is.
 */
const clip = (text: string) => text.slice(0, 1000);

export function registerHomeEnvelopeKinds(): void {
  registerEnvelopeKind('agreement', {
    async completed(tx, event) {
      if (event.homeId) await putAgreementInForce(tx, event.actor, event.homeId);
    },
  });

  registerEnvelopeKind('payment_change', {
    async completed(tx, event) {
      const [change] = await tx.select().from(homePaymentChanges).where(eq(homePaymentChanges.id, event.subjectId)).for('update');
      if (change?.state !== 'signing') return;
      const home = await lockHome(tx, change.homeId);
      if (home.state !== 'active') return;
      await applyPaymentChange(tx, event.actor, change, 'signing');
    },
    async ended(tx, event) {
      const [change] = await tx.select().from(homePaymentChanges).where(eq(homePaymentChanges.id, event.subjectId)).for('update');
      if (change?.state !== 'signing') return;
      const reason = clip(event.outcome === 'declined' ? `You declined to sign the addendum: ${event.reason}` : `We withdrew the addendum: ${event.reason}`);
      await tx.update(homePaymentChanges).set({ state: 'declined', reason, decidedAt: new Date() }).where(eq(homePaymentChanges.id, change.id));
      await recordAudit(tx, event.actor, {
        action: 'decline',
        entityType: 'homes',
        entityId: change.homeId,
        changes: { paymentChange: { id: change.id, state: { from: 'signing', to: 'declined' }, reason, envelopeId: event.envelopeId } },
      });
      await notifyPaymentChangeDecided(tx, change.id);
    },
  });

  registerEnvelopeKind('notice', {
    async completed(tx, event) {
      const [notice] = await tx.select().from(homeNotices).where(eq(homeNotices.id, event.subjectId)).for('update');
      if (notice?.state !== 'signing') return;
      await tx.update(homeNotices).set({ state: 'sent', stateChangedBy: event.actor.id }).where(eq(homeNotices.id, notice.id));
      await recordAudit(tx, event.actor, {
        action: 'update',
        entityType: 'homes',
        entityId: notice.homeId,
        changes: { notice: { id: notice.id, state: { from: 'signing', to: 'sent' }, envelopeId: event.envelopeId } },
      });
      await notifyNoticeStep(tx, notice.id, 'sent');
    },
    async ended(tx, event) {
      const [notice] = await tx.select().from(homeNotices).where(eq(homeNotices.id, event.subjectId)).for('update');
      if (notice?.state !== 'signing') return;
      const reason = clip(event.outcome === 'declined' ? `You declined to sign the notice: ${event.reason}` : `We withdrew the notice: ${event.reason}`);
      await tx
        .update(homeNotices)
        .set({ state: 'cancelled', cancelReason: reason, cancelledAt: new Date(), stateChangedBy: event.actor.id })
        .where(eq(homeNotices.id, notice.id));
      await recordAudit(tx, event.actor, {
        action: 'cancel',
        entityType: 'homes',
        entityId: notice.homeId,
        changes: { notice: { id: notice.id, state: { from: 'signing', to: 'cancelled' }, reason, envelopeId: event.envelopeId } },
      });
      await notifyNoticeStep(tx, notice.id, 'cancelled');
    },
  });

  registerEnvelopeKind('exit_quote', {
    async completed(tx, event) {
      const [quote] = await tx.select().from(homeExitQuotes).where(eq(homeExitQuotes.id, event.subjectId)).for('update');
      if (quote?.state !== 'signing' || !quote.moveDate) return;
      const home = await lockHome(tx, quote.homeId);
      if (home.state !== 'active') return;
      // The envelope expires before either rule fails; checked again so that nothing is accepted against them.
      const today = ledgerToday();
      if (quote.validUntil! < today) throw new AppError(409, 'quote_state', `This quote expired on ${formatDate(quote.validUntil!)}. Ask for a new one.`);
      if (quote.moveDate < addDays(today, NOTICE_DAYS)) {
        throw new AppError(
          409,
          'quote_state',
          `Your move date is now less than ${NOTICE_DAYS} days away: decline this and accept the quote again with a later date.`,
        );
      }
      if (!event.actor.id) throw new Error(`envelope ${event.envelopeId}: completed by nobody`);
      await acceptIn(tx, { ...event.actor, id: event.actor.id }, quote, quote.moveDate, { envelopeId: event.envelopeId });
    },
    async ended(tx, event) {
      const [quote] = await tx.select().from(homeExitQuotes).where(eq(homeExitQuotes.id, event.subjectId)).for('update');
      if (quote?.state !== 'signing' || quote.envelopeId !== event.envelopeId) return;
      const note = clip(
        event.outcome === 'declined'
          ? `You declined to sign your acceptance, so the quote was not accepted: ${event.reason}`
          : `We withdrew your acceptance for signature, so the quote was not accepted: ${event.reason}`,
      );
      await tx
        .update(homeExitQuotes)
        .set({ state: 'issued', moveDate: null, envelopeId: null, signingUntil: null, signatureNote: note })
        .where(eq(homeExitQuotes.id, quote.id));
      await recordAudit(tx, event.actor, {
        action: 'update',
        entityType: 'homes',
        entityId: quote.homeId,
        changes: { exitQuote: { id: quote.id, state: { from: 'signing', to: 'issued' }, reason: note, envelopeId: event.envelopeId } },
      });
      await notifyExitQuoteStep(tx, quote.id, 'unsigned');
    },
  });
}
