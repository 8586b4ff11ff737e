import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { formatDate, formatMoneyCents } from '../../../domain/format';
import type { FeeWaiver, FeeWaiverRequestInput, PendingFeeWaiver, WaiveFeeInput } from '../../../domain/homes/fees';
import { COMPANY_TIME_ZONE, ledgerToday } from '../../../domain/homes/dates';
import type { AdminLedger } from '../../../domain/homes/admin-payments';
import { addDays, feesDue, type FeeSettings } from '../../../domain/ledger';
import { safeString } from '../../../domain/safe-text';
import { recordAudit, SYSTEM_ACTOR, type AuditActor } from '../../platform/audit/audit';
import { queryRows, type Db, type Executor } from '../../platform/db/client';
import { feeWaiverRequests, homes, ledgerChargeStates, ledgerEntries, users } from '../../platform/db/schema';
import { jobKind } from '../../platform/jobs/queue';
import type { JobRunner } from '../../platform/jobs/runner';
import { AppError } from '../../platform/lib/errors';
import type { Logger } from '../../platform/lib/logger';
import { appLink, hello } from '../../platform/mail/templates';
import { defineNotification, notify } from '../../platform/notifications/notification';
import { mailContextOf } from '../../platform/notifications/send-notification';
import { getSettings } from '../../platform/settings/settings-store';
import { isUniqueViolation, noHome } from './change-rules';
import { runCharges } from './charges';
import { appendLedgerEntries, ledgerOf, lockHome, chainEntryOf } from './ledger';
import { adminLedger } from './payments';
import { homeNotFound } from './purchase';

/**
 * Late fees and their waivers (calculators.md 'Fees'; docs/decisions/031-late-fees-and-nacha.md).
 *
 * The fee job (`homes:late-fees`, hourly on the job runner, one run an hour across instances) bills the due
 * charges first (runCharges: a charge billed later is then due after every fee, ledger-projection.ts), then
 * makes one fee for every charge not paid in full at the end of its due date + graceDays, in the company's
 * calendar (America/Los_Angeles). Each home in its own transaction with its row locked, the ledger re-read
 * under the lock, and a unique index on (home, month) of fees: a retry, a second instance or a second run
 * makes nothing twice. Each fee is audited (the system's `create` on `payments`) in its transaction.
 */

export const lateFeeJob = jobKind('homes:late-fees', z.object({}), { maxAttempts: 3 });

/** The company's calendar for fees (calculators.md 'Fees'): the ledger's own, one helper (src/domain/homes/dates.ts). */
export const FEE_TIME_ZONE = COMPANY_TIME_ZONE;
/**
 * How far back the job looks for deadlines it has not acted on (a server down for a few days catches up);
 * a deadline older than this gets no fee, so switching fees on does not bill the whole history.
 */
export const FEE_CATCH_UP_DAYS = 7;

const HOUR = 60 * 60_000;

/** `at` as a calendar date (YYYY-MM-DD) in the fees' time zone: the ledger's today, the same helper. */
export const feeToday = ledgerToday;

export async function feeSettingsOf(db: Db): Promise<FeeSettings> {
  const settings = await getSettings(db);
  return { graceDays: settings.graceDays, lateFee: settings.lateFee };
}

export interface LateFeeRunReport {
  homes: number;
  fees: number;
}

/**
 * Makes the late fees due on `today` (the fees' calendar). `chargesToday` is the charge run's day (the same
 * calendar; tests may pass another).
 */
