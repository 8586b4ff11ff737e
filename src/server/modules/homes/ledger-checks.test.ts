import { randomUUID } from 'node:crypto';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, auditLog, homes, homeStatements, homeTerms, jobs, ledgerChecks, ledgerEntries } from '../../platform/db/schema';
import { signedInAdmin, signedInWithRole } from '../../test/admin-client';
import { AUTH_TEST_ENV, mailsTo, type TestBrowser } from '../../test/auth-client';
import { startTestServer, type TestServer } from '../../test/harness';
import { pdfWords } from '../../test/pdf-text';
import { settleMailJobs } from '../../test/mail-jobs';
import { runCharges } from './charges';
import { appendLedgerEntries } from './ledger';
import { ledgerCheckJob, runLedgerCheck } from './ledger-checks';
import { runStatements } from './statements';

/**
 * The ledger's daily check and the pages' own check (docs/decisions/029-ledger-checks.md): a row changed directly in
 * the database — by someone with the owner's rights, who can lift the append-only trigger — is found by the daily
 * check, marked in the back office and mailed to the admins; and the homeowner's page, the admin ledger and the
 * statement say the chain does not hold instead of showing the altered row as fact.
 */

const TODAY = '2026-10-05';

let app: TestServer;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;

beforeAll(async () => {
  app = await startTestServer(AUTH_TEST_ENV);
  admin = await signedInAdmin(app);
});
afterAll(async () => {
  await app?.stop();
});

interface Homeowner {
  browser: TestBrowser;
  homeId: string;
}

/** A signed-in homeowner with a home bought on `purchaseDate`, billed up to TODAY, with one payment. */
async function homeowner(purchaseDate: string, address: string): Promise<Homeowner> {
  const { browser, user } = await signedInWithRole(app, 'homeowner');
  const [application] = await app.db
    .insert(applications)
    .values({ userId: user.id, status: 'approved', draft: { personal: {}, employment: {}, assets: {}, debts: {}, consents: {} }, submittedAt: new Date() })
    .returning({ id: applications.id });
  const [home] = await app.db
    .insert(homes)
    .values({
      userId: user.id,
      applicationId: application!.id,
      address,
      purchaseDate,
      priceCents: 42_000_000,
      downPaymentCents: 2_940_000,
      mortgageRate: 6.4,
      appreciationRate: 3.8,
    })
    .returning({ id: homes.id });
  await app.db.insert(homeTerms).values({ homeId: home!.id, fromMonth: 1, monthlyPaymentCents: 235_400 });
  await runCharges(app.db, { today: TODAY });
  await pay(home!.id, '2026-07-01');
  return { browser, homeId: home!.id };
}

const pay = (homeId: string, effectiveOn: string) =>
  app.db.transaction((tx) =>
    appendLedgerEntries(tx, homeId, [{ kind: 'payment', amountCents: 235_400, effectiveOn, reference: `lc-${randomUUID()}`, source: 'bank_csv' }], 'staff-1'),
  );

/** What someone with the owner's rights can do today: lift the trigger and change a row, without recomputing its hash. */
async function tamper(homeId: string, seq: number) {
  await app.server.database.asOwner((owner) =>
    owner.transaction(async (tx) => {
      await tx.execute(sql`ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_no_update_delete`);
      await tx
        .update(ledgerEntries)
        .set({ amountCents: 100 })
        .where(and(eq(ledgerEntries.homeId, homeId), eq(ledgerEntries.seq, seq)));
      await tx.execute(sql`ALTER TABLE ledger_entries ENABLE TRIGGER ledger_entries_no_update_delete`);
    }),
  );
}

const lastSeq = async (homeId: string) =>
  (
    await app.db
      .select({ seq: sql<number>`max(${ledgerEntries.seq})::int` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.homeId, homeId))
  )[0]!.seq;

const checkOf = async (homeId: string) => (await app.db.select().from(ledgerChecks).where(eq(ledgerChecks.homeId, homeId)))[0];

