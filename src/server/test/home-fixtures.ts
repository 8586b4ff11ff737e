import { randomUUID } from 'node:crypto';
import type { Db } from '../platform/db/client';
import { applications, homes, homeTerms, users } from '../platform/db/schema';

/**
 * A home written straight to the database — an approved applicant, their home and
 * its first term — for tests of the ledger, the charge run and what builds on them
 * without going through 'Record purchase'.
 */
export interface TestHomeOptions {
  purchaseDate?: string;
  priceCents?: number;
  downPaymentCents?: number;
  monthlyPaymentCents?: number;
}

export interface TestHome {
  homeId: string;
  userId: string;
  applicationId: string;
  email: string;
}

export async function insertTestHome(db: Db, options: TestHomeOptions = {}): Promise<TestHome> {
  const userId = randomUUID();
  const email = `home.${userId}@example.com`;
  return db.transaction(async (tx) => {
    await tx.insert(users).values({ id: userId, name: 'Hana Home', email, firstName: 'Hana', lastName: 'Home', role: 'homeowner', emailVerified: true });
    const [application] = await tx
      .insert(applications)
      .values({ userId, status: 'approved', draft: { personal: {}, employment: {}, assets: {}, debts: {}, consents: {} }, submittedAt: new Date() })
      .returning({ id: applications.id });
    const [home] = await tx
      .insert(homes)
      .values({
        userId,
        applicationId: application!.id,
        address: '12 Elm Street, Springfield, IL 62701',
        purchaseDate: options.purchaseDate ?? '2026-01-15',
        priceCents: options.priceCents ?? 42_000_000,
        downPaymentCents: options.downPaymentCents ?? 2_940_000,
        mortgageRate: 6.4,
        appreciationRate: 3.8,
      })
      .returning({ id: homes.id });
    await tx.insert(homeTerms).values({ homeId: home!.id, fromMonth: 1, monthlyPaymentCents: options.monthlyPaymentCents ?? 235_400 });
    return { homeId: home!.id, userId, applicationId: application!.id, email };
  });
}
