import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { and, eq, gte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, auditLog, homes, homeStatements, homeTerms, homeValuations, ledgerEntries, users } from '../../platform/db/schema';
import { signedInAdmin, signedInWithRole } from '../../test/admin-client';
import { storedFiles } from '../../test/application-client';
import { AUTH_TEST_ENV, mailsTo, type TestBrowser } from '../../test/auth-client';
import { startTestServer, type TestServer } from '../../test/harness';
import { pdfText, pdfWords } from '../../test/pdf-text';
import { settleMailJobs } from '../../test/mail-jobs';
import { runCharges } from './charges';
import { runLedgerVerify } from '../../cli/ledger-verify';
import { appendLedgerEntries, chainEntries, ledgerOf } from './ledger';
import { runStatements, type StatementDeps } from './statements';
import { verifyLedgers } from './verify-ledgers';

/**
 * Monthly statements (docs/decisions/022-homes-and-ledger.md 'Charges and statements on
 * the job runner'; docs/product/dashboard.md#what-comes-with-a-home: the statement prints the chain's head hash): the run
 * makes last month's statement once per home, and every earlier month a back-dated purchase
 * missed, however often or concurrently it runs;
 * each is a PDF a homeowner downloads (only their own) and staff download with an
 * audit entry; the homeowner is told by e-mail.
 */

/** The day the runs below happen on: September's statements are due. */
const TODAY = '2026-10-05';
const PERIOD = '2026-09';
/** The months from `first` to September 2026, as the statements of a home bought in `first` (back-dated) are. */
const monthsFrom = (first: string) => ['2026-06', '2026-07', '2026-08', PERIOD].filter((m) => m >= first);

let app: TestServer;
let deps: StatementDeps;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;

beforeAll(async () => {
  app = await startTestServer(AUTH_TEST_ENV);
  deps = { db: app.db, storage: app.server.storage, logger: app.server.logger, brand: { name: 'Ownstead' } };
  admin = await signedInAdmin(app);
});
afterAll(async () => {
  await app?.stop();
});

interface Homeowner {
  browser: TestBrowser;
  email: string;
  homeId: string;
}

/** A signed-in homeowner with a home bought on `purchaseDate` (monthly payment $2,354), billed up to TODAY. */
async function homeowner(purchaseDate = '2026-06-15', firstName = 'Hana'): Promise<Homeowner> {
  const { browser, user } = await signedInWithRole(app, 'homeowner');
  await app.db
    .update(users)
    .set({ firstName, lastName: 'Home', name: `${firstName} Home` })
    .where(eq(users.id, user.id));
  const [application] = await app.db
    .insert(applications)
    .values({ userId: user.id, status: 'approved', draft: { personal: {}, employment: {}, assets: {}, debts: {}, consents: {} }, submittedAt: new Date() })
    .returning({ id: applications.id });
  const [home] = await app.db
    .insert(homes)
    .values({
      userId: user.id,
      applicationId: application!.id,
      address: '12 Elm Street, Springfield, IL 62701',
      purchaseDate,
      priceCents: 42_000_000,
      downPaymentCents: 2_940_000,
      mortgageRate: 6.4,
      appreciationRate: 3.8,
    })
    .returning({ id: homes.id });
  await app.db.insert(homeTerms).values({ homeId: home!.id, fromMonth: 1, monthlyPaymentCents: 235_400 });
  return { browser, email: user.email, homeId: home!.id };
}

const statementsOfHome = (homeId: string) => app.db.select().from(homeStatements).where(eq(homeStatements.homeId, homeId)).orderBy(homeStatements.period);
/** The home's statement of September 2026, the month the runs below are due. */
const septemberOf = async (homeId: string) => (await statementsOfHome(homeId)).find((row) => row.period === PERIOD);

