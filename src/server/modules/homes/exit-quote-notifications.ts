import { eq, inArray, and } from 'drizzle-orm';
import { z } from 'zod';
import { formatDate, formatMoneyCents } from '../../../domain/format';
import { quoteLineTexts } from '../../../domain/homes/exit-quote-text';
import { EXIT_WAY_LABELS, type QuoteLines } from '../../../domain/homes/exit-quotes';
import { isSubscribed } from '../../../domain/notifications';
import { safeString } from '../../../domain/safe-text';
import { homeExitQuotes, homes, notificationPreferences, users } from '../../platform/db/schema';
import type { JobExecutor } from '../../platform/jobs/queue';
import { appLink, hello } from '../../platform/mail/templates';
import { defineNotification, notify } from '../../platform/notifications/notification';
import { emailKeyOf } from '../../platform/notifications/preferences';
import { mailContextOf, type NotificationMail } from '../../platform/notifications/send-notification';

/**
 * The e-mails of an exit quote's steps (docs/decisions/034-exit-quotes.md): the homeowner hears of
 * every step (kind `home_updates`); staff who opted in (`staff_exit_quotes`) hear of each new request
 * — a quote to value, a dispute, an acceptance — as they hear of new submissions.
 */
export const EXIT_QUOTE_STEPS = ['valuing', 'issued', 'reissued', 'disputed', 'answered', 'unsigned', 'accepted', 'withdrawn', 'completed'] as const;
type Step = (typeof EXIT_QUOTE_STEPS)[number];
const STAFF_STEPS: readonly Step[] = ['valuing', 'disputed', 'accepted'];

const money = (cents: number) => formatMoneyCents(cents / 100);