export async function runLateFees(
  db: Db,
  { today = feeToday(), chargesToday, catchUpDays = FEE_CATCH_UP_DAYS }: { today?: string; chargesToday?: string; catchUpDays?: number } = {},
): Promise<LateFeeRunReport> {
  await runCharges(db, { today: chargesToday ?? today });
  const settings = await feeSettingsOf(db);
  const report: LateFeeRunReport = { homes: 0, fees: 0 };
  if (settings.lateFee.amount <= 0) return report;
  const since = addDays(today, -catchUpDays);
  // Candidates from the projection: open charges whose deadline ended in the window and that have no fee yet.
  const lastDue = addDays(today, -settings.graceDays - 1);
  const firstDue = addDays(since, -settings.graceDays);
  const candidates = await queryRows<{ home_id: string }>(
    db,
    sql`SELECT DISTINCT s.home_id FROM ${ledgerChargeStates} s
        JOIN ${homes} h ON h.id = s.home_id AND h.state = 'active'
        WHERE s.paid_cents < s.amount_cents AND s.due_on BETWEEN ${firstDue}::date AND ${lastDue}::date
          AND NOT EXISTS (SELECT 1 FROM ${ledgerEntries} f WHERE f.home_id = s.home_id AND f.kind = 'fee' AND f.month = s.month)
        ORDER BY s.home_id`,
  );
  for (const { home_id: homeId } of candidates) {
    try {
      const made = await db.transaction(async (tx) => {
        await lockHome(tx, homeId);
        const entries = (await ledgerOf(tx, homeId)).map(chainEntryOf);
        const due = feesDue(entries, today, settings, since);
        if (due.length === 0) return 0;
        const rows = await appendLedgerEntries(
          tx,
          homeId,
          due.map((fee) => ({
            kind: 'fee' as const,
            amountCents: fee.amountCents,
            month: fee.month,
            effectiveOn: fee.effectiveOn,
            note: `Late fee: month ${fee.month} was not paid in full by ${formatDate(addDays(fee.effectiveOn, -1))}.`,
          })),
          null,
        );
        for (const row of rows) {
          await recordAudit(tx, SYSTEM_ACTOR, {
            action: 'create',
            entityType: 'payments',
            entityId: homeId,
            changes: { seq: row.seq, kind: row.kind, amountCents: row.amountCents, month: row.month, effectiveOn: row.effectiveOn },
          });
        }
        return rows.length;
      });
      if (made > 0) {
        report.homes += 1;
        report.fees += made;
      }
    } catch (error) {
      // Another instance made the same fee between our read and our insert (it cannot under the lock, but the index is the rule).
      if (!isUniqueViolation(error)) throw error;
    }
  }
  return report;
}

/** Registers the hourly fee run: a deadline ends at midnight in Los Angeles, and its fees are made within the hour. */
export function registerLateFeeRun(runner: JobRunner, { db, logger }: { db: Db; logger: Logger }): void {
  runner
    .register(lateFeeJob, async () => {
      const report = await runLateFees(db);
      if (report.fees > 0) logger.info({ fees: report }, 'homes: late fees made');
    })
    // The first run waits an hour after a start: a deadline's fee is made within two hours at most, and a start (a deploy,
    // the e2e server) is never followed at once by fees on homes whose grace ended days ago (docs/decisions/031-late-fees-and-nacha.md).
    .every(lateFeeJob, HOUR, { firstAfterMs: HOUR });
}

// ——— Waivers ———

type WaiverRow = typeof feeWaiverRequests.$inferSelect;

const waiverOf = (row: WaiverRow): FeeWaiver => ({
  id: row.id,
  state: row.state,
  reason: row.reason,
  automatic: row.automatic,
  decisionReason: row.decisionReason,
  createdAt: row.createdAt.toISOString(),
  decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
});

/** A home's waiver requests by the fee they are for. */
export async function feeWaiversOf(db: Executor, homeId: string): Promise<Map<number, FeeWaiver>> {
  const rows = await db.select().from(feeWaiverRequests).where(eq(feeWaiverRequests.homeId, homeId));
  return new Map(rows.map((row) => [row.feeSeq, waiverOf(row)]));
}

const feeNotFound = () => new AppError(404, 'not_found', 'We could not find that late fee.');

