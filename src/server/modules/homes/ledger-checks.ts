import { and, asc, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Brand } from '../../../domain/brand';
import type { LedgerWarning } from '../../../domain/homes/ledger-warning';
import { canonicalEntryText, CHAIN_BREAK_TEXT, GENESIS_HASH } from '../../../domain/ledger';
import { safeString } from '../../../domain/safe-text';
import { recordAudit, SYSTEM_ACTOR } from '../../platform/audit/audit';
import type { Config } from '../../platform/config';
import type { Db, Executor } from '../../platform/db/client';
import { ledgerChecks, ledgerEntries, users } from '../../platform/db/schema';
import { enqueue, jobKind } from '../../platform/jobs/queue';
import type { JobRunner } from '../../platform/jobs/runner';
import type { Logger } from '../../platform/lib/logger';
import { renderMail } from '../../platform/mail/layout';
import type { Mailer } from '../../platform/mail/send-mail';
import { appLink, hello } from '../../platform/mail/templates';
import { chainEntryOf, nodeSha256Hex, type StoredLedgerEntry } from './ledger';
import { verifyLedgers, type HomeVerdict, type VerifyReport } from './verify-ledgers';

/**
 * The ledger's daily check (docs/decisions/029-ledger-checks.md): once a day, on the job runner, every home's chain
 * and projections are verified (verifyLedgers, as `npm run ledger:verify` does), and the verdict is kept per home
 * in `ledger_checks`: how far the chain was found intact, or since when and why it is not. A home newly found
 * broken is audited and the admins are mailed in the same transaction; the back office marks it, and the pages and
 * statements that show its ledger say that it does not hold (ledgerWarningOf, below).
 */

const DAY = 24 * 60 * 60_000;

export const ledgerCheckJob = jobKind('ledger:check', z.object({}), { maxAttempts: 3 });

/** The admins' alert of homes newly found broken: ids only; the mail is built from `ledger_checks` when it runs. */
export const ledgerAlertJob = jobKind('mail:ledger-broken', z.object({ homeIds: z.array(safeString().uuid()).min(1).max(1000) }), { maxAttempts: 5 });

export interface LedgerCheckDeps {
  db: Db;
  mailer: Mailer;
  brand: Brand;
  logger: Logger;
  config: Pick<Config, 'APP_URL'>;
}

/** What one check found. */
export interface LedgerCheckReport extends VerifyReport {
  /** Homes marked broken by this check (they were not before). */
  newlyBroken: number;
}

/** Verifies every home's chain and projections and records each home's verdict (idempotent: a second run the same day changes nothing but the check's time). */
export async function runLedgerCheck(db: Db, now = new Date()): Promise<LedgerCheckReport> {
  let newlyBroken = 0;
  const report = await verifyLedgers(db, {
    projections: true,
    onChecked: async (verdicts) => {
      newlyBroken += await recordVerdicts(db, verdicts, now);
    },
  });
  return { ...report, newlyBroken };
}

