import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../domain/admin/settings';
import { formatDate } from '../../../domain/format';
import { ledgerToday } from '../../../domain/homes/dates';
import { addDays } from '../../../domain/ledger';
import { signedInAdmin } from '../../test/admin-client';
import { AUTH_TEST_ENV, linkIn, mailsTo } from '../../test/auth-client';
import { startTestServer, type TestServer } from '../../test/harness';
import { insertTestHome } from '../../test/home-fixtures';
import { settleMailJobs } from '../../test/mail-jobs';
import { appendLedgerEntries } from './ledger';
import { runOverdueMails } from './overdue-notifications';

/**
 * A month that falls overdue is e-mailed to the homeowner (docs/product/dashboard.md#what-comes-with-a-home): once per
 * home and month, after its due date plus the settings' grace period, however often the hourly job runs; a month
 * paid in full, or still within the grace period, is not.
 */
describe('the overdue month e-mail', () => {
  let app: TestServer;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;
  const today = ledgerToday();

  beforeAll(async () => {
    app = await startTestServer(AUTH_TEST_ENV);
    admin = await signedInAdmin(app);
  });
  afterAll(async () => {
    await app?.stop();
  });

  /** A home whose first month's $2,354 fell due `daysLate` days ago, `paidCents` of it paid. */
  async function homeDue(daysLate: number, paidCents = 0) {
    const home = await insertTestHome(app.db, { purchaseDate: addDays(today, -daysLate - 20) });
    const dueOn = addDays(today, -daysLate);
    await app.db.transaction((tx) =>
      appendLedgerEntries(
        tx,
        home.homeId,
        [
          { kind: 'charge', amountCents: 235_400, month: 1, effectiveOn: dueOn },
          ...(paidCents > 0
            ? [{ kind: 'payment' as const, amountCents: paidCents, effectiveOn: dueOn, reference: `od-${randomUUID()}`, source: 'bank_csv' as const }]
            : []),
        ],
        null,
      ),
    );
    return { ...home, dueOn };
  }
  const overdueMails = async (email: string) => (await mailsTo(app.db, email)).filter((mail) => mail.subject.includes('is overdue'));

  it('mails the homeowner once when a month falls overdue, with what is still due and where to pay', async () => {
    const late = await homeDue(12, 35_400);
    const onTime = await homeDue(5);
    const paid = await homeDue(12, 235_400);

    expect(await runOverdueMails(app.db, { today })).toBeGreaterThanOrEqual(1);
    expect(await runOverdueMails(app.db, { today })).toBe(0);
    await settleMailJobs(app);
    const [mail, ...more] = await overdueMails(late.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(`Your payment due ${formatDate(late.dueOn)} is overdue`);
    expect(mail?.text).toContain(`month 1 of your agreement in full: $2,000 is still due since ${formatDate(late.dueOn)}.`);
    expect(linkIn(mail!.text, '/dashboard')).toBeDefined();
    expect(mail?.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(await overdueMails(onTime.email)).toEqual([]);
    expect(await overdueMails(paid.email)).toEqual([]);

    // A run the next day changes nothing for the month already mailed.
    expect(await runOverdueMails(app.db, { today: addDays(today, 1) })).toBe(0);
    await settleMailJobs(app);
    expect(await overdueMails(late.email)).toHaveLength(1);
  });

  it('follows the grace period of the settings', async () => {
    const home = await homeDue(5);
    expect((await admin.browser.put('/api/admin/settings', { ...DEFAULT_SETTINGS, graceDays: 3 })).status).toBe(200);
    try {
      // This home and the first test's, both 5 days past due: now overdue.
      expect(await runOverdueMails(app.db, { today })).toBe(2);
      await settleMailJobs(app);
      expect(await overdueMails(home.email)).toHaveLength(1);
    } finally {
      expect((await admin.browser.put('/api/admin/settings', DEFAULT_SETTINGS)).status).toBe(200);
    }
  });
});
