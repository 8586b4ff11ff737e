import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { formatCents, formatDate } from '../../../domain/format';
import { maskAccountNumber } from '../../../domain/payments/aba';
import { safeString } from '../../../domain/safe-text';
import { bankAccounts, homes, processorPayments, processorRefunds, users } from '../../platform/db/schema';
import type { JobExecutor } from '../../platform/jobs/queue';
import { appLink, hello } from '../../platform/mail/templates';
import { defineNotification, notify } from '../../platform/notifications/notification';
import { mailContextOf } from '../../platform/notifications/send-notification';

/**
 * The homeowner's e-mail when a refund through the processor has reached their bank account
 * (docs/decisions/038-staff-processor-payments.md): built from the refund when the job runs; 'Sandbox' while the
 * stand-in processor collects. Only the account's last four digits.
 */
export const processorRefundNotification = defineNotification('processor-refund', z.object({ refundId: safeString().uuid() }), async (deps, { refundId }) => {
  const [row] = await deps.db
    .select({
      email: users.email,
      firstName: users.firstName,
      address: homes.address,
      amountCents: processorRefunds.amountCents,
      reason: processorRefunds.reason,
      paymentCents: processorPayments.amountCents,
      scheduledAt: processorPayments.scheduledAt,
      sandbox: processorRefunds.sandbox,
      last4: bankAccounts.accountLast4,
    })
    .from(processorRefunds)
    .innerJoin(processorPayments, eq(processorPayments.id, processorRefunds.paymentId))
    .innerJoin(homes, eq(homes.id, processorRefunds.homeId))
    .innerJoin(users, eq(users.id, homes.userId))
    .innerJoin(bankAccounts, eq(bankAccounts.id, processorPayments.bankAccountId))
    .where(eq(processorRefunds.id, refundId));
  if (!row) return [];
  const ctx = mailContextOf(deps);
  const amount = formatCents(row.amountCents);
  return [
    {
      to: row.email,
      kind: 'home_updates',
      parts: {
        subject: `${row.sandbox ? 'Sandbox: ' : ''}Refund sent: ${amount}`,
        greeting: hello(row.firstName),
        paragraphs: [
          `We have refunded ${amount} of your payment of ${formatCents(row.paymentCents)} from ${maskAccountNumber(row.last4)} (started ${formatDate(row.scheduledAt)}) for ${row.address}, to that account.`,
          `The reason: ${row.reason}`,
          "It is in your home's ledger, and it will be on your next statement. Your bank may take a few business days to show it.",
          ...(row.sandbox ? ['Sandbox: this refund went through our test processor. No real money moved.'] : []),
        ],
        action: { label: 'Open my home', url: appLink(ctx, '/dashboard/home') },
      },
    },
  ];
});

export async function notifyRefund(tx: JobExecutor, refundId: string): Promise<void> {
  await notify(tx, processorRefundNotification, { refundId }, { uniqueKey: `mail:processor-refund:${refundId}` });
}
