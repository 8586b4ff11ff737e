import { and, asc, desc, eq, inArray, lte } from 'drizzle-orm';
import { dollarsToCents, exitQuote, homeownerFigures, type ExitQuote, type ExitQuoteInputs, type TransferFee } from '../../../domain/calculators';
import { formatDate } from '../../../domain/format';
import { addDays } from '../../../domain/ledger/dates';
import { exitBalances } from '../../../domain/ledger';
import { ledgerToday } from '../../../domain/homes/dates';
import { EXIT_KIND_OF, MAX_DISPUTE_DOCUMENTS, type DisputeDocument, type ExitQuoteView, type QuoteLines } from '../../../domain/homes/exit-quotes';
import { EXIT_QUOTE_VALUATION_DAYS, EXIT_QUOTE_WITHDRAW_DAYS, VALUATION_SOURCE_LABELS, type NoticeKind } from '../../../domain/homes/states';
import { type Executor } from '../../platform/db/client';
import { homeExitQuoteDocuments, homeExitQuotes, homes, homeTerms, homeValuations, ledgerEntries } from '../../platform/db/schema';
import { AppError } from '../../platform/lib/errors';
import { getSettings } from '../../platform/settings/settings-store';
import { isoTime, isoTimeOrNull } from '../../platform/lib/iso-time';
import { agreementOf, agreementTermsOf, type HomeRow } from './home-figures';

/**
 * The core of exit quotes (docs/product/calculators.md 'Exit quote'; docs/decisions/034-exit-quotes.md): the valuation a
 * quote uses, exitQuote over the ledger on the quote day, the lines it shows and the quote as the pages read it. The
 * steps (exit-quotes.ts), the completion (exit-quote-completion.ts) and the dispute documents build on it.
 */

export type QuoteRow = typeof homeExitQuotes.$inferSelect;
export type ValuationRow = typeof homeValuations.$inferSelect;

export const quoteNotFound = () => new AppError(404, 'not_found', 'There is no such quote.');
export const quoteState = (message: string) => new AppError(409, 'quote_state', message);

/** What the homeowner is told of an acceptance left unsigned past its deadline. */
export const signingExpiredNote = (until: Date) =>
  `Your acceptance was not signed by the end of ${formatDate(ledgerToday(new Date(until.getTime() - 1)))}, so the quote was not accepted. You can accept it again while it is valid.`;

/**
 * Arrears and credit of `homeId` on day `t` from its ledger's allocation, and the head the quote prints:
 * the ONE place a quote, its completion and the home page read them (src/domain/ledger/exit-balances.ts).
 * Late fees (ledger kind `fee`) join the arrears there when they land.
 */
export async function exitBalancesOf(db: Executor, homeId: string, t: string) {
  const entries = await db
    .select({
      seq: ledgerEntries.seq,
      kind: ledgerEntries.kind,
      amountCents: ledgerEntries.amountCents,
      month: ledgerEntries.month,
      effectiveOn: ledgerEntries.effectiveOn,
      reversesSeq: ledgerEntries.reversesSeq,
      hash: ledgerEntries.hash,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.homeId, homeId))
    .orderBy(asc(ledgerEntries.seq));
  const head = entries.at(-1);
  return { ...exitBalances(entries, t), headSeq: head?.seq ?? 0, headHash: head?.hash ?? '0'.repeat(64) };
}

/**
 * The latest valuation recorded on or before `t` (by date, then entry), as calculators.md 'Exit quote' says. A valuation
 * dated after the ledger's today is refused (valuationSchema), so on the quote day this is the dashboard's latest; a
 * row dated later (recorded before that check) is skipped (docs/decisions/040-exit-quote-completion.md).
 */
export async function valuationOn(db: Executor, homeId: string, t: string): Promise<ValuationRow | undefined> {
  const [row] = await db
    .select()
    .from(homeValuations)
    .where(and(eq(homeValuations.homeId, homeId), lte(homeValuations.valuedOn, t)))
    .orderBy(desc(homeValuations.valuedOn), desc(homeValuations.createdAt))
    .limit(1);
  return row;
}

export const isRecent = (valuedOn: string, t: string) => valuedOn >= addDays(t, -EXIT_QUOTE_VALUATION_DAYS);

/** The settings' fee, refused when it cannot apply to this home (fixed above the home's value). */
export function checkFee(fee: TransferFee, valuationCents: number): void {
  if (fee.type === 'fixed' && Math.round(fee.amount * 100) > valuationCents) {
    throw new AppError(
      409,
      'transfer_fee_invalid',
      'The transfer fee in our settings is more than your home is worth, so we cannot quote it. We have been told; please contact us.',
    );
  }
}

