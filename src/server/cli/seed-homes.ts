import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import { agreementBounds } from '../../domain/calculators';
import { DEFAULT_APPRECIATION_RATE } from '../../domain/homes/admin-homes';
import { ledgerToday } from '../../domain/homes/dates';
import { addDays, chargeDueOn, monthsDueBy, OVERDUE_AFTER_DAYS } from '../../domain/ledger';
import { getSettings } from '../platform/settings/settings-store';
import type { Db, Executor } from '../platform/db/client';
import { accounts, applications, homePaymentChanges, homes, homeTerms, homeValuations, users } from '../platform/db/schema';
import { agreementOf, appendLedgerEntries, type NewLedgerEntry } from '../modules/homes';
import { prng } from './seed-context';

/**
 * The seed's homeowners (README.md#demo-data: `npm run seed` also creates homeowners with a
 * few years of history): some approved seeded applications become homes bought one to
 * four years ago, with the application's price and down payment, the settings' rate,
 * the comparison's appreciation and a payment on the agreement's slider; one changes
 * its payment a year in; every month's charge and its payment (mostly on time, some
 * late, one home overdue now) are appended in date order through appendLedgerEntries,
 * so every chain verifies; a valuation at the purchase and one or two later. The
 * buyers become homeowners. Deterministic for a given seed and day.
 */

export const DEMO_HOMEOWNER_COUNT = 5;

export interface SeededHomes {
  homeIds: string[];
  entries: number;
  /** The homeowner given a password (the first home's), when asked for. */
  signIn?: { email: string; password: string };
}

/** A payment on the slider's steps, `share` of the way from its minimum to its maximum, in cents. */
function paymentOnSlider(home: { priceCents: number; downPaymentCents: number; mortgageRate: number; appreciationRate: number }, share: number): number {
  const { min, max, step } = agreementBounds(agreementOf(home));
  const steps = Math.floor((max - min) / step);
  return Math.round((min + Math.round(share * steps) * step) * 100);
}

/** The history of one home as ledger entries in date order (a charge on its due date before a payment the same day). */
function history(
  homeId: string,
  purchaseDate: string,
  today: string,
  paymentOf: (month: number) => number,
  rng: ReturnType<typeof prng>,
  overdue: boolean,
): NewLedgerEntry[] {
  const due = monthsDueBy(purchaseDate, today);
  const dated: { entry: NewLedgerEntry; order: number }[] = [];
  for (let month = 1; month <= due; month += 1) {
    const dueOn = chargeDueOn(purchaseDate, month);
    const amountCents = paymentOf(month);
    dated.push({ entry: { kind: 'charge', amountCents, month, effectiveOn: dueOn }, order: 0 });
    // The overdue home has not paid what fell due in the last month and a half.
    if (overdue && addDays(dueOn, 45) > today) continue;
    const late = rng.chance(0.12);
    const paidOn = addDays(dueOn, late ? rng.int(OVERDUE_AFTER_DAYS + 2, 24) : rng.int(-3, 2));
    if (paidOn > today) continue;
    dated.push({
      entry: { kind: 'payment', amountCents, effectiveOn: paidOn, reference: `SEED-${homeId.slice(0, 8)}-${month}`, source: 'bank_csv' },
      order: 1,
    });
  }
  return dated
    .sort((a, b) => (a.entry.effectiveOn < b.entry.effectiveOn ? -1 : a.entry.effectiveOn > b.entry.effectiveOn ? 1 : a.order - b.order))
    .map(({ entry }) => entry);
}

/** Gives `userId` a password as sign-up would (better-auth's credential account); answers the passphrase. */
export async function setPassword(db: Db, userId: string, password: string): Promise<void> {
  const hash = await hashPassword(password);
  await db
    .insert(accounts)
    .values({ id: randomUUID(), accountId: userId, providerId: 'credential', userId, password: hash, createdAt: new Date(), updatedAt: new Date() });
  await db.update(users).set({ emailVerified: true }).where(eq(users.id, userId));
}

/**
 * Turns up to `count` approved applications without a home into homes with their
 * history up to `now`. With `password`, the first home's owner can sign in with it.
 */
