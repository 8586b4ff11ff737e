import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthRange, paymentsListSchema } from '../../../domain/homes/admin-payments';
import { ledgerToday } from '../../../domain/homes/dates';
import { addDays, allocateLedger, chargeDueOn } from '../../../domain/ledger';
import { listPayments, paymentRows, paymentsReadStrategy } from '../../modules/homes/payments-repo';
import { runLedgerVerify } from '../../cli/ledger-verify';
import { queryRows } from '../../platform/db/client';
import { forgetCachedSettings, getSettings, saveSettings } from '../../platform/settings/settings-store';
import { auditLog, homes, ledgerEntries } from '../../platform/db/schema';
import { appendLedgerEntries, chainEntryOf, ledgerOf, type NewLedgerEntry } from '../../modules/homes/ledger';
import { signedInAdmin, signedInWithRole } from '../../test/admin-client';
import { AUTH_TEST_ENV, mailsTo } from '../../test/auth-client';
import { startTestServer, type TestServer } from '../../test/harness';
import { settleMailJobs } from '../../test/mail-jobs';
import { insertTestHome } from '../../test/home-fixtures';

/**
 * Staff's money operations and /admin/payments (docs/product/back-office.md#payments):
 * payments, refunds and reversals through the ledger's one writer with their audit entries;
 * the bank CSV import (preview, import, idempotent re-import, a bad line imports nothing);
 * the month's figures against allocateLedger; and the chain check catching an altered row.
 */