/** The fee entry `seq` of a locked home's ledger, not waived yet; 404 when there is no such fee, 409 when it is waived. */
async function openFee(tx: Executor, homeId: string, seq: number) {
  const entries = await ledgerOf(tx, homeId);
  const fee = entries.find((entry) => entry.seq === seq && entry.kind === 'fee');
  if (!fee) throw feeNotFound();
  const reversal = entries.find((entry) => entry.kind === 'reversal' && entry.reversesSeq === seq);
  if (reversal) throw new AppError(409, 'already_reversed', 'This late fee is already waived.');
  return fee;
}

/** The reversal that waives fee `feeSeq`, naming the reason; audited as a `reverse` with `waived: true`. */
async function waive(
  tx: Executor,
  actor: AuditActor,
  homeId: string,
  fee: { seq: number; amountCents: number },
  note: string,
  details: Record<string, unknown>,
) {
  const [row] = await appendLedgerEntries(
    tx,
    homeId,
    [{ kind: 'reversal', amountCents: fee.amountCents, effectiveOn: ledgerToday(), reversesSeq: fee.seq, note }],
    actor.id,
  );
  await recordAudit(tx, actor, {
    action: 'reverse',
    entityType: 'payments',
    entityId: homeId,
    changes: { seq: row!.seq, kind: row!.kind, amountCents: row!.amountCents, reversesSeq: fee.seq, note, waived: true, ...details },
  });
  return row!;
}

/**
 * POST /api/me/home/fee-waivers: the homeowner asks to waive one of their own fees (another home's is 404). The
 * first request of the home in any 12 months is granted at once (a reversal naming the reason); a later one
 * waits for staff. One request per fee (409). Audited; the homeowner is e-mailed the outcome.
 */
