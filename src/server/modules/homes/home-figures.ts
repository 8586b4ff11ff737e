import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { homeownerFigures, type AgreementInputs, type AgreementTerm, type HomeownerFigures } from '../../../domain/calculators';
import { ledgerToday } from '../../../domain/homes/dates';
import { allocateLedger, type AllocatableEntry, type LedgerAllocation } from '../../../domain/ledger';
import { homes, homeTerms, homeValuations, ledgerEntries } from '../../platform/db/schema';
import type { StoredLedgerEntry } from './ledger';
import { type Executor, readAll } from '../../platform/db/client';
import { getSettings } from '../../platform/settings/settings-store';

/**
 * One home's figures, from its agreement, its ledger and its latest valuation
 * (calculators.md 'Homeowner figures'): the one place the dashboard, the home's
 * pages, notices, statements and exports get them, so every screen shows the same
 * numbers. Money leaves here in the units it was kept in: cents for the ledger,
 * dollars (full precision) for homeownerFigures' output.
 */

export type HomeRow = typeof homes.$inferSelect;
export type HomeTermRow = typeof homeTerms.$inferSelect;
export type HomeValuationRow = typeof homeValuations.$inferSelect;

export interface LoadedHome {
  home: HomeRow;
  terms: HomeTermRow[];
  /** The latest valuation (by date, then entry), or undefined. */
  valuation: HomeValuationRow | undefined;
  /** The ledger's entries, oldest first, as the figures need them: what allocating reads and the reference, without the chain's hashes. */
  entries: (AllocatableEntry & { reference: string | null })[];
  allocation: LedgerAllocation;
  figures: HomeownerFigures;
  /** The date the allocation was made for (YYYY-MM-DD, the ledger's calendar). */
  today: string;
}

/** The agreement's fixed inputs in the calculators' dollars. */
export function agreementOf(home: Pick<HomeRow, 'priceCents' | 'downPaymentCents' | 'mortgageRate' | 'appreciationRate'>): AgreementInputs {
  return { price: home.priceCents / 100, downPayment: home.downPaymentCents / 100, mortgageRate: home.mortgageRate, appreciationRate: home.appreciationRate };
}

/** The terms' history in the calculators' dollars, oldest first. */
export function agreementTermsOf(terms: readonly Pick<HomeTermRow, 'fromMonth' | 'monthlyPaymentCents'>[]): AgreementTerm[] {
  return [...terms].sort((a, b) => a.fromMonth - b.fromMonth).map((term) => ({ fromMonth: term.fromMonth, monthlyPayment: term.monthlyPaymentCents / 100 }));
}

/** `homeId`'s home with its figures as of `today`; undefined when there is no such home. */
export async function loadHomeFigures(db: Executor, homeId: string, today = ledgerToday()): Promise<LoadedHome | undefined> {
  const [home] = await db.select().from(homes).where(eq(homes.id, homeId));
  return home ? figuresOfHome(db, home, today) : undefined;
}

/**
 * The per-request reads of the homeowner's own pages as prepared statements, built once
 * per database (as the session lookup's, src/server/platform/http/session-lookup.ts): drizzle
 * builds a query's SQL on every call otherwise, a measured share of a request's CPU at
 * 10 concurrent homeowners (`npm run bench -- homes`).
 */
function prepareReads(db: Executor) {
  const homeId = sql.placeholder('homeId');
  return {
    // The active home first, else the latest closed one (homeIdOfUser's choice), in one read.
    homeOfUser: db
      .select()
      .from(homes)
      .where(eq(homes.userId, sql.placeholder('userId')))
      .orderBy(sql`${homes.state} = 'active' desc`, desc(homes.createdAt))
      .limit(1)
      .prepare('home_of_user'),
    terms: db.select().from(homeTerms).where(eq(homeTerms.homeId, homeId)).orderBy(asc(homeTerms.fromMonth)).prepare('home_terms_of'),
    valuation: db
      .select()
      .from(homeValuations)
      .where(eq(homeValuations.homeId, homeId))
      .orderBy(desc(homeValuations.valuedOn), desc(homeValuations.createdAt))
      .limit(1)
      .prepare('home_latest_valuation'),
    // ledgerOf's read.
    ledger: db.select().from(ledgerEntries).where(eq(ledgerEntries.homeId, homeId)).orderBy(asc(ledgerEntries.seq)).prepare('home_ledger_of'),
    // The figures' read: what allocateLedger uses (AllocatableEntry) and the bank's reference the payments list shows; not the hashes, the note or who recorded it.
    ledgerContent: db
      .select({
        seq: ledgerEntries.seq,
        kind: ledgerEntries.kind,
        amountCents: ledgerEntries.amountCents,
        month: ledgerEntries.month,
        effectiveOn: ledgerEntries.effectiveOn,
        reversesSeq: ledgerEntries.reversesSeq,
        reference: ledgerEntries.reference,
      })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.homeId, homeId))
      .orderBy(asc(ledgerEntries.seq))
      .prepare('home_ledger_content_of'),
  };
}

