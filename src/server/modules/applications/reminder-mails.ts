import type { MailParts } from '../../platform/mail/layout';
import { appLink, describeDuration, hello, type MailContext } from '../../platform/mail/templates';
import { REQUEST_REMINDERS_MAX, type DraftReminderStep } from './reminders-schedule';

/**
 * The reminders' texts (docs/product/application.md#reminders,
 * docs/product/accounts.md#email-verification): warm and plain, one button each. They
 * greet by first name and carry no application data but the titles of open requests.
 * The unsubscribe footer is added by sendNotification.
 */

type ReminderParts = Omit<MailParts, 'unsubscribe'>;

export function draftReminderMail(ctx: MailContext, { firstName, step }: { firstName?: string | null; step: DraftReminderStep }): ReminderParts {
  const action = { label: 'Continue my application', url: appLink(ctx, '/apply') };
  if (step === '24h') {
    return {
      subject: 'Your home application is saved and waiting for you',
      greeting: hello(firstName),
      paragraphs: [
        `You started your home application with ${ctx.brand.name} yesterday. Everything you entered is saved, so you can pick up right where you left off.`,
        'When you are ready, the button below takes you back to the step you were on.',
      ],
      action,
    };
  }
  return {
    subject: 'Your home application is still here when you are ready',
    greeting: hello(firstName),
    paragraphs: [
      'It has been a week since you last worked on your home application. It is saved just as you left it, and finishing it is the next step toward your home.',
      'If something is holding you up, reply to this email and we will gladly help.',
    ],
    action,
    after: ['This is the last reminder we send about this application.'],
  };
}

export function verifyReminderMail(
  ctx: MailContext,
  { firstName, token, validForSeconds }: { firstName?: string | null; token: string; validForSeconds: number },
): ReminderParts {
  return {
    subject: `One click left: confirm your email for ${ctx.brand.name}`,
    greeting: hello(firstName),
    paragraphs: [
      `Thanks again for joining ${ctx.brand.name}. Your email address is not confirmed yet: it takes one click, and you need it before you submit your home application.`,
    ],
    action: { label: 'Confirm my email', url: appLink(ctx, '/auth/verify-email', { token }) },
    after: [`This link works once and stops working after ${describeDuration(validForSeconds)}. If you did not create an account, you can ignore this email.`],
  };
}

export function requestReminderMail(
  ctx: MailContext,
  { firstName, titles, number }: { firstName?: string | null; titles: string[]; number: number },
): ReminderParts {
  const one = titles.length === 1;
  return {
    subject: one ? 'A friendly reminder: we still need one thing from you' : 'A friendly reminder: we still need a few things from you',
    greeting: hello(firstName),
    paragraphs: [
      `Your home application is almost there. Our reviewers are waiting for ${one ? 'this' : 'these'} from you:`,
      ...titles.map((title) => `• ${title}`),
      `Your To do page says what each one needs and where to answer it. Once you send ${one ? 'it' : 'them'}, your application goes straight back to our reviewers.`,
    ],
    action: { label: 'Open my To do list', url: appLink(ctx, '/apply/requests') },
    ...(number >= REQUEST_REMINDERS_MAX ? { after: ['This is the last reminder we send about these requests.'] } : {}),
  };
}
