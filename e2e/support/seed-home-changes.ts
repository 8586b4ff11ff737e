import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { hashPassword } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import { ledgerToday } from '../../src/domain/homes/dates';
import { addDays } from '../../src/domain/ledger';
import { loadConfig } from '../../src/server/platform/config';
import { openDatabase } from '../../src/server/platform/db/client';
import { accounts, homes, homeValuations, users } from '../../src/server/platform/db/schema';
import { runCharges } from '../../src/server/modules/homes/charges';
import { appendLedgerEntries } from '../../src/server/modules/homes/ledger';
import { insertTestHome } from '../../src/server/test/home-fixtures';
import { CHANGES_AGREEMENT, CHANGES_BILLED_MONTHS, CHANGES_HOMEOWNER, CHANGES_START_CENTS, CHANGES_VALUATION, changesPurchaseDateFor } from './home-changes';

/**
 * Run before the e2e server opens its database (playwright.config.ts), like seed-homes.ts:
 * the homeowner of e2e/homeowner-changes.spec.ts (e2e/support/home-changes.ts) with their
 * home, its billed and paid months and an appraisal.
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
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, CHANGES_HOMEOWNER.email));
  if (!existing) {
    const today = ledgerToday();
    const purchaseDate = changesPurchaseDateFor(today);
    const { homeId, userId } = await insertTestHome(db, {
      purchaseDate,
      priceCents: CHANGES_AGREEMENT.price * 100,
      downPaymentCents: CHANGES_AGREEMENT.downPayment * 100,
      monthlyPaymentCents: CHANGES_START_CENTS,
    });
    await db.update(homes).set({ address: CHANGES_HOMEOWNER.address }).where(eq(homes.id, homeId));
    await db.update(users).set({ email: CHANGES_HOMEOWNER.email, firstName: CHANGES_HOMEOWNER.firstName }).where(eq(users.id, userId));
    await db
      .insert(accounts)
      .values({ id: randomUUID(), accountId: userId, providerId: 'credential', userId, password: await hashPassword(CHANGES_HOMEOWNER.password) });
    await runCharges(db, { today });
    await db.transaction((tx) =>
      appendLedgerEntries(
        tx,
        homeId,
        [{ kind: 'payment', amountCents: CHANGES_BILLED_MONTHS * CHANGES_START_CENTS, effectiveOn: today, source: 'staff', reference: 'e2e-changes-1' }],
        null,
      ),
    );
    await db.insert(homeValuations).values([
      { homeId, valueCents: CHANGES_AGREEMENT.price * 100, valuedOn: purchaseDate, source: 'purchase' },
      { homeId, valueCents: CHANGES_VALUATION * 100, valuedOn: addDays(today, -20), source: 'appraisal' },
    ]);
  }
} finally {
  await database.close();
}