describe('the daily ledger check', () => {
  let intact: Homeowner;
  let broken: Homeowner;

  beforeAll(async () => {
    intact = await homeowner('2026-06-15', '1 Intact Way, Springfield, IL 62701');
    broken = await homeowner('2026-06-20', '2 Broken Row, Springfield, IL 62701');
  });

  it('runs once a day on the job runner', () => {
    expect(app.server.jobs.scheduled).toContainEqual(expect.objectContaining({ kind: ledgerCheckJob.kind, everyMs: 24 * 60 * 60_000 }));
  });

  it('marks a home whose row was changed in the database, audits it, mails the admins once, and shows it in the back office', async () => {
    const first = await runLedgerCheck(app.db);
    expect(first.broken).toEqual([]);
    expect(first.newlyBroken).toBe(0);
    expect(await checkOf(intact.homeId)).toMatchObject({ verifiedSeq: await lastSeq(intact.homeId), brokenAt: null });

    await tamper(broken.homeId, 2);
    const second = await runLedgerCheck(app.db);
    expect(second.newlyBroken).toBe(1);
    const mark = await checkOf(broken.homeId);
    expect(mark).toMatchObject({ brokenSeq: 2, brokenMessage: expect.stringContaining('Entry 2 does not match its recorded hash') });
    expect(mark!.brokenAt).toBeInstanceOf(Date);
    // The last entry found intact stays the one the first check found.
    expect(mark!.verifiedSeq).toBe(await lastSeq(broken.homeId));
    expect((await checkOf(intact.homeId))!.brokenAt).toBeNull();

    const audits = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'homes'), eq(auditLog.entityId, broken.homeId), eq(auditLog.action, 'verify')));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.changes).toMatchObject({ ledger: { from: 'intact', to: 'broken' }, seq: 2 });

    await settleMailJobs(app);
    const mails = await mailsTo(app.db, admin.user.email);
    const alerts = mails.filter((mail) => mail.subject === "A home's ledger does not hold");
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.text).toContain(`Home ${broken.homeId.slice(0, 8)}: Entry 2 does not match its recorded hash`);
    expect(alerts[0]!.text).toContain('/admin/homes?ledger=broken');
    // No address of the home in the mail.
    expect(alerts[0]!.text).not.toContain('Broken Row');

    // The same day again (a retry, or another instance): the mark stays, no second alert.
    const third = await runLedgerCheck(app.db);
    expect(third.newlyBroken).toBe(0);
    expect((await checkOf(broken.homeId))!.brokenAt!.getTime()).toBe(mark!.brokenAt!.getTime());
    expect(await app.db.select().from(jobs).where(like(jobs.kind, 'mail:ledger-broken'))).toHaveLength(1);

    const list = await admin.browser.get('/api/admin/homes?ledger=broken');
    expect(list.status).toBe(200);
    expect(list.body.items.map((item: { id: string }) => item.id)).toEqual([broken.homeId]);
    expect(list.body.items[0].ledgerWarning).toMatchObject({ message: expect.stringContaining('Entry 2'), foundAt: mark!.brokenAt!.toISOString() });
    const all = await admin.browser.get('/api/admin/homes');
    expect(all.body.items.find((item: { id: string }) => item.id === intact.homeId).ledgerWarning).toBeNull();
    const detail = await admin.browser.get(`/api/admin/homes/${broken.homeId}`);
    expect(detail.body.ledgerWarning).toMatchObject({ message: expect.stringContaining('Entry 2') });
    expect((await admin.browser.get('/api/admin/homes?ledger=nope')).status).toBe(400);

    // The pages say so too, from the mark, although the change is before the entry they start from.
    const page = await broken.browser.get('/api/me/home');
    expect(page.body.ledgerWarning).toMatchObject({ message: expect.stringContaining('Entry 2') });
  });
});

describe('the pages and statements check the chain from the last entry found intact', () => {
  let hana: Homeowner;

  beforeAll(async () => {
    hana = await homeowner('2026-06-25', '3 Checked Lane, Springfield, IL 62701');
    await runLedgerCheck(app.db);
  });

  it('say nothing while the chain holds, and say so plainly when a row after that entry is changed in the database', async () => {
    // A payment recorded after the daily check: the pages' own check covers it.
    await pay(hana.homeId, '2026-08-01');
    const seq = await lastSeq(hana.homeId);
    expect((await checkOf(hana.homeId))!.verifiedSeq).toBeLessThan(seq);
    const before = await hana.browser.get('/api/me/home');
    expect(before.status).toBe(200);
    expect(before.body.ledgerWarning).toBeNull();
    expect((await admin.browser.get(`/api/admin/homes/${hana.homeId}/ledger`)).body.ledgerWarning).toBeNull();

    await tamper(hana.homeId, seq);

    const page = await hana.browser.get('/api/me/home');
    expect(page.status).toBe(200);
    expect(page.body.ledgerWarning).toEqual({ message: `Entry ${seq} does not match its recorded hash; it was changed after it was written.`, foundAt: null });
    const ledger = await admin.browser.get(`/api/admin/homes/${hana.homeId}/ledger`);
    expect(ledger.status).toBe(200);
    expect(ledger.body.ledgerWarning).toMatchObject({ message: expect.stringContaining(`Entry ${seq} does not match`) });

    // The month's statement says it could not confirm the ledger.
    const deps = { db: app.db, storage: app.server.storage, logger: app.server.logger, brand: { name: 'Ownstead' } };
    await runStatements(deps, { today: TODAY, mail: false });
    const [statement] = await app.db.select().from(homeStatements).where(eq(homeStatements.homeId, hana.homeId));
    const pdf = await hana.browser.get(`/api/me/home/statements/${statement!.id}`);
    expect(pdf.status).toBe(200);
    expect(pdfWords(pdf.bytes!)).toContain('We could not confirm your ledger when we made this statement');
  });

  it('catch a chain rewritten from before that entry with hashes recomputed: the entry found intact no longer matches', async () => {
    const other = await homeowner('2026-06-28', '4 Rewritten Court, Springfield, IL 62701');
    await runLedgerCheck(app.db);
    const seq = await lastSeq(other.homeId);
    await app.server.database.asOwner((owner) =>
      owner.transaction(async (tx) => {
        await tx.execute(sql`ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_no_update_delete`);
        await tx
          .update(ledgerEntries)
          .set({ hash: '0'.repeat(63) + '1' })
          .where(and(eq(ledgerEntries.homeId, other.homeId), eq(ledgerEntries.seq, seq)));
        await tx.execute(sql`ALTER TABLE ledger_entries ENABLE TRIGGER ledger_entries_no_update_delete`);
      }),
    );
    const page = await other.browser.get('/api/me/home');
    expect(page.body.ledgerWarning).toMatchObject({ message: `Entry ${seq} is not the one the last check found: the chain was changed or rewritten since.` });
  });
});