const preparedReads = new WeakMap<Executor, ReturnType<typeof prepareReads>>();

function readsOf(db: Executor) {
  let reads = preparedReads.get(db);
  if (!reads) {
    reads = prepareReads(db);
    preparedReads.set(db, reads);
  }
  return reads;
}

/** The signed-in user's home row: the active one, else the latest closed one; undefined when they have none. */
export async function homeOfUser(db: Executor, userId: string): Promise<HomeRow | undefined> {
  const [home] = await readsOf(db).homeOfUser.execute({ userId });
  return home;
}

/** A home's whole ledger, oldest first (ledgerOf, prepared). */
export function homeLedger(db: Executor, homeId: string): Promise<StoredLedgerEntry[]> {
  return readsOf(db).ledger.execute({ homeId });
}

/** `home`'s figures as of `today` (loadHomeFigures for a home already read). */
export async function figuresOfHome(db: Executor, home: HomeRow, today = ledgerToday()): Promise<LoadedHome> {
  const reads = readsOf(db);
  const [terms, [valuation], entries] = await readAll(db, [
    () => reads.terms.execute({ homeId: home.id }),
    () => reads.valuation.execute({ homeId: home.id }),
    () => reads.ledgerContent.execute({ homeId: home.id }),
  ]);
  // Overdue after the settings' graceDays (calculators.md 'Fees'; docs/decisions/037-autopay-and-ach-files.md).
  const { graceDays } = await getSettings(db);
  const allocation = allocateLedger(entries, today, graceDays);
  const figures = homeownerFigures({
    ...agreementOf(home),
    terms: agreementTermsOf(terms),
    paidMonths: allocation.paidMonths,
    billedMonths: allocation.billedMonths,
    valuation: valuation ? valuation.valueCents / 100 : undefined,
  });
  return { home, terms, valuation, entries, allocation, figures, today };
}

/**
 * The terms and the ledger's allocation as of `today` of many homes, read in two statements (the autopay run's
 * batch, docs/decisions/044-payments-throughput.md): what figuresOfHome allocates, without the figures.
 */
export async function allocationsOfHomes(
  db: Executor,
  homeIds: readonly string[],
  today = ledgerToday(),
): Promise<Map<string, { terms: HomeTermRow[]; allocation: LedgerAllocation }>> {
  const answer = new Map<string, { terms: HomeTermRow[]; allocation: LedgerAllocation }>();
  if (homeIds.length === 0) return answer;
  const ids = [...homeIds];
  const terms = await db.select().from(homeTerms).where(inArray(homeTerms.homeId, ids)).orderBy(asc(homeTerms.homeId), asc(homeTerms.fromMonth));
  const entries = await db
    .select({
      homeId: ledgerEntries.homeId,
      seq: ledgerEntries.seq,
      kind: ledgerEntries.kind,
      amountCents: ledgerEntries.amountCents,
      month: ledgerEntries.month,
      effectiveOn: ledgerEntries.effectiveOn,
      reversesSeq: ledgerEntries.reversesSeq,
    })
    .from(ledgerEntries)
    .where(inArray(ledgerEntries.homeId, ids))
    .orderBy(asc(ledgerEntries.homeId), asc(ledgerEntries.seq));
  const { graceDays } = await getSettings(db);
  const termsOf = new Map<string, HomeTermRow[]>();
  for (const term of terms) termsOf.set(term.homeId, [...(termsOf.get(term.homeId) ?? []), term]);
  const entriesOf = new Map<string, AllocatableEntry[]>();
  for (const { homeId, ...entry } of entries) {
    const list = entriesOf.get(homeId) ?? [];
    list.push(entry);
    entriesOf.set(homeId, list);
  }
  for (const id of ids) {
    answer.set(id, { terms: termsOf.get(id) ?? [], allocation: allocateLedger(entriesOf.get(id) ?? [], today, graceDays) });
  }
  return answer;
}

/** The signed-in user's home: the active one, else the latest closed one; undefined when they have none. */
/** The home bought through an application, if any (the conversation says it is about that home): its id and address. */
export async function homeOfApplication(db: Executor, applicationId: string): Promise<{ id: string; address: string } | null> {
  const [row] = await db
    .select({ id: homes.id, address: homes.address })
    .from(homes)
    .where(eq(homes.applicationId, applicationId))
    .orderBy(desc(homes.createdAt))
    .limit(1);
  return row ?? null;
}

export async function homeIdOfUser(db: Executor, userId: string): Promise<string | undefined> {
  const rows = await db.select({ id: homes.id, state: homes.state }).from(homes).where(eq(homes.userId, userId)).orderBy(desc(homes.createdAt));
  return (rows.find((row) => row.state === 'active') ?? rows[0])?.id;
}
