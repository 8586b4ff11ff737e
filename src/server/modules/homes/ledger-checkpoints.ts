import { createHash } from 'node:crypto';
import { asc, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Brand } from '../../../domain/brand';
import { ledgerToday } from '../../../domain/homes/dates';
import { GENESIS_HASH } from '../../../domain/ledger';
import { safeString } from '../../../domain/safe-text';
import { recordAudit, SYSTEM_ACTOR } from '../../platform/audit/audit';
import type { Config } from '../../platform/config';
import { queryRows, type Db, type Executor } from '../../platform/db/client';
import { ledgerCheckpointHeads, ledgerCheckpoints, ledgerChecks, users } from '../../platform/db/schema';
import { enqueue, jobKind } from '../../platform/jobs/queue';
import type { JobRunner } from '../../platform/jobs/runner';
import { signText, verifyText, type LedgerKey } from '../../platform/lib/ledger-key';
import type { Logger } from '../../platform/lib/logger';
import { renderMail } from '../../platform/mail/layout';
import type { Mailer } from '../../platform/mail/send-mail';
import { hello } from '../../platform/mail/templates';

/**
 * The signed daily checkpoint (docs/decisions/029-ledger-checks.md): right after the daily check, one record for the
 * day holding the head (seq and hash) of every home whose chain the check found intact and whose head changed since
 * its last checkpoint — so the checkpoints up to a day hold every home's head on that day — chained to the day
 * before by its digest and signed with the ledger key (Ed25519, src/server/platform/lib/ledger-key.ts). It is mailed
 * to the operator, outside the database. A chain rewritten after a checkpoint, every hash recomputed, no longer has
 * the head that checkpoint recorded (verify-ledgers.ts compares them); a checkpoint changed in the database no
 * longer gives its digest, its signature or the next day's chain (verifyCheckpoints, below).
 */

/** The first line of every checkpoint's text: what it is and in which form. */
const HEADER = 'ownstead ledger checkpoint v1';

export interface CheckpointHead {
  homeId: string;
  seq: number;
  hash: string;
}

/**
 * The text a checkpoint's digest is the SHA-256 of: the header, the day, the previous digest, the number of heads,
 * then one line per head, `<home id> <seq> <hash>`, in home id order; every line ends with a line feed. The
 * signature is Ed25519 over the digest's 64 hex characters, so the mailed digest and signature can be checked alone.
 */
export function checkpointText(day: string, prevDigest: string, heads: readonly CheckpointHead[]): string {
  const sorted = [...heads].sort((a, b) => (a.homeId < b.homeId ? -1 : a.homeId > b.homeId ? 1 : 0));
  const lines = [HEADER, `day ${day}`, `prev ${prevDigest}`, `heads ${sorted.length}`, ...sorted.map((h) => `${h.homeId} ${h.seq} ${h.hash}`)];
  return lines.map((line) => `${line}\n`).join('');
}

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The checkpoint's day: the date, in the ledger's time zone, of the daily check's slot (one slot a day: one day a slot). */
export const checkpointDay = (runAt: Date) => ledgerToday(runAt);

export interface WrittenCheckpoint {
  day: string;
  heads: number;
  digest: string;
}

/** One instance at a time writes a checkpoint (delete-account.ts holds 727002). */
const CHECKPOINT_LOCK = 727003;
const HEADS_PER_INSERT = 1000;

export const ledgerCheckpointMailJob = jobKind(
  'mail:ledger-checkpoint',
  z.object({ day: safeString().regex(/^\d{4}-\d{2}-\d{2}$/), homes: z.number().int().min(0) }),
  { maxAttempts: 5 },
);

/**
 * Writes the day's checkpoint from the daily check's verdicts (`ledger_checks`), audits it and queues its mail, in one
 * transaction. Idempotent: when the day (or a later one) has its checkpoint already — a retry, another instance —
 * it writes nothing and answers null.
 */