export interface Computed {
  inputs: ExitQuoteInputs;
  result: ExitQuote;
  lines: QuoteLines;
  totalCents: number;
  headSeq: number;
  headHash: string;
}

/** exitQuote on day `t` for `home`, with the valuation and fee given and the ledger on `t`. */
export async function compute(db: Executor, home: HomeRow, kind: NoticeKind, valuationCents: number, fee: TransferFee, t: string): Promise<Computed> {
  const terms = await db.select().from(homeTerms).where(eq(homeTerms.homeId, home.id)).orderBy(asc(homeTerms.fromMonth));
  const balances = await exitBalancesOf(db, home.id, t);
  const inputs: ExitQuoteInputs = {
    ...agreementOf(home),
    terms: agreementTermsOf(terms),
    paidMonths: balances.allocation.paidMonths,
    billedMonths: balances.allocation.billedMonths,
    valuation: valuationCents / 100,
    kind: EXIT_KIND_OF[kind],
    transferFee: fee,
    arrearsCents: balances.arrearsCents,
    creditCents: balances.creditCents,
  };
  const result = exitQuote(inputs);
  return { inputs, result, lines: linesOf(inputs, result), totalCents: totalOf(result), headSeq: balances.headSeq, headHash: balances.headHash };
}

const totalOf = (result: ExitQuote) => (result.kind === 'buyOut' ? result.buyOutPriceCents : result.payoutCents);

/**
 * The lines a quote shows, from exitQuote's result and how the equity was built (homeownerFigures at the
 * same inputs): the down payment, the equity credited by paid months, and the share of appreciation, the
 * last taken as the rest so the three add up to the total equity line to the cent.
 */
export function linesOf(inputs: ExitQuoteInputs, result: ExitQuote): QuoteLines {
  const figures = homeownerFigures(inputs);
  const downPaymentCents = dollarsToCents(inputs.downPayment);
  const equityCreditedCents = dollarsToCents(figures.equityPrincipal - inputs.downPayment);
  return {
    totalEquityCents: result.totalEquityCents,
    valuationCents: result.valuationCents,
    costsCents: result.kind === 'cashOut' ? result.costsCents : null,
    feeCents: result.kind === 'move' ? result.feeCents : null,
    equityOutCents: result.kind === 'buyOut' ? null : result.equityOutCents,
    arrearsCents: result.arrearsCents,
    creditCents: result.creditCents,
    payoutCents: result.kind === 'buyOut' ? null : result.payoutCents,
    buyOutPriceCents: result.kind === 'buyOut' ? result.buyOutPriceCents : null,
    downPaymentCents,
    equityCreditedCents,
    appreciationCents: result.totalEquityCents - downPaymentCents - equityCreditedCents,
    appreciationShare: figures.appreciationShare,
  };
}

export const isExpired = (row: QuoteRow, today: string) =>
  (row.state === 'issued' || row.state === 'signing') && row.validUntil !== null && row.validUntil < today;

/** A 'signing' quote whose acceptance was not signed in time (docs/decisions/043-signed-exit-quotes.md): it may be accepted again. */
export const signingExpired = (row: QuoteRow, now = new Date()) => row.state === 'signing' && row.signingUntil !== null && row.signingUntil <= now;

/** The documents sent with the disputes of `quoteIds`, oldest first, by quote. */
export async function documentsByQuote(db: Executor, quoteIds: readonly string[]): Promise<Map<string, DisputeDocument[]>> {
  const byQuote = new Map<string, DisputeDocument[]>();
  if (quoteIds.length === 0) return byQuote;
  const rows = await db
    .select()
    .from(homeExitQuoteDocuments)
    .where(inArray(homeExitQuoteDocuments.quoteId, [...quoteIds]))
    .orderBy(asc(homeExitQuoteDocuments.createdAt));
  for (const row of rows) {
    const list = byQuote.get(row.quoteId) ?? [];
    list.push({ id: row.id, name: row.originalName, contentType: row.contentType, sizeBytes: row.sizeBytes, createdAt: isoTime(row.createdAt) });
    byQuote.set(row.quoteId, list);
  }
  return byQuote;
}

