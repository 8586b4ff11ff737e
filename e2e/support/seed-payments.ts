import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { hashPassword } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import { DEFAULT_SETTINGS } from '../../src/domain/admin/settings';
import { agreementBounds } from '../../src/domain/calculators';
import { ledgerToday } from '../../src/domain/homes/dates';
import { loadConfig } from '../../src/server/platform/config';
import { openDatabase } from '../../src/server/platform/db/client';
import { accounts, homes, users } from '../../src/server/platform/db/schema';
import { runCharges } from '../../src/server/modules/homes/charges';
import { saveSettings } from '../../src/server/platform/settings/settings-store';
import { insertTestHome } from '../../src/server/test/home-fixtures';
import { BANK_DEBIT_HOMEOWNERS } from './bank-debits';
import { INSTANT_HOMEOWNERS, PAYMENTS_HOMEOWNERS, paymentsPurchaseDateFor } from './payments';

/**
 * Run before the e2e server opens its database (playwright.config.ts): the homeowners of
 * e2e/payments.spec.ts, e2e/instant-bank.spec.ts and e2e/admin-bank-debits.spec.ts with their billed homes, and the `paymentsWebhooks` switch on.
 */
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: path.join(config.DATA_DIR, 'db'), poolSize: 2 });
try {
  await database.migrate();
  const { db } = database;
  const today = ledgerToday();
  const monthly = Math.round(agreementBounds({ price: 420_000, downPayment: 29_400, mortgageRate: 6.4, appreciationRate: 3.8 }).max * 100);
  for (const homeowner of [...Object.values(PAYMENTS_HOMEOWNERS), ...Object.values(BANK_DEBIT_HOMEOWNERS), ...Object.values(INSTANT_HOMEOWNERS)]) {
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, homeowner.email));
    if (existing) continue;
    const { homeId, userId } = await insertTestHome(db, { purchaseDate: paymentsPurchaseDateFor(today), monthlyPaymentCents: monthly });
    await db.update(homes).set({ address: homeowner.address }).where(eq(homes.id, homeId));
    await db.update(users).set({ email: homeowner.email, firstName: homeowner.firstName, lastName: 'Payer' }).where(eq(users.id, userId));
    await db
      .insert(accounts)
      .values({ id: randomUUID(), accountId: userId, providerId: 'credential', userId, password: await hashPassword(homeowner.password) });
  }
  await runCharges(db, { today });
  await saveSettings(db, { ...DEFAULT_SETTINGS, featureFlags: { ...DEFAULT_SETTINGS.featureFlags, paymentsWebhooks: true } }, 'e2e-seed');
} finally {
  await database.close();
}
