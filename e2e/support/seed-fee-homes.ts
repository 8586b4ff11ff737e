import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { hashPassword } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import { ledgerToday } from '../../src/domain/homes/dates';
import { loadConfig } from '../../src/server/platform/config';
import { openDatabase } from '../../src/server/platform/db/client';
import { accounts, users } from '../../src/server/platform/db/schema';
import { appendLedgerEntries } from '../../src/server/modules/homes/ledger';
import { insertTestHome } from '../../src/server/test/home-fixtures';
import { FEE_CENTS, FEE_CHARGE_CENTS, FEE_HOMEOWNER, feeDatesFor } from './fee-homes';

/**
 * Run before the e2e server opens its database (e2e/support/seed-e2e.ts): the homeowner of
 * e2e/homeowner-fees.spec.ts with a late fee already made and the next charge open. The home is bought today,
 * so the charge run bills nothing more; its entries are written as the charge run and the fee job would.
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
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, FEE_HOMEOWNER.email));
  if (!existing) {
    const today = ledgerToday();
    const dates = feeDatesFor(today);
    const { homeId, userId } = await insertTestHome(db, { purchaseDate: today, monthlyPaymentCents: FEE_CHARGE_CENTS });
    await db.update(users).set({ email: FEE_HOMEOWNER.email, firstName: FEE_HOMEOWNER.firstName }).where(eq(users.id, userId));
    await db
      .insert(accounts)
      .values({ id: randomUUID(), accountId: userId, providerId: 'credential', userId, password: await hashPassword(FEE_HOMEOWNER.password) });
    await db.transaction((tx) =>
      appendLedgerEntries(
        tx,
        homeId,
        [
          { kind: 'charge', amountCents: FEE_CHARGE_CENTS, month: 1, effectiveOn: dates.month1 },
          { kind: 'fee', amountCents: FEE_CENTS, month: 1, effectiveOn: dates.fee, note: 'Late fee: month 1 was not paid in full in time.' },
          { kind: 'payment', amountCents: FEE_CHARGE_CENTS, effectiveOn: dates.paid, source: 'staff', reference: 'e2e-fees-1' },
          { kind: 'charge', amountCents: FEE_CHARGE_CENTS, month: 2, effectiveOn: dates.month2 },
        ],
        null,
      ),
    );
  }
} finally {
  await database.close();
}