export async function writeCheckpoint(db: Db, key: LedgerKey, day: string, homesChecked: number): Promise<WrittenCheckpoint | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CHECKPOINT_LOCK})`);
    const [last] = await tx
      .select({ day: ledgerCheckpoints.day, digest: ledgerCheckpoints.digest })
      .from(ledgerCheckpoints)
      .orderBy(desc(ledgerCheckpoints.day))
      .limit(1);
    if (last && last.day >= day) return null;
    const prevDigest = last?.digest ?? GENESIS_HASH;
    // Each intact home whose head is not the one its last checkpoint recorded (or that has none yet).
    const lastHead = sql`(SELECT ${ledgerCheckpointHeads.seq} AS seq, ${ledgerCheckpointHeads.hash} AS hash FROM ${ledgerCheckpointHeads}
      WHERE ${ledgerCheckpointHeads.homeId} = ${ledgerChecks.homeId} ORDER BY ${ledgerCheckpointHeads.day} DESC LIMIT 1)`;
    const changed = await queryRows<{ home_id: string; seq: number; hash: string }>(
      tx,
      sql`
      SELECT ${ledgerChecks.homeId} AS home_id, ${ledgerChecks.verifiedSeq} AS seq, ${ledgerChecks.verifiedHash} AS hash
      FROM ${ledgerChecks} LEFT JOIN LATERAL ${lastHead} last ON true
      WHERE ${ledgerChecks.brokenAt} IS NULL AND ${ledgerChecks.verifiedSeq} >= 1
        AND (last.seq IS NULL OR last.seq <> ${ledgerChecks.verifiedSeq} OR last.hash <> ${ledgerChecks.verifiedHash})`,
    );
    const heads: CheckpointHead[] = changed.map((row) => ({ homeId: row.home_id, seq: Number(row.seq), hash: row.hash }));
    const digest = sha256Hex(checkpointText(day, prevDigest, heads));
    const signature = signText(key, digest);
    await tx.insert(ledgerCheckpoints).values({ day, heads: heads.length, digest, prevDigest, signature, keyId: key.keyId });
    for (let i = 0; i < heads.length; i += HEADS_PER_INSERT) {
      await tx.insert(ledgerCheckpointHeads).values(heads.slice(i, i + HEADS_PER_INSERT).map((head) => ({ ...head, day })));
    }
    await recordAudit(tx, SYSTEM_ACTOR, {
      action: 'create',
      entityType: 'payments',
      entityId: null,
      changes: { checkpoint: day, heads: heads.length, digest, keyId: key.keyId },
    });
    await enqueue(tx, ledgerCheckpointMailJob, { day, homes: homesChecked }, { uniqueKey: `ledger-checkpoint:${day}` });
    return { day, heads: heads.length, digest };
  });
}

// ——— The operator's mail ———

export interface CheckpointMailDeps {
  db: Db;
  mailer: Mailer;
  brand: Brand;
  logger: Logger;
  config: Pick<Config, 'LEDGER_OPERATOR_EMAIL'>;
  ledgerKey: LedgerKey;
}

/** The checkpoint as plain lines an operator can keep and check with the public key alone (README, 'The ledger'). */
export function checkpointMailLines(row: typeof ledgerCheckpoints.$inferSelect, homes: number): string[] {
  return [
    `Day: ${row.day}`,
    `Homes checked: ${homes}`,
    `Heads recorded: ${row.heads} (homes whose ledger changed since their last checkpoint)`,
    `Digest (SHA-256): ${row.digest}`,
    `Previous digest: ${row.prevDigest}`,
    `Signature (Ed25519 over the digest's 64 characters, base64): ${row.signature}`,
    `Key id: ${row.keyId}`,
  ];
}

/**
 * Mails the day's checkpoint to LEDGER_OPERATOR_EMAIL, or, when it is not set, to every admin (like the broken-ledger
 * alert, not a notice one opts into). Nobody to send it to: a log line, and the checkpoint stays in the database.
 */
async function sendCheckpointMail(deps: CheckpointMailDeps, day: string, homes: number): Promise<void> {
  const [row] = await deps.db.select().from(ledgerCheckpoints).where(eq(ledgerCheckpoints.day, day));
  if (!row) return;
  const recipients = deps.config.LEDGER_OPERATOR_EMAIL
    ? [{ email: deps.config.LEDGER_OPERATOR_EMAIL, firstName: null }]
    : await deps.db.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.role, 'admin'));
  if (recipients.length === 0) {
    deps.logger.warn({ day }, 'homes: no operator address and no admin to mail the ledger checkpoint to');
    return;
  }
  const local = row.keyId === deps.ledgerKey.keyId && deps.ledgerKey.source === 'local';
  for (const recipient of recipients) {
    const content = renderMail(deps.brand, {
      subject: `Ledger checkpoint of ${day}`,
      greeting: hello(recipient.firstName),
      paragraphs: [
        "Today's check of the ledgers is done, and this is its signed checkpoint. Keep this e-mail: it is the proof, kept outside our database, of what every home's ledger held today.",
        ...checkpointMailLines(row, homes),
        'To check it, fetch the public key with `npm run ledger:verify -- --public-key` and run `npm run ledger:verify`: a ledger rewritten after this day, or a checkpoint changed in the database, is reported.',
        ...(local ? ['This checkpoint was signed with a key generated on the server itself (no LEDGER_SIGNING_KEY is set).'] : []),
      ],
    });
    await deps.mailer.sendMail({ to: recipient.email, ...content });
  }
}

// ——— The alert when the stored checkpoints do not hold ———

const MAX_ALERTED_PROBLEMS = 20;

export const checkpointAlertJob = jobKind(
  'mail:ledger-checkpoints-broken',
  z.object({ problems: z.array(safeString().max(500)).min(1).max(MAX_ALERTED_PROBLEMS), total: z.number().int().min(1) }),
  { maxAttempts: 5 },
);

