import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import { homeNotices, homePaymentChanges, homes, homeStatements, homeTerms, homeValuations } from '../../platform/db/schema';
import { isoTimeOrNull } from '../../platform/lib/iso-time';
import { homeLedger } from './home-figures';
import { ledgerFileOf } from './my-home';

/**
 * A user's homes as 'Download my data' carries them (docs/product/privacy.md#your-data): for each home
 * (active or closed) the agreement, its terms, the whole ledger with its hashes (the file the
 * homeowner can verify), the statements issued, the 60-day notices, the payment changes and the
 * valuations. Who on our staff recorded a step is not included, as elsewhere in the export.
 */
export async function exportHomesOf(db: Executor, userId: string) {
  const rows = await db.select().from(homes).where(eq(homes.userId, userId)).orderBy(asc(homes.createdAt));
  if (rows.length === 0) return [];
  const ids = rows.map((home) => home.id);
  const [terms, valuations, changes, notices, statements] = await Promise.all([
    db.select().from(homeTerms).where(inArray(homeTerms.homeId, ids)).orderBy(asc(homeTerms.fromMonth)),
    db.select().from(homeValuations).where(inArray(homeValuations.homeId, ids)).orderBy(asc(homeValuations.valuedOn), asc(homeValuations.createdAt)),
    db.select().from(homePaymentChanges).where(inArray(homePaymentChanges.homeId, ids)).orderBy(asc(homePaymentChanges.requestedAt)),
    db.select().from(homeNotices).where(inArray(homeNotices.homeId, ids)).orderBy(asc(homeNotices.createdAt)),
    db
      .select({ homeId: homeStatements.homeId, period: homeStatements.period, createdAt: homeStatements.createdAt })
      .from(homeStatements)
      .where(inArray(homeStatements.homeId, ids))
      .orderBy(asc(homeStatements.period)),
  ]);
  const of = <T extends { homeId: string }>(list: T[], homeId: string) => list.filter((row) => row.homeId === homeId);
  return Promise.all(
    rows.map(async (home) => ({
      id: home.id,
      address: home.address,
      state: home.state,
      purchaseDate: home.purchaseDate,
      closedOn: home.closedOn,
      agreement: {
        priceCents: home.priceCents,
        downPaymentCents: home.downPaymentCents,
        mortgageRate: home.mortgageRate,
        appreciationRate: home.appreciationRate,
      },
      terms: of(terms, home.id).map((term) => ({
        fromMonth: term.fromMonth,
        monthlyPaymentCents: term.monthlyPaymentCents,
        createdAt: isoTimeOrNull(term.createdAt),
      })),
      ledger: ledgerFileOf(home.id, await homeLedger(db, home.id)).entries,
      statements: of(statements, home.id).map((statement) => ({ period: statement.period, issuedAt: isoTimeOrNull(statement.createdAt) })),
      notices: of(notices, home.id).map((notice) => ({
        kind: notice.kind,
        requestedDate: notice.requestedDate,
        estimatedPayoutCents: notice.estimatedPayoutCents,
        note: notice.note,
        state: notice.state,
        scheduledDate: notice.scheduledDate,
        payoutCents: notice.payoutCents,
        cancelReason: notice.cancelReason,
        sentAt: isoTimeOrNull(notice.createdAt),
        acknowledgedAt: isoTimeOrNull(notice.acknowledgedAt),
        scheduledAt: isoTimeOrNull(notice.scheduledAt),
        completedAt: isoTimeOrNull(notice.completedAt),
        cancelledAt: isoTimeOrNull(notice.cancelledAt),
      })),
      paymentChanges: of(changes, home.id).map((change) => ({
        monthlyPaymentCents: change.monthlyPaymentCents,
        state: change.state,
        fromMonth: change.fromMonth,
        reason: change.reason,
        requestedAt: isoTimeOrNull(change.requestedAt),
        decidedAt: isoTimeOrNull(change.decidedAt),
      })),
      valuations: of(valuations, home.id).map((valuation) => ({ valueCents: valuation.valueCents, valuedOn: valuation.valuedOn, source: valuation.source })),
    })),
  );
}
