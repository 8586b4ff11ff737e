import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import { companyDayEnd, ledgerToday } from '../../../domain/homes/dates';
import { expectedQuoteDate, type ExitOptions, type ExitQuoteView } from '../../../domain/homes/exit-quotes';
import {
  EXIT_QUOTE_VALID_DAYS,
  EXIT_QUOTE_WITHDRAW_DAYS,
  NOTICE_DAYS,
  NOTICE_KINDS,
  VALUATION_SOURCE_LABELS,
  type NoticeKind,
} from '../../../domain/homes/states';
import { addDays } from '../../../domain/ledger/dates';
import type { TransferFee } from '../../../domain/calculators';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import { type Db, type Executor } from '../../platform/db/client';
import { homeExitQuotes, homes, signatureEnvelopes } from '../../platform/db/schema';
import { getSettings } from '../../platform/settings/settings-store';
import { fieldError, homeClosed, noHome } from './change-rules';
import {
  checkFee,
  compute,
  isExpired,
  isRecent,
  lockedQuoteOf,
  quoteNotFound,
  quoteState,
  quoteView,
  quoteViews,
  signingExpired,
  valuationOn,
  viewOf,
  type QuoteRow,
  type ValuationRow,
} from './exit-quote-core';
import { acceptedQuoteDocument } from './exit-quote-pdf';
import { eSignOn, homeownerOf, type AddendumDeps } from './addenda';
import { createEnvelope, voidEnvelopesOf } from '../signatures';
import { notifyExitQuoteStep } from './exit-quote-notifications';
import { type HomeRow } from './home-figures';
import { lockHome } from './ledger';
import { assertNoOpenNotice, cancelNoticeIn, startQuoteNotice } from './notices';

/**
 * Exit quotes (docs/product/calculators.md 'Exit quote'; docs/decisions/034-exit-quotes.md): the
 * homeowner's 'What would I get?', quotes issued from a valuation of the last 90 days (else staff are
 * asked for one), a dispute of the valuation once per quote, acceptance (locks the valuation and the
 * fee, starts the 60-day notice), withdrawal, and staff's completion with the ledger of that day.
 * Every step is audited and e-mailed in its transaction.
 */

async function homeOfUserFor(db: Executor, userId: string, lock: boolean): Promise<HomeRow> {
  const query = db.select().from(homes).where(eq(homes.userId, userId)).orderBy(desc(homes.createdAt));
  const rows = lock ? await query.for('update') : await query;
  const home = rows.find((row) => row.state === 'active') ?? rows[0];
  if (!home) throw noHome();
  return home;
}

/** GET /api/me/home/exit: the three ways out at the latest valuation today, and the homeowner's quotes. */
export async function exitOptionsOf(db: Db, userId: string): Promise<ExitOptions> {
  const home = await homeOfUserFor(db, userId, false);
  const today = ledgerToday();
  const settings = await getSettings(db);
  const valuation = await valuationOn(db, home.id, today);
  const valuationCents = valuation?.valueCents ?? home.priceCents;
  const ways = [];
  for (const kind of NOTICE_KINDS) {
    const computed = await compute(db, home, kind, valuationCents, settings.transferFeeConfig, today);
    ways.push({ kind, totalCents: computed.totalCents, lines: computed.lines });
  }
  const rows = await db.select().from(homeExitQuotes).where(eq(homeExitQuotes.homeId, home.id)).orderBy(desc(homeExitQuotes.createdAt));
  return {
    today,
    valuation: valuation
      ? { valueCents: valuation.valueCents, valuedOn: valuation.valuedOn, source: valuation.source, sourceLabel: VALUATION_SOURCE_LABELS[valuation.source] }
      : null,
    estimate: !valuation || !isRecent(valuation.valuedOn, today),
    transferFee: settings.transferFeeConfig,
    ways,
    quotes: await quoteViews(db, rows, today),
    closed: home.state !== 'active',
  };
}