describe('admin payments', () => {
  let app: TestServer;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;
  const today = ledgerToday();
  const yesterday = addDays(today, -1);

  beforeAll(async () => {
    app = await startTestServer(AUTH_TEST_ENV);
    admin = await signedInAdmin(app);
  });
  afterAll(async () => {
    await app?.stop();
  });

  /** A home bought 60 days ago (so a payment dated yesterday is after its purchase). */
  const newHome = (options: Parameters<typeof insertTestHome>[1] = {}) => insertTestHome(app.db, { purchaseDate: addDays(today, -60), ...options });
  const append = (homeId: string, entries: NewLedgerEntry[]) => app.db.transaction((tx) => appendLedgerEntries(tx, homeId, entries, null));
  const entriesOf = (homeId: string) => ledgerOf(app.db, homeId);
  const audits = (homeId: string) =>
    app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'payments'), eq(auditLog.entityId, homeId)))
      .orderBy(desc(auditLog.id));
  const pay = (homeId: string, body: unknown) => admin.browser.post(`/api/admin/homes/${homeId}/ledger/payments`, body);
  const refund = (homeId: string, body: unknown) => admin.browser.post(`/api/admin/homes/${homeId}/ledger/refunds`, body);
  const reverse = (homeId: string, body: unknown) => admin.browser.post(`/api/admin/homes/${homeId}/ledger/reversals`, body);

  it('answers nobody but an admin with two-factor', async () => {
    const { homeId } = await newHome();
    const homeowner = await signedInWithRole(app, 'homeowner');
    const noTwoFactor = await signedInWithRole(app, 'admin');
    const calls = [
      ['GET', '/api/admin/payments', undefined],
      ['GET', `/api/admin/homes/${homeId}/ledger`, undefined],
      ['POST', `/api/admin/homes/${homeId}/ledger/payments`, { amountCents: 100, receivedOn: yesterday }],
      ['POST', `/api/admin/homes/${homeId}/ledger/refunds`, { amountCents: 100, refundedOn: yesterday }],
      ['POST', `/api/admin/homes/${homeId}/ledger/reversals`, { seq: 1, reason: 'x' }],
      ['POST', '/api/admin/payments/import', { csv: 'date,amount,reference,home' }],
      ['POST', '/api/admin/payments/verify', undefined],
    ] as const;
    for (const [method, path, body] of calls) {
      const refused = await homeowner.browser.request(method, path, body);
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.body.error.code).toBe('forbidden');
      const half = await noTwoFactor.browser.request(method, path, body);
      expect(half.status, `${method} ${path}`).toBe(403);
      expect(half.body.error.code).toBe('two_factor_required');
    }
    expect(await entriesOf(homeId)).toEqual([]);
  });

  it('records a payment through the ledger with its audit entry, and refuses bad input field by field', async () => {
    const { homeId } = await newHome();
    const reply = await pay(homeId, { amountCents: 235_400, receivedOn: yesterday, reference: 'BANK-PAY-1', memo: 'Wire' });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body.entries).toEqual([
      expect.objectContaining({
        seq: 1,
        kind: 'payment',
        amountCents: 235_400,
        effectiveOn: yesterday,
        reference: 'BANK-PAY-1',
        note: 'Wire',
        source: 'staff',
      }),
    ]);
    expect(reply.body.creditCents).toBe(235_400);
    const [stored] = await entriesOf(homeId);
    expect(stored).toMatchObject({ kind: 'payment', source: 'staff', recordedBy: admin.user.id });
    const [audit] = await audits(homeId);
    expect(audit).toMatchObject({
      action: 'create',
      actorId: admin.user.id,
      changes: expect.objectContaining({ seq: 1, kind: 'payment', amountCents: 235_400 }),
    });

    const bad = await pay(homeId, { amountCents: 12.5, receivedOn: addDays(today, 2), reference: 'x'.repeat(101) });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['amountCents', 'receivedOn', 'reference']);
    expect(bad.body.error.fields.receivedOn).toBe('Date received cannot be in the future.');
    for (const body of [
      { amountCents: 0, receivedOn: yesterday },
      { amountCents: -5, receivedOn: yesterday },
      { amountCents: 100, receivedOn: '2026-02-30' },
      {},
    ]) {
      const refused = await pay(homeId, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.error.fields).toBeDefined();
    }
    const early = await pay(homeId, { amountCents: 100, receivedOn: addDays(today, -61) });
    expect(early.status).toBe(400);
    expect(early.body.error.fields.receivedOn).toMatch(/before the purchase/);

    const twice = await pay(homeId, { amountCents: 100, receivedOn: yesterday, reference: 'BANK-PAY-1' });
    expect(twice.status).toBe(409);
    expect(twice.body.error.fields.reference).toMatch(/already recorded/);
    expect(await entriesOf(homeId)).toHaveLength(1);
    expect(await audits(homeId)).toHaveLength(1);

    const missing = await pay('00000000-0000-4000-8000-000000000000', { amountCents: 100, receivedOn: yesterday });
    expect(missing.status).toBe(404);
  });

  it('refunds at most what the home paid less refunds, and mails the homeowner', async () => {
    const { homeId, email } = await newHome();
    const nothing = await refund(homeId, { amountCents: 100, refundedOn: yesterday });
    expect(nothing.status).toBe(400);
    expect(nothing.body.error.fields.amountCents).toMatch(/nothing to refund/);
    await pay(homeId, { amountCents: 50_000, receivedOn: yesterday });
    const tooMuch = await refund(homeId, { amountCents: 50_001, refundedOn: today });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error.fields.amountCents).toBe('You can refund at most $500.00: what this home has paid, less refunds.');
    const ok = await refund(homeId, { amountCents: 20_000, refundedOn: today, memo: 'Paid twice' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.entries.map((e: { kind: string }) => e.kind)).toEqual(['payment', 'refund']);
    expect(ok.body.creditedCents).toBe(30_000);
    const [audit] = await audits(homeId);
    expect(audit).toMatchObject({ action: 'refund', changes: expect.objectContaining({ seq: 2, kind: 'refund', amountCents: 20_000 }) });
    // The homeowner is told, with the memo.
    await settleMailJobs(app);
    const mail = (await mailsTo(app.db, email)).find((m) => m.subject === 'We refunded $200 to you')!;
    expect(mail.text).toContain('Our note: Paid twice');
  });

  it('reverses an entry once, with a reason and a mail to the homeowner, and never a reversal or an entry that is not there', async () => {
    const { homeId, email } = await newHome();
    await pay(homeId, { amountCents: 10_000, receivedOn: yesterday, reference: 'BANK-REV-1' });
    const noReason = await reverse(homeId, { seq: 1, reason: '  ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.fields.reason).toBe('Reason is required.');
    const unknown = await reverse(homeId, { seq: 9, reason: 'Wrong home' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields.seq).toBe('There is no entry 9 in this ledger.');

    const done = await reverse(homeId, { seq: 1, reason: 'Entered on the wrong home' });
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    expect(done.body.entries[1]).toMatchObject({
      seq: 2,
      kind: 'reversal',
      reversesSeq: 1,
      amountCents: 10_000,
      note: 'Entered on the wrong home',
      effectiveOn: today,
    });
    expect(done.body.entries[0].reversedBySeq).toBe(2);
    expect(done.body.creditedCents).toBe(0);
    const [audit] = await audits(homeId);
    expect(audit).toMatchObject({ action: 'reverse', changes: expect.objectContaining({ seq: 2, reversesSeq: 1, note: 'Entered on the wrong home' }) });
    await settleMailJobs(app);
    const mails = await mailsTo(app.db, email);
    const mail = mails.find((m) => m.subject === 'A payment of $100 on your ledger was reversed')!;
    expect(mails.map((m) => m.subject)).toContain('A payment of $100 on your ledger was reversed');
    expect(mail.text).toContain('The reason: Entered on the wrong home');
    expect(mail.text).toContain('The months it paid are open again');

    const again = await reverse(homeId, { seq: 1, reason: 'Again' });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'already_reversed', message: 'Entry 1 is already reversed by entry 2.' });
    const ofReversal = await reverse(homeId, { seq: 2, reason: 'Undo the undo' });
    expect(ofReversal.status).toBe(409);
    expect(ofReversal.body.error.code).toBe('reversal_not_reversible');
    expect(await entriesOf(homeId)).toHaveLength(2);
  });

  describe('bank CSV', () => {
    it('previews, imports in one go, skips what was imported, and imports nothing of a file with a bad line', async () => {
      const first = await newHome();
      const second = await newHome();
      const csv = [
        'Date,Amount,Reference,Home',
        `${yesterday},"2,354.00",CSV-A-1,${first.homeId}`,
        `${yesterday},$1200.5,CSV-A-2,${second.email.toUpperCase()}`,
        '',
      ].join('\r\n');
      const preview = await admin.browser.post('/api/admin/payments/import/preview', { csv });
      expect(preview.status, JSON.stringify(preview.body)).toBe(200);
      expect(preview.body).toMatchObject({ problems: [], newCount: 2, newCents: 355_450, duplicateCount: 0, imported: false });
      expect(preview.body.rows).toEqual([
        expect.objectContaining({
          line: 2,
          homeId: first.homeId,
          amountCents: 235_400,
          reference: 'CSV-A-1',
          status: 'new',
          address: '12 Elm Street, Springfield, IL 62701',
        }),
        expect.objectContaining({ line: 3, homeId: second.homeId, amountCents: 120_050, reference: 'CSV-A-2', status: 'new', homeownerName: 'Hana Home' }),
      ]);
      expect(await entriesOf(first.homeId)).toEqual([]);

      const imported = await admin.browser.post('/api/admin/payments/import', { csv });
      expect(imported.status, JSON.stringify(imported.body)).toBe(200);
      expect(imported.body).toMatchObject({ newCount: 2, duplicateCount: 0, imported: true });
      expect(await entriesOf(first.homeId)).toEqual([
        expect.objectContaining({ kind: 'payment', amountCents: 235_400, reference: 'CSV-A-1', source: 'bank_csv' }),
      ]);
      expect(await entriesOf(second.homeId)).toEqual([expect.objectContaining({ amountCents: 120_050, reference: 'CSV-A-2', source: 'bank_csv' })]);
      const [audit] = await app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, 'payments'), eq(auditLog.action, 'import')))
        .orderBy(desc(auditLog.id));
      expect(audit).toMatchObject({ actorId: admin.user.id, changes: expect.objectContaining({ imported: 2, importedCents: 355_450, skipped: [] }) });

      // The same file again: both references are known, skipped and reported.
      const withNew = `${csv}${yesterday},10.00,CSV-A-3,${first.homeId}\r\n`;
      const again = await admin.browser.post('/api/admin/payments/import/preview', { csv: withNew });
      expect(again.body.rows.map((r: { status: string }) => r.status)).toEqual(['duplicate', 'duplicate', 'new']);
      const reimported = await admin.browser.post('/api/admin/payments/import', { csv: withNew });
      expect(reimported.status).toBe(200);
      expect(reimported.body).toMatchObject({ newCount: 1, newCents: 1_000, duplicateCount: 2, imported: true });
      expect((await entriesOf(first.homeId)).map((e) => e.reference)).toEqual(['CSV-A-1', 'CSV-A-3']);
      expect(await entriesOf(second.homeId)).toHaveLength(1);

      // One good line, then bad ones: nothing of the file is written.
      const before = (await app.db.select({ n: count() }).from(ledgerEntries))[0]!.n;
      const bad = [
        'date,amount,reference,home',
        `${yesterday},15.00,CSV-B-1,${first.homeId}`,
        `${yesterday},12.345,CSV-B-2,${first.homeId}`,
        `${yesterday},15.00,CSV-B-3,00000000-0000-4000-8000-000000000000`,
        `2026-02-30,15.00,,${first.homeId}`,
      ].join('\n');
      const badPreview = await admin.browser.post('/api/admin/payments/import/preview', { csv: bad });
      expect(badPreview.status).toBe(200);
      expect(badPreview.body.problems.map((p: { line: number }) => p.line)).toEqual([3, 4, 5]);
      const refused = await admin.browser.post('/api/admin/payments/import', { csv: bad });
      expect(refused.status).toBe(422);
      expect(refused.body.error.code).toBe('bank_csv_invalid');
      expect(refused.body.error.problems).toEqual([
        { line: 3, message: 'The amount "12.345" is not a positive amount of dollars and cents.' },
        { line: 4, message: 'There is no home with the ID 00000000-0000-4000-8000-000000000000.' },
        { line: 5, message: 'The date "2026-02-30" is not a real date like 2026-03-01; the reference is missing.' },
      ]);
      expect((await app.db.select({ n: count() }).from(ledgerEntries))[0]!.n).toBe(before);
      expect(await app.db.select().from(ledgerEntries).where(eq(ledgerEntries.reference, 'CSV-B-1'))).toEqual([]);
    });

    it('refuses a file without its columns, and one larger than the limit', async () => {
      const noColumns = await admin.browser.post('/api/admin/payments/import/preview', { csv: 'when,how much\n2026-01-01,5' });
      expect(noColumns.body.problems).toEqual([
        { line: 1, message: 'The header line needs the columns date, amount, reference and home (missing: date, amount, reference, home).' },
      ]);
      const empty = await admin.browser.post('/api/admin/payments/import', { csv: '' });
      expect(empty.status).toBe(400);
      expect(empty.body.error.fields.csv).toBe('The file is empty.');
      const huge = await admin.browser.post('/api/admin/payments/import', { csv: 'x'.repeat(70_000) });
      expect(huge.status).toBe(413);
    });
  });

  describe("the month's figures", () => {
    /** A ledger from charges (months 1, 2… due on their dates) and other entries, written in order. */
    async function homeWith(purchaseDate: string, steps: (['charge', number] | ['payment' | 'refund', number, string] | ['reversal', number, string])[]) {
      const home = await insertTestHome(app.db, { purchaseDate });
      let month = 0;
      const entries: NewLedgerEntry[] = [];
      const seqAmounts: number[] = [];
      for (const step of steps) {
        if (step[0] === 'charge') {
          month += 1;
          entries.push({ kind: 'charge', amountCents: step[1], month, effectiveOn: chargeDueOn(purchaseDate, month) });
        } else if (step[0] === 'reversal') {
          entries.push({ kind: 'reversal', amountCents: seqAmounts[step[1] - 1]!, reversesSeq: step[1], effectiveOn: step[2], note: 'Mistake' });
        } else {
          entries.push({ kind: step[0], amountCents: step[1], effectiveOn: step[2], ...(step[0] === 'payment' ? { source: 'staff' as const } : {}) });
        }
        seqAmounts.push(entries.at(-1)!.amountCents);
      }
      await append(home.homeId, entries);
      return home.homeId;
    }

    it('adds up due, paid, received and overdue exactly as allocateLedger does, and lists the homes behind each', async () => {
      const P = '2025-01-15'; // month 1 due 2025-02-01, month 2 due 2025-03-01
      const ids = {
        paid: await homeWith(P, [
          ['charge', 100_000],
          ['charge', 100_000],
          ['payment', 200_000, '2025-03-02'],
        ]),
        partly: await homeWith(P, [
          ['charge', 100_000],
          ['charge', 100_000],
          ['payment', 150_000, '2025-02-20'],
        ]),
        reversedPayment: await homeWith(P, [
          ['charge', 100_000],
          ['payment', 100_000, '2025-02-02'],
          ['charge', 100_000],
          ['payment', 100_000, '2025-03-03'],
          ['reversal', 4, '2025-03-04'],
        ]),
        waived: await homeWith(P, [
          ['charge', 100_000],
          ['charge', 100_000],
          ['reversal', 2, '2025-03-02'],
          ['payment', 100_000, '2025-03-02'],
        ]),
        refunded: await homeWith(P, [
          ['charge', 100_000],
          ['charge', 120_000],
          ['payment', 250_000, '2025-03-01'],
          ['refund', 70_000, '2025-03-05'],
        ]),
        unpaid: await homeWith(P, [
          ['charge', 100_000],
          ['charge', 90_000],
        ]),
      };
      const [start, end] = monthRange('2025-03');
      for (const day of ['2025-03-05', '2025-03-20']) {
        const expected = [] as { homeId: string; paidCents: number; amountCents: number; state: string }[];
        let received = 0;
        for (const homeId of Object.values(ids)) {
          const entries = (await entriesOf(homeId)).map(chainEntryOf);
          const allocation = allocateLedger(entries, day);
          for (const charge of allocation.charges) if (charge.dueOn >= start && charge.dueOn < end) expected.push({ homeId, ...charge });
          const undone = new Set(entries.filter((e) => e.kind === 'reversal').map((e) => e.reversesSeq));
          received += entries
            .filter((e) => e.kind === 'payment' && !undone.has(e.seq) && e.effectiveOn >= start && e.effectiveOn < end)
            .reduce((s, e) => s + e.amountCents, 0);
        }
        const sum = (list: typeof expected, f: (e: (typeof expected)[number]) => number) => list.reduce((s, e) => s + f(e), 0);
        const page = await listPayments(app.db, paymentsListSchema.parse({ month: '2025-03', pageSize: 100 }), day);
        const mine = page.items.filter((item) => Object.values(ids).includes(item.homeId));
        expect(
          mine.map(({ homeId, amountCents, paidCents, state }) => ({ homeId, amountCents, paidCents, state })).sort((a, b) => a.homeId.localeCompare(b.homeId)),
        ).toEqual(
          expected
            .map(({ homeId, amountCents, paidCents, state }) => ({ homeId, amountCents, paidCents, state }))
            .sort((a, b) => a.homeId.localeCompare(b.homeId)),
        );
        const overdue = expected.filter((e) => e.state === 'overdue');
        const open = expected.filter((e) => e.state === 'due');
        expect(page.totals).toEqual({
          dueCents: sum(expected, (e) => e.amountCents),
          dueHomes: expected.length,
          paidCents: sum(expected, (e) => e.paidCents),
          paidHomes: expected.filter((e) => e.state === 'paid').length,
          receivedCents: received,
          receivedPayments: expect.any(Number),
          overdueCents: sum(overdue, (e) => e.amountCents - e.paidCents),
          overdueHomes: overdue.length,
          openCents: sum(open, (e) => e.amountCents - e.paidCents),
          openHomes: open.length,
        });
      }
      // By hand, on the 20th. 'refunded': 250k paid − 70k refunded = 180k pays month 1's 100k, then 80k of month 2's 120k.
      const late = await listPayments(app.db, paymentsListSchema.parse({ month: '2025-03' }), '2025-03-20');
      const stateOf = (homeId: string) => late.items.find((i) => i.homeId === homeId);
      expect(stateOf(ids.paid)).toMatchObject({ paidCents: 100_000, state: 'paid' });
      expect(stateOf(ids.partly)).toMatchObject({ paidCents: 50_000, state: 'overdue' });
      expect(stateOf(ids.reversedPayment)).toMatchObject({ paidCents: 0, state: 'overdue' });
      expect(stateOf(ids.waived)).toBeUndefined();
      expect(stateOf(ids.refunded)).toMatchObject({ amountCents: 120_000, paidCents: 80_000, state: 'overdue' });
      expect(stateOf(ids.unpaid)).toMatchObject({ amountCents: 90_000, paidCents: 0, state: 'overdue' });
      expect(late.totals).toMatchObject({
        dueCents: 510_000,
        dueHomes: 5,
        paidCents: 230_000,
        paidHomes: 1,
        overdueCents: 280_000,
        overdueHomes: 4,
        openHomes: 0,
      });
      // Received in March: 200k ('paid') + 100k ('waived') + 250k ('refunded') = 550k; 'reversedPayment''s 100k was reversed.
      expect(late.totals).toMatchObject({ receivedCents: 550_000, receivedPayments: 3 });
      const early = await listPayments(app.db, paymentsListSchema.parse({ month: '2025-03', state: 'due' }), '2025-03-05');
      expect(early.items.map((i) => i.homeId).sort()).toEqual([ids.partly, ids.reversedPayment, ids.refunded, ids.unpaid].sort());
      expect(early.total).toBe(4);
      // Overdue follows the settings' graceDays (docs/decisions/037-autopay-and-ach-files.md): with 20 days, the 20th is still within.
      await saveSettings(app.db, { ...(await getSettings(app.db, { fresh: true })), graceDays: 20 }, 'test');
      forgetCachedSettings(app.db);
      try {
        const lenient = await listPayments(app.db, paymentsListSchema.parse({ month: '2025-03' }), '2025-03-20');
        expect(lenient.graceDays).toBe(20);
        expect(lenient.totals).toMatchObject({ overdueHomes: 0, openHomes: 4, overdueCents: 0 });
        expect(lenient.items.find((i) => i.homeId === ids.unpaid)).toMatchObject({ state: 'due' });
        expect((await listPayments(app.db, paymentsListSchema.parse({ month: '2025-03' }), '2025-03-22')).totals).toMatchObject({ overdueHomes: 4 });
      } finally {
        await saveSettings(app.db, { ...(await getSettings(app.db, { fresh: true })), graceDays: 10 }, 'test');
        forgetCachedSettings(app.db);
      }

      // Few charges are read charges first, many by walking the homes (payments-repo.ts): both give the same pages.
      // The export always walks; each page is its slice, in the same order. Past the last page: nothing, and the count.
      for (const state of ['all', 'paid', 'due', 'overdue'] as const) {
        const walked = paymentRows(paymentsListSchema.parse({ month: '2025-03', state }), 10, '2025-03-20');
        const everyRow = walked.map(await queryRows(app.db, walked.query));
        for (const strategy of [undefined, 'walk', 'few'] as const) {
          for (const page of [1, 2, 3, 4]) {
            const got = await listPayments(app.db, paymentsListSchema.parse({ month: '2025-03', state, page, pageSize: 2 }), '2025-03-20', strategy);
            expect(got.items, `${state}, page ${page}, ${strategy ?? 'chosen'}`).toEqual(everyRow.slice((page - 1) * 2, page * 2));
            expect(got.total).toBe(everyRow.length);
          }
        }
      }
      // The choice: a full month walks; a small filter walks for its first pages and reads its charges first for deep ones.
      expect(paymentsReadStrategy(100_000, 100_000, 0, 25)).toBe('walk');
      expect(paymentsReadStrategy(2_000, 100_000, 0, 25)).toBe('walk');
      expect(paymentsReadStrategy(2_000, 100_000, 1_975, 25)).toBe('few');
      expect(paymentsReadStrategy(40, 100_000, 0, 25)).toBe('few');
      expect(paymentsReadStrategy(0, 100_000, 0, 25)).toBe('few');
    });

    it('filters by state, searches by address or name, pages, and exports the filter over HTTP', async () => {
      const month = today.slice(0, 7);
      const purchase = `${addDays(`${month}-01`, -10).slice(0, 7)}-20`; // month 1 falls due on the 1st of this month
      const a = await homeWith(purchase, [['charge', 50_000]]);
      await app.db.update(homes).set({ address: '7 Quince Court, Payton, OH 43001' }).where(eq(homes.id, a));
      const b = await homeWith(purchase, [['charge', 50_000]]);
      await pay(b, { amountCents: 50_000, receivedOn: today });
      const all = await admin.browser.get(`/api/admin/payments?month=${month}`);
      expect(all.status).toBe(200);
      expect(all.headers.get('cache-control')).toBe('no-store');
      expect(all.body.month).toBe(month);
      expect(all.body.totals.receivedCents).toBeGreaterThanOrEqual(50_000);
      const paid = await admin.browser.get(`/api/admin/payments?month=${month}&state=paid`);
      expect(paid.body.items.map((i: { homeId: string }) => i.homeId)).toContain(b);
      expect(paid.body.items.map((i: { homeId: string }) => i.homeId)).not.toContain(a);
      const search = await admin.browser.get(`/api/admin/payments?month=${month}&q=quince`);
      expect(search.body.items.map((i: { homeId: string }) => i.homeId)).toEqual([a]);
      expect(search.body.total).toBe(1);
      const byName = await admin.browser.get(`/api/admin/payments?month=${month}&q=hana%20home&pageSize=1`);
      expect(byName.body.items).toHaveLength(1);
      expect(byName.body.total).toBeGreaterThanOrEqual(2);
      const wrong = await admin.browser.get('/api/admin/payments?month=2025-13&state=late');
      expect(wrong.status).toBe(400);
      expect(Object.keys(wrong.body.error.fields).sort()).toEqual(['month', 'state']);

      const csv = await admin.browser.get(`/api/admin/payments/export?month=${month}&q=quince`);
      expect(csv.status).toBe(200);
      expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
      const lines = String(csv.body)
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe('Home ID,Address,First Name,Last Name,Email,Agreement Month,Due On,Amount Due,Paid,Unpaid,State');
      expect(lines.slice(1)).toEqual([expect.stringContaining(`${a},"7 Quince Court, Payton, OH 43001",Hana,Home`)]);
      expect(lines[1]).toMatch(/,500\.00,0\.00,500\.00,(Due|Overdue)$/);
      const [exported] = await app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, 'payments'), eq(auditLog.action, 'export')))
        .orderBy(desc(auditLog.id));
      expect(exported).toMatchObject({ actorId: admin.user.id, changes: expect.objectContaining({ filter: expect.objectContaining({ q: 'quince', month }) }) });
    });
  });

  // Last: it leaves a broken chain behind in this database.
  it('verify names the home and the first entry of a chain whose stored row was altered', async () => {
    const { homeId } = await newHome();
    await pay(homeId, { amountCents: 10_000, receivedOn: yesterday });
    await pay(homeId, { amountCents: 20_000, receivedOn: yesterday });
    await pay(homeId, { amountCents: 30_000, receivedOn: yesterday });
    const intact = await admin.browser.post(`/api/admin/homes/${homeId}/ledger/verify`);
    expect(intact.status).toBe(200);
    expect(intact.body).toMatchObject({ ok: true, homes: 1, entries: 3, broken: [] });
    const everything = await admin.browser.post('/api/admin/payments/verify');
    expect(everything.body.ok).toBe(true);

    // What a superuser with a database console could do (the app's own role may not): lift the trigger, change a row.
    await app.server.database.asOwner(async (owner) => {
      await owner.execute(sql`ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_no_update_delete`);
      await owner.execute(sql`UPDATE ledger_entries SET amount_cents = 2000000 WHERE home_id = ${homeId} AND seq = 2`);
      await owner.execute(sql`ALTER TABLE ledger_entries ENABLE TRIGGER ledger_entries_no_update_delete`);
    });
    const one = await admin.browser.post(`/api/admin/homes/${homeId}/ledger/verify`);
    expect(one.body).toMatchObject({ ok: false, brokenTotal: 1, broken: [{ homeId, seq: 2, reason: 'hash' }] });
    const all = await admin.browser.post('/api/admin/payments/verify');
    expect(all.status).toBe(200);
    expect(all.body.ok).toBe(false);
    expect(all.body.broken).toEqual([
      expect.objectContaining({ homeId, seq: 2, message: 'Entry 2 does not match its recorded hash; it was changed after it was written.' }),
    ]);
    expect(all.body.homes).toBeGreaterThan(5);
    const [audit] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'payments'), eq(auditLog.action, 'verify')))
      .orderBy(desc(auditLog.id));
    expect(audit).toMatchObject({ actorId: admin.user.id, changes: expect.objectContaining({ ok: false, broken: [{ homeId, seq: 2 }] }) });

    // npm run ledger:verify: the same verdict, exit code 1.
    const lines: string[] = [];
    expect(await runLedgerVerify(app.db, (line) => lines.push(line))).toBe(1);
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^BROKEN home ${homeId} .*Entry 2 does not match its recorded hash`)));
    expect(lines).toContainEqual(expect.stringMatching(/^Checked \d+ homes and \d+ entries in [\d.]+ s \([\d,—]+ rows per second\)\.$/));
    expect(lines).toContain('1 home has a broken chain.');
    // The altered amount no longer matches what /admin/payments' projections hold either.
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^PROJECTION Home ${homeId}: `)));
    expect(lines.at(-1)).toMatch(/^\d+ projection problems?: the payments page may show wrong figures\.$/);
    const stored = await app.db.select().from(ledgerEntries).where(eq(ledgerEntries.homeId, homeId)).orderBy(asc(ledgerEntries.seq));
    expect(stored[1]!.amountCents).toBe(2_000_000);
  });
});