export async function seedHomes(
  db: Db,
  { count = DEMO_HOMEOWNER_COUNT, now = new Date(), seed = 14, password }: { count?: number; now?: Date; seed?: number; password?: string } = {},
): Promise<SeededHomes> {
  const rng = prng(seed);
  const today = ledgerToday(now);
  const candidates = await db
    .select({
      id: applications.id,
      userId: applications.userId,
      address: applications.propertyAddress,
      value: applications.propertyValue,
      down: applications.downPayment,
      email: users.email,
    })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.userId))
    .leftJoin(homes, eq(homes.userId, applications.userId))
    .where(
      and(
        eq(applications.status, 'approved'),
        isNull(homes.id),
        sql`${users.role} <> 'admin'`,
        sql`${applications.propertyValue} > ${applications.downPayment}`,
      ),
    )
    .orderBy(asc(applications.submittedAt), asc(applications.id))
    .limit(count);
  const settings = await getSettings(db, { fresh: true });
  const result: SeededHomes = { homeIds: [], entries: 0 };

  for (const [i, candidate] of candidates.entries()) {
    // One to four years ago, on a day of its month.
    const years = 1 + (i % 4);
    const purchaseDate = addDays(today, -(years * 365 + rng.int(5, 60)));
    const agreement = {
      priceCents: Math.round(Number(candidate.value) * 100),
      downPaymentCents: Math.round(Number(candidate.down) * 100),
      mortgageRate: settings.mortgageRateDefault,
      appreciationRate: DEFAULT_APPRECIATION_RATE,
    };
    const firstPayment = paymentOnSlider(agreement, 0.35 + 0.1 * rng.int(0, 4));
    // The second home asked for a lower payment a year in, and staff approved it.
    const change = i === 1 && monthsDueBy(purchaseDate, today) > 13 ? { fromMonth: 13, cents: paymentOnSlider(agreement, 0.2) } : undefined;
    const paymentOf = (month: number) => (change && month >= change.fromMonth ? change.cents : firstPayment);

    const homeId = await db.transaction(async (tx) => {
      const [home] = await tx
        .insert(homes)
        .values({ userId: candidate.userId, applicationId: candidate.id, address: candidate.address ?? 'Address on file', purchaseDate, ...agreement })
        .returning({ id: homes.id });
      const id = home!.id;
      await tx.insert(homeTerms).values({ homeId: id, fromMonth: 1, monthlyPaymentCents: firstPayment });
      if (change) {
        const [asked] = await tx
          .insert(homePaymentChanges)
          .values({
            homeId: id,
            monthlyPaymentCents: change.cents,
            state: 'approved',
            fromMonth: change.fromMonth,
            requestedAt: new Date(`${addDays(chargeDueOn(purchaseDate, change.fromMonth), -20)}T15:00:00Z`),
            decidedAt: new Date(`${addDays(chargeDueOn(purchaseDate, change.fromMonth), -18)}T15:00:00Z`),
          })
          .returning({ id: homePaymentChanges.id });
        await tx.insert(homeTerms).values({ homeId: id, fromMonth: change.fromMonth, monthlyPaymentCents: change.cents, paymentChangeId: asked!.id });
      }
      // The purchase's valuation, then an appraisal or index value each year or two.
      const valuations: (typeof homeValuations.$inferInsert)[] = [{ homeId: id, valueCents: agreement.priceCents, valuedOn: purchaseDate, source: 'purchase' }];
      for (let year = 1; year <= years; year += rng.int(1, 2)) {
        const growth = (1 + (DEFAULT_APPRECIATION_RATE + rng.int(-20, 20) / 10) / 100) ** year;
        valuations.push({
          homeId: id,
          valueCents: Math.round((agreement.priceCents * growth) / 100_000) * 100_000,
          valuedOn: addDays(purchaseDate, year * 365 - rng.int(10, 40)),
          source: rng.chance(0.5) ? 'appraisal' : 'index',
        });
      }
      // The demo homeowner's home has a broker's opinion of the last weeks: 'Get a quote' issues one at once, which they
      // can dispute (staff then record an appraisal), accept, and staff complete (docs/decisions/040-exit-quote-completion.md).
      if (i === 0) {
        const latest = valuations.at(-1)!;
        valuations.push({
          homeId: id,
          valueCents: Math.round((latest.valueCents * 1.01) / 100_000) * 100_000,
          valuedOn: addDays(today, -10),
          source: 'broker_opinion',
        });
      }
      await tx.insert(homeValuations).values(valuations);
      const entries = history(id, purchaseDate, today, paymentOf, rng, i === 2);
      await appendLedgerEntries(tx, id, entries, null);
      await tx.update(users).set({ role: 'homeowner' }).where(eq(users.id, candidate.userId));
      await moveApplicationBefore(tx, candidate.id, candidate.userId, `${addDays(purchaseDate, -rng.int(20, 60))}T17:00:00Z`);
      result.entries += entries.length;
      return id;
    });
    result.homeIds.push(homeId);
  }

  const first = candidates[0];
  if (password && first) {
    await setPassword(db, first.userId, password);
    result.signIn = { email: first.email, password };
  }
  return result;
}

/**
 * The seed tells one story in order (README.md#demo-data): a home bought years ago was approved before it was bought.
 * The application the home came from (submitted within the last year, as every seeded one) moves back whole, so that
 * its review falls on `reviewedAt`: its dates, its documents' and its assignment keep their spacing, and the account
 * was made before the application.
 */
async function moveApplicationBefore(tx: Executor, applicationId: string, userId: string, reviewedAt: string): Promise<void> {
  const shift = sql`(select ${reviewedAt}::timestamptz - coalesce(reviewed_at, submitted_at) from applications where id = ${applicationId})`;
  await tx.execute(sql`update documents set created_at = created_at + ${shift}, reviewed_at = reviewed_at + ${shift} where application_id = ${applicationId}`);
  await tx.execute(sql`update applications set
    created_at = created_at + ${shift}, updated_at = updated_at + ${shift}, consented_at = consented_at + ${shift},
    certified_at = certified_at + ${shift}, submitted_at = submitted_at + ${shift}, reviewed_at = reviewed_at + ${shift},
    assigned_at = assigned_at + ${shift}
    where id = ${applicationId}`);
  await tx.execute(
    sql`update "user" set created_at = least(created_at, (select created_at - interval '3 days' from applications where id = ${applicationId})) where id = ${userId}`,
  );
}

/** The users the seed made homeowners, for a check that none is left without a home. */
export async function homeownersWithoutHome(db: Db): Promise<number> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .leftJoin(homes, eq(homes.userId, users.id))
    .where(and(eq(users.role, 'homeowner'), isNull(homes.id)));
  return rows.length;
}
