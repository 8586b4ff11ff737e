import { createHash, createPublicKey, generateKeyPairSync, randomUUID, verify } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runLedgerVerify } from '../../cli/ledger-verify';
import { applications, homes, homeTerms, jobs, ledgerCheckpointHeads, ledgerCheckpoints, ledgerEntries } from '../../platform/db/schema';
import { enqueue } from '../../platform/jobs/queue';
import { resolveLedgerKey } from '../../platform/lib/ledger-key';
import { signedInAdmin, signedInWithRole } from '../../test/admin-client';
import { AUTH_TEST_ENV, mailsTo } from '../../test/auth-client';
import { startTestServer, waitFor, type TestServer } from '../../test/harness';
import { settleMailJobs } from '../../test/mail-jobs';
import { runCharges } from './charges';
import { appendLedgerEntries, chainEntries, ledgerOf } from './ledger';
import { checkpointText, writeCheckpoint } from './ledger-checkpoints';
import { ledgerCheckJob, runLedgerCheck } from './ledger-checks';

/**
 * The signed daily checkpoint (docs/decisions/029-ledger-checks.md): after the daily check, one record a day of every
 * changed home's head, chained by digest and signed with the ledger key from the environment, mailed to the
 * operator; a chain rewritten after it with every hash recomputed is reported, and so is a checkpoint changed in
 * the database.
 */

const TODAY = '2026-10-05';
const OPERATOR = 'ledger-operator@example.com';
const { privateKey } = generateKeyPairSync('ed25519');
const ENV_KEY = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
const PUBLIC_KEY = createPublicKey(privateKey);
const ENV_KEY_ID = createHash('sha256')
  .update(PUBLIC_KEY.export({ format: 'der', type: 'spki' }))
  .digest('hex')
  .slice(0, 16);

let app: TestServer;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;

beforeAll(async () => {
  // A one-line environment writes the PEM's line breaks as \n.
  app = await startTestServer({ ...AUTH_TEST_ENV, LEDGER_SIGNING_KEY: ENV_KEY.replace(/\n/g, '\\n'), LEDGER_OPERATOR_EMAIL: OPERATOR });
  admin = await signedInAdmin(app);
});
afterAll(async () => {
  await app?.stop();
});

/** A home bought on `purchaseDate`, billed up to TODAY, with one payment. */
async function home(purchaseDate: string, address: string): Promise<string> {
  const { user } = await signedInWithRole(app, 'homeowner');
  const [application] = await app.db
    .insert(applications)
    .values({ userId: user.id, status: 'approved', draft: { personal: {}, employment: {}, assets: {}, debts: {}, consents: {} }, submittedAt: new Date() })
    .returning({ id: applications.id });
  const [row] = await app.db
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
  await app.db.insert(homeTerms).values({ homeId: row!.id, fromMonth: 1, monthlyPaymentCents: 235_400 });
  await runCharges(app.db, { today: TODAY });
  await pay(row!.id, '2026-07-01');
  return row!.id;
}

const pay = (homeId: string, effectiveOn: string) =>
  app.db.transaction((tx) =>
    appendLedgerEntries(tx, homeId, [{ kind: 'payment', amountCents: 235_400, effectiveOn, reference: `cp-${randomUUID()}`, source: 'bank_csv' }], 'staff-1'),
  );

const headOf = async (homeId: string) => {
  const entries = await ledgerOf(app.db, homeId);
  const last = entries.at(-1)!;
  return { homeId, seq: last.seq, hash: last.hash };
};

const checkpoint = async (day: string) => (await app.db.select().from(ledgerCheckpoints).where(eq(ledgerCheckpoints.day, day)))[0];
const headsOf = (day: string) =>
  app.db
    .select({ homeId: ledgerCheckpointHeads.homeId, seq: ledgerCheckpointHeads.seq, hash: ledgerCheckpointHeads.hash })
    .from(ledgerCheckpointHeads)
    .where(eq(ledgerCheckpointHeads.day, day))
    .orderBy(asc(ledgerCheckpointHeads.homeId));

