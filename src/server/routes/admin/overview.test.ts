import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../domain/admin/settings';
import { ledgerToday } from '../../../domain/homes/dates';
import { addDays } from '../../../domain/ledger';
import { homeNotices, homePaymentChanges, homes } from '../../platform/db/schema';
import { appendLedgerEntries } from '../../modules/homes';
import { daysAgo, insertApplication } from '../../test/admin-applications';
import { signedInAdmin } from '../../test/admin-client';
import { AUTH_TEST_ENV } from '../../test/auth-client';
import { startTestServer, type TestServer } from '../../test/harness';
import { insertTestHome } from '../../test/home-fixtures';

/**
 * The overview's homes and queue (docs/product/back-office.md#overview): the homes with a month overdue — unpaid
 * after its due date plus the settings' grace period, whatever it is set to — oldest first with what they owe, the
 * homeowners' requests waiting for staff, and since when the oldest application has waited for us.
 */
describe('admin overview: overdue homes, requests waiting for staff, the oldest waiting application', () => {
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

  const overview = async () => {
    const reply = await admin.browser.get('/api/admin/dashboard');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('cache-control')).toContain('no-store');
    return reply.body;
  };

  /** A home with one charge of $2,354 due `daysLate` days ago, paid `paidCents` of it. */
  async function homeWithCharge(daysLate: number, paidCents = 0, address = `${randomUUID().slice(0, 4)} Elm Street`) {
    const home = await insertTestHome(app.db, { purchaseDate: addDays(today, -daysLate - 20) });
    await app.db.update(homes).set({ address }).where(eq(homes.id, home.homeId));
    const dueOn = addDays(today, -daysLate);
    await app.db.transaction((tx) =>
      appendLedgerEntries(
        tx,
        home.homeId,
        [
          { kind: 'charge', amountCents: 235_400, month: 1, effectiveOn: dueOn },
          ...(paidCents > 0
            ? [{ kind: 'payment' as const, amountCents: paidCents, effectiveOn: dueOn, reference: `ov-${randomUUID()}`, source: 'bank_csv' as const }]
            : []),
        ],
        null,
      ),
    );
    return { ...home, dueOn };
  }

  it('counts the homes overdue after the grace period, names the oldest first with what they owe, and follows the setting', async () => {
    const older = await homeWithCharge(25, 35_400, '9 Oak Avenue, Springfield, IL 62701');
    const late = await homeWithCharge(12);
    await homeWithCharge(5); // within 10 days: due, not overdue
    await homeWithCharge(30, 235_400); // paid in full

    const body = await overview();
    expect(body.homes.graceDays).toBe(10);
    expect(body.homes.overdueHomes).toBe(2);
    expect(body.homes.overdue).toEqual([
      { homeId: older.homeId, address: '9 Oak Avenue, Springfield, IL 62701', ownerName: 'Hana Home', overdueCents: 200_000, oldestDueOn: older.dueOn },
      expect.objectContaining({ homeId: late.homeId, overdueCents: 235_400, oldestDueOn: late.dueOn }),
    ]);

    // A grace period of 3 days makes the 5-day-old charge overdue too; 20 days leaves only the oldest.
    expect((await admin.browser.put('/api/admin/settings', { ...DEFAULT_SETTINGS, graceDays: 3 })).status).toBe(200);
    expect((await overview()).homes).toMatchObject({ graceDays: 3, overdueHomes: 3 });
    expect((await admin.browser.put('/api/admin/settings', { ...DEFAULT_SETTINGS, graceDays: 20 })).status).toBe(200);
    const strict = (await overview()).homes;
    expect(strict).toMatchObject({ graceDays: 20, overdueHomes: 1 });
    expect(strict.overdue.map((home: { homeId: string }) => home.homeId)).toEqual([older.homeId]);
    expect((await admin.browser.put('/api/admin/settings', DEFAULT_SETTINGS)).status).toBe(200);

    // A closed home is no longer billed: it leaves the count.
    await app.db.update(homes).set({ state: 'closed', closedOn: today }).where(eq(homes.id, late.homeId));
    expect((await overview()).homes.overdueHomes).toBe(1);
  });

  it('counts the homeowners’ requests waiting for staff: payment changes to decide and notices in progress', async () => {
    const home = await insertTestHome(app.db);
    await app.db.insert(homePaymentChanges).values({ homeId: home.homeId, monthlyPaymentCents: 250_000, requestedBy: home.userId });
    await app.db
      .insert(homeNotices)
      .values({ homeId: home.homeId, kind: 'move', requestedDate: addDays(today, 70), estimatedPayoutCents: 0, createdBy: home.userId });
    const other = await insertTestHome(app.db);
    await app.db
      .insert(homePaymentChanges)
      .values({ homeId: other.homeId, monthlyPaymentCents: 250_000, requestedBy: other.userId, state: 'declined', reason: 'No.' });
    expect((await overview()).homes.waiting).toEqual({ paymentChanges: 1, notices: 1, feeWaivers: 0 });
  });

  it('says since when the oldest application has waited for us', async () => {
    const oldest = daysAgo(6);
    await insertApplication(app.db, { lastName: 'Waiting', status: 'submitted', submittedAt: oldest, waitingSince: oldest });
    await insertApplication(app.db, { lastName: 'Newer', status: 'in_review', submittedAt: daysAgo(2), waitingSince: daysAgo(2) });
    expect((await overview()).kpis.oldestWaitingSince).toBe(oldest.toISOString());
  });
});
