import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeownerFigures } from '../../../domain/calculators';
import type { Database } from '../../platform/db/client';
import { homeValuations } from '../../platform/db/schema';
import { createTestDatabase, type TestDatabase } from '../../test/harness';
import { insertTestHome } from '../../test/home-fixtures';
import { runCharges } from './charges';
import { homeIdOfUser, loadHomeFigures } from './home-figures';
import { appendLedgerEntries } from './ledger';

/** A home's figures come from its own agreement, ledger and latest valuation (calculators.md 'Homeowner figures'). */

let database: TestDatabase;
let opened: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  opened = await database.open();
});
afterAll(async () => {
  await opened?.close();
  await database?.dispose();
});

describe("a home's figures", () => {
  it('count only the months paid in full, oldest first, at the latest valuation', async () => {
    const db = opened.db;
    const { homeId, userId } = await insertTestHome(db, {
      purchaseDate: '2026-01-15',
      priceCents: 42_000_000,
      downPaymentCents: 2_940_000,
      monthlyPaymentCents: 2_354_00,
    });
    await runCharges(db, { today: '2026-04-20' });
    // Months 1 and 2 in full, month 3 in part.
    await db.transaction((tx) =>
      appendLedgerEntries(tx, homeId, [{ kind: 'payment', amountCents: 2 * 2_354_00 + 1_000_00, effectiveOn: '2026-03-02', source: 'staff' }], null),
    );
    await db.insert(homeValuations).values([
      { homeId, valueCents: 43_000_000, valuedOn: '2026-03-01', source: 'appraisal' },
      { homeId, valueCents: 41_500_000, valuedOn: '2026-02-01', source: 'index' },
    ]);

    const loaded = await loadHomeFigures(db, homeId, '2026-04-20');
    expect(loaded!.allocation.paidMonths).toEqual([1, 2]);
    expect(loaded!.allocation.charges.map((c) => c.state)).toEqual(['paid', 'paid', 'overdue']);
    expect(loaded!.figures).toEqual(
      homeownerFigures({
        price: 420_000,
        downPayment: 29_400,
        mortgageRate: 6.4,
        appreciationRate: 3.8,
        terms: [{ fromMonth: 1, monthlyPayment: 2_354 }],
        paidMonths: [1, 2],
        billedMonths: 3,
        valuation: 430_000,
      }),
    );
    expect(await homeIdOfUser(db, userId)).toBe(homeId);
  });

  it('answer nothing for a home that does not exist, and no home for a user without one', async () => {
    expect(await loadHomeFigures(opened.db, '00000000-0000-4000-8000-000000000000')).toBeUndefined();
    expect(await homeIdOfUser(opened.db, 'nobody')).toBeUndefined();
  });
});