/** The quotes of `rows` as the pages read them on `today`, each with its dispute's documents. */
export async function quoteViews(db: Executor, rows: readonly QuoteRow[], today = ledgerToday()): Promise<ExitQuoteView[]> {
  const documents = await documentsByQuote(
    db,
    rows.filter((row) => row.disputeReason !== null).map((row) => row.id),
  );
  const acceptanceSigned = rows.some((row) => row.state === 'issued' || row.state === 'signing') && (await getSettings(db)).featureFlags.eSign;
  return rows.map((row) => quoteView(row, today, documents.get(row.id) ?? [], acceptanceSigned));
}

/** One quote row as the pages read it on `today`, with its dispute's documents. */
export async function viewOf(db: Executor, row: QuoteRow, today = ledgerToday()): Promise<ExitQuoteView> {
  return (await quoteViews(db, [row], today))[0]!;
}

/** The quote as the pages read it, with what the homeowner (and staff) may do with it on `today`. */
export function quoteView(row: QuoteRow, today = ledgerToday(), documents: DisputeDocument[] = [], acceptanceSigned = false): ExitQuoteView {
  const inputs = row.inputs as unknown as ExitQuoteInputs | null;
  const expired = isExpired(row, today);
  const withdrawClosesOn = row.moveDate === null ? null : addDays(row.moveDate, -EXIT_QUOTE_WITHDRAW_DAYS);
  return {
    id: row.id,
    kind: row.kind,
    state: row.state,
    expired,
    expectedBy: row.expectedBy,
    quotedOn: row.quotedOn,
    validUntil: row.validUntil,
    valuation:
      row.valuationCents !== null && row.valuedOn && row.valuationSource
        ? { valueCents: row.valuationCents, valuedOn: row.valuedOn, source: row.valuationSource, sourceLabel: VALUATION_SOURCE_LABELS[row.valuationSource] }
        : null,
    transferFee: row.transferFee ?? null,
    headSeq: row.headSeq,
    headHash: row.headHash,
    totalCents: row.totalCents,
    lines: (row.result as QuoteLines | null) ?? null,
    paidMonths: inputs ? [...inputs.paidMonths] : null,
    billedMonths: inputs ? inputs.billedMonths : null,
    replacesId: row.replacesId,
    dispute:
      row.disputeReason && row.disputedAt
        ? {
            reason: row.disputeReason,
            at: isoTime(row.disputedAt),
            answer: row.disputeAnswer,
            answeredAt: isoTimeOrNull(row.disputeAnsweredAt),
            documents,
          }
        : null,
    agreement: inputs
      ? {
          price: inputs.price,
          downPayment: inputs.downPayment,
          mortgageRate: inputs.mortgageRate,
          appreciationRate: inputs.appreciationRate,
          terms: inputs.terms.map((term) => ({ fromMonth: term.fromMonth, monthlyPayment: term.monthlyPayment })),
        }
      : null,
    moveDate: row.moveDate,
    signing:
      row.state === 'signing' && row.envelopeId && row.signingUntil
        ? { envelopeId: row.envelopeId, until: isoTime(row.signingUntil), expired: signingExpired(row) }
        : null,
    signatureNote: row.state === 'signing' && signingExpired(row) ? signingExpiredNote(row.signingUntil!) : row.signatureNote,
    acceptedAt: isoTimeOrNull(row.acceptedAt),
    withdrawReason: row.withdrawReason,
    completedOn: row.completedOn,
    finalTotalCents: row.finalTotalCents,
    finalLines: (row.finalResult as QuoteLines | null) ?? null,
    canDispute: row.state === 'issued' && !expired && row.disputeReason === null,
    canAccept: (row.state === 'issued' || signingExpired(row)) && !expired,
    acceptanceSigned,
    canWithdraw: row.state === 'accepted' && withdrawClosesOn !== null && today <= withdrawClosesOn,
    staffCanWithdraw: row.state === 'accepted' && withdrawClosesOn !== null && today > withdrawClosesOn,
    canAddDocuments: row.state === 'disputed' && documents.length < MAX_DISPUTE_DOCUMENTS,
    createdAt: isoTime(row.createdAt),
  };
}

/** The quote row `quoteId` of `userId`'s home, locked (404 for anyone else's). */
export async function lockedQuoteOf(tx: Executor, quoteId: string, userId?: string): Promise<QuoteRow> {
  const [row] = await tx.select().from(homeExitQuotes).where(eq(homeExitQuotes.id, quoteId)).for('update');
  if (!row) throw quoteNotFound();
  if (userId !== undefined) {
    const [home] = await tx.select({ userId: homes.userId }).from(homes).where(eq(homes.id, row.homeId));
    if (home?.userId !== userId) throw quoteNotFound();
  }
  return row;
}
