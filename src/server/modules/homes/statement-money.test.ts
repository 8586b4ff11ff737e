import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerToday } from '../../../domain/homes/dates';
import { returnFile } from '../../../domain/homes/nacha-parser.test-support';
import { homeStatements, users } from '../../platform/db/schema';
import { signedInAdmin } from '../../test/admin-client';
import { AUTH_TEST_ENV } from '../../test/auth-client';
import { startTestServer, type TestServer } from '../../test/harness';
import { insertTestHome } from '../../test/home-fixtures';
import { pdfWords } from '../../test/pdf-text';
import { appendLedgerEntries } from './ledger';
import { runStatements } from './statements';

/**
 * The monthly statement lists the money that moves (docs/decisions/031-late-fees-and-nacha.md,
 * docs/decisions/032-processor-payments.md): a payment through the processor, a late fee, its waiver by staff and a
 * payment the bank returned, each on its own line as a reader of the PDF sees it. The waiver and the return are
 * written by their own routes (dated today), so the statement is made for this month, as the run on the 2nd of
 * next month makes it.
 */

const TODAY = ledgerToday();
const MONTH_START = `${TODAY.slice(0, 7)}-01`;
const CHARGE = 236_500;
const FEE = 11_825;
/** The 2nd of next month: the day the run makes this month's statement. */
const nextMonthSecond = () => {
  const [year, month] = TODAY.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 2)).toISOString().slice(0, 10);
};

describe('the monthly statement lists payments, fees, waivers and returns', () => {
  let app: TestServer;

  beforeAll(async () => {
    app = await startTestServer(AUTH_TEST_ENV);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('prints the processor payment, the late fee, its waiver and the returned payment, each with its amount', async () => {
    const admin = await signedInAdmin(app);
    const { homeId, userId } = await insertTestHome(app.db, { purchaseDate: MONTH_START, monthlyPaymentCents: CHARGE });
    await app.db.update(users).set({ firstName: 'Hana', lastName: 'Home', name: 'Hana Home' }).where(eq(users.id, userId));
    const trace = `12100035${String(Date.now() % 10_000_000).padStart(7, '0')}`;
    // As the charge run, the processor's succeeded event and the fee job write them; then a bank payment.
    const written = await app.db.transaction((tx) =>
      appendLedgerEntries(
        tx,
        homeId,
        [
          { kind: 'charge', amountCents: CHARGE, month: 1, effectiveOn: MONTH_START },
          { kind: 'payment', amountCents: 100_000, effectiveOn: MONTH_START, reference: 'pi_statement_0001', source: 'processor' },
          { kind: 'fee', amountCents: FEE, month: 1, effectiveOn: MONTH_START, note: 'Late fee: month 1 was not paid in full in time.' },
          { kind: 'payment', amountCents: 50_000, effectiveOn: MONTH_START, reference: trace, source: 'bank_csv' },
        ],
        null,
      ),
    );
    const [charge, paid, fee, banked] = written.map((entry) => entry.seq) as [number, number, number, number];

    // Staff waive the fee; the bank returns the second payment (its NACHA return file).
    const waived = await admin.browser.post(`/api/admin/homes/${homeId}/ledger/fee-waivers`, { seq: fee, reason: 'Goodwill' });
    expect(waived.status).toBe(201);
    const applied = await admin.browser.post('/api/admin/payments/nacha-returns', { file: returnFile([{ code: 'R01', amount: 50_000, trace }]) });
    expect(applied.body).toMatchObject({ applied: true, newCount: 1 });

    const deps = { db: app.db, storage: app.server.storage, logger: app.server.logger, brand: { name: 'Ownstead' } };
    expect((await runStatements(deps, { today: nextMonthSecond() })).period).toBe(TODAY.slice(0, 7));
    const [statement] = await app.db.select().from(homeStatements).where(eq(homeStatements.homeId, homeId));
    const pdf = await admin.browser.get(`/api/admin/homes/${homeId}/statements/${statement!.id}`);
    expect(pdf.status).toBe(200);
    const text = pdfWords(pdf.bytes!);

    expect(text).toMatch(new RegExp(`${MONTH_START} Monthly charge, agreement month 1 \\(#${charge}\\) \\$2,365\\.00\\n`));
    expect(text).toMatch(new RegExp(`${MONTH_START} Payment received, reference pi_statement_0001 \\(#${paid}\\) [−-]\\$1,000\\.00\\n`));
    expect(text).toMatch(new RegExp(`${MONTH_START} Late fee, agreement month 1 \\(#${fee}\\) \\$118\\.25\\n`));
    expect(text).toMatch(new RegExp(`${TODAY} Late fee waived of entry #${fee} \\(#\\d+\\) \\$118\\.25\\nLate fee waived: Goodwill\\n`));
    expect(text).toMatch(new RegExp(`${MONTH_START} Payment received, reference ${trace} \\(#${banked}\\) [−-]\\$500\\.00\\n`));
    // The return's code in words, whole, on the line under it.
    expect(text).toMatch(
      new RegExp(
        `${TODAY} Reversal of entry #${banked} \\(#\\d+\\) \\$500\\.00\\nReturned by the bank, R01: Insufficient funds: the account did not have enough money\\.\\n`,
      ),
    );
    // What is owed at the month's end: the charge less the $1,000 that stayed paid; the waived fee is not owed.
    expect(text).toMatch(new RegExp(`Balance on ${TODAY.slice(0, 7)}-\\d\\d \\$1,365\\.00\\n`));
  });
});
