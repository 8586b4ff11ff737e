import type { STATUSES_THAT_EMAIL } from './applications';

/**
 * What the applicant is e-mailed when a reviewer moves the application to Approved,
 * Declined or Missing Info (docs/product/back-office.md#application-status; switchable
 * in settings). One text for the e-mail (src/server/mail/application-mail.ts) and for
 * the review dialog's confirmation, which shows the subject and the gist before saving.
 * Like the e-mail itself, it holds nothing of the application.
 */
export const STATUS_MAIL_TEXTS: Readonly<
  Record<(typeof STATUSES_THAT_EMAIL)[number], { subject: string; paragraphs: readonly string[]; action: { label: string; path: string } }>
> = {
  approved: {
    subject: 'Your home application is approved',
    paragraphs: [
      'Good news: we have reviewed your home application and approved it. Congratulations!',
      'Your dashboard shows your new status. Our team will be in touch about the next steps toward your home; there is nothing you need to do right now.',
    ],
    action: { label: 'Go to my dashboard', path: '/dashboard' },
  },
  declined: {
    subject: 'An update on your home application',
    paragraphs: [
      'Thank you for applying and for the time you took over it. We have reviewed your home application carefully, and we are not able to approve it at this time.',
      'This does not have to be the end of the road: when your situation changes, you can start a new application from your dashboard. If you would like to talk it through, just reply to this email.',
    ],
    action: { label: 'Go to my dashboard', path: '/dashboard' },
  },
  missing_info: {
    subject: 'We need a little more information for your application',
    paragraphs: [
      'We are reviewing your home application and need a little more information before we can go on.',
      'Your to-do list names each thing we need. Sign in to upload a document or correct an answer right there, then send it to your reviewer. If anything is unclear, reply to this email or send us a message, and we will help.',
    ],
    // The to-do list (docs/product/application.md#after-submission-the-to-do-page).
    action: { label: 'Open my to-do list', path: '/apply/requests' },
  },
};
