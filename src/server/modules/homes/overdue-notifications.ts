import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { formatDate, formatMoneyCents } from '../../../domain/format';
import { ledgerToday } from '../../../domain/homes/dates';
import { addDays } from '../../../domain/ledger';
import { safeString } from '../../../domain/safe-text';
import { queryRows, type Db } from '../../platform/db/client';
import { homes, ledgerChargeStates, users } from '../../platform/db/schema';
import { jobKind } from '../../platform/jobs/queue';
import type { JobRunner } from '../../platform/jobs/runner';
import type { Logger } from '../../platform/lib/logger';
import { appLink, hello } from '../../platform/mail/templates';
import { defineNotification, notify } from '../../platform/notifications/notification';
import { mailContextOf } from '../../platform/notifications/send-notification';
import { feeSettingsOf } from './fees';

/**
 * The e-mail that a month fell overdue (docs/product/dashboard.md#what-comes-with-a-home: the homeowner hears of what
 * they owe), kind `home_updates`: once per home and agreement month, when its charge is still not paid in full after
 * its due date plus the settings' grace period (graceDays). An hourly job on the runner queues one mail per such month
 * under a unique key, so a second run, a second instance or a retry queues nothing twice; it looks back
 * OVERDUE_MAIL_CATCH_UP_DAYS (a server down for a few days catches up; the queue keeps done jobs longer than that).
 */

export const overdueMailJob = jobKind('homes:overdue-mails', z.object({}), { maxAttempts: 3 });

export const OVERDUE_MAIL_CATCH_UP_DAYS = 7;
const HOUR = 60 * 60_000;

export const overdueMonthNotification = defineNotification(
  'home-overdue-month',
  z.object({ homeId: safeString().uuid(), month: z.number().int().positive() }),
  async (deps, { homeId, month }) => {
    const [row] = await deps.db
      .select({
        email: users.email,
        firstName: users.firstName,
        state: homes.state,
        dueOn: ledgerChargeStates.dueOn,
        owedCents: sql<number>`(${ledgerChargeStates.amountCents} - ${ledgerChargeStates.paidCents})::int`,
      })
      .from(ledgerChargeStates)
      .innerJoin(homes, eq(homes.id, ledgerChargeStates.homeId))
      .innerJoin(users, eq(users.id, homes.userId))
      .where(and(eq(ledgerChargeStates.homeId, homeId), eq(ledgerChargeStates.month, month)))
      .orderBy(ledgerChargeStates.seq)
      .limit(1);
    // Paid meanwhile, or the home closed: nothing to say.
    if (!row || row.state !== 'active' || Number(row.owedCents) <= 0) return [];
    const ctx = mailContextOf(deps);
    const owed = formatMoneyCents(Number(row.owedCents) / 100);
    return [
      {
        to: row.email,
        kind: 'home_updates' as const,
        parts: {
          subject: `Your payment due ${formatDate(row.dueOn)} is overdue`,
          greeting: hello(row.firstName),
          paragraphs: [
            `We have not received your monthly payment for month ${month} of your agreement in full: ${owed} is still due since ${formatDate(row.dueOn)}.`,
            'Please pay it from your dashboard, or reply to this e-mail if something is wrong. If you already paid, thank you: it can take a few days to reach us.',
          ],
          action: { label: 'Pay from my dashboard', url: appLink(ctx, '/dashboard') },
        },
      },
    ];
  },
);

/** Queues the mail of each month that fell overdue by `today` (within the catch-up window); answers how many were queued. */
export async function runOverdueMails(db: Db, { today = ledgerToday() }: { today?: string } = {}): Promise<number> {
  const { graceDays } = await feeSettingsOf(db);
  // Overdue on `today`: due before today - graceDays.
  const lastOverdue = addDays(today, -graceDays - 1);
  const firstOverdue = addDays(lastOverdue, -OVERDUE_MAIL_CATCH_UP_DAYS);
  const rows = await queryRows<{ home_id: string; month: number | string }>(
    db,
    sql`SELECT s.home_id, s.month FROM ${ledgerChargeStates} s
        JOIN ${homes} h ON h.id = s.home_id AND h.state = 'active'
        WHERE s.paid_cents < s.amount_cents AND s.due_on BETWEEN ${firstOverdue}::date AND ${lastOverdue}::date
        ORDER BY s.home_id, s.month`,
  );
  let queued = 0;
  for (const row of rows) {
    const month = Number(row.month);
    const id = await notify(db, overdueMonthNotification, { homeId: row.home_id, month }, { uniqueKey: `mail:home-overdue-month:${row.home_id}:${month}` });
    if (id) queued += 1;
  }
  return queued;
}

/** Registers the hourly run (src/server/modules/homes/register.ts). */
export function registerOverdueMails(runner: JobRunner, { db, logger }: { db: Db; logger: Logger }): void {
  runner
    .register(overdueMailJob, async () => {
      const queued = await runOverdueMails(db);
      if (queued > 0) {
        logger.info({ overdueMails: queued }, 'homes: overdue months mailed');
        runner.kick();
      }
    })
    .every(overdueMailJob, HOUR, { firstAfterMs: HOUR });
}