/** Runs `npm run ledger:verify` with the server's key; answers its exit code and its lines. */
async function cliVerify(): Promise<{ code: number; text: string }> {
  const lines: string[] = [];
  const code = await runLedgerVerify(app.db, (line) => lines.push(line), undefined, resolveLedgerKey(app.config));
  return { code, text: lines.join('\n') };
}

/** What someone with the owner's rights can do: lift a guard, run `change`, put the guard back. */
async function withTriggerLifted(table: string, trigger: string, change: (tx: Parameters<Parameters<typeof app.db.transaction>[0]>[0]) => Promise<unknown>) {
  await app.server.database.asOwner((owner) =>
    owner.transaction(async (tx) => {
      await tx.execute(sql.raw(`ALTER TABLE ${table} DISABLE TRIGGER ${trigger}`));
      await change(tx);
      await tx.execute(sql.raw(`ALTER TABLE ${table} ENABLE TRIGGER ${trigger}`));
    }),
  );
}

describe('the signed daily checkpoint', () => {
  let anna: string;
  let ben: string;
  let firstDigest: string;

  beforeAll(async () => {
    anna = await home('2026-06-15', '1 Anchor Way, Springfield, IL 62701');
    ben = await home('2026-06-20', '2 Signed Row, Springfield, IL 62701');
  });

  it('uses the key from the environment, and none is generated into DATA_DIR', () => {
    const key = resolveLedgerKey(app.config);
    expect(key).toMatchObject({ keyId: ENV_KEY_ID, source: 'environment' });
    expect(existsSync(path.join(app.config.DATA_DIR, 'ledger-signing-key.pem'))).toBe(false);
  });

  it("is written once a day with every home's head, chained to nothing before it, and signed with that key", async () => {
    const check = await runLedgerCheck(app.db);
    expect(check.broken).toEqual([]);
    const written = await writeCheckpoint(app.db, resolveLedgerKey(app.config), TODAY, check.homes);
    expect(written).toMatchObject({ day: TODAY, heads: 2 });

    const row = await checkpoint(TODAY);
    const expectedHeads = [await headOf(anna), await headOf(ben)].sort((a, b) => (a.homeId < b.homeId ? -1 : 1));
    expect(await headsOf(TODAY)).toEqual(expectedHeads);
    expect(row).toMatchObject({ heads: 2, prevDigest: '0'.repeat(64), keyId: ENV_KEY_ID });
    expect(row!.digest).toBe(
      createHash('sha256')
        .update(checkpointText(TODAY, '0'.repeat(64), expectedHeads))
        .digest('hex'),
    );
    // The signature holds with the public key alone, over the digest's 64 characters.
    expect(verify(null, Buffer.from(row!.digest), PUBLIC_KEY, Buffer.from(row!.signature, 'base64'))).toBe(true);
    firstDigest = row!.digest;

    // A retry or a second instance the same day writes nothing and mails nothing more.
    expect(await writeCheckpoint(app.db, resolveLedgerKey(app.config), TODAY, check.homes)).toBeNull();
    expect(await app.db.select().from(ledgerCheckpoints)).toHaveLength(1);
    expect(await app.db.select().from(jobs).where(eq(jobs.kind, 'mail:ledger-checkpoint'))).toHaveLength(1);
  });

  it('is mailed to the operator as plain text: the day, the homes, the digest, the signature and the key id', async () => {
    await settleMailJobs(app);
    const mails = (await mailsTo(app.db, OPERATOR)).filter((mail) => mail.subject === `Ledger checkpoint of ${TODAY}`);
    expect(mails).toHaveLength(1);
    const row = await checkpoint(TODAY);
    for (const line of [
      `Day: ${TODAY}`,
      'Homes checked: 2',
      'Heads recorded: 2',
      `Digest (SHA-256): ${row!.digest}`,
      `Signature (Ed25519 over the digest's 64 characters, base64): ${row!.signature}`,
      `Key id: ${ENV_KEY_ID}`,
    ]) {
      expect(mails[0]!.text).toContain(line);
    }
    // No address of a home in it; and with an operator address set, the admins are not mailed.
    expect(mails[0]!.text).not.toContain('Anchor Way');
    expect((await mailsTo(app.db, admin.user.email)).filter((mail) => mail.subject.startsWith('Ledger checkpoint'))).toEqual([]);
  });

  it('after the daily check job, records only the heads that changed, chained to the day before', async () => {
    await pay(anna, '2026-08-01');
    // The check's slot of 2026-10-07 00:00 UTC is the evening of 2026-10-06 in the ledger's time zone.
    await enqueue(app.db, ledgerCheckJob, {}, { runAt: new Date('2026-10-07T00:00:00Z'), uniqueKey: 'checkpoint-test' });
    app.server.jobs.kick();
    await waitFor(async () => (await checkpoint('2026-10-06')) !== undefined, { message: 'the checkpoint of 2026-10-06' });
    const row = await checkpoint('2026-10-06');
    expect(row).toMatchObject({ heads: 1, prevDigest: firstDigest, keyId: ENV_KEY_ID });
    expect(await headsOf('2026-10-06')).toEqual([await headOf(anna)]);

    const { code, text } = await cliVerify();
    expect(text).toContain(`The 2 signed checkpoints hold (key ${ENV_KEY_ID}).`);
    expect(code).toBe(0);
    const button = await admin.browser.post('/api/admin/payments/verify', {});
    expect(button.status).toBe(200);
    expect(button.body).toMatchObject({ ok: true, broken: [], checkpointProblems: [] });
  });

  it('catches a chain rewritten after a checkpoint with every hash recomputed', async () => {
    // Lift the guard, halve ben's payment and recompute every hash from it on: the chain holds together again.
    const entries = await ledgerOf(app.db, ben);
    const paid = entries.find((entry) => entry.kind === 'payment')!;
    const rewritten = await chainEntries(
      ben,
      { seq: paid.seq - 1, hash: paid.prevHash },
      entries.slice(paid.seq - 1).map((entry) => ({ ...entry, amountCents: entry.seq === paid.seq ? 117_700 : entry.amountCents })),
      'staff-1',
    );
    await withTriggerLifted('ledger_entries', 'ledger_entries_no_update_delete', async (tx) => {
      await tx.delete(ledgerEntries).where(and(eq(ledgerEntries.homeId, ben), gte(ledgerEntries.seq, paid.seq)));
      await tx.insert(ledgerEntries).values(rewritten);
    });
    const head = entries.at(-1)!;

    const { code, text } = await cliVerify();
    expect(code).toBe(1);
    expect(text).toContain(`BROKEN home ${ben}`);
    expect(text).toContain(`Entry ${head.seq} is not the one the signed checkpoint of ${TODAY} recorded`);
    const button = await admin.browser.post(`/api/admin/homes/${ben}/ledger/verify`, {});
    expect(button.body).toMatchObject({
      ok: false,
      broken: [expect.objectContaining({ homeId: ben, seq: head.seq, message: expect.stringContaining(`signed checkpoint of ${TODAY}`) })],
    });
    // anna's chain still holds.
    expect((await admin.browser.post(`/api/admin/homes/${anna}/ledger/verify`, {})).body).toMatchObject({ ok: true });
  });

  it("catches a checkpoint changed in the database: its heads, its digest, its signature, the next day's chain", async () => {
    // A recorded head changed: the heads no longer give the digest.
    await withTriggerLifted('ledger_checkpoint_heads', 'ledger_checkpoint_heads_no_update_delete', (tx) =>
      tx
        .update(ledgerCheckpointHeads)
        .set({ hash: 'f'.repeat(64) })
        .where(and(eq(ledgerCheckpointHeads.day, TODAY), eq(ledgerCheckpointHeads.homeId, anna))),
    );
    let result = await cliVerify();
    expect(result.code).toBe(1);
    expect(result.text).toContain(`CHECKPOINT Checkpoint of ${TODAY}: its recorded heads do not give its digest`);
    const all = await admin.browser.post('/api/admin/payments/verify', {});
    expect(all.body.ok).toBe(false);
    expect(all.body.checkpointProblems).toContainEqual(expect.stringContaining(`Checkpoint of ${TODAY}: its recorded heads do not give its digest`));

    // The digest recomputed over the forged heads as well: now the signature fails, and the next day no longer follows.
    const forgedHeads = await headsOf(TODAY);
    const forgedDigest = createHash('sha256')
      .update(checkpointText(TODAY, '0'.repeat(64), forgedHeads))
      .digest('hex');
    await withTriggerLifted('ledger_checkpoints', 'ledger_checkpoints_no_update_delete', (tx) =>
      tx.update(ledgerCheckpoints).set({ digest: forgedDigest }).where(eq(ledgerCheckpoints.day, TODAY)),
    );
    result = await cliVerify();
    expect(result.code).toBe(1);
    expect(result.text).not.toContain('its recorded heads do not give its digest');
    expect(result.text).toContain(`Checkpoint of ${TODAY}: its signature does not match its digest`);
    expect(result.text).toContain('Checkpoint of 2026-10-06: it does not follow from the checkpoint before it');

    // The next daily check finds it before writing its own checkpoint, and the admins and the operator are told once.
    const alerts = async (to: string) => (await mailsTo(app.db, to)).filter((mail) => mail.subject === 'The signed ledger checkpoints do not hold');
    for (const [at, day] of [
      ['2026-10-08T00:00:00Z', '2026-10-07'],
      ['2026-10-09T00:00:00Z', '2026-10-08'],
    ] as const) {
      await enqueue(app.db, ledgerCheckJob, {}, { runAt: new Date(at), uniqueKey: `checkpoint-test-${day}` });
      app.server.jobs.kick();
      await waitFor(async () => (await checkpoint(day)) !== undefined, { message: `the checkpoint of ${day}` });
      await settleMailJobs(app);
    }
    for (const to of [admin.user.email, OPERATOR]) {
      const mails = await alerts(to);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain(`Checkpoint of ${TODAY}: its signature does not match its digest`);
    }
  });
});