export const exitQuoteStepNotification = defineNotification(
  'home-exit-quote',
  z.object({ quoteId: safeString().uuid(), step: z.enum(EXIT_QUOTE_STEPS) }),
  async (deps, { quoteId, step }) => {
    const [row] = await deps.db
      .select({ quote: homeExitQuotes, email: users.email, firstName: users.firstName, address: homes.address })
      .from(homeExitQuotes)
      .innerJoin(homes, eq(homes.id, homeExitQuotes.homeId))
      .innerJoin(users, eq(users.id, homes.userId))
      .where(eq(homeExitQuotes.id, quoteId));
    if (!row) return [];
    const { quote } = row;
    const ctx = mailContextOf(deps);
    const way = EXIT_WAY_LABELS[quote.kind];
    const total =
      quote.totalCents === null
        ? ''
        : quote.kind === 'buy_out'
          ? `The buy-out price is ${money(quote.totalCents)}.`
          : `The payout is ${money(quote.totalCents)}.`;
    const link = appLink(ctx, `/dashboard/home/quotes/${quote.id}`);
    const texts: Record<Step, { subject: string; paragraphs: string[] }> = {
      valuing: {
        subject: 'We are valuing your home',
        paragraphs: [
          `You asked for a quote (${way}). We need a recent valuation of ${row.address} first; expect your quote by ${quote.expectedBy ? formatDate(quote.expectedBy) : 'a few business days'}.`,
        ],
      },
      issued: {
        subject: 'Your exit quote is ready',
        paragraphs: [`Your quote (${way}) is ready. ${total}`, `It is valid until ${quote.validUntil ? formatDate(quote.validUntil) : ''}.`],
      },
      reissued: {
        subject: 'Your new exit quote is ready',
        paragraphs: [
          `We recorded a new valuation after your dispute and issued a new quote (${way}). ${total}`,
          `It is valid until ${quote.validUntil ? formatDate(quote.validUntil) : ''}.`,
        ],
      },
      disputed: {
        subject: 'We received your dispute',
        paragraphs: ['We received your dispute of the valuation behind your quote. Our staff will record a new valuation or answer you with a reason.'],
      },
      answered: {
        subject: 'Our answer to your dispute',
        paragraphs: [`We kept the valuation behind your quote. Our reason: ${quote.disputeAnswer ?? ''}`, 'Your quote stands as issued, until it expires.'],
      },
      unsigned: {
        subject: 'Your exit quote was not accepted',
        paragraphs: [
          quote.signatureNote ?? 'Your acceptance was not signed, so the quote was not accepted.',
          `You can accept it again until ${quote.validUntil ? formatDate(quote.validUntil) : 'it expires'}.`,
        ],
      },
      accepted: {
        subject: 'You accepted your exit quote',
        paragraphs: [
          `You accepted your quote (${way}) with a move date of ${quote.moveDate ? formatDate(quote.moveDate) : ''}. Its valuation and fee are locked. ${total}`,
        ],
      },
      withdrawn: {
        subject: 'Your exit quote was withdrawn',
        paragraphs: [`The accepted quote (${way}) and its notice were withdrawn. Reason: ${quote.withdrawReason ?? ''}`, 'Your agreement continues as before.'],
      },
      completed: {
        subject: 'Your final statement',
        paragraphs: [
          `Your agreement for ${row.address} ended on ${quote.completedOn ? formatDate(quote.completedOn) : ''} (${way}).`,
          // The final statement's lines, as its PDF and the quote page print them (src/domain/homes/exit-quote-text.ts).
          ...(quote.finalResult
            ? quoteLineTexts(quote.kind, quote.finalResult as unknown as QuoteLines, quote.transferFee).map(
                (line) => `${line.label}: ${line.cents === null ? '' : money(line.cents)}`,
              )
            : []),
          quote.finalTotalCents === null
            ? ''
            : quote.kind === 'buy_out'
              ? `Buy-out price: ${money(quote.finalTotalCents)}, paid.`
              : `Payout: ${money(Math.max(0, quote.finalTotalCents))}, paid on ${quote.completedOn ? formatDate(quote.completedOn) : ''}.`,
          'Download your final statement (PDF) from the quote’s page; your ledger and statements stay on your dashboard.',
        ],
      },
    };
    const mails: NotificationMail[] = [
      {
        to: row.email,
        kind: 'home_updates',
        parts: {
          ...texts[step],
          greeting: hello(row.firstName),
          action: { label: step === 'completed' ? 'Open my final statement' : 'Open my quote', url: link },
        },
      },
    ];
    if (!STAFF_STEPS.includes(step)) return mails;
    const admins = await deps.db.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.role, 'admin'));
    if (admins.length === 0) return mails;
    const stored = await deps.db
      .select({ emailKey: notificationPreferences.emailKey, subscribed: notificationPreferences.subscribed })
      .from(notificationPreferences)
      .where(
        and(
          eq(notificationPreferences.kind, 'staff_exit_quotes'),
          inArray(
            notificationPreferences.emailKey,
            admins.map((a) => emailKeyOf(a.email)),
          ),
        ),
      );
    const choice = new Map(stored.map((r) => [r.emailKey, r.subscribed]));
    const what =
      step === 'valuing'
        ? 'A homeowner asked for a quote: the home needs a valuation'
        : step === 'disputed'
          ? 'A homeowner disputed a quote’s valuation'
          : 'A homeowner accepted a quote';
    for (const admin of admins.filter((a) => isSubscribed('staff_exit_quotes', choice.get(emailKeyOf(a.email))))) {
      mails.push({
        to: admin.email,
        kind: 'staff_exit_quotes',
        parts: {
          subject: what,
          greeting: hello(admin.firstName),
          paragraphs: [`${what} (${way}).`],
          action: { label: 'Open the home', url: appLink(ctx, `/admin/homes?home=${quote.homeId}`) },
        },
      });
    }
    return mails;
  },
);

export async function notifyExitQuoteStep(tx: JobExecutor, quoteId: string, step: Step): Promise<void> {
  await notify(tx, exitQuoteStepNotification, { quoteId, step });
}
