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
      'Your application can no longer be edited, but you can still add or replace documents from your application page.',
    ],
    action: { label: 'Go to my dashboard', url: appLink(ctx, '/dashboard') },
  });
}

type DecisionStatus = 'approved' | 'declined' | 'missing_info';

const STATUS_MAIL: Record<DecisionStatus, { subject: string; paragraphs: string[] }> = {
  approved: {
    subject: 'Your home application is approved',
    paragraphs: [
      'Good news: we have reviewed your home application and approved it. Congratulations!',
      'Your dashboard shows your new status. Our team will be in touch about the next steps toward your home; there is nothing you need to do right now.',
    ],
  },
  declined: {
    subject: 'An update on your home application',
    paragraphs: [
      'Thank you for applying and for the time you took over it. We have reviewed your home application carefully, and we are not able to approve it at this time.',
      'This does not have to be the end of the road: when your situation changes, you can start a new application from your dashboard. If you would like to talk it through, just reply to this email.',
    ],
  },
  missing_info: {
    subject: 'We need a little more information for your application',
    paragraphs: [
      'We are reviewing your home application and need a little more information before we can go on.',
      'Please sign in and check your application: you can add or replace documents from your application page. If you are not sure what is missing, reply to this email and we will help.',
    ],
  },
};

/**
 * Sent when an admin moves an application to approved, declined or missing_info
 * (issue 6; switchable in settings). Like the confirmation, it holds nothing of
 * the application beyond the first name.
 */
export function applicationStatusMail(ctx: MailContext, { firstName, status }: { firstName?: string | null; status: DecisionStatus }): MailContent {
  const content = STATUS_MAIL[status];
  return renderMail(ctx.brand, {
    subject: content.subject,
    greeting: firstName ? `Hi ${firstName},` : 'Hi,',
    paragraphs: content.paragraphs,
    action: { label: 'Go to my dashboard', url: appLink(ctx, '/dashboard') },
  });
}
