import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { formatDate, formatMoneyCents } from '../../../domain/format';
import { safeString } from '../../../domain/safe-text';
import { homes, ledgerEntries, users } from '../../platform/db/schema';
import type { JobExecutor } from '../../platform/jobs/queue';
import { appLink, hello } from '../../platform/mail/templates';
import { defineNotification, notify } from '../../platform/notifications/notification';
import { mailContextOf } from '../../platform/notifications/send-notification';

/**
 * The homeowner hears of money staff send back or take back on their ledger (docs/product/dashboard.md#home-page):
 * a refund staff record, and a reversal of an entry (a payment the bank took back, a charge or fee undone), kind
 * `home_updates`. Queued in the transaction that appends the entry; built from the entry when the job runs.
 */

const money = (cents: number) => formatMoneyCents(cents / 100);

const WHAT_WAS_REVERSED: Record<string, string> = {
  payment: 'payment',
  charge: 'monthly charge',
  fee: 'late fee',
  refund: 'refund',
  waiver: 'fee waiver',
};

export const ledgerEntryNotification = defineNotification(
  'home-ledger-entry',
  z.object({ homeId: safeString().uuid(), seq: z.number().int().min(1) }),
  async (deps, { homeId, seq }) => {
    const [row] = await deps.db
      .select({ entry: ledgerEntries, email: users.email, firstName: users.firstName, address: homes.address })
      .from(ledgerEntries)
      .innerJoin(homes, eq(homes.id, ledgerEntries.homeId))
      .innerJoin(users, eq(users.id, homes.userId))
      .where(and(eq(ledgerEntries.homeId, homeId), eq(ledgerEntries.seq, seq)));
    if (!row) return [];
    const { entry } = row;
    const ctx = mailContextOf(deps);
    const action = { label: 'See my payments', url: appLink(ctx, '/dashboard/home') };
    if (entry.kind === 'refund') {
      return [
        {
          to: row.email,
          kind: 'home_updates',
          parts: {
            subject: `We refunded ${money(entry.amountCents)} to you`,
            greeting: hello(row.firstName),
            paragraphs: [
              `We sent ${money(entry.amountCents)} back to you on ${formatDate(entry.effectiveOn)} for your home at ${row.address}.`,
              ...(entry.note ? [`Our note: ${entry.note}`] : []),
              'It is on your ledger and will be on your next statement. Banks take a few business days to show it.',
            ],
            action,
          },
        },
      ];
    }
    if (entry.kind !== 'reversal' || entry.reversesSeq === null) return [];
    const [target] = await deps.db
      .select({ kind: ledgerEntries.kind, effectiveOn: ledgerEntries.effectiveOn })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.homeId, homeId), eq(ledgerEntries.seq, entry.reversesSeq)));
    const what = WHAT_WAS_REVERSED[target?.kind ?? ''] ?? 'entry';
    const consequence =
      target?.kind === 'payment' ? 'The months it paid are open again: your dashboard shows what you owe now.' : 'Your dashboard shows what you owe now.';
    return [
      {
        to: row.email,
        kind: 'home_updates',
        parts: {
          subject: `A ${what} of ${money(entry.amountCents)} on your ledger was reversed`,
          greeting: hello(row.firstName),
          paragraphs: [
            `We reversed the ${what} of ${money(entry.amountCents)}${target ? ` dated ${formatDate(target.effectiveOn)}` : ''} for your home at ${row.address}.`,
            ...(entry.note ? [`The reason: ${entry.note}`] : []),
            consequence,
          ],
          action,
        },
      },
    ];
  },
);

/** In the transaction that appended entry `seq`: the homeowner's mail about it. */
export async function notifyLedgerEntry(tx: JobExecutor, homeId: string, seq: number): Promise<void> {
  await notify(tx, ledgerEntryNotification, { homeId, seq });
}
