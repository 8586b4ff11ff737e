import { STATUS_MAIL_TEXTS } from '../../domain/admin/status-mail';
import { DECISION_WINDOW_TEXT } from '../../domain/application';
import { renderMail, type MailContent } from './layout';
import { appLink, type MailContext } from './templates';

/**
 * Confirmation after a submitted application (issue 5). Holds no application data
 * beyond the first name: mail is not a safe place for it.
 */
export function applicationSubmittedMail(ctx: MailContext, { firstName, submittedAt }: { firstName?: string; submittedAt: Date }): MailContent {
  const when = submittedAt.toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });
  return renderMail(ctx.brand, {
    subject: 'Application Submitted',
    greeting: firstName ? `Hi ${firstName},` : 'Hi,',
    paragraphs: [
      `Your home application has been submitted successfully (${when} UTC). Thank you!`,
      `We will review it and let you know our decision within ${DECISION_WINDOW_TEXT}. You'll receive updates via email.`,
      'Your application can no longer be edited, but you can still add documents from your application page. If we need anything else, we will put it on your to-do list and email you.',
    ],
    action: { label: 'Go to my dashboard', url: appLink(ctx, '/dashboard') },
  });
}

type DecisionStatus = keyof typeof STATUS_MAIL_TEXTS;

/**
 * Sent when an admin moves an application to approved, declined or missing_info
 * (issue 6; switchable in settings). Like the confirmation, it holds nothing of
 * the application beyond the first name.
 */
export function applicationStatusMail(ctx: MailContext, { firstName, status }: { firstName?: string | null; status: DecisionStatus }): MailContent {
  const content = STATUS_MAIL_TEXTS[status];
  return renderMail(ctx.brand, {
    subject: content.subject,
    greeting: firstName ? `Hi ${firstName},` : 'Hi,',
    paragraphs: [...content.paragraphs],
    action: { label: content.action.label, url: appLink(ctx, content.action.path) },
  });
}