/** GET /api/me/home/quotes/{id}: the homeowner's own quote (404 for anyone else's). */
export async function myQuote(db: Db, userId: string, quoteId: string): Promise<ExitQuoteView> {
  const [row] = await db
    .select({ quote: homeExitQuotes })
    .from(homeExitQuotes)
    .innerJoin(homes, eq(homes.id, homeExitQuotes.homeId))
    .where(and(eq(homeExitQuotes.id, quoteId), eq(homes.userId, userId)));
  if (!row) throw quoteNotFound();
  return viewOf(db, row.quote);
}

/** The issued columns of a quote computed on `t` from `valuation` and `fee`. */
async function issuedColumns(tx: Executor, home: HomeRow, kind: NoticeKind, valuation: ValuationRow, fee: TransferFee, t: string) {
  checkFee(fee, valuation.valueCents);
  const computed = await compute(tx, home, kind, valuation.valueCents, fee, t);
  return {
    state: 'issued' as const,
    quotedOn: t,
    validUntil: addDays(t, EXIT_QUOTE_VALID_DAYS),
    valuationId: valuation.id,
    valuationCents: valuation.valueCents,
    valuedOn: valuation.valuedOn,
    valuationSource: valuation.source,
    transferFee: fee,
    headSeq: computed.headSeq,
    headHash: computed.headHash,
    inputs: computed.inputs as unknown as Record<string, unknown>,
    result: computed.lines as unknown as Record<string, unknown>,
    totalCents: computed.totalCents,
  };
}

/**
 * POST /api/me/home/quotes: with a valuation of the last 90 days the quote is issued at once; otherwise
 * it waits for staff's valuation and the homeowner is told when to expect it (5 business days).
 */
export async function requestQuote(db: Db, actor: AuditActor & { id: string }, kind: NoticeKind): Promise<ExitQuoteView> {
  const settings = await getSettings(db);
  return db.transaction(async (tx) => {
    const home = await homeOfUserFor(tx, actor.id, true);
    if (home.state !== 'active') throw homeClosed();
    const today = ledgerToday();
    const valuation = await valuationOn(tx, home.id, today);
    const columns =
      valuation && isRecent(valuation.valuedOn, today)
        ? await issuedColumns(tx, home, kind, valuation, settings.transferFeeConfig, today)
        : { state: 'valuing' as const, expectedBy: expectedQuoteDate(today) };
    const [row] = await tx
      .insert(homeExitQuotes)
      .values({ homeId: home.id, kind, createdBy: actor.id, ...columns })
      .returning();
    await recordAudit(tx, actor, {
      action: 'create',
      entityType: 'homes',
      entityId: home.id,
      changes: { exitQuote: { id: row!.id, kind, state: row!.state, totalCents: row!.totalCents, valuationId: row!.valuationId } },
    });
    await notifyExitQuoteStep(tx, row!.id, row!.state === 'issued' ? 'issued' : 'valuing');
    return viewOf(tx, row!, today);
  });
}

/**
 * After staff record a valuation of `homeId` (in the same transaction): every quote waiting for one is
 * issued from it, and every disputed quote is superseded by a new quote from it (source appraisal).
 */
