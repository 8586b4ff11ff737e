import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { hashPassword } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import { agreementBounds } from '../../src/domain/calculators';
import { ledgerToday } from '../../src/domain/homes/dates';
import { addDays } from '../../src/domain/ledger';
import { loadConfig } from '../../src/server/platform/config';
import { openDatabase, type Db } from '../../src/server/platform/db/client';
import { accounts, homeExitQuotes, homes, homeValuations, users } from '../../src/server/platform/db/schema';
import { runCharges } from '../../src/server/modules/homes/charges';
import { acceptQuote, appendLedgerEntries, completeQuote, requestQuote } from '../../src/server/modules/homes';
import { DEFAULT_BRAND } from '../../src/domain/brand';
import { memoryStorage } from '../../src/server/modules/signatures';
import { insertTestHome } from '../../src/server/test/home-fixtures';
import { CLOSED_HOMEOWNER, DUE_HOMEOWNER, QUOTE_HOMEOWNER, QUOTES_AGREEMENT, SIGNING_HOMEOWNER } from './exit-quotes';

/**
 * Run before the e2e server opens its database (playwright.config.ts), like seed-home-changes.ts: the
 * homeowners of e2e/exit-quotes.spec.ts (e2e/support/exit-quotes.ts). The closed one went through the
 * server's own quote, acceptance and completion (its move date brought to today: the browser cannot wait 60 days).
 */
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: path.join(config.DATA_DIR, 'db'), poolSize: 2 });
const TOP = Math.round(agreementBounds(QUOTES_AGREEMENT).max * 100);

async function homeownerWithHome(db: Db, who: { email: string; password: string; firstName: string; address: string }, purchaseDate: string) {
  const { homeId, userId } = await insertTestHome(db, {
    purchaseDate,
    priceCents: QUOTES_AGREEMENT.price * 100,
    downPaymentCents: QUOTES_AGREEMENT.downPayment * 100,
    monthlyPaymentCents: TOP,
  });
  await db.update(homes).set({ address: who.address }).where(eq(homes.id, homeId));
  await db.update(users).set({ email: who.email, firstName: who.firstName }).where(eq(users.id, userId));
  await db.insert(accounts).values({ id: randomUUID(), accountId: userId, providerId: 'credential', userId, password: await hashPassword(who.password) });
  await db.insert(homeValuations).values({ homeId, valueCents: QUOTES_AGREEMENT.price * 100, valuedOn: purchaseDate, source: 'purchase' });
  return { homeId, userId };
}

try {
  await database.migrate();
  const { db } = database;
  // E-signatures are off while the seed runs (a fresh database): acceptance is the confirmed button press.
  const acceptDeps = { db, storage: memoryStorage(), brand: DEFAULT_BRAND };
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, QUOTE_HOMEOWNER.email));
  if (!existing) {
    const today = ledgerToday();
    const purchaseDate = addDays(today, -200);
    await homeownerWithHome(db, QUOTE_HOMEOWNER, purchaseDate);
    const closed = await homeownerWithHome(db, CLOSED_HOMEOWNER, purchaseDate);
    await db.insert(homeValuations).values({ homeId: closed.homeId, valueCents: 500_000_00, valuedOn: today, source: 'appraisal' });
    await runCharges(db, { today });
    // The closed home paid every month, and a little more: its payout is positive.
    await db.transaction((tx) =>
      appendLedgerEntries(tx, closed.homeId, [{ kind: 'payment', amountCents: 8 * TOP, effectiveOn: today, source: 'staff', reference: 'e2e-quotes-1' }], null),
    );
    const actor = { id: closed.userId, email: CLOSED_HOMEOWNER.email, ip: null };
    const quote = await requestQuote(db, actor, 'cash_out');
    await acceptQuote(acceptDeps, actor, quote.id, addDays(today, 60));
    await db.update(homeExitQuotes).set({ moveDate: today }).where(eq(homeExitQuotes.id, quote.id));
    await completeQuote(db, { id: null, email: null, ip: null }, quote.id);
    // An accepted cash-out due today, for staff to complete in the browser (docs/decisions/040-exit-quote-completion.md).
    const due = await homeownerWithHome(db, DUE_HOMEOWNER, purchaseDate);
    await db.insert(homeValuations).values({ homeId: due.homeId, valueCents: 495_000_00, valuedOn: today, source: 'appraisal' });
    await runCharges(db, { today });
    await db.transaction((tx) =>
      appendLedgerEntries(tx, due.homeId, [{ kind: 'payment', amountCents: 8 * TOP, effectiveOn: today, source: 'staff', reference: 'e2e-quotes-2' }], null),
    );
    const dueActor = { id: due.userId, email: DUE_HOMEOWNER.email, ip: null };
    const dueQuote = await requestQuote(db, dueActor, 'cash_out');
    await acceptQuote(acceptDeps, dueActor, dueQuote.id, addDays(today, 60));
    await db.update(homeExitQuotes).set({ moveDate: today }).where(eq(homeExitQuotes.id, dueQuote.id));
    // Appraised today: a quote is issued at once, for the homeowner who signs its acceptance (e2e/exit-quote-signatures.spec.ts).
    const signing = await homeownerWithHome(db, SIGNING_HOMEOWNER, purchaseDate);
    await db.insert(homeValuations).values({ homeId: signing.homeId, valueCents: 505_000_00, valuedOn: today, source: 'appraisal' });
    await runCharges(db, { today });
  }
} finally {
  await database.close();
}
