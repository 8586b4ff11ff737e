import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { formatCents, formatDate } from '../../../domain/format';
import { maskAccountNumber } from '../../../domain/payments/aba';
import { failureWords, returnCodeWords } from '../../../domain/payments/states';
import { safeString } from '../../../domain/safe-text';
import { bankAccounts, homes, processorPayments, users } from '../../platform/db/schema';
import type { JobExecutor } from '../../platform/jobs/queue';
import { appLink, hello } from '../../platform/mail/templates';
import { defineNotification, notify } from '../../platform/notifications/notification';
import { mailContextOf } from '../../platform/notifications/send-notification';

/**
 * The homeowner's e-mail when a debit succeeded, failed or came back (docs/decisions/032-processor-payments.md):
 * built from the payment when the job runs; 'Sandbox' in the subject and the text while the
 * stand-in processor collects. Never the account number, only its last four digits.
 */
export const processorPaymentNotification = defineNotification(
  'processor-payment',
  z.object({ paymentId: safeString().uuid(), state: z.enum(['succeeded', 'failed', 'returned']) }),
  async (deps, { paymentId, state }) => {
    const [row] = await deps.db
      .select({
        email: users.email,
        firstName: users.firstName,
        address: homes.address,
        amountCents: processorPayments.amountCents,
        failureCode: processorPayments.failureCode,
        returnCode: processorPayments.returnCode,
        scheduledAt: processorPayments.scheduledAt,
        sandbox: processorPayments.sandbox,
        last4: bankAccounts.accountLast4,
      })
      .from(processorPayments)
      .innerJoin(homes, eq(homes.id, processorPayments.homeId))
      .innerJoin(users, eq(users.id, homes.userId))
      .innerJoin(bankAccounts, eq(bankAccounts.id, processorPayments.bankAccountId))
      .where(eq(processorPayments.id, paymentId));
    if (!row) return [];
    const ctx = mailContextOf(deps);
    const sandbox = row.sandbox ? 'Sandbox: ' : '';
    const amount = formatCents(row.amountCents);
    const what = `your payment of ${amount} from ${maskAccountNumber(row.last4)} (started ${formatDate(row.scheduledAt)})`;
    const sandboxNote = row.sandbox ? ['Sandbox: this payment went through our test processor. No real money moved.'] : [];
    let subject: string;
    let paragraphs: string[];
    if (state === 'succeeded') {
      subject = `${sandbox}Payment received: ${amount}`;
      paragraphs = [`We received ${what} for ${row.address}. It is in your home's ledger, and it will be on your next statement.`];
    } else if (state === 'failed') {
      const words = failureWords(row.failureCode);
      subject = `${sandbox}Your payment of ${amount} did not go through`;
      paragraphs = [`${words.reason} So ${what} for ${row.address} did not go through.`, `What to do: ${words.whatToDo}`];
    } else {
      const code = row.returnCode ?? 'R10';
      subject = `${sandbox}Your bank returned your payment of ${amount}`;
      paragraphs = [
        `Your bank returned ${what} for ${row.address}, with the reason ${code}: ${returnCodeWords(code)}.`,
        'The charges it paid are open again. Please pay them by bank transfer or with "Pay now" from another account.',
      ];
    }
    return [
      {
        to: row.email,
        kind: 'home_updates',
        parts: {
          subject,
          greeting: hello(row.firstName),
          paragraphs: [...paragraphs, ...sandboxNote],
          action: { label: 'Open my home', url: appLink(ctx, '/dashboard/home') },
        },
      },
    ];
  },
);

export async function notifyPayment(tx: JobExecutor, paymentId: string, state: 'succeeded' | 'failed' | 'returned'): Promise<void> {
  await notify(tx, processorPaymentNotification, { paymentId, state }, { uniqueKey: `mail:processor-payment:${paymentId}:${state}` });
}
