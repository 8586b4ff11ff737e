import { eq } from 'drizzle-orm';
import { ledgerToday } from '../../../domain/homes/dates';
import type { ExitQuoteView } from '../../../domain/homes/exit-quotes';
import { type AuditActor } from '../../platform/audit/audit';
import { type Db, type Executor } from '../../platform/db/client';
import { homeExitQuotes, homes } from '../../platform/db/schema';
import { notifyExitQuoteStep } from './exit-quote-notifications';
import { compute, lockedQuoteOf, quoteNotFound, quoteState, viewOf, type Computed, type QuoteRow } from './exit-quote-core';
import { lockedNotice, completeNoticeIn } from './notices';

/**
 * Completing an accepted exit quote (docs/decisions/034-exit-quotes.md, docs/decisions/040-exit-quote-completion.md):
 * on or after the move date, with the locked valuation and fee and the ledger of that day. A move or a cash-out
 * writes the payout (when above $0); a buy-out records the buy-out payment received as a ledger entry of kind
 * `buy_out` (when above $0). The home closes through its notice and the final statement is mailed.
 */

/** The final figures of an accepted quote on `day`: its locked valuation and fee, the ledger of that day. */
async function finalFigures(tx: Executor, quote: QuoteRow, day: string): Promise<Computed> {
  const [home] = await tx.select().from(homes).where(eq(homes.id, quote.homeId));
  if (!home) throw quoteNotFound();
  return compute(tx, home, quote.kind, quote.valuationCents!, quote.transferFee!, day);
}

/** GET /api/admin/exit-quotes/{id}/completion: what completing today would write, and whether it may. */
export async function completionPreview(db: Db, quoteId: string) {
  const [quote] = await db.select().from(homeExitQuotes).where(eq(homeExitQuotes.id, quoteId));
  if (!quote) throw quoteNotFound();
  if (quote.state !== 'accepted') throw quoteState('Only an accepted quote can be completed.');
  const today = ledgerToday();
  const computed = await finalFigures(db, quote, today);
  const early = today < quote.moveDate!;
  return {
    completedOn: today,
    totalCents: computed.totalCents,
    lines: computed.lines,
    canComplete: !early,
    reason: early ? `The move date is ${quote.moveDate}: complete on or after it.` : null,
  };
}

const WAY_NOTE = { move: 'move', cash_out: 'cash out', buy_out: 'buy-out' } as const;

/**
 * POST /api/admin/exit-quotes/{id}/complete: on or after the move date, with the locked valuation and fee
 * and the ledger of that day: the payout entry (move, cash out; when above $0) or the buy-out payment entry,
 * the home closed through its notice, the final statement mailed.
 */
export async function completeQuote(db: Db, actor: AuditActor, quoteId: string): Promise<ExitQuoteView> {
  return db.transaction(async (tx) => {
    const quote = await lockedQuoteOf(tx, quoteId);
    if (quote.state !== 'accepted') throw quoteState('Only an accepted quote can be completed.');
    const today = ledgerToday();
    if (today < quote.moveDate!) throw quoteState(`The move date is ${quote.moveDate}: a quote is completed on or after it.`);
    const computed = await finalFigures(tx, quote, today);
    const notice = await lockedNotice(tx, quote.noticeId!);
    const buyOut = quote.kind === 'buy_out';
    const payout = buyOut ? 0 : Math.max(0, computed.totalCents);
    const buyOutCents = buyOut ? Math.max(0, computed.totalCents) : 0;
    await completeNoticeIn(
      tx,
      actor,
      notice,
      payout,
      `Exit quote: ${WAY_NOTE[quote.kind]}`,
      { exitQuote: { id: quoteId, state: { from: 'accepted', to: 'completed' }, finalTotalCents: computed.totalCents, headSeq: computed.headSeq } },
      buyOutCents,
    );
    const [row] = await tx
      .update(homeExitQuotes)
      .set({ state: 'completed', completedOn: today, finalResult: computed.lines as unknown as Record<string, unknown>, finalTotalCents: computed.totalCents })
      .where(eq(homeExitQuotes.id, quoteId))
      .returning();
    await notifyExitQuoteStep(tx, quoteId, 'completed');
    return viewOf(tx, row!, today);
  });
}

/** The homeowner's completed quote `quoteId` with its home's address, for the final statement (404 for anyone else's; 409 before completion). */
export async function myFinalStatement(db: Db, userId: string, quoteId: string): Promise<{ quote: ExitQuoteView; address: string }> {
  const [row] = await db
    .select({ quote: homeExitQuotes, userId: homes.userId, address: homes.address })
    .from(homeExitQuotes)
    .innerJoin(homes, eq(homes.id, homeExitQuotes.homeId))
    .where(eq(homeExitQuotes.id, quoteId));
  if (!row || row.userId !== userId) throw quoteNotFound();
  if (row.quote.state !== 'completed') throw quoteState('The final statement is made when the quote is completed.');
  return { quote: await viewOf(db, row.quote), address: row.address };
}
