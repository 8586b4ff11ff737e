import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { hashPassword } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import { ledgerToday } from '../../src/domain/homes/dates';
import { loadConfig } from '../../src/server/platform/config';
import { openDatabase } from '../../src/server/platform/db/client';
import { accounts, homes, users } from '../../src/server/platform/db/schema';
import { appendLedgerEntries } from '../../src/server/modules/homes/ledger';
import { insertTestHome } from '../../src/server/test/home-fixtures';
import { FAILED_PAY_HOMEOWNERS, FEE_CENTS, FEE_CHARGE_CENTS, FEE_HOMEOWNER, feeDatesFor } from './fee-homes';

/**
 * Run before the e2e server opens its database (e2e/support/seed-e2e.ts): the homeowner of
 * e2e/homeowner-fees.spec.ts and those of e2e/failed-payment-fees.spec.ts, each with a late fee already made and
 * the next charge open. The homes are bought today, so the charge run bills nothing more; their entries are
 * written as the charge run and the fee job would.
 */
const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  ownerUrl: config.DATABASE_OWNER_URL,
  pgliteDir: path.join(config.DATA_DIR, 'db'),
  poolSize: 2,
});
try {
  await database.migrate();
  const { db } = database;
  const today = ledgerToday();
  const dates = feeDatesFor(today);
  const homeowners: { email: string; password: string; firstName: string; address?: string }[] = [FEE_HOMEOWNER, ...Object.values(FAILED_PAY_HOMEOWNERS)];
  for (const homeowner of homeowners) {
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, homeowner.email));
    if (existing) continue;
    const { homeId, userId } = await insertTestHome(db, { purchaseDate: today, monthlyPaymentCents: FEE_CHARGE_CENTS });
    if (homeowner.address) await db.update(homes).set({ address: homeowner.address }).where(eq(homes.id, homeId));
    await db.update(users).set({ email: homeowner.email, firstName: homeowner.firstName }).where(eq(users.id, userId));
    await db
      .insert(accounts)
      .values({ id: randomUUID(), accountId: userId, providerId: 'credential', userId, password: await hashPassword(homeowner.password) });
    await db.transaction((tx) =>
      appendLedgerEntries(
        tx,
        homeId,
        [
          { kind: 'charge', amountCents: FEE_CHARGE_CENTS, month: 1, effectiveOn: dates.month1 },
          { kind: 'fee', amountCents: FEE_CENTS, month: 1, effectiveOn: dates.fee, note: 'Late fee: month 1 was not paid in full in time.' },
          { kind: 'payment', amountCents: FEE_CHARGE_CENTS, effectiveOn: dates.paid, source: 'staff', reference: `e2e-fees-${userId.slice(0, 8)}` },
          { kind: 'charge', amountCents: FEE_CHARGE_CENTS, month: 2, effectiveOn: dates.month2 },
        ],
        null,
      ),
    );
  }
} finally {
  await database.close();
}
