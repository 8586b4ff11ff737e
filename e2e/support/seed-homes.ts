import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { hashPassword } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import { withOverrides } from '../../src/domain/brand';
import { ledgerToday } from '../../src/domain/homes/dates';
import { loadConfig } from '../../src/server/platform/config';
import { openDatabase } from '../../src/server/platform/db/client';
import { accounts, homeValuations, users } from '../../src/server/platform/db/schema';
import { runCharges } from '../../src/server/modules/homes/charges';
import { runStatements } from '../../src/server/modules/homes/statements';
import { createLogger } from '../../src/server/platform/lib/logger';
import { createStorage } from '../../src/server/platform/storage/create-storage';
import { appendLedgerEntries } from '../../src/server/modules/homes/ledger';
import { insertTestHome } from '../../src/server/test/home-fixtures';
import {
  appraisalDateFor,
  HOME_AGREEMENT,
  HOME_TERMS,
  HOMEOWNER,
  LATEST_VALUATION,
  PAID_MONTHS,
  PART_PAYMENT_CENTS,
  purchaseDateFor,
  statementDayFor,
} from './homes';

/**
 * Run before the e2e server opens its database (playwright.config.ts), after
 * create-admins.ts migrated it: the homeowner of e2e/homeowner.spec.ts (e2e/support/homes.ts)
 * with a password to sign in with, their home, its charges, payments and valuations.
 * The embedded database admits one process, so this cannot wait for the server.
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
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, HOMEOWNER.email));
  if (!existing) {
    const today = ledgerToday();
    const purchaseDate = purchaseDateFor(today);
    const { homeId, userId } = await insertTestHome(db, {
      purchaseDate,
      priceCents: HOME_AGREEMENT.price * 100,
      downPaymentCents: HOME_AGREEMENT.downPayment * 100,
      monthlyPaymentCents: HOME_TERMS[0].monthlyPayment * 100,
    });
    await db.update(users).set({ email: HOMEOWNER.email, firstName: HOMEOWNER.firstName }).where(eq(users.id, userId));
    await db
      .insert(accounts)
      .values({ id: randomUUID(), accountId: userId, providerId: 'credential', userId, password: await hashPassword(HOMEOWNER.password) });
    await runCharges(db, { today });
    const monthly = HOME_TERMS[0].monthlyPayment * 100;
    await db.transaction((tx) =>
      appendLedgerEntries(
        tx,
        homeId,
        [
          {
            kind: 'payment',
            amountCents: PAID_MONTHS.length * monthly + PART_PAYMENT_CENTS,
            effectiveOn: today,
            source: 'staff',
            reference: 'e2e-homeowner-1',
          },
        ],
        null,
      ),
    );
    await db.insert(homeValuations).values([
      { homeId, valueCents: HOME_AGREEMENT.price * 100, valuedOn: purchaseDate, source: 'purchase' },
      { homeId, valueCents: LATEST_VALUATION * 100, valuedOn: appraisalDateFor(today), source: 'appraisal' },
    ]);
    // Last month's statement, as the job runner makes it on the 2nd (on the 1st: the month before's), into the server's storage.
    await runStatements(
      { db, storage: createStorage(config), logger: createLogger('warn'), brand: withOverrides({ contactEmail: config.CONTACT_EMAIL }) },
      { today: statementDayFor(today), mail: false },
    );
  }
} finally {
  await database.close();
}