export async function issueQuotesAfterValuation(tx: Executor, actor: AuditActor, homeId: string, settingsFee: TransferFee): Promise<void> {
  const waiting = await tx
    .select()
    .from(homeExitQuotes)
    .where(and(eq(homeExitQuotes.homeId, homeId), inArray(homeExitQuotes.state, ['valuing', 'disputed'])))
    .for('update');
  if (waiting.length === 0) return;
  const [home] = await tx.select().from(homes).where(eq(homes.id, homeId));
  if (!home || home.state !== 'active') return;
  const today = ledgerToday();
  const valuation = await valuationOn(tx, homeId, today);
  if (!valuation || !isRecent(valuation.valuedOn, today)) return;
  for (const quote of waiting) {
    const columns = await issuedColumns(tx, home, quote.kind, valuation, settingsFee, today);
    let issuedId = quote.id;
    if (quote.state === 'valuing') {
      await tx.update(homeExitQuotes).set(columns).where(eq(homeExitQuotes.id, quote.id));
    } else {
      await tx
        .update(homeExitQuotes)
        .set({ state: 'superseded', disputeAnswer: 'We recorded a new valuation and issued a new quote.', disputeAnsweredAt: new Date() })
        .where(eq(homeExitQuotes.id, quote.id));
      const [fresh] = await tx
        .insert(homeExitQuotes)
        .values({ homeId, kind: quote.kind, replacesId: quote.id, createdBy: actor.id, ...columns })
        .returning({ id: homeExitQuotes.id });
      issuedId = fresh!.id;
    }
    await recordAudit(tx, actor, {
      action: quote.state === 'valuing' ? 'update' : 'create',
      entityType: 'homes',
      entityId: homeId,
      changes: {
        exitQuote: {
          id: issuedId,
          state: { from: quote.state === 'valuing' ? 'valuing' : null, to: 'issued' },
          replacesId: quote.state === 'disputed' ? quote.id : null,
          valuationId: valuation.id,
          totalCents: columns.totalCents,
        },
      },
    });
    await notifyExitQuoteStep(tx, issuedId, quote.state === 'valuing' ? 'issued' : 'reissued');
  }
}

/** A quote moved to `set.state`, audited on its home with its state change and `detail`, in the caller's transaction. */
async function moveQuote(
  tx: Executor,
  actor: AuditActor,
  quote: typeof homeExitQuotes.$inferSelect,
  set: Partial<typeof homeExitQuotes.$inferInsert> & { state: typeof homeExitQuotes.$inferSelect.state },
  detail: Record<string, string>,
) {
  const [row] = await tx.update(homeExitQuotes).set(set).where(eq(homeExitQuotes.id, quote.id)).returning();
  await recordAudit(tx, actor, {
    action: 'update',
    entityType: 'homes',
    entityId: quote.homeId,
    changes: { exitQuote: { id: quote.id, state: { from: quote.state, to: set.state }, ...detail } },
  });
  return row!;
}

/** POST /api/me/home/quotes/{id}/dispute: once per quote, while it is issued and valid. */
export async function disputeQuote(db: Db, actor: AuditActor & { id: string }, quoteId: string, reason: string): Promise<ExitQuoteView> {
  return db.transaction(async (tx) => {
    const quote = await lockedQuoteOf(tx, quoteId, actor.id);
    const today = ledgerToday();
    if (quote.disputeReason !== null) throw fieldError('reason', 'You have already disputed this quote’s valuation. A quote can be disputed once.');
    if (quote.state !== 'issued') throw quoteState('Only an issued quote can be disputed.');
    if (isExpired(quote, today)) throw fieldError('reason', 'This quote has expired. Ask for a new one.');
    const row = await moveQuote(tx, actor, quote, { state: 'disputed', disputeReason: reason, disputedAt: new Date() }, { disputeReason: reason });
    await notifyExitQuoteStep(tx, quoteId, 'disputed');
    return viewOf(tx, row, today);
  });
}

/** POST /api/admin/exit-quotes/{id}/answer: staff keep the valuation, with a reason; the quote stands as issued. */
export async function answerDispute(db: Db, actor: AuditActor, quoteId: string, answer: string): Promise<ExitQuoteView> {
  return db.transaction(async (tx) => {
    const quote = await lockedQuoteOf(tx, quoteId);
    if (quote.state !== 'disputed') throw quoteState('This quote is not waiting for an answer to a dispute.');
    const row = await moveQuote(tx, actor, quote, { state: 'issued', disputeAnswer: answer, disputeAnsweredAt: new Date() }, { disputeAnswer: answer });
    await notifyExitQuoteStep(tx, quoteId, 'answered');
    return viewOf(tx, row);
  });
}

