import { asc, eq } from 'drizzle-orm';
import { homeownerFigures, monthlyChargeCents } from '../../../domain/calculators';
import { figuresInCents, movementsOf, splitCharge, toCents, type MyHome, type ValuationPoint } from '../../../domain/homes/my-home';
import { VALUATION_SOURCE_LABELS } from '../../../domain/homes/states';
import { allocateLedger, chargeDueOn, countingSeqs, lateFeeWarning, type FeeSettings, type LedgerFile } from '../../../domain/ledger';
import type { FeeWaiver, MyFee } from '../../../domain/homes/fees';
import type { LedgerWarning } from '../../../domain/homes/ledger-warning';
import type { Executor } from '../../platform/db/client';
import { homeValuations } from '../../platform/db/schema';
import { agreementOf, agreementTermsOf, type LoadedHome } from './home-figures';
import { chainEntryOf, type StoredLedgerEntry } from './ledger';

/**
 * What the homeowner's own pages read (src/domain/api/home.ts), built from
 * loadHomeFigures so the dashboard, the home page, statements and the back office
 * show the same figures (calculators.md 'Homeowner figures').
 */

/** The home's late fees, newest first, with their waiver requests (fees.ts). */
export function myFeesOf(loaded: Pick<LoadedHome, 'entries' | 'allocation'>, waivers: ReadonlyMap<number, FeeWaiver>): MyFee[] {
  const counting = countingSeqs(loaded.entries);
  const allocated = new Map(loaded.allocation.fees.map((fee) => [fee.seq, fee]));
  return loaded.entries
    .filter((entry) => entry.kind === 'fee' && entry.month !== null)
    .map((entry): MyFee => {
      const fee = allocated.get(entry.seq);
      const paidCents = fee?.paidCents ?? 0;
      return {
        seq: entry.seq,
        month: entry.month!,
        dueOn: entry.effectiveOn,
        amountCents: entry.amountCents,
        paidCents,
        state: !counting.has(entry.seq) ? 'waived' : paidCents >= entry.amountCents ? 'paid' : 'open',
        waiver: waivers.get(entry.seq) ?? null,
      };
    })
    .reverse();
}

/** What the home page shows of late fees: the settings in force and the home's waiver requests. */
export interface FeeView {
  settings: FeeSettings;
  waivers: ReadonlyMap<number, FeeWaiver>;
}

/** GET /api/me/home from a loaded home and what the check of its chain found (ledgerWarningOf; null: it holds). */
export function myHomeOf(loaded: LoadedHome, ledgerWarning: LedgerWarning | null, fees?: FeeView): MyHome {
  const { home, terms, valuation, allocation, figures, today } = loaded;
  const agreement = agreementOf(home);
  const agreementTerms = agreementTermsOf(terms);
  const latest = allocation.charges.at(-1);
  const nextMonth = allocation.billedMonths + 1;
  const charges = allocation.charges.map(({ month, dueOn, amountCents, paidCents, state }) => ({ month, dueOn, amountCents, paidCents, state }));
  return {
    today,
    ledgerWarning,
    home: {
      id: home.id,
      address: home.address,
      purchaseDate: home.purchaseDate,
      state: home.state,
      closedOn: home.closedOn,
      priceCents: home.priceCents,
      downPaymentCents: home.downPaymentCents,
      mortgageRate: home.mortgageRate,
      appreciationRate: home.appreciationRate,
      monthlyPaymentCents: monthlyChargeCents(agreementTerms, nextMonth),
      terms: agreementTerms.map((term) => ({
        fromMonth: term.fromMonth,
        startsOn: chargeDueOn(home.purchaseDate, term.fromMonth),
        monthlyPaymentCents: toCents(term.monthlyPayment),
      })),
    },
    figures: figuresInCents(figures),
    valuation: valuation
      ? { valueCents: valuation.valueCents, valuedOn: valuation.valuedOn, source: valuation.source, sourceLabel: VALUATION_SOURCE_LABELS[valuation.source] }
      : null,
    currentCharge: latest
      ? {
          month: latest.month,
          dueOn: latest.dueOn,
          amountCents: latest.amountCents,
          paidCents: latest.paidCents,
          state: latest.state,
          ...splitCharge(agreement, agreementTerms, latest.month, latest.amountCents),
        }
      : null,
    nextCharge:
      home.state === 'active'
        ? { month: nextMonth, dueOn: chargeDueOn(home.purchaseDate, nextMonth), amountCents: monthlyChargeCents(agreementTerms, nextMonth) }
        : null,
    balanceCents: allocation.balanceCents,
    charges: charges.reverse(),
    movements: movementsOf(loaded.entries),
    fees: fees ? myFeesOf(loaded, fees.waivers) : [],
    lateFeeWarning:
      fees && home.state === 'active'
        ? lateFeeWarning(allocation, new Set(loaded.entries.filter((e) => e.kind === 'fee').map((e) => e.month!)), today, fees.settings)
        : null,
  };
}

/** The home's ledger as the homeowner downloads it: `{ homeId, entries }` with every hash (verifyLedgerFile's shape). */
export function ledgerFileOf(homeId: string, entries: readonly StoredLedgerEntry[]): LedgerFile {
  return { homeId, entries: entries.map(chainEntryOf) };
}

/**
 * The home's valuations, oldest first, each with the equity at its date: the figures of
 * homeownerFigures with the ledger's entries up to that date and that value. When no
 * valuation is dated on or before the purchase, the purchase itself comes first (the
 * price, equity D), so the chart starts where the agreement did.
 */
export async function valuationPointsOf(db: Executor, loaded: LoadedHome): Promise<ValuationPoint[]> {
  const { home, terms, entries } = loaded;
  const rows = await db
    .select({ valueCents: homeValuations.valueCents, valuedOn: homeValuations.valuedOn, source: homeValuations.source })
    .from(homeValuations)
    .where(eq(homeValuations.homeId, home.id))
    .orderBy(asc(homeValuations.valuedOn), asc(homeValuations.createdAt));
  const valued =
    rows[0] && rows[0].valuedOn <= home.purchaseDate
      ? rows
      : [{ valueCents: home.priceCents, valuedOn: home.purchaseDate, source: 'purchase' as const }, ...rows];
  const agreement = agreementOf(home);
  const agreementTerms = agreementTermsOf(terms);
  return valued.map((row) => {
    const allocation = allocateLedger(
      entries.filter((entry) => entry.effectiveOn <= row.valuedOn),
      row.valuedOn,
    );
    const figures = homeownerFigures({
      ...agreement,
      terms: agreementTerms,
      paidMonths: allocation.paidMonths,
      billedMonths: allocation.billedMonths,
      valuation: row.valueCents / 100,
    });
    return {
      valueCents: row.valueCents,
      valuedOn: row.valuedOn,
      source: row.source,
      sourceLabel: VALUATION_SOURCE_LABELS[row.source],
      totalEquityCents: toCents(figures.totalEquity),
      equityPrincipalCents: toCents(figures.equityPrincipal),
      appreciationCents: toCents(figures.appreciation),
    };
  });
}