describe('without LEDGER_SIGNING_KEY and LEDGER_OPERATOR_EMAIL', () => {
  let local: TestServer;

  beforeAll(async () => {
    local = await startTestServer(AUTH_TEST_ENV);
  });
  afterAll(async () => {
    await local?.stop();
  });

  it('signs with a key generated into DATA_DIR at start, and mails every admin, saying the key is local', async () => {
    const file = path.join(local.config.DATA_DIR, 'ledger-signing-key.pem');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const key = resolveLedgerKey(local.config);
    expect(key.source).toBe('local');
    const admins = [await signedInAdmin(local), await signedInAdmin(local)];

    // No home yet: the day still gets its checkpoint, with no head.
    expect(await writeCheckpoint(local.db, key, TODAY, 0)).toMatchObject({ day: TODAY, heads: 0 });
    const [row] = await local.db.select().from(ledgerCheckpoints);
    expect(row).toMatchObject({ heads: 0, keyId: key.keyId, prevDigest: '0'.repeat(64) });
    expect(verify(null, Buffer.from(row!.digest), createPublicKey(key.publicPem), Buffer.from(row!.signature, 'base64'))).toBe(true);

    await settleMailJobs(local);
    for (const { user } of admins) {
      const mails = (await mailsTo(local.db, user.email)).filter((mail) => mail.subject === `Ledger checkpoint of ${TODAY}`);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain(`Key id: ${key.keyId}`);
      expect(mails[0]!.text).toContain('signed with a key generated on the server itself');
    }
  });
});