/** Writes one batch's verdicts; answers how many homes it newly marked broken. */
async function recordVerdicts(db: Db, verdicts: HomeVerdict[], now: Date): Promise<number> {
  if (verdicts.length === 0) return 0;
  return db.transaction(async (tx) => {
    const ids = verdicts.map((verdict) => verdict.homeId);
    const before = await tx.select().from(ledgerChecks).where(inArray(ledgerChecks.homeId, ids)).for('update');
    const prior = new Map(before.map((row) => [row.homeId, row]));
    const rows: (typeof ledgerChecks.$inferInsert)[] = [];
    const newlyBroken: string[] = [];
    for (const verdict of verdicts) {
      const was = prior.get(verdict.homeId);
      const projectionProblem = verdict.projectionProblem ?? null;
      if (verdict.broken) {
        if (!was?.brokenAt) newlyBroken.push(verdict.homeId);
        rows.push({
          homeId: verdict.homeId,
          // The last entry found intact stays where it was: the pages' check starts there.
          verifiedSeq: was?.verifiedSeq ?? 0,
          verifiedHash: was?.verifiedHash ?? GENESIS_HASH,
          checkedAt: now,
          brokenAt: was?.brokenAt ?? now,
          brokenSeq: verdict.broken.seq,
          brokenMessage: verdict.broken.message,
          projectionProblem,
        });
        if (!was?.brokenAt) {
          await recordAudit(tx, SYSTEM_ACTOR, {
            action: 'verify',
            entityType: 'homes',
            entityId: verdict.homeId,
            changes: { ledger: { from: 'intact', to: 'broken' }, seq: verdict.broken.seq, reason: verdict.broken.reason },
          });
        }
      } else {
        if (was?.brokenAt) {
          await recordAudit(tx, SYSTEM_ACTOR, {
            action: 'verify',
            entityType: 'homes',
            entityId: verdict.homeId,
            changes: { ledger: { from: 'broken', to: 'intact' }, seq: verdict.head.seq },
          });
        }
        rows.push({
          homeId: verdict.homeId,
          verifiedSeq: verdict.head.seq,
          verifiedHash: verdict.head.hash,
          checkedAt: now,
          brokenAt: null,
          brokenSeq: null,
          brokenMessage: null,
          projectionProblem,
        });
      }
    }
    const excluded = (column: string) => sql.raw(`excluded.${column}`);
    await tx
      .insert(ledgerChecks)
      .values(rows)
      .onConflictDoUpdate({
        target: ledgerChecks.homeId,
        set: {
          verifiedSeq: excluded('verified_seq'),
          verifiedHash: excluded('verified_hash'),
          checkedAt: excluded('checked_at'),
          brokenAt: excluded('broken_at'),
          brokenSeq: excluded('broken_seq'),
          brokenMessage: excluded('broken_message'),
          projectionProblem: excluded('projection_problem'),
        },
      });
    if (newlyBroken.length > 0) {
      await enqueue(tx, ledgerAlertJob, { homeIds: newlyBroken }, { uniqueKey: `ledger-broken:${now.toISOString()}:${ids[0]}` });
    }
    return newlyBroken.length;
  });
}

// ——— The admins' alert ———

/** Homes that are in the back office's broken filter. */
export const BROKEN_HOMES_PAGE = '/admin/homes?ledger=broken';

/**
 * Mails every admin (a security alert, like the e-mail change's notice: not a notice one can turn off) which homes'
 * ledgers no longer hold. Homes found intact again since are left out; none left, no mail.
 */
async function sendLedgerAlert(deps: LedgerCheckDeps, homeIds: string[]): Promise<void> {
  const broken = await deps.db
    .select({ homeId: ledgerChecks.homeId, message: ledgerChecks.brokenMessage })
    .from(ledgerChecks)
    .where(and(inArray(ledgerChecks.homeId, homeIds), isNotNull(ledgerChecks.brokenAt)))
    .orderBy(asc(ledgerChecks.homeId));
  if (broken.length === 0) return;
  const admins = await deps.db.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.role, 'admin'));
  const one = broken.length === 1;
  const listed = broken.slice(0, 20);
  const ctx = { brand: deps.brand, appUrl: deps.config.APP_URL.replace(/\/+$/, '') };
  for (const admin of admins) {
    const content = renderMail(deps.brand, {
      subject: one ? "A home's ledger does not hold" : `${broken.length} homes' ledgers do not hold`,
      greeting: hello(admin.firstName),
      paragraphs: [
        `Today's check of the ledgers found ${one ? 'a home whose ledger' : `${broken.length} homes whose ledgers`} no longer match${one ? 'es' : ''} ${one ? 'its' : 'their'} hashes: an entry was changed, removed or rewritten after it was written.`,
        ...listed.map((row) => `• Home ${row.homeId.slice(0, 8)}: ${row.message ?? ''}`),
        ...(broken.length > listed.length ? [`… and ${broken.length - listed.length} more.`] : []),
        "Until it is explained, the homeowner's pages and statements say that the ledger could not be confirmed.",
      ],
      action: { label: 'See the homes', url: appLink(ctx, BROKEN_HOMES_PAGE) },
    });
    await deps.mailer.sendMail({ to: admin.email, ...content, actionUrl: appLink(ctx, BROKEN_HOMES_PAGE) });
  }
}