/**
 * Queues the alert that the stored checkpoints do not hold (the daily job finds it before writing the day's). A
 * checkpoint cannot be repaired, so the same problems are alerted once — while that job is stored — not every day.
 */
export async function alertCheckpointProblems(db: Db, problems: readonly string[]): Promise<void> {
  const key = sha256Hex([...problems].sort().join('\n')).slice(0, 32);
  await enqueue(
    db,
    checkpointAlertJob,
    { problems: problems.slice(0, MAX_ALERTED_PROBLEMS), total: problems.length },
    { uniqueKey: `ledger-checkpoints-broken:${key}` },
  );
}

/** Mails every admin, and the operator when LEDGER_OPERATOR_EMAIL is set: a security alert, not a notice one opts into. */
async function sendCheckpointAlert(deps: CheckpointMailDeps, problems: string[], total: number): Promise<void> {
  const admins = await deps.db.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.role, 'admin'));
  const operator = deps.config.LEDGER_OPERATOR_EMAIL;
  const recipients = operator && !admins.some((admin) => admin.email === operator) ? [...admins, { email: operator, firstName: null }] : admins;
  for (const recipient of recipients) {
    const content = renderMail(deps.brand, {
      subject: 'The signed ledger checkpoints do not hold',
      greeting: hello(recipient.firstName),
      paragraphs: [
        "Today's check found that the signed daily checkpoints kept in our database no longer match their digests or their signatures: a checkpoint was changed, removed or forged.",
        ...problems.map((problem) => `• ${problem}`),
        ...(total > problems.length ? [`… and ${total - problems.length} more.`] : []),
        'Compare their digests with the checkpoint e-mails you kept, and run `npm run ledger:verify`.',
      ],
    });
    await deps.mailer.sendMail({ to: recipient.email, ...content });
  }
}

/** The mail jobs; the checkpoint itself is written by the daily check's hook (register.ts). */
export function registerCheckpointMail(runner: JobRunner, deps: CheckpointMailDeps): void {
  runner
    .register(ledgerCheckpointMailJob, ({ day, homes }) => sendCheckpointMail(deps, day, homes))
    .register(checkpointAlertJob, ({ problems, total }) => sendCheckpointAlert(deps, problems, total));
}

// ——— Checking the checkpoints ———

/**
 * What is wrong with the stored checkpoints, as sentences: each one's previous digest must be the digest of the one
 * before it (64 zeros for the first), its signature the key's over its digest, and its heads must give its digest.
 * With `homeId`, only the checkpoints holding that home's heads are recomputed (the chain and signatures are checked
 * for all: one row a day). Without a key, one sentence says they could not be checked.
 */
export async function verifyCheckpoints(db: Executor, key: LedgerKey | undefined, homeId?: string): Promise<{ checkpoints: number; problems: string[] }> {
  const rows = await db.select().from(ledgerCheckpoints).orderBy(asc(ledgerCheckpoints.day));
  const checkpoints = rows.length;
  if (checkpoints === 0) return { checkpoints, problems: [] };
  if (!key) {
    return {
      checkpoints,
      problems: [`The ${checkpoints} signed checkpoints could not be checked: no ledger key is known here (LEDGER_SIGNING_KEY, or a public key file).`],
    };
  }
  const problems: string[] = [];
  let prev = GENESIS_HASH;
  for (const row of rows) {
    if (row.prevDigest !== prev)
      problems.push(`Checkpoint of ${row.day}: it does not follow from the checkpoint before it; a checkpoint was removed, added or changed.`);
    if (row.keyId !== key.keyId) problems.push(`Checkpoint of ${row.day} was signed with key ${row.keyId}, not with this key (${key.keyId}).`);
    else if (!verifyText(key, row.digest, row.signature))
      problems.push(`Checkpoint of ${row.day}: its signature does not match its digest; it was changed or forged.`);
    prev = row.digest;
  }
  const days = homeId
    ? (await db.select({ day: ledgerCheckpointHeads.day }).from(ledgerCheckpointHeads).where(eq(ledgerCheckpointHeads.homeId, homeId))).map((row) => row.day)
    : rows.map((row) => row.day);
  const byDay = new Map(rows.map((row) => [row.day, row]));
  for (const day of days) {
    const row = byDay.get(day);
    if (!row) continue;
    const heads = await db
      .select({ homeId: ledgerCheckpointHeads.homeId, seq: ledgerCheckpointHeads.seq, hash: ledgerCheckpointHeads.hash })
      .from(ledgerCheckpointHeads)
      .where(eq(ledgerCheckpointHeads.day, day));
    if (heads.length !== row.heads || sha256Hex(checkpointText(day, row.prevDigest, heads)) !== row.digest) {
      problems.push(`Checkpoint of ${day}: its recorded heads do not give its digest; a head was changed, added or removed.`);
    }
  }
  return { checkpoints, problems };
}