/**
 * POST /api/me/home/quotes/{id}/accept: within validity, with a move date ≥ 60 days away (the schema).
 * Locks the valuation and the fee (they stay in the row; completion reads them) and starts the
 * 60-day notice, scheduled for the move date. With e-signatures on, the quote is 'signing' instead: the
 * accepted quote with its move date goes for the homeowner's signature, and the signature accepts it
 * (docs/decisions/043-signed-exit-quotes.md). An acceptance left unsigned past its deadline may be made again.
 */
export async function acceptQuote(deps: AddendumDeps, actor: AuditActor & { id: string }, quoteId: string, moveDate: string): Promise<ExitQuoteView> {
  const signed = await eSignOn(deps);
  return deps.db.transaction(async (tx) => {
    const quote = await lockedQuoteOf(tx, quoteId, actor.id);
    const home = await lockHome(tx, quote.homeId);
    if (home.state !== 'active') throw homeClosed();
    const today = ledgerToday();
    const again = signingExpired(quote);
    if (quote.state !== 'issued' && !again)
      throw quoteState(
        quote.state === 'disputed'
          ? 'This quote’s valuation is disputed: wait for our answer.'
          : quote.state === 'signing'
            ? 'You accepted this quote already: it waits for your signature.'
            : `This quote is ${quote.state}: it cannot be accepted.`,
      );
    if (isExpired(quote, today)) throw fieldError('moveDate', `This quote expired on ${quote.validUntil}. Ask for a new one.`);
    // A lapsed acceptance's envelope is closed before the quote is accepted again (by signature or, switched off since, by the press).
    if (again) await voidEnvelopesOf(tx, actor, 'exit_quote', quote.id, 'Not signed in time; accepted again');
    if (!signed) {
      const row = await acceptIn(tx, actor, quote, moveDate, { confirmed: true });
      return viewOf(tx, row, today);
    }
    await assertNoOpenNotice(tx, quote.homeId);
    const [other] = await tx
      .select({ id: homeExitQuotes.id, signingUntil: homeExitQuotes.signingUntil })
      .from(homeExitQuotes)
      .where(and(eq(homeExitQuotes.homeId, quote.homeId), eq(homeExitQuotes.state, 'signing'), ne(homeExitQuotes.id, quote.id)));
    if (other?.signingUntil && other.signingUntil > new Date())
      throw quoteState('You accepted another quote: it waits for your signature. Sign or decline it first.');
    const owner = await homeownerOf(tx, quote.homeId);
    // The envelope expires with the quote's validity or when the move date would be under 60 days away, if earlier.
    const signingUntil = companyDayEnd([quote.validUntil!, addDays(moveDate, -NOTICE_DAYS)].sort()[0]!);
    const document = await acceptedQuoteDocument(
      { ...quoteView(quote, today), moveDate },
      { name: owner.name, address: owner.address, moveDate, brandName: deps.brand.name },
    );
    const envelopeId = await createEnvelope(deps, tx, actor, {
      kind: 'exit_quote',
      subjectId: quote.id,
      homeId: quote.homeId,
      ...document,
      signer: { userId: owner.userId, name: owner.name, email: owner.email },
      expiresAt: signingUntil,
    });
    const [envelope] = await tx.select({ expiresAt: signatureEnvelopes.expiresAt }).from(signatureEnvelopes).where(eq(signatureEnvelopes.id, envelopeId));
    const [row] = await tx
      .update(homeExitQuotes)
      .set({ state: 'signing', moveDate, envelopeId, signingUntil: envelope!.expiresAt, signatureNote: null })
      .where(eq(homeExitQuotes.id, quoteId))
      .returning();
    await recordAudit(tx, actor, {
      action: 'update',
      entityType: 'homes',
      entityId: quote.homeId,
      changes: { exitQuote: { id: quoteId, state: { from: quote.state, to: 'signing' }, moveDate, envelopeId } },
    });
    return viewOf(tx, row!, today);
  });
}

