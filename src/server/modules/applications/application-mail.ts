import { DECISION_WINDOW_TEXT } from '../../../domain/application';
import { renderMail, type MailContent } from '../../platform/mail/layout';
import { appLink, hello, type MailContext } from '../../platform/mail/templates';

/**
 * Confirmation after a submitted application (docs/product/application.md#e-mails-about-your-application).
 * Holds no application data beyond the first name: mail is not a safe place for it.
 */
export function applicationSubmittedMail(ctx: MailContext, { firstName, submittedAt }: { firstName?: string; submittedAt: Date }): MailContent {
  const when = submittedAt.toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });
  return renderMail(ctx.brand, {
    subject: 'Application Submitted',
    greeting: hello(firstName),
    paragraphs: [
      `Your home application has been submitted successfully (${when} UTC). Thank you!`,
      `We will review it and let you know our decision within ${DECISION_WINDOW_TEXT}. You'll receive updates via email.`,
      'Your application can no longer be edited, but you can still add documents from your application page. If we need anything else, we will put it on your to-do list and email you.',
    ],
    action: { label: 'Go to my dashboard', url: appLink(ctx, '/dashboard') },
  });
}