/** Registers the daily check and its alert (src/server/modules/homes/register.ts). */
export function registerLedgerCheck(runner: JobRunner, deps: LedgerCheckDeps, afterCheck?: (report: LedgerCheckReport, runAt: Date) => Promise<void>): void {
  runner
    .register(ledgerAlertJob, ({ homeIds }) => sendLedgerAlert(deps, homeIds))
    .register(ledgerCheckJob, async (_payload, context) => {
      const report = await runLedgerCheck(deps.db);
      deps.logger.info(
        {
          homes: report.homes,
          entries: report.entries,
          broken: report.broken.length,
          newlyBroken: report.newlyBroken,
          projectionProblems: report.projectionProblems.length,
        },
        'homes: daily ledger check',
      );
      if (report.newlyBroken > 0) runner.kick();
      await afterCheck?.(report, context.runAt);
    })
    .every(ledgerCheckJob, DAY, { firstAfterMs: 3 * 60_000 });
}

// ——— The pages' own check ———

/**
 * Whether a home's chain holds, as the pages and statements that show its ledger check it: the daily check's mark
 * if it found the chain broken; otherwise the chain from the last entry that check found intact — that entry must
 * still carry the hash it had, and every entry after it must follow from it — so it stays a few hashes a page.
 * A change to an entry before that point is the next daily check's to find (and then marked). Answers null when it holds.
 * `loaded`: the home's whole ledger when the caller read it already.
 */
export async function ledgerWarningOf(db: Executor, homeId: string, loaded?: readonly StoredLedgerEntry[]): Promise<LedgerWarning | null> {
  const [mark] = await db.select().from(ledgerChecks).where(eq(ledgerChecks.homeId, homeId));
  if (mark?.brokenAt) return { message: mark.brokenMessage ?? 'The ledger does not hold.', foundAt: mark.brokenAt.toISOString() };
  const from = mark ? { seq: mark.verifiedSeq, hash: mark.verifiedHash } : { seq: 0, hash: GENESIS_HASH };
  const entries = loaded
    ? loaded.filter((entry) => entry.seq >= from.seq)
    : await db
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.homeId, homeId), gte(ledgerEntries.seq, from.seq)))
        .orderBy(asc(ledgerEntries.seq));
  const message = await chainFaultFrom(entries, from);
  return message ? { message, foundAt: null } : null;
}

/** The first fault of `entries` (the entry `from.seq` when above 0, then every one after it), or undefined. */
async function chainFaultFrom(entries: readonly StoredLedgerEntry[], from: { seq: number; hash: string }): Promise<string | undefined> {
  let prev = from;
  let rest = entries;
  if (from.seq > 0) {
    const anchor = entries[0];
    if (anchor?.seq !== from.seq || anchor.hash !== from.hash) {
      return `Entry ${from.seq} is not the one the last check found: the chain was changed or rewritten since.`;
    }
    rest = entries.slice(1);
  }
  for (const entry of rest) {
    if (entry.seq !== prev.seq + 1) return `Entry ${prev.seq + 1} ${CHAIN_BREAK_TEXT.seq}.`;
    if (entry.prevHash !== prev.hash) return `Entry ${entry.seq} ${CHAIN_BREAK_TEXT['prev-hash']}.`;
    if (entry.hash !== (await nodeSha256Hex(canonicalEntryText(chainEntryOf(entry))))) {
      return `Entry ${entry.seq} ${CHAIN_BREAK_TEXT.hash}.`;
    }
    prev = entry;
  }
  return undefined;
}

/** The daily check's marks of `homeIds` (the back office's list and record). */
export async function ledgerMarksOf(db: Executor, homeIds: readonly string[]): Promise<Map<string, LedgerWarning>> {
  if (homeIds.length === 0) return new Map();
  const rows = await db
    .select({ homeId: ledgerChecks.homeId, brokenAt: ledgerChecks.brokenAt, message: ledgerChecks.brokenMessage })
    .from(ledgerChecks)
    .where(and(inArray(ledgerChecks.homeId, [...homeIds]), isNotNull(ledgerChecks.brokenAt)));
  return new Map(rows.map((row) => [row.homeId, { message: row.message ?? '', foundAt: row.brokenAt!.toISOString() }]));
}