/**
 * What acceptance does, in `tx`: starts the 60-day notice scheduled for `moveDate`, and the quote — its valuation and
 * fee already in its row — is accepted, audited and mailed. The button press (e-signatures off) and the signed
 * acceptance's completion (./envelope-handlers.ts) both end here.
 */
export async function acceptIn(
  tx: Executor,
  actor: AuditActor & { id: string },
  quote: QuoteRow,
  moveDate: string,
  how: { confirmed: true } | { envelopeId: string },
): Promise<QuoteRow> {
  const notice = await startQuoteNotice(tx, actor, {
    homeId: quote.homeId,
    kind: quote.kind,
    moveDate,
    estimatedPayoutCents: quote.kind === 'buy_out' ? 0 : (quote.totalCents ?? 0),
  });
  const [row] = await tx
    .update(homeExitQuotes)
    .set({ state: 'accepted', moveDate, acceptedAt: new Date(), noticeId: notice.id, signatureNote: null })
    .where(eq(homeExitQuotes.id, quote.id))
    .returning();
  await recordAudit(tx, actor, {
    action: 'update',
    entityType: 'homes',
    entityId: quote.homeId,
    changes: {
      exitQuote: {
        id: quote.id,
        state: { from: quote.state, to: 'accepted' },
        moveDate,
        noticeId: notice.id,
        lockedValuationId: quote.valuationId,
        lockedTransferFee: quote.transferFee,
        ...how,
      },
    },
  });
  await notifyExitQuoteStep(tx, quote.id, 'accepted');
  return row!;
}

/**
 * Withdraws an accepted quote and its notice, with a reason: the homeowner until 14 days before the
 * move date (`staff` false), staff at any time before completion.
 */
export async function withdrawQuote(db: Db, actor: AuditActor & { id: string }, quoteId: string, reason: string, staff: boolean): Promise<ExitQuoteView> {
  return db.transaction(async (tx) => {
    const quote = await lockedQuoteOf(tx, quoteId, staff ? undefined : actor.id);
    const today = ledgerToday();
    if (quote.state !== 'accepted') throw quoteState('Only an accepted quote can be withdrawn.');
    const lastDay = addDays(quote.moveDate!, -EXIT_QUOTE_WITHDRAW_DAYS);
    if (!staff && today > lastDay) throw fieldError('reason', `You could withdraw until ${lastDay}, 14 days before your move date. Please contact us.`);
    if (quote.noticeId) await cancelNoticeIn(tx, actor, quote.noticeId, `Exit quote withdrawn: ${reason}`);
    const [row] = await tx
      .update(homeExitQuotes)
      .set({ state: 'withdrawn', withdrawReason: reason, withdrawnAt: new Date() })
      .where(eq(homeExitQuotes.id, quoteId))
      .returning();
    await recordAudit(tx, actor, {
      action: 'cancel',
      entityType: 'homes',
      entityId: quote.homeId,
      changes: { exitQuote: { id: quoteId, state: { from: 'accepted', to: 'withdrawn' }, reason, byStaff: staff } },
    });
    await notifyExitQuoteStep(tx, quoteId, 'withdrawn');
    return viewOf(tx, row!, today);
  });
}

/** GET /api/admin/exit-quotes: what waits for staff — quotes to value, disputes to answer, accepted quotes and their dates. */
export async function waitingQuotes(db: Db, homeId?: string) {
  const rows = await db
    .select({ quote: homeExitQuotes, address: homes.address })
    .from(homeExitQuotes)
    .innerJoin(homes, eq(homes.id, homeExitQuotes.homeId))
    .where(homeId ? eq(homeExitQuotes.homeId, homeId) : inArray(homeExitQuotes.state, ['valuing', 'disputed', 'accepted']))
    .orderBy(asc(homeExitQuotes.createdAt))
    .limit(200);
  const today = ledgerToday();
  const views = await quoteViews(
    db,
    rows.map(({ quote }) => quote),
    today,
  );
  return { quotes: views.map((view, i) => ({ ...view, address: rows[i]!.address, homeId: rows[i]!.quote.homeId })) };
}