describe('monthly statements', () => {
  let hana: Homeowner;

  beforeAll(async () => {
    hana = await homeowner();
    await runCharges(app.db, { today: TODAY });
    // July and August paid on time, September's payment 10 days late.
    await app.db.transaction((tx) =>
      appendLedgerEntries(
        tx,
        hana.homeId,
        [
          { kind: 'payment', amountCents: 235_400, effectiveOn: '2026-07-01', reference: `st-${randomUUID()}`, source: 'bank_csv' },
          { kind: 'payment', amountCents: 235_400, effectiveOn: '2026-08-01', reference: `st-${randomUUID()}`, source: 'bank_csv' },
          { kind: 'payment', amountCents: 235_400, effectiveOn: '2026-09-11', reference: 'BANK-SEP-0911', source: 'bank_csv' },
        ],
        'staff-1',
      ),
    );
    await app.db.insert(homeValuations).values({ homeId: hana.homeId, valueCents: 43_500_000, valuedOn: '2026-09-20', source: 'appraisal' });
  });

  it('makes nothing before the 2nd, then last month’s statement and every month the back-dated purchase missed, once, however often it runs', async () => {
    expect(await runStatements(deps, { today: '2026-10-01' })).toEqual({ period: null, statements: 0 });
    expect(await statementsOfHome(hana.homeId)).toHaveLength(0);

    const first = await runStatements(deps, { today: TODAY });
    expect(first.period).toBe(PERIOD);
    expect(first.statements).toBe(4);
    expect(first.caughtUp).toEqual(['2026-06', '2026-07', '2026-08']);
    const again = await runStatements(deps, { today: '2026-10-06' });
    expect(again).toEqual({ period: PERIOD, statements: 0 });

    // Bought June 15, recorded in October: June, July, August and September, one each.
    const rows = await statementsOfHome(hana.homeId);
    expect(rows.map((row) => row.period)).toEqual(monthsFrom('2026-06'));
    // The anchor is the chain's head when it was made.
    const entries = await ledgerOf(app.db, hana.homeId);
    for (const row of rows) {
      expect(row.headSeq).toBe(entries.at(-1)!.seq);
      expect(row.headHash).toBe(entries.at(-1)!.hash);
      expect(await app.server.storage.exists(row.storageKey)).toBe(true);
    }
  });

  it('makes one statement per home and month when two runs race, and keeps no stray file', async () => {
    const owners = await Promise.all([homeowner('2026-08-20', 'Ines'), homeowner('2026-09-10', 'Jo'), homeowner('2026-07-02', 'Kit')]);
    // Bought after September ended: nothing to state for it yet.
    const later = await homeowner('2026-10-03', 'Lou');
    await runCharges(app.db, { today: TODAY });
    const [a, b] = await Promise.all([runStatements(deps, { today: TODAY, batchSize: 2 }), runStatements(deps, { today: TODAY, batchSize: 2 })]);
    // August and September, September, July to September.
    expect(a.statements + b.statements).toBe(2 + 1 + 3);
    for (const [owner, first] of [
      [owners[0], '2026-08'],
      [owners[1], PERIOD],
      [owners[2], '2026-07'],
    ] as const)
      expect((await statementsOfHome(owner.homeId)).map((row) => row.period)).toEqual(monthsFrom(first));
    expect(await statementsOfHome(later.homeId)).toHaveLength(0);
    const all = await app.db.select().from(homeStatements);
    for (const row of all) expect(await app.server.storage.exists(row.storageKey)).toBe(true);
    expect(storedFiles(app).filter((file) => file.includes(`${path.sep}statements${path.sep}`))).toHaveLength(all.length);
  });

  it('draws a statement again when its home’s ledger moved after it was drawn: the statement holds the new entry, one file', async () => {
    const mia = await homeowner('2026-09-10', 'Mia');
    await runCharges(app.db, { today: TODAY });
    const storage = app.server.storage;
    let moved = false;
    // The PDFs are drawn before the transaction that records them (docs/decisions/047-statements-outside-the-transaction.md):
    // a payment posted while Mia's is being stored.
    const moving = Object.create(storage, {
      put: {
        value: async (key: string, body: Parameters<typeof storage.put>[1], options: Parameters<typeof storage.put>[2]) => {
          if (!moved && key.startsWith(`statements/${mia.homeId}/`)) {
            moved = true;
            await app.db.transaction((tx) =>
              appendLedgerEntries(
                tx,
                mia.homeId,
                [{ kind: 'payment', amountCents: 1_000, effectiveOn: '2026-09-25', reference: 'BANK-MOVED-0925', source: 'bank_csv' }],
                'staff-1',
              ),
            );
          }
          return storage.put(key, body, options);
        },
      },
    }) as typeof storage;
    await runStatements({ ...deps, storage: moving }, { today: TODAY });
    expect(moved).toBe(true);
    const september = await septemberOf(mia.homeId);
    const [head] = await app.db
      .select({ seq: ledgerEntries.seq, hash: ledgerEntries.hash })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.homeId, mia.homeId))
      .orderBy(sql`${ledgerEntries.seq} desc`)
      .limit(1);
    expect(september).toMatchObject({ headSeq: head!.seq, headHash: head!.hash });
    const stored = await storage.get(september!.storageKey);
    const chunks: Buffer[] = [];
    for await (const chunk of stored!.body) chunks.push(chunk as Buffer);
    expect(pdfWords(Buffer.concat(chunks))).toContain('$10.00');
    expect(storedFiles(app).filter((file) => file.includes(`${path.sep}statements${path.sep}${mia.homeId}${path.sep}`))).toHaveLength(1);
  });

  it('tells the homeowner by e-mail that the statement is ready, once: the months caught up sit beside it', async () => {
    await settleMailJobs(app);
    const mails = (await mailsTo(app.db, hana.email)).filter((mail) => mail.subject.includes('statement'));
    expect(mails.map((mail) => mail.subject)).toEqual(['Your September 2026 statement is ready']);
    const [mail] = mails;
    expect(mail?.text).toContain('http://localhost:3000/dashboard/home');
  });

  it('lets the homeowner list and download their statement: a PDF with the month’s figures and the ledger’s head hash', async () => {
    const list = await hana.browser.get('/api/me/home/statements');
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toContain('no-store');
    expect(list.body.statements.map((s: { period: string }) => s.period)).toEqual(monthsFrom('2026-06').reverse());
    const [item] = list.body.statements;
    expect(item.period).toBe(PERIOD);

    const pdf = await hana.browser.get(`/api/me/home/statements/${item.id}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="statement-${PERIOD}.pdf"`);
    expect(pdf.headers.get('cache-control')).toContain('no-store');
    const raw = Buffer.from(pdf.bytes!).toString('latin1');
    expect(raw.startsWith('%PDF-')).toBe(true);
    expect(raw.trimEnd().endsWith('%%EOF')).toBe(true);
    const text = pdfWords(pdf.bytes!);
    const row = await septemberOf(hana.homeId);
    expect(text).toContain(`\n${row!.headHash}\n`);
    expect(text).toContain('Monthly statement: September 2026');
    // September: the month-3 charge due on the 1st and the late payment on the 11th.
    expect(text).toContain('2026-09-01 Monthly charge, agreement month 3');
    expect(text).toContain('Payment received, reference BANK-SEP-0911');
    expect(text).toContain(' $2,354.00\n');
    expect(text).toContain(' $435,000.00\n');
    expect(text).toContain('\nHana Home\n');
  });

  it('answers 404 for another homeowner’s statement, 403 `no_home` below the homeowner rank, and an empty list to an admin without a home', async () => {
    const other = await homeowner('2026-09-10', 'Max');
    await runStatements(deps, { today: TODAY });
    const theirs = await septemberOf(other.homeId);
    expect(theirs).toBeDefined();
    const hanas = await septemberOf(hana.homeId);
    expect((await other.browser.get(`/api/me/home/statements/${hanas!.id}`)).status).toBe(404);
    expect((await hana.browser.get(`/api/me/home/statements/${theirs!.id}`)).status).toBe(404);
    expect((await other.browser.get(`/api/me/home/statements/${theirs!.id}`)).status).toBe(200);
    // Nor through the back office's routes.
    expect((await hana.browser.get(`/api/admin/homes/${hana.homeId}/statements/${hanas!.id}`)).status).toBe(403);

    const { browser } = await signedInWithRole(app, 'applicant');
    const refused = await browser.get('/api/me/home/statements');
    expect([refused.status, refused.body.error.code]).toEqual([403, 'no_home']);
    expect((await browser.get(`/api/me/home/statements/${hanas!.id}`)).status).toBe(403);
    const staff = (await signedInWithRole(app, 'admin')).browser;
    const none = await staff.get('/api/me/home/statements');
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ statements: [] });
    expect((await staff.get(`/api/me/home/statements/${hanas!.id}`)).status).toBe(404);
  });

  it('lets staff list a home’s statements and download one, recorded in the audit log', async () => {
    const row = await septemberOf(hana.homeId);
    const list = await admin.browser.get(`/api/admin/homes/${hana.homeId}/statements`);
    expect(list.status).toBe(200);
    expect(list.body.statements.map((s: { id: string }) => s.id)).toEqual((await statementsOfHome(hana.homeId)).map((s) => s.id).reverse());

    const pdf = await admin.browser.get(`/api/admin/homes/${hana.homeId}/statements/${row!.id}`);
    expect(pdf.status).toBe(200);
    expect(pdfText(pdf.bytes!)).toContain('Monthly statement: September 2026');
    const audits = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'download'), eq(auditLog.entityType, 'homes'), eq(auditLog.entityId, hana.homeId)));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.changes).toEqual({ statement: row!.id, period: PERIOD });

    // A statement named under another home is no statement of this one.
    const other = await homeowner('2026-09-01', 'Ned');
    expect((await admin.browser.get(`/api/admin/homes/${other.homeId}/statements/${row!.id}`)).status).toBe(404);
    expect((await admin.browser.get(`/api/admin/homes/${randomUUID()}/statements`)).status).toBe(404);
  });
  it('catches a chain rewritten after its statement with every hash recomputed: ledger:verify and the Verify button say so', async () => {
    const rewritten = await homeowner('2026-08-10', 'Rita');
    await runCharges(app.db, { today: TODAY });
    await app.db.transaction((tx) =>
      appendLedgerEntries(
        tx,
        rewritten.homeId,
        [{ kind: 'payment', amountCents: 235_400, effectiveOn: '2026-09-01', reference: `st-${randomUUID()}`, source: 'bank_csv' }],
        'staff-1',
      ),
    );
    await runStatements(deps, { today: '2026-10-07' });
    // Made together, its statements of August and September print one head; the oldest is the first the rewrite contradicts.
    const [statement] = await statementsOfHome(rewritten.homeId);
    expect(statement?.period).toBe('2026-08');
    expect((await verifyLedgers(app.db, { homeId: rewritten.homeId })).broken).toEqual([]);

    // Someone with the owner's rights lifts the guard, halves the payment and recomputes every hash after it.
    const entries = await ledgerOf(app.db, rewritten.homeId);
    const paid = entries.find((entry) => entry.kind === 'payment')!;
    const rewrittenRows = await chainEntries(
      rewritten.homeId,
      { seq: paid.seq - 1, hash: paid.prevHash },
      entries.slice(paid.seq - 1).map((entry) => ({ ...entry, amountCents: entry.seq === paid.seq ? 117_700 : entry.amountCents })),
      'staff-1',
    );
    await app.server.database.asOwner((owner) =>
      owner.transaction(async (tx) => {
        await tx.execute(sql`ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_no_update_delete`);
        await tx.delete(ledgerEntries).where(and(eq(ledgerEntries.homeId, rewritten.homeId), gte(ledgerEntries.seq, paid.seq)));
        await tx.insert(ledgerEntries).values(rewrittenRows);
        await tx.execute(sql`ALTER TABLE ledger_entries ENABLE TRIGGER ledger_entries_no_update_delete`);
      }),
    );

    const report = await verifyLedgers(app.db, { homeId: rewritten.homeId });
    expect(report.broken).toEqual([
      expect.objectContaining({
        homeId: rewritten.homeId,
        reason: 'statement',
        seq: statement!.headSeq,
        message: expect.stringContaining('the 2026-08 statement'),
      }),
    ]);
    const lines: string[] = [];
    expect(await runLedgerVerify(app.db, (line) => lines.push(line))).toBe(1);
    expect(lines.join('\n')).toContain(`BROKEN home ${rewritten.homeId}`);
    const button = await admin.browser.post(`/api/admin/homes/${rewritten.homeId}/ledger/verify`, {});
    expect(button.status).toBe(200);
    expect(button.body).toMatchObject({
      ok: false,
      broken: [expect.objectContaining({ reason: 'statement', message: expect.stringContaining('rewritten after that statement') })],
    });
  });
});