export async function requestFeeWaiver(db: Db, actor: AuditActor & { id: string }, input: FeeWaiverRequestInput): Promise<FeeWaiver> {
  try {
    return await db.transaction(async (tx) => {
      const [own] = await tx
        .select({ id: homes.id })
        .from(homes)
        .where(eq(homes.userId, actor.id))
        .orderBy(sql`${homes.state} = 'active' desc`, desc(homes.createdAt))
        .limit(1);
      if (!own) throw noHome();
      await lockHome(tx, own.id);
      const fee = await openFee(tx, own.id, input.seq);
      const [existing] = await tx
        .select({ id: feeWaiverRequests.id })
        .from(feeWaiverRequests)
        .where(and(eq(feeWaiverRequests.homeId, own.id), eq(feeWaiverRequests.feeSeq, fee.seq)));
      if (existing) throw new AppError(409, 'waiver_requested', 'You have already asked to waive this late fee.');
      const [recent] = await queryRows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM ${feeWaiverRequests} WHERE ${feeWaiverRequests.homeId} = ${own.id} AND ${feeWaiverRequests.createdAt} > now() - interval '12 months'`,
      );
      const first = Number(recent?.n ?? 0) === 0;
      let reversalSeq: number | null = null;
      if (first) {
        const reversal = await waive(tx, actor, own.id, fee, `Late fee waived: the first waiver request in 12 months. Reason given: ${input.reason}`, {
          automatic: true,
        });
        reversalSeq = reversal.seq;
      }
      const [row] = await tx
        .insert(feeWaiverRequests)
        .values({
          homeId: own.id,
          feeSeq: fee.seq,
          state: first ? 'granted' : 'pending',
          reason: input.reason,
          automatic: first,
          reversalSeq,
          decidedAt: first ? new Date() : null,
        })
        .returning();
      await recordAudit(tx, actor, {
        action: 'create',
        entityType: 'payments',
        entityId: own.id,
        changes: { waiverRequest: row!.id, feeSeq: fee.seq, state: row!.state, reason: input.reason },
      });
      if (first) await notify(tx, feeWaiverDecidedNotification, { requestId: row!.id });
      return waiverOf(row!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, 'waiver_requested', 'You have already asked to waive this late fee.');
    throw error;
  }
}

/** GET /api/admin/fee-waivers: the requests waiting for staff, oldest first. */
export async function pendingFeeWaivers(db: Executor): Promise<PendingFeeWaiver[]> {
  const rows = await db
    .select({
      request: feeWaiverRequests,
      address: homes.address,
      firstName: users.firstName,
      lastName: users.lastName,
      name: users.name,
      amountCents: ledgerEntries.amountCents,
      month: ledgerEntries.month,
    })
    .from(feeWaiverRequests)
    .innerJoin(homes, eq(homes.id, feeWaiverRequests.homeId))
    .innerJoin(users, eq(users.id, homes.userId))
    .innerJoin(ledgerEntries, and(eq(ledgerEntries.homeId, feeWaiverRequests.homeId), eq(ledgerEntries.seq, feeWaiverRequests.feeSeq)))
    .where(eq(feeWaiverRequests.state, 'pending'))
    .orderBy(asc(feeWaiverRequests.createdAt))
    .limit(200);
  return rows.map((row) => ({
    id: row.request.id,
    homeId: row.request.homeId,
    address: row.address,
    homeownerName: [row.firstName, row.lastName].filter(Boolean).join(' ') || row.name,
    feeSeq: row.request.feeSeq,
    month: row.month ?? 0,
    amountCents: row.amountCents,
    reason: row.request.reason,
    createdAt: row.request.createdAt.toISOString(),
  }));
}

/**
 * POST /api/admin/fee-waivers/{id}/grant and /refuse: staff decide a pending request with a reason (404 for an
 * unknown one, 409 once decided). A grant waives the fee (a reversal naming the reason). Audited; e-mailed.
 */
export async function decideFeeWaiver(db: Db, actor: AuditActor, requestId: string, grant: boolean, reason: string): Promise<PendingFeeWaiver[]> {
  await db.transaction(async (tx) => {
    const [found] = await tx.select({ homeId: feeWaiverRequests.homeId }).from(feeWaiverRequests).where(eq(feeWaiverRequests.id, requestId));
    if (!found) throw new AppError(404, 'not_found', 'We could not find that waiver request.');
    await lockHome(tx, found.homeId);
    const [request] = await tx.select().from(feeWaiverRequests).where(eq(feeWaiverRequests.id, requestId)).for('update');
    if (!request || request.state !== 'pending') throw new AppError(409, 'waiver_decided', 'This waiver request is already decided.');
    let reversalSeq: number | null = null;
    if (grant) {
      const fee = await openFee(tx, request.homeId, request.feeSeq);
      reversalSeq = (await waive(tx, actor, request.homeId, fee, `Late fee waived: ${reason}`, { waiverRequest: request.id })).seq;
    }
    await tx
      .update(feeWaiverRequests)
      .set({ state: grant ? 'granted' : 'refused', decisionReason: reason, decidedBy: actor.id, decidedAt: new Date(), reversalSeq })
      .where(eq(feeWaiverRequests.id, requestId));
    await recordAudit(tx, actor, {
      action: grant ? 'approve' : 'decline',
      entityType: 'payments',
      entityId: request.homeId,
      changes: { waiverRequest: request.id, feeSeq: request.feeSeq, state: { from: 'pending', to: grant ? 'granted' : 'refused' }, reason },
    });
    await notify(tx, feeWaiverDecidedNotification, { requestId });
  });
  return pendingFeeWaivers(db);
}

/**
 * POST /api/admin/homes/{id}/ledger/fee-waivers: staff waive fee `seq` of a home with a reason (400 on `seq` when
 * that entry is not a fee; 409 when already waived). A pending request for it is granted with the same reason.
 */
export async function waiveFee(db: Db, actor: AuditActor, homeId: string, input: WaiveFeeInput): Promise<AdminLedger> {
  await db.transaction(async (tx) => {
    await lockHome(tx, homeId).catch((error: unknown) => {
      throw error instanceof AppError && error.status === 404 ? homeNotFound() : error;
    });
    const fee = await openFee(tx, homeId, input.seq).catch((error: unknown) => {
      throw error instanceof AppError && error.status === 404
        ? new AppError(400, 'validation_failed', 'Some fields need your attention.', { seq: `Entry ${input.seq} is not a late fee.` })
        : error;
    });
    const [pending] = await tx
      .select()
      .from(feeWaiverRequests)
      .where(and(eq(feeWaiverRequests.homeId, homeId), eq(feeWaiverRequests.feeSeq, fee.seq), eq(feeWaiverRequests.state, 'pending')))
      .for('update');
    const reversal = await waive(tx, actor, homeId, fee, `Late fee waived: ${input.reason}`, pending ? { waiverRequest: pending.id } : {});
    if (pending) {
      await tx
        .update(feeWaiverRequests)
        .set({ state: 'granted', decisionReason: input.reason, decidedBy: actor.id, decidedAt: new Date(), reversalSeq: reversal.seq })
        .where(eq(feeWaiverRequests.id, pending.id));
      await notify(tx, feeWaiverDecidedNotification, { requestId: pending.id });
    }
  });
  return adminLedger(db, homeId);
}

/** Homes whose fee has a waiver request waiting (the back office's count). */
export async function pendingWaiverCount(db: Executor): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${feeWaiverRequests} WHERE ${feeWaiverRequests.state} = 'pending'`);
  return Number(row?.n ?? 0);
}

/** The homeowner's e-mail when a waiver request is granted (at once or by staff) or refused. */
export const feeWaiverDecidedNotification = defineNotification('home-fee-waiver', z.object({ requestId: safeString().uuid() }), async (deps, { requestId }) => {
  const [row] = await deps.db
    .select({ request: feeWaiverRequests, email: users.email, firstName: users.firstName, amountCents: ledgerEntries.amountCents, month: ledgerEntries.month })
    .from(feeWaiverRequests)
    .innerJoin(homes, eq(homes.id, feeWaiverRequests.homeId))
    .innerJoin(users, eq(users.id, homes.userId))
    .innerJoin(ledgerEntries, and(eq(ledgerEntries.homeId, feeWaiverRequests.homeId), eq(ledgerEntries.seq, feeWaiverRequests.feeSeq)))
    .where(eq(feeWaiverRequests.id, requestId));
  if (!row || row.request.state === 'pending') return [];
  const ctx = mailContextOf(deps);
  const amount = formatMoneyCents(row.amountCents / 100);
  const granted = row.request.state === 'granted';
  return [
    {
      to: row.email,
      kind: 'home_updates',
      parts: {
        subject: granted ? `Your late fee of ${amount} is waived` : 'About your late fee waiver request',
        greeting: hello(row.firstName),
        paragraphs: granted
          ? [
              `We waived the late fee of ${amount} for month ${row.month ?? ''} of your agreement.`,
              row.request.automatic ? 'Your first waiver request in any 12 months is granted at once.' : `Our note: ${row.request.decisionReason ?? ''}`,
            ]
          : [`We could not waive the late fee of ${amount} for month ${row.month ?? ''}.`, `Our reason: ${row.request.decisionReason ?? ''}`],
        action: { label: 'Open my home', url: appLink(ctx, '/dashboard/home') },
      },
    },
  ];
});

/** For the tests: a home's fees, oldest first. */
export async function feesOf(db: Executor, homeIds: string[]) {
  if (homeIds.length === 0) return [];
  return db
    .select()
    .from(ledgerEntries)
    .where(and(inArray(ledgerEntries.homeId, homeIds), eq(ledgerEntries.kind, 'fee'), gt(ledgerEntries.seq, 0)))
    .orderBy(asc(ledgerEntries.homeId), asc(ledgerEntries.seq));
}
